import { CATALOGUE } from '@depot/contracts';
import { INTEGRATION_TYPES, type IntegrationView } from '@depot/contracts';
import {
  emptyIntegrationForm,
  integrationToForm,
  toCreateRequest,
  toUpdateRequest,
} from './integrationFormValues';
import { integrationTypeHintId, integrationTypeId } from './integrationTypes';

const { en, pl } = CATALOGUE;

const stored: IntegrationView = {
  id: 'i1',
  clientId: 'c1',
  clientName: 'ACME',
  name: 'Main shop',
  type: 'shopify',
  keyHint: '••••1234',
  user: 'seller',
  active: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('integration form values', () => {
  it('a new form starts active, with the chosen client (if any)', () => {
    expect(emptyIntegrationForm(null)).toMatchObject({ active: true, clientId: null, key: '' });
    expect(emptyIntegrationForm({ id: 'c1', name: 'ACME' })).toMatchObject({
      clientId: 'c1',
      clientName: 'ACME',
    });
  });

  it('create sends the type chosen first, and the client only when there is one', () => {
    const v = { ...emptyIntegrationForm(null), name: 'Shop', key: 'k' };
    expect(toCreateRequest('ebay', v)).toEqual({
      name: 'Shop',
      type: 'ebay',
      key: 'k',
      user: '',
      active: true,
    });
    expect(toCreateRequest(null, v).type).toBeUndefined();
    expect(toCreateRequest('ebay', { ...v, clientId: 'c9' }).clientId).toBe('c9');
  });

  it('edit starts with an empty key (the stored one is never sent to the panel)', () => {
    expect(integrationToForm(stored)).toEqual({
      name: 'Main shop',
      key: '',
      user: 'seller',
      active: true,
      clientId: 'c1',
      clientName: 'ACME',
    });
  });

  it('edit sends only what changed; an empty key is left out (kept)', () => {
    const same = integrationToForm(stored);
    expect(toUpdateRequest(same, stored)).toEqual({});
    expect(toUpdateRequest({ ...same, name: ' Main shop ', key: '  ' }, stored)).toEqual({});
    expect(toUpdateRequest({ ...same, user: '' }, stored)).toEqual({ user: '' });
    expect(toUpdateRequest({ ...same, key: 'new', active: false }, stored)).toEqual({
      key: 'new',
      active: false,
    });
    expect(toUpdateRequest({ ...same, user: 'x' }, { ...stored, user: null })).toEqual({ user: 'x' });
  });
});

describe('integration type names', () => {
  it('ids are camelCase', () => {
    expect(integrationTypeId('presta_shop')).toBe('integrations.type.prestaShop');
    expect(integrationTypeHintId('cdn_xl')).toBe('integrations.typeHint.cdnXl');
  });

  it.each(INTEGRATION_TYPES)('%s has a name and a description in en and pl', (type) => {
    for (const catalogue of [en, pl] as Record<string, string>[]) {
      expect(catalogue[integrationTypeId(type)]).toBeTruthy();
      expect(catalogue[integrationTypeHintId(type)]).toBeTruthy();
    }
  });
});
