import { MESSAGES, parcelRequiredIssues, type ParcelDraft } from '@depot/contracts';
import {
  applyClientDefaults,
  formatInternalNumber,
  numberingProblem,
  ordersBlocked,
  orderTypeFor,
  orderTypeProblem,
  returnDraftOf,
  type ClientParcelDefaults,
} from './parcels';

const address = (over: Partial<ParcelDraft['pickupAddress']> = {}) => ({
  name: 'Jan Kowalski',
  street: 'Długa',
  building: '5',
  city: 'Gdańsk',
  zipCode: '80-001',
  country: 'PL',
  phone: null,
  email: null,
  ...over,
});

const noDefaults: ClientParcelDefaults = {
  parcelSettings: null,
  defaultAddress: null,
  defaultPhoneShipping: null,
  defaultEmailShipping: null,
};

const fullDefaults: ClientParcelDefaults = {
  parcelSettings: {
    content: 'Books',
    sizeL: 30,
    sizeW: 20,
    sizeD: 10,
    value: '50.00',
    valueCurrency: 'PLN',
    weightKg: '1.500',
  },
  defaultAddress: address({ name: 'Warehouse', city: 'Poznań' }),
  defaultPhoneShipping: '+48 600 000 000',
  defaultEmailShipping: 'recipient@shop.pl',
};

describe('formatInternalNumber', () => {
  it.each([
    ['DEM', 123, 'DEM0000000123'],
    ['dem', 1, 'DEM0000000001'],
    [' AB1 ', 42, 'AB10000000042'],
    ['X', 9_999_999_999, 'X9999999999'],
    ['X', 10_000_000_000, 'X10000000000'],
  ])('%j + %d → %s', (prefix, n, expected) => {
    expect(formatInternalNumber(prefix, n)).toBe(expected);
  });

  it('gives two clients with nested prefixes different numbers (same width per prefix)', () => {
    const a = new Set<string>();
    for (let n = 1; n <= 200; n++) a.add(formatInternalNumber('DEM', n));
    for (let n = 1; n <= 200; n++) expect(a.has(formatInternalNumber('DEM1', n))).toBe(false);
    expect(formatInternalNumber('DEM', 1_000_000_000)).not.toBe(formatInternalNumber('DEM1', 0 + 1));
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses the sequence %d', (n) => {
    expect(() => formatInternalNumber('DEM', n)).toThrow(RangeError);
  });
});

describe('numberingProblem', () => {
  it.each([null, undefined, '', '   ', 'A-B'])('a client with prefix %j cannot create parcels', (prefix) => {
    expect(numberingProblem(prefix)).toBe(MESSAGES.parcelClientHasNoPrefix);
  });
  it.each(['DEM', 'a1'])('prefix %j numbers parcels', (prefix) => {
    expect(numberingProblem(prefix)).toBeNull();
  });
});

describe('ordersBlocked', () => {
  it.each([
    [false, undefined, false],
    [false, null, false],
    [false, false, false],
    [true, undefined, true],
    [true, false, true],
    [false, true, true],
    [true, true, true],
  ])('client %s, user %s → %s', (client, user, expected) => {
    expect(
      ordersBlocked(
        { disableNewOrders: client },
        user === undefined || user === null ? user : { disableNewOrders: user },
      ),
    ).toBe(expected);
  });
});

describe('order type', () => {
  it('is domestic within one country and internal across a border', () => {
    expect(orderTypeFor('PL', 'PL')).toBe('domestic');
    expect(orderTypeFor('PL', 'DE')).toBe('internal');
  });
  it.each([
    ['domestic', 'PL', 'PL', null],
    ['domestic', 'PL', 'DE', MESSAGES.parcelDomesticCountries],
    ['internal', 'PL', 'DE', null],
    ['internal', 'PL', 'PL', null],
    ['internalReturn', 'PL', 'DE', MESSAGES.parcelReturnTypeOnCreate],
  ] as const)('%s from %s to %s → %j', (type, from, to, expected) => {
    expect(orderTypeProblem(type, from, to)).toBe(expected);
  });
});

