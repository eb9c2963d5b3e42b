import {
  createIntegrationSchema,
  INTEGRATION_TYPES,
  staffCreateIntegrationSchema,
  updateIntegrationSchema,
} from './schemas';
import { MESSAGES } from '../messages';

const v = MESSAGES.validation;
const CLIENT = 'cccccccc-0000-4000-8000-000000000001';
const firstIssue = (r: { error?: { issues: { message: string; path: PropertyKey[] }[] } }) => {
  const i = r.error?.issues[0];
  return i ? [i.path.join('.'), i.message] : undefined;
};
const valid = { name: 'Shop', type: 'ebay', key: 'secret-1234' };

describe('INTEGRATION_TYPES', () => {
  it('are the four types of SPEC §9', () => {
    expect(INTEGRATION_TYPES).toEqual(['ebay', 'shopify', 'presta_shop', 'cdn_xl']);
  });
});

describe('createIntegrationSchema', () => {
  it('fills the defaults: active, no user', () => {
    expect(createIntegrationSchema.parse(valid)).toEqual({ ...valid, active: true });
    expect(createIntegrationSchema.parse({ ...valid, user: '  ' }).user).toBeNull();
    expect(createIntegrationSchema.parse({ ...valid, user: ' seller ' }).user).toBe('seller');
  });

  it.each(INTEGRATION_TYPES)('accepts the type %s', (type) => {
    expect(createIntegrationSchema.parse({ ...valid, type }).type).toBe(type);
  });

  it.each([
    [{ name: undefined }, 'name', v.nameRequired],
    [{ name: ' ' }, 'name', v.nameRequired],
    [{ type: undefined }, 'type', v.typeRequired],
    [{ type: '' }, 'type', v.typeRequired],
    [{ type: null }, 'type', v.typeRequired],
    [{ type: 'amazon' }, 'type', v.integrationTypeInvalid],
    [{ type: 'EBAY' }, 'type', v.integrationTypeInvalid],
    [{ key: undefined }, 'key', v.keyRequired],
    [{ key: '' }, 'key', v.keyRequired],
    [{ key: 'k'.repeat(1001) }, 'key', 'At most 1000 characters'],
    [{ user: 'u'.repeat(256) }, 'user', 'At most 255 characters'],
    [{ clientId: 'x' }, 'clientId', v.clientRequired],
  ])('refuses %j at %s with %s', (over, path, message) => {
    expect(firstIssue(createIntegrationSchema.safeParse({ ...valid, ...over }))).toEqual([path, message]);
  });

  it('the staff variant requires the client', () => {
    expect(firstIssue(staffCreateIntegrationSchema.safeParse(valid))).toEqual(['clientId', v.clientRequired]);
    expect(staffCreateIntegrationSchema.parse({ ...valid, clientId: CLIENT }).clientId).toBe(CLIENT);
  });
});

describe('updateIntegrationSchema', () => {
  it('a blank or absent key means "keep the stored one"', () => {
    expect(updateIntegrationSchema.parse({ key: '' })).toEqual({});
    expect(updateIntegrationSchema.parse({ key: '   ' })).toEqual({});
    expect(updateIntegrationSchema.parse({ key: null })).toEqual({});
    expect(updateIntegrationSchema.parse({ key: ' new ' })).toEqual({ key: 'new' });
  });

  it('does not change the type, nor anything unknown', () => {
    expect(updateIntegrationSchema.safeParse({ type: 'ebay' }).success).toBe(false);
    expect(updateIntegrationSchema.safeParse({ keyHint: '••••1234' }).success).toBe(false);
  });

  it('a blank name is refused, a blank user clears it', () => {
    expect(firstIssue(updateIntegrationSchema.safeParse({ name: '' }))).toEqual(['name', v.nameRequired]);
    expect(updateIntegrationSchema.parse({ user: '' })).toEqual({ user: null });
  });
});
