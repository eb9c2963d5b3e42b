import { ownClientSettingsSchema, type CurrentClientView } from '@depot/contracts';
import { currentToForm, toSettingsRequest, type SettingsFormValues } from './settingsFormValues';

const CURRENT: CurrentClientView = {
  id: 'c1',
  name: 'Demo Shop Sp. z o.o.',
  clientName: null,
  shortName: 'DEMO',
  vatId: 'PL5260001246',
  prefix: 'DEMO',
  email: 'biuro@demo.pl',
  phone: '+48 22 100 20 30',
  country: 'PL',
  city: 'Warszawa',
  zipCode: '00-001',
  street: 'Długa',
  building: '5',
  apartment: null,
  address: 'Długa 5',
  currency: 'PLN',
  autoReturnPackages: false,
  isRevert: false,
  masterAccount: false,
  firstMile: false,
  genOnlyFirstMile: false,
  dontPrintLastMile: false,
  disableNewOrders: false,
  bankAccount: { accountOwner: null, iban: null, bankName: null },
  defaultAddress: null,
  settings: {
    content: 'Books',
    sizeD: 10,
    sizeL: null,
    sizeW: null,
    valueCurrency: 'PLN',
    value: '12.50',
    weightKg: '1.200',
    defaultEmailShippingAddress: null,
    defaultPhoneShippingAddress: '+48 600 000 000',
    additionalShipperNameOnTheLabel: null,
  },
};

const PICKUP = {
  name: 'Magazyn',
  street: 'Portowa',
  building: '3A',
  city: 'Gdynia',
  zipCode: '81-001',
  country: 'PL',
  phone: null,
  email: null,
};

const edit = (f: (v: SettingsFormValues) => void, from: CurrentClientView = CURRENT) => {
  const v = currentToForm(from);
  f(v);
  return toSettingsRequest(v, from);
};

describe('currentToForm', () => {
  it('turns the current client into text fields (none = blank)', () => {
    const v = currentToForm(CURRENT);
    expect(v.clientAddress).toEqual({
      street: 'Długa',
      building: '5',
      apartment: '',
      city: 'Warszawa',
      zipCode: '00-001',
      phone: '+48 22 100 20 30',
      email: 'biuro@demo.pl',
    });
    expect(v.hasDefaultAddress).toBe(false);
    expect(Object.values(v.defaultAddress).every((x) => x === '')).toBe(true);
    expect(v.settings).toMatchObject({ content: 'Books', sizeD: '10', sizeL: '', value: '12.50' });
    expect(v.settings.defaultPhoneShippingAddress).toBe('+48 600 000 000');
  });

  it('fills the pickup address when there is one', () => {
    const v = currentToForm({ ...CURRENT, defaultAddress: PICKUP });
    expect(v.hasDefaultAddress).toBe(true);
    expect(v.defaultAddress).toEqual({ ...PICKUP, phone: '', email: '' });
  });
});

describe('toSettingsRequest', () => {
  it('is empty when nothing changed, or only spaces around values', () => {
    expect(edit(() => undefined)).toEqual({});
    expect(
      edit((v) => {
        v.settings.content = ' Books ';
        v.clientAddress.city = 'Warszawa  ';
      }),
    ).toEqual({});
  });

  it('sends changed settings key by key, blank to clear', () => {
    expect(
      edit((v) => {
        v.settings.sizeL = '20';
        v.settings.content = '';
        v.settings.additionalShipperNameOnTheLabel = 'Demo Shop';
      }),
    ).toEqual({ settings: { content: '', sizeL: '20', additionalShipperNameOnTheLabel: 'Demo Shop' } });
  });

  it('sends the whole client address when a field of it changed', () => {
    expect(edit((v) => (v.clientAddress.apartment = '7'))).toEqual({
      clientAddress: {
        street: 'Długa',
        building: '5',
        apartment: '7',
        city: 'Warszawa',
        zipCode: '00-001',
        phone: '+48 22 100 20 30',
        email: 'biuro@demo.pl',
      },
    });
  });

  it('sends a new pickup address whole, a changed one whole, and null when it is turned off', () => {
    const added = edit((v) => {
      v.hasDefaultAddress = true;
      Object.assign(v.defaultAddress, { ...PICKUP, phone: '', email: '' });
    });
    expect(added).toEqual({ defaultAddress: { ...PICKUP, phone: '', email: '' } });

    const withPickup = { ...CURRENT, defaultAddress: PICKUP };
    expect(edit(() => undefined, withPickup)).toEqual({});
    expect(edit((v) => (v.defaultAddress.city = 'Sopot'), withPickup)).toEqual({
      defaultAddress: { ...PICKUP, city: 'Sopot', phone: '', email: '' },
    });
    expect(edit((v) => (v.hasDefaultAddress = false), withPickup)).toEqual({ defaultAddress: null });
    // Typing into a hidden (turned off) pickup address sends nothing.
    expect(edit((v) => (v.defaultAddress.city = 'Sopot'))).toEqual({});
  });

  it('makes bodies the shared schema accepts, and refuses what it refuses', () => {
    const ok = edit((v) => {
      v.settings.value = '99,9';
      v.clientAddress.email = '';
    });
    expect(ownClientSettingsSchema.safeParse(ok).success).toBe(true);
    const bad = ownClientSettingsSchema.safeParse(edit((v) => (v.clientAddress.street = '  ')));
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].path).toEqual(['clientAddress', 'street']);
  });
});
