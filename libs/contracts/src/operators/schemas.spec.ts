import { MESSAGES } from '../messages';
import {
  checkOperatorConfig,
  createAdditionalServiceSchema,
  createOperatorSchema,
  exchangeRateRequiredMessage,
  operatorListRequestSchema,
  updateAdditionalServiceSchema,
  updateOperatorSchema,
} from './schemas';

const v = MESSAGES.validation;

const DPD_CONFIG = {
  login: 'depot',
  password: 's3cret-pass',
  masterFid: '1495',
  fid: 1495,
  environment: 'sandbox',
  labelFormat: 'PDF',
};
const UPS_CONFIG = {
  shipperNumber: 'A1B2C3',
  clientId: 'ups-client',
  clientSecret: 'ups-secret-9876',
  environment: 'production',
  labelFormat: 'ZPL',
};

const dpd = (over: Record<string, unknown> = {}) => ({
  operatorName: 'DPD Polska',
  operatorType: 'DPD',
  config: DPD_CONFIG,
  ...over,
});
const ups = (over: Record<string, unknown> = {}) => ({
  operatorName: 'UPS EU',
  operatorType: 'UPS',
  exchangeRateEUR: '4.31',
  config: UPS_CONFIG,
  ...over,
});

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => [i.path.map(String).join('.'), i.message]);

describe('exchangeRateRequiredMessage', () => {
  it('keeps SPEC 5 wording for UPS, and says the same for PACKETA and CARGUS', () => {
    expect(exchangeRateRequiredMessage('UPS')).toBe('Euro exchange rate is required for operator UPS');
    expect(exchangeRateRequiredMessage('PACKETA')).toBe(
      'Euro exchange rate is required for operator PACKETA',
    );
    expect(exchangeRateRequiredMessage('CARGUS')).toBe('Euro exchange rate is required for operator CARGUS');
  });
});