describe('applyClientDefaults', () => {
  it('fills every blank from the client settings', () => {
    const d = applyClientDefaults({ destinationAddress: address() }, fullDefaults);
    expect(d).toMatchObject({
      weightKg: '1.500',
      sizeCmL: 30,
      sizeCmW: 20,
      sizeCmD: 10,
      value: '50.00',
      valueCurrency: 'PLN',
      content: 'Books',
      packageCount: 1,
      pickupAddress: fullDefaults.defaultAddress,
    });
    expect(d.destinationAddress).toMatchObject({ phone: '+48 600 000 000', email: 'recipient@shop.pl' });
    expect(parcelRequiredIssues({ ...d, orderType: 'domestic' })).toEqual([]);
  });

  it('never overrides what was sent', () => {
    const sent = {
      weightKg: '3.000',
      sizeCmL: 1,
      sizeCmW: 2,
      sizeCmD: 3,
      value: '9.99',
      valueCurrency: 'EUR',
      content: 'Shoes',
      packageCount: 2,
      pickupAddress: address({ name: 'Shop' }),
      destinationAddress: address({ phone: '123', email: 'me@x.pl' }),
    };
    const d = applyClientDefaults(sent, fullDefaults);
    expect(d).toMatchObject(sent);
  });

  it('keeps an explicitly blank package count missing, and a missing one is 1', () => {
    expect(applyClientDefaults({ packageCount: null }, noDefaults).packageCount).toBeNull();
    expect(applyClientDefaults({}, noDefaults).packageCount).toBe(1);
  });

  it('leaves blanks when the client has no settings, and the required fields are named with SPEC 5 messages', () => {
    const d = applyClientDefaults({ packageCount: null }, noDefaults);
    const v = MESSAGES.validation;
    expect(parcelRequiredIssues(d)).toEqual([
      { path: 'orderType', message: v.orderTypeRequired },
      { path: 'weightKg', message: v.routeWeightRequired },
      { path: 'sizeCmL', message: v.lengthRequired },
      { path: 'sizeCmW', message: v.widthRequired },
      { path: 'sizeCmD', message: v.heightRequired },
      { path: 'packageCount', message: v.packageCountRequired },
      { path: 'value', message: v.parcelValueRequired },
      { path: 'valueCurrency', message: v.valueCurrencyRequired },
      { path: 'content', message: v.parcelContentRequired },
      { path: 'pickupAddress.name', message: v.nameRequired },
      { path: 'pickupAddress.street', message: v.streetRequired },
      { path: 'pickupAddress.building', message: v.buildingRequired },
      { path: 'pickupAddress.city', message: v.cityRequired },
      { path: 'pickupAddress.zipCode', message: v.postalCodeRequired },
      { path: 'pickupAddress.country', message: v.countryRequired },
      { path: 'destinationAddress.name', message: v.nameRequired },
      { path: 'destinationAddress.street', message: v.streetRequired },
      { path: 'destinationAddress.building', message: v.buildingRequired },
      { path: 'destinationAddress.city', message: v.cityRequired },
      { path: 'destinationAddress.zipCode', message: v.postalCodeRequired },
      { path: 'destinationAddress.country', message: v.countryRequired },
      { path: 'destinationAddress.phone', message: v.phoneRequired },
    ]);
  });

  it('drops an empty COD or insurance, and asks for the COD currency when an amount is given', () => {
    const d = applyClientDefaults(
      { cod: { amountCOD: null, codCurrency: 'PLN' }, insurance: { amount: null } },
      noDefaults,
    );
    expect(d.cod).toBeNull();
    expect(d.insurance).toBeNull();
    const withCod = applyClientDefaults({ cod: { amountCOD: '10.00', codCurrency: null } }, noDefaults);
    expect(parcelRequiredIssues(withCod)).toContainEqual({
      path: 'cod.codCurrency',
      message: MESSAGES.validation.codCurrencyRequired,
    });
  });
});

describe('returnDraftOf', () => {
  it('swaps the addresses, drops COD and insurance, and is an internal return', () => {
    const parcel = applyClientDefaults(
      {
        orderType: 'internal',
        destinationAddress: address({ name: 'Recipient', country: 'DE' }),
        cod: { amountCOD: '10.00', codCurrency: 'EUR' },
        insurance: { amount: '100.00' },
      },
      fullDefaults,
    );
    const ret = returnDraftOf(parcel);
    expect(ret.orderType).toBe('internalReturn');
    expect(ret.pickupAddress?.name).toBe('Recipient');
    expect(ret.destinationAddress?.name).toBe('Warehouse');
    expect(ret.cod).toBeNull();
    expect(ret.insurance).toBeNull();
    expect(ret.weightKg).toBe(parcel.weightKg);
  });
});
