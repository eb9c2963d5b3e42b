import {
  CONFIG_FIELD_TYPES,
  OPERATOR_CONFIG_MODELS,
  OPERATOR_TYPES,
  configFieldsInFormOrder,
  isOperatorType,
  needsExchangeRate,
  secretKeysOf,
} from './config-models';
import { EXCHANGE_RATE_OPERATOR_TYPES } from '../countries';

describe('operator types', () => {
  it('cover the carriers of a Polish/European broker, including every type that needs an exchange rate', () => {
    expect(OPERATOR_TYPES).toEqual(
      expect.arrayContaining(['UPS', 'DPD', 'DHL', 'GLS', 'INPOST', 'POCZTA_POLSKA']),
    );
    for (const t of EXCHANGE_RATE_OPERATOR_TYPES) expect(OPERATOR_TYPES).toContain(t);
    expect(new Set(OPERATOR_TYPES).size).toBe(OPERATOR_TYPES.length);
  });

  it.each([
    ['UPS', true],
    ['PACKETA', true],
    ['CARGUS', true],
    ['DPD', false],
    ['INPOST', false],
    ['ups', false],
    ['', false],
  ])('needsExchangeRate(%j) is %s', (type, expected) => {
    expect(needsExchangeRate(type)).toBe(expected);
  });

  it.each([
    ['UPS', true],
    ['POCZTA_POLSKA', true],
    ['ups', false],
    ['UPS ', false],
    [null, false],
    [3, false],
  ])('isOperatorType(%j) is %s', (value, expected) => {
    expect(isOperatorType(value)).toBe(expected);
  });
});

describe('Landmark Global (decision 0128)', () => {
  it('is a carrier type of its own, signing in with a login, password and client id, with no exchange rate', () => {
    expect(OPERATOR_TYPES).toContain('LANDMARK');
    const m = OPERATOR_CONFIG_MODELS.LANDMARK;
    expect(m.config.map((f) => f.key)).toEqual([
      'login',
      'password',
      'clientId',
      'environment',
      'shipMethod',
    ]);
    expect(secretKeysOf('LANDMARK')).toEqual(['password']);
    expect(m.needsExchangeRate).toBe(false);
  });
});

describe.each(OPERATOR_TYPES)('the %s configuration model', (type) => {
  const m = OPERATOR_CONFIG_MODELS[type];

  it('is filed under its own type and says whether it needs an exchange rate', () => {
    expect(m.type).toBe(type);
    expect(m.needsExchangeRate).toBe(needsExchangeRate(type));
  });

  it('has unique keys, known field types and a message id per label', () => {
    const keys = m.config.map((f) => f.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const f of m.config) {
      expect(CONFIG_FIELD_TYPES).toContain(f.type);
      expect(f.labelId).toBe(`operators.config.${f.key}`);
      expect(f.key).toMatch(/^[a-z][a-zA-Z0-9]*$/);
    }
  });

  it('offers options exactly on select fields, each with a value', () => {
    const selects = m.config.filter((f) => f.type === 'select');
    for (const f of selects) expect(f.options?.length).toBeGreaterThan(0);
    expect(selects.flatMap((f) => f.options ?? []).filter((o) => o.value === '')).toEqual([]);
    expect(m.config.filter((f) => f.type !== 'select' && f.options !== undefined)).toEqual([]);
  });

  it('names only its own fields as important, each once, and at least one credential', () => {
    const keys = m.config.map((f) => f.key);
    expect(m.importanceOfTheConfigFields.length).toBeGreaterThan(0);
    for (const k of m.importanceOfTheConfigFields) expect(keys).toContain(k);
    expect(new Set(m.importanceOfTheConfigFields).size).toBe(m.importanceOfTheConfigFields.length);
    expect(m.config.some((f) => f.type === 'secret' && f.required)).toBe(true);
  });

  it('never makes a boolean required (unchecked means false)', () => {
    expect(m.config.filter((f) => f.type === 'boolean' && f.required)).toEqual([]);
  });

  it('puts the important fields first in the form, in importance order, then the rest in model order', () => {
    const ordered = configFieldsInFormOrder(m).map((f) => f.key);
    const important = m.importanceOfTheConfigFields;
    expect(ordered.slice(0, important.length)).toEqual(important);
    const rest = m.config.map((f) => f.key).filter((k) => !important.includes(k));
    expect(ordered.slice(important.length)).toEqual(rest);
  });

  it('lists its secret keys', () => {
    expect(secretKeysOf(type)).toEqual(m.config.filter((f) => f.type === 'secret').map((f) => f.key));
  });
});

describe('examples', () => {
  it('UPS asks for shipper number and OAuth client credentials, the secret one first among secrets', () => {
    const ups = OPERATOR_CONFIG_MODELS.UPS;
    expect(ups.importanceOfTheConfigFields).toEqual(['shipperNumber', 'clientId', 'clientSecret']);
    expect(secretKeysOf('UPS')).toEqual(['clientSecret']);
    expect(ups.config.find((f) => f.key === 'environment')?.options?.map((o) => o.value)).toEqual([
      'production',
      'sandbox',
    ]);
  });

  it('DPD has numeric FIDs and the password is secret', () => {
    const dpd = OPERATOR_CONFIG_MODELS.DPD.config;
    expect(dpd.find((f) => f.key === 'fid')).toMatchObject({ type: 'number', required: true });
    expect(dpd.find((f) => f.key === 'password')).toMatchObject({ type: 'secret', required: true });
  });
});