describe('createOperatorSchema', () => {
  it('accepts a DPD operator, normalises the values and splits secrets off the config', () => {
    const r = createOperatorSchema.safeParse(
      dpd({ description: '  Main  ', maxWeightKg: '31,5', packageSettings: { lengthCm: '40', weightKg: 2 } }),
    );
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({
      operatorName: 'DPD Polska',
      operatorType: 'DPD',
      description: 'Main',
      active: true,
      maxWeightKg: '31.500',
      packageSettings: { lengthCm: 40, weightKg: '2.000' },
      config: {
        login: 'depot',
        masterFid: 1495,
        fid: 1495,
        environment: 'sandbox',
        labelFormat: 'PDF',
        pudoDelivery: false,
      },
      secrets: { password: 's3cret-pass' },
    });
    expect(r.data?.config).not.toHaveProperty('password');
    expect(r.data).not.toHaveProperty('exchangeRateEUR', expect.anything());
  });

  it.each(['UPS', 'PACKETA', 'CARGUS'] as const)('refuses %s without an exchange rate', (type) => {
    const r = createOperatorSchema.safeParse({ operatorName: 'X', operatorType: type, config: {} });
    expect(issues(r)).toContainEqual(['exchangeRateEUR', exchangeRateRequiredMessage(type)]);
  });

  it('does not ask a DPD operator for an exchange rate, but keeps one given', () => {
    expect(createOperatorSchema.safeParse(dpd()).success).toBe(true);
    expect(createOperatorSchema.safeParse(dpd({ exchangeRateEUR: '1' })).data?.exchangeRateEUR).toBe(
      '1.000000',
    );
  });

  it.each([
    ['4,3', '4.300000'],
    [4.25, '4.250000'],
    ['0.000001', '0.000001'],
  ])('reads the exchange rate %j as %j', (given, stored) => {
    expect(createOperatorSchema.safeParse(ups({ exchangeRateEUR: given })).data?.exchangeRateEUR).toBe(
      stored,
    );
  });

  it.each([
    ['0', v.mustBePositive],
    ['abc', v.atLeastOneDigit],
    ['-1', v.atLeastOneDigit],
    ['1.1234567', v.atLeastOneDigit],
  ])('refuses the exchange rate %j: %s', (given, message) => {
    expect(issues(createOperatorSchema.safeParse(ups({ exchangeRateEUR: given })))).toEqual([
      ['exchangeRateEUR', message],
    ]);
  });

  it('an empty exchange rate of UPS is missing', () => {
    expect(issues(createOperatorSchema.safeParse(ups({ exchangeRateEUR: '  ' })))).toEqual([
      ['exchangeRateEUR', 'Euro exchange rate is required for operator UPS'],
    ]);
  });

  it('refuses a missing name, a missing type and an unknown type', () => {
    expect(issues(createOperatorSchema.safeParse(dpd({ operatorName: ' ' })))).toEqual([
      ['operatorName', v.nameRequired],
    ]);
    expect(issues(createOperatorSchema.safeParse(dpd({ operatorType: '' })))).toEqual([
      ['operatorType', v.operatorTypeRequired],
    ]);
    expect(issues(createOperatorSchema.safeParse(dpd({ operatorType: undefined })))).toEqual([
      ['operatorType', v.operatorTypeRequired],
    ]);
    expect(issues(createOperatorSchema.safeParse(dpd({ operatorType: 'ACME' })))).toEqual([
      ['operatorType', v.operatorTypeInvalid],
    ]);
  });

  it('reports every problem at once: name, exchange rate and each missing required config field', () => {
    const r = createOperatorSchema.safeParse({ operatorType: 'UPS', config: { environment: 'sandbox' } });
    expect(issues(r)).toEqual([
      ['operatorName', v.nameRequired],
      ['exchangeRateEUR', 'Euro exchange rate is required for operator UPS'],
      ['config.shipperNumber', v.configRequired],
      ['config.clientId', v.configRequired],
      ['config.clientSecret', v.configRequired],
      ['config.labelFormat', v.configRequired],
    ]);
  });

  it('refuses unknown fields and unknown config keys', () => {
    expect(createOperatorSchema.safeParse(dpd({ colour: 'red' })).success).toBe(false);
    expect(issues(createOperatorSchema.safeParse(dpd({ config: { ...DPD_CONFIG, apiToken: 'x' } })))).toEqual(
      [['config.apiToken', v.configUnknownField]],
    );
  });

  it('checks addresses and package settings field by field', () => {
    const address = { name: 'Hub', street: 'Polna', building: '1', zipCode: '60-001', country: 'pl' };
    expect(issues(createOperatorSchema.safeParse(dpd({ returnAddress: address })))).toEqual([
      ['returnAddress.city', v.cityRequired],
    ]);
    const ok = createOperatorSchema.safeParse(dpd({ pickupAddress: { ...address, city: 'Poznań' } }));
    expect(ok.data?.pickupAddress).toMatchObject({ city: 'Poznań', country: 'PL', phone: null });
    expect(issues(createOperatorSchema.safeParse(dpd({ packageSettings: { heightCm: 'tall' } })))).toEqual([
      ['packageSettings.heightCm', v.atLeastOneDigit],
    ]);
  });

  it('refuses a max weight of 0', () => {
    expect(issues(createOperatorSchema.safeParse(dpd({ maxWeightKg: 0 })))).toEqual([
      ['maxWeightKg', v.mustBePositive],
    ]);
  });
});

