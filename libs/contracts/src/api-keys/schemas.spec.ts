import {
  API_KEY_DISPLAY_PREFIX_LENGTH,
  API_KEY_PREFIX,
  apiKeyDisplayPrefix,
  createApiKeySchema,
  staffCreateApiKeySchema,
  updateApiKeySchema,
} from './schemas';
import { MESSAGES } from '../messages';

const v = MESSAGES.validation;
const CLIENT = 'cccccccc-0000-4000-8000-000000000001';
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('API key display prefix', () => {
  it('keeps the recognisable prefix and 8 characters of the secret part', () => {
    const key = `${API_KEY_PREFIX}Ab3x9QzLrest-of-the-secret`;
    expect(apiKeyDisplayPrefix(key)).toBe('dpk_Ab3x9QzL');
    expect(API_KEY_DISPLAY_PREFIX_LENGTH).toBe(12);
  });
});

describe('createApiKeySchema (client user)', () => {
  it('takes a trimmed name; the client is optional', () => {
    expect(createApiKeySchema.parse({ name: '  Shop  ' })).toEqual({ name: 'Shop' });
    expect(createApiKeySchema.parse({ name: 'Shop', clientId: CLIENT })).toEqual({
      name: 'Shop',
      clientId: CLIENT,
    });
  });

  it.each([
    [{}, v.nameRequired],
    [{ name: '' }, v.nameRequired],
    [{ name: '   ' }, v.nameRequired],
    [{ name: null }, v.nameRequired],
    [{ name: 'x'.repeat(101) }, 'At most 100 characters'],
    [{ name: 'K', clientId: 'abc' }, v.clientRequired],
  ])('refuses %j with %s', (body, message) => {
    expect(firstMessage(createApiKeySchema.safeParse(body))).toBe(message);
  });

  it('refuses fields it does not know (e.g. a key chosen by the caller)', () => {
    expect(createApiKeySchema.safeParse({ name: 'K', secretKey: 'dpk_mine' }).success).toBe(false);
  });
});

describe('staffCreateApiKeySchema', () => {
  it('requires the client', () => {
    expect(firstMessage(staffCreateApiKeySchema.safeParse({ name: 'K' }))).toBe(v.clientRequired);
    expect(staffCreateApiKeySchema.parse({ name: 'K', clientId: CLIENT }).clientId).toBe(CLIENT);
  });
});

describe('updateApiKeySchema', () => {
  it('takes any subset of name and active', () => {
    expect(updateApiKeySchema.parse({})).toEqual({});
    expect(updateApiKeySchema.parse({ active: false })).toEqual({ active: false });
    expect(updateApiKeySchema.parse({ name: ' New ' })).toEqual({ name: 'New' });
  });

  it('refuses a blank name, a non-boolean state and other fields', () => {
    expect(firstMessage(updateApiKeySchema.safeParse({ name: ' ' }))).toBe(v.nameRequired);
    expect(updateApiKeySchema.safeParse({ active: 'yes' }).success).toBe(false);
    expect(updateApiKeySchema.safeParse({ clientId: CLIENT }).success).toBe(false);
  });
});
