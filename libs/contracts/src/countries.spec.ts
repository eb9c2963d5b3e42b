import {
  CLIENT_GROUP_TYPES,
  CONSOLIDATION_TYPES,
  COUNTRY_CODES,
  countryCodeSchema,
  EXCHANGE_RATE_OPERATOR_TYPES,
  isCountryCode,
  SUPPORTED_COUNTRIES,
  VAT_RATES,
} from './countries';

const SPEC_LIST =
  'DE, NL, BE, FR, AT, CZ, SK, SI, IT, DK, HU, LU, HR, SE, FI, ES, PT, BG, RO, GR, LT, LV, EE, IE, CY, MT, PL, GB, RU';

describe('SUPPORTED_COUNTRIES', () => {
  it('is exactly the SPEC 5 list, in order', () => {
    expect(COUNTRY_CODES.join(', ')).toBe(SPEC_LIST);
    expect(SUPPORTED_COUNTRIES).toHaveLength(29);
  });

  it('has unique codes and unique English and Polish names', () => {
    for (const key of ['code', 'en', 'pl'] as const) {
      const values = SUPPORTED_COUNTRIES.map((c) => c[key].toLowerCase());
      expect(new Set(values).size).toBe(values.length);
    }
  });

  it('uses upper-case two-letter codes and non-empty names', () => {
    for (const c of SUPPORTED_COUNTRIES) {
      expect(c.code).toMatch(/^[A-Z]{2}$/);
      expect(c.en.trim()).not.toBe('');
      expect(c.pl.trim()).not.toBe('');
    }
  });

  it.each([
    ['DE', 'Germany', 'Niemcy'],
    ['GB', 'United Kingdom', 'Wielka Brytania'],
    ['CZ', 'Czechia', 'Czechy'],
    ['LV', 'Latvia', 'Łotwa'],
    ['IT', 'Italy', 'Włochy'],
  ])('names %s %s / %s', (code, en, pl) => {
    expect(SUPPORTED_COUNTRIES.find((c) => c.code === code)).toEqual({ code, en, pl });
  });
});

describe('isCountryCode / countryCodeSchema', () => {
  it.each([
    ['DE', true],
    ['RU', true],
    ['de', false],
    [' DE', false],
    ['US', false],
    ['UK', false],
    ['', false],
    [null, false],
    [49, false],
  ])('%p -> %p', (value, expected) => {
    expect(isCountryCode(value)).toBe(expected);
    expect(countryCodeSchema.safeParse(value).success).toBe(expected);
  });
});

describe('SPEC 9 constants', () => {
  it('lists the operator types that need an exchange rate', () => {
    expect(EXCHANGE_RATE_OPERATOR_TYPES).toEqual(['UPS', 'PACKETA', 'CARGUS']);
  });

  it('lists the VAT rates in ascending order', () => {
    expect(VAT_RATES).toEqual([7, 8, 13, 17, 19, 20, 21, 22, 23]);
  });

  it('lists the client group and consolidation types', () => {
    expect(CLIENT_GROUP_TYPES).toEqual(['FV', 'AREA']);
    expect(CONSOLIDATION_TYPES).toEqual(['car', 'normal']);
  });
});