describe('checkOperatorConfig', () => {
  it.each([
    [{ ...DPD_CONFIG, fid: 'abc' }, 'fid', v.atLeastOneDigit],
    [{ ...DPD_CONFIG, fid: -3 }, 'fid', v.atLeastOneDigit],
    [{ ...DPD_CONFIG, fid: 1.5 }, 'fid', v.atLeastOneDigit],
    [{ ...DPD_CONFIG, environment: 'staging' }, 'environment', v.configOptionInvalid],
    [{ ...DPD_CONFIG, login: 42 }, 'login', MESSAGES.enterCorrectData],
    [{ ...DPD_CONFIG, pudoDelivery: 'yes' }, 'pudoDelivery', MESSAGES.enterCorrectData],
    [{ ...DPD_CONFIG, login: 'x'.repeat(256) }, 'login', 'At most 255 characters'],
    [{ ...DPD_CONFIG, password: 7 }, 'password', MESSAGES.enterCorrectData],
  ])('refuses %j at %s: %s', (config, key, message) => {
    expect(checkOperatorConfig('DPD', config, 'create').issues).toEqual([{ key, message }]);
  });

  it('on create a required secret must be given; blank counts as missing', () => {
    expect(checkOperatorConfig('DPD', { ...DPD_CONFIG, password: '  ' }, 'create').issues).toEqual([
      { key: 'password', message: v.configRequired },
    ]);
  });

  it('on edit a secret left out or blank is kept (not in secrets), a new one replaces it', () => {
    const { password: _p, ...rest } = DPD_CONFIG;
    expect(checkOperatorConfig('DPD', rest, 'edit')).toEqual({
      config: expect.objectContaining({ login: 'depot' }),
      secrets: {},
      issues: [],
    });
    expect(checkOperatorConfig('DPD', { ...rest, password: '' }, 'edit').secrets).toEqual({});
    expect(checkOperatorConfig('DPD', { ...rest, password: ' new ' }, 'edit').secrets).toEqual({
      password: 'new',
    });
  });

  it('on edit null clears an optional secret, and is refused for a required one', () => {
    const inpost = {
      organizationId: 12,
      defaultService: 'inpost_locker_standard',
      environment: 'sandbox',
      labelFormat: 'PDF',
    };
    expect(checkOperatorConfig('INPOST', { ...inpost, webhookSecret: null }, 'edit')).toMatchObject({
      secrets: { webhookSecret: null },
      issues: [],
    });
    expect(
      checkOperatorConfig('INPOST', { ...inpost, apiToken: 't', webhookSecret: null }, 'create'),
    ).toMatchObject({ secrets: { apiToken: 't' }, issues: [] });
    expect(checkOperatorConfig('DPD', { ...DPD_CONFIG, password: null }, 'edit').issues).toEqual([
      { key: 'password', message: v.configRequired },
    ]);
  });

  it('leaves unset optional fields out and sets unchecked booleans to false', () => {
    const r = checkOperatorConfig(
      'DHL',
      {
        login: 'l',
        password: 'p',
        accountNumber: '123',
        sapNumber: ' ',
        environment: 'production',
        labelFormat: 'PDF',
      },
      'create',
    );
    expect(r.issues).toEqual([]);
    expect(r.config).toEqual({
      login: 'l',
      accountNumber: '123',
      environment: 'production',
      labelFormat: 'PDF',
      saturdayDelivery: false,
    });
  });
});

describe('updateOperatorSchema', () => {
  it('accepts the form without its secrets (kept)', () => {
    const { clientSecret: _s, ...config } = UPS_CONFIG;
    const r = updateOperatorSchema.safeParse(ups({ config }));
    expect(r.success).toBe(true);
    expect(r.data?.secrets).toEqual({});
  });

  it('still needs the exchange rate for UPS', () => {
    expect(issues(updateOperatorSchema.safeParse(ups({ exchangeRateEUR: null })))).toEqual([
      ['exchangeRateEUR', 'Euro exchange rate is required for operator UPS'],
    ]);
  });
});

describe('operator list request', () => {
  it('defaults to the name order with no filters, and refuses an unknown type filter', () => {
    expect(operatorListRequestSchema.parse({})).toEqual({
      limit: 50,
      filters: {},
      orderBy: { field: 'operatorName', direction: 'asc' },
    });
    expect(operatorListRequestSchema.safeParse({ filters: { type: 'ACME' } }).error?.issues[0].message).toBe(
      v.operatorTypeInvalid,
    );
  });
});

describe('additional services', () => {
  const operatorId = '6f1c4f0e-3b8a-4c1e-9d7a-2b4f5e6a7c8d';

  it('accepts a name and a code', () => {
    expect(createAdditionalServiceSchema.parse({ operatorId, name: ' COD ', code: 'COD_1' })).toEqual({
      operatorId,
      name: 'COD',
      code: 'COD_1',
      active: true,
    });
  });

  it.each([
    [{ operatorId, code: 'X' }, 'name', v.nameRequired],
    [{ operatorId, name: 'Cash' }, 'code', v.codeRequired],
    [{ operatorId, name: 'Cash', code: 'CO D' }, 'code', v.codeInvalid],
    [{ operatorId: 'nope', name: 'Cash', code: 'COD' }, 'operatorId', MESSAGES.operatorNotFound],
  ])('refuses %j at %s: %s', (body, path, message) => {
    expect(issues(createAdditionalServiceSchema.safeParse(body))).toEqual([[path, message]]);
  });

  it('an edit renames or switches on and off, nothing else', () => {
    expect(updateAdditionalServiceSchema.parse({ active: false })).toEqual({ active: false });
    expect(updateAdditionalServiceSchema.safeParse({ code: 'X' }).success).toBe(false);
  });
});
