import { createIntl } from 'react-intl';
import { formatDecimalInput } from '../../ui/format';
import { CATALOGUE } from '@depot/contracts';
import {
  OPERATOR_ADDRESS_KINDS,
  OPERATOR_CONFIG_MODELS,
  OPERATOR_PACKAGE_SETTING_KEYS,
  OPERATOR_TYPES,
  createOperatorSchema,
  updateOperatorSchema,
  type OperatorView,
} from '@depot/contracts';
import {
  emptyOperatorForm,
  operatorToForm,
  operatorTypeLabelId,
  toRequest,
  withType,
  type OperatorFormValues,
} from './operatorFormValues';

const { en, pl } = CATALOGUE;

const CATALOGUES: Record<string, Record<string, string>> = { en, pl };

const saved: OperatorView = {
  id: 'op-1',
  operatorName: 'DPD Polska',
  operatorType: 'DPD',
  description: null,
  active: true,
  exchangeRateEUR: null,
  maxWeightKg: '31.500',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  pickupAddress: null,
  returnAddress: {
    name: 'Zwroty',
    street: 'Polna',
    building: '1',
    city: 'Poznań',
    zipCode: '60-001',
    country: 'PL',
    phone: null,
    email: null,
  },
  domesticAddress: null,
  packageSettings: { lengthCm: 40, widthCm: null, heightCm: null, weightKg: '2.000' },
  config: {
    login: 'depot',
    masterFid: 1495,
    fid: 1496,
    environment: 'sandbox',
    labelFormat: 'ZPL',
    pudoDelivery: true,
  },
  secrets: { password: { set: true, masked: '••••5678' } },
  routingConditions: 0,
  routingMatrices: 0,
};

describe('message ids built from the configuration models', () => {
  const ids = [
    ...OPERATOR_TYPES.map(operatorTypeLabelId),
    ...OPERATOR_TYPES.flatMap((t) =>
      OPERATOR_CONFIG_MODELS[t].config.flatMap((f) => [
        f.labelId,
        ...(f.options ?? []).flatMap((o) => (o.labelId ? [o.labelId] : [])),
      ]),
    ),
    ...OPERATOR_ADDRESS_KINDS.map((k) => `operators.address.${k}`),
    ...OPERATOR_PACKAGE_SETTING_KEYS.map((k) => `operators.package.${k}`),
  ];

  it.each(['en', 'pl'])('are all in %s.json', (lang) => {
    expect(ids.filter((id) => !(id in CATALOGUES[lang]))).toEqual([]);
  });

  it('the type label of POCZTA_POLSKA has no underscore (message ids are letters and digits)', () => {
    expect(operatorTypeLabelId('POCZTA_POLSKA')).toBe('operators.type.POCZTAPOLSKA');
  });
});

describe('a new operator', () => {
  it('starts without a type and asks for one (the shared schema)', () => {
    const r = createOperatorSchema.safeParse(toRequest(emptyOperatorForm(), 'create'));
    expect(r.error?.issues.map((i) => i.message)).toEqual(['Name is required', 'Operator type is required']);
  });

  it('gets the chosen type’s fields: required selects on their first choice, booleans off, secrets to type', () => {
    const v = withType(emptyOperatorForm(), 'UPS');
    expect(v.config).toEqual({
      shipperNumber: '',
      clientId: '',
      environment: 'production',
      labelFormat: 'PDF',
      saturdayDelivery: false,
    });
    expect(v.secrets).toEqual({ clientSecret: { edit: 'set', value: '' } });
  });

  it('sends the exchange rate only for a type that uses it', () => {
    const ups = { ...withType(emptyOperatorForm(), 'UPS'), exchangeRateEUR: '4,3' };
    expect(toRequest(ups, 'create').exchangeRateEUR).toBe('4,3');
    expect(toRequest(withType(ups, 'DPD'), 'create').exchangeRateEUR).toBeNull();
  });

  it('a UPS operator without the rate gets SPEC 5’s message from the shared schema', () => {
    const v: OperatorFormValues = {
      ...withType({ ...emptyOperatorForm(), operatorName: 'UPS' }, 'UPS'),
      config: {
        shipperNumber: 'S',
        clientId: 'C',
        environment: 'sandbox',
        labelFormat: 'PDF',
        saturdayDelivery: false,
      },
      secrets: { clientSecret: { edit: 'set', value: 'secret' } },
    };
    const r = createOperatorSchema.safeParse(toRequest(v, 'create'));
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['exchangeRateEUR', 'Euro exchange rate is required for operator UPS'],
    ]);
    expect(
      createOperatorSchema.safeParse(toRequest({ ...v, exchangeRateEUR: '4.3' }, 'create')).success,
    ).toBe(true);
  });
});

describe('editing an operator', () => {
  it('loads the saved values, with stored secrets kept', () => {
    const v = operatorToForm(saved);
    expect(v).toMatchObject({
      operatorName: 'DPD Polska',
      maxWeightKg: '31.500',
      returnAddress: { name: 'Zwroty', phone: '' },
      pickupAddress: null,
      packageSettings: { lengthCm: '40', widthCm: '', weightKg: '2.000' },
      config: { fid: '1496', masterFid: '1495', labelFormat: 'ZPL', pudoDelivery: true },
      secrets: { password: { edit: 'keep', value: '' } },
    });
  });

  it('sends no secret when kept, the new one when changed, null when cleared', () => {
    const v = operatorToForm(saved);
    expect(toRequest(v, 'edit').config).not.toHaveProperty('password');
    const changed = { ...v, secrets: { password: { edit: 'set' as const, value: 'new-pass' } } };
    expect(toRequest(changed, 'edit').config).toMatchObject({ password: 'new-pass' });
    const blank = { ...v, secrets: { password: { edit: 'set' as const, value: '  ' } } };
    expect(toRequest(blank, 'edit').config).not.toHaveProperty('password');
    const cleared = { ...v, secrets: { password: { edit: 'clear' as const, value: '' } } };
    expect(toRequest(cleared, 'edit').config).toMatchObject({ password: null });
  });

  it('the loaded form passes the edit schema as it is', () => {
    expect(updateOperatorSchema.safeParse(toRequest(operatorToForm(saved), 'edit')).success).toBe(true);
  });

  it('shows the stored rate and weights as the language writes numbers, and saves them back exactly', () => {
    const ups = { ...saved, operatorType: 'UPS', exchangeRateEUR: '4.310000' };
    const polish = createIntl({ locale: 'pl', messages: {} });
    const v = operatorToForm(ups, (s) => formatDecimalInput(polish, s));
    expect([v.exchangeRateEUR, v.maxWeightKg, v.packageSettings.weightKg]).toEqual(['4,31', '31,5', '2']);
    const english = operatorToForm(ups, (s) =>
      formatDecimalInput(createIntl({ locale: 'en', messages: {} }), s),
    );
    expect([english.exchangeRateEUR, english.maxWeightKg]).toEqual(['4.31', '31.5']);
    const dpd = operatorToForm(saved, (s) => formatDecimalInput(polish, s));
    const parsed = updateOperatorSchema.parse(toRequest(dpd, 'edit'));
    expect([parsed.maxWeightKg, parsed.packageSettings?.weightKg]).toEqual(['31.500', '2.000']);
  });

  it('a type change keeps the fields both types have, and asks for the new type’s secrets', () => {
    const v = withType(operatorToForm(saved), 'DHL', saved);
    expect(v.config).toMatchObject({ login: 'depot', environment: 'sandbox', labelFormat: 'ZPL' });
    expect(v.config).not.toHaveProperty('fid');
    expect(v.secrets).toEqual({ password: { edit: 'set', value: '' } });
    expect(withType(v, 'DPD', saved).secrets).toEqual({ password: { edit: 'keep', value: '' } });
  });

  it('a kept value that the new model does not offer falls back to its first choice', () => {
    const v = withType(operatorToForm(saved), 'PACKETA', saved);
    expect(v.config.labelFormat).toBe('A6 on A6');
  });
});
