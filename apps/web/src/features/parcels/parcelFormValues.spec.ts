import { createIntl } from 'react-intl';
import { formatDecimalInput } from '../../ui/format';
import {
  createParcelFormSchema,
  MESSAGES,
  staffParcelFormSchema,
  updateParcelSchema,
  type NewParcelDefaults,
  type ParcelView,
} from '@depot/contracts';
import {
  emptyParcelForm,
  parcelToForm,
  toParcelRequest,
  toParcelUpdate,
  withClientDefaults,
} from './parcelFormValues';

const CLIENT_ID = '6f1c4f0e-3b8a-4c1e-9d7a-2b4f5e6a7c8d';

const address = (over: Partial<ParcelView['pickupAddress']> = {}): ParcelView['pickupAddress'] => ({
  name: 'Sklep',
  street: 'Długa',
  building: '5',
  city: 'Gdańsk',
  zipCode: '80-001',
  country: 'PL',
  phone: '+48 600 100 200',
  email: null,
  ...over,
});

const PARCEL: ParcelView = {
  id: 'p1',
  clientId: CLIENT_ID,
  clientName: 'Demo Shop',
  orderType: 'internal',
  source: 'form',
  status: 'new',
  internalNumber: 'DEM0000000001',
  referenceNumber: 'REF-1',
  externalNumber: 'EXT-1',
  firstMileNumber: null,
  lastMileNumber: null,
  alternativeNumber: null,
  barcode: null,
  operatorId: 'o1',
  operatorName: 'InPost',
  isCorrect: true,
  weightKg: '2.500',
  packageCount: 2,
  pickupCountry: 'PL',
  destinationCountry: 'DE',
  destinationName: 'Jan',
  destinationCity: 'Berlin',
  codAmount: '99.00',
  codCurrency: 'PLN',
  returnOfId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  sizeCmL: 30,
  sizeCmW: 20,
  sizeCmD: 10,
  value: '100.00',
  valueCurrency: 'PLN',
  content: 'Books',
  note1: 'fragile',
  note2: null,
  pickupAddress: address(),
  destinationAddress: address({
    name: 'Jan',
    city: 'Berlin',
    zipCode: '10115',
    country: 'DE',
    email: 'j@x.de',
  }),
  cod: { amountCOD: '99.00', codCurrency: 'PLN' },
  insurance: { amount: '500.00' },
  dropOffPoint: 'POP-1',
  routing: null,
  returnParcelId: null,
  createdById: null,
  apiKeyId: null,
  deliveryDate: null,
  firstScanAt: null,
  realWeightKg: null,
  dimensionalWeightKg: null,
  realWeightAt: null,
  statusHistory: [],
};

const DEFAULTS: NewParcelDefaults = {
  clientId: CLIENT_ID,
  ordersBlocked: false,
  numberingProblem: null,
  parcelSettings: {
    content: 'Odzież',
    sizeL: 40,
    sizeW: 30,
    sizeD: 20,
    value: '150.00',
    valueCurrency: 'PLN',
    weightKg: '2.5',
  },
  pickupAddress: address({ name: 'Magazyn' }),
  defaultPhoneShipping: '+48 600 999 999',
  defaultEmailShipping: 'wysylki@demo.pl',
};

describe('parcel form values', () => {
  it('edits the whole parcel, and saving it unchanged sends nothing', () => {
    const form = parcelToForm(PARCEL);
    expect(form).toMatchObject({
      clientId: CLIENT_ID,
      orderType: 'internal',
      weightKg: '2.500',
      sizeCmL: '30',
      packageCount: '2',
      referenceNumber: 'REF-1',
      note1: 'fragile',
      note2: '',
      codAmount: '99.00',
      insuranceAmount: '500.00',
      dropOffPoint: 'POP-1',
    });
    expect(form.destinationAddress).toMatchObject({ city: 'Berlin', email: 'j@x.de' });
    expect(toParcelUpdate(form, PARCEL)).toEqual({});
  });

  it('sends only the changed fields of an edit, a cleared one as blank', () => {
    const form = parcelToForm(PARCEL);
    form.note1 = '';
    form.destinationAddress = { ...form.destinationAddress, city: 'München' };
    const body = toParcelUpdate(form, PARCEL);
    expect(Object.keys(body).sort()).toEqual(['destinationAddress', 'note1']);
    expect(updateParcelSchema.parse(body)).toMatchObject({
      note1: null,
      destinationAddress: { city: 'München', country: 'DE' },
    });
  });

  it('clone parcel takes the shipment, not the order details', () => {
    const form = parcelToForm(PARCEL, 'parcel');
    expect(form).toMatchObject({
      clientId: CLIENT_ID,
      clientName: 'Demo Shop',
      weightKg: '2.500',
      sizeCmD: '10',
      packageCount: '2',
      content: 'Books',
      dropOffPoint: 'POP-1',
      referenceNumber: '',
      note1: '',
      codAmount: '',
      insuranceAmount: '',
    });
    expect(form.pickupAddress.name).toBe('Sklep');
  });

  it('clone order also takes the reference, notes, COD and insurance', () => {
    expect(parcelToForm(PARCEL, 'order')).toMatchObject({
      referenceNumber: 'REF-1',
      note1: 'fragile',
      codAmount: '99.00',
      codCurrency: 'PLN',
      insuranceAmount: '500.00',
    });
  });

  it('a copy of a return is an ordinary parcel (order type by the countries)', () => {
    const ret = { ...PARCEL, orderType: 'internalReturn' as const };
    expect(parcelToForm(ret, 'parcel').orderType).toBe('');
    expect(parcelToForm(ret, 'order').orderType).toBe('');
    expect(parcelToForm(ret).orderType).toBe('internalReturn');
  });

  it("fills the blanks with the client's defaults", () => {
    const form = withClientDefaults(emptyParcelForm(), DEFAULTS);
    expect(form).toMatchObject({
      weightKg: '2.5',
      sizeCmL: '40',
      sizeCmW: '30',
      sizeCmD: '20',
      packageCount: '1',
      value: '150.00',
      valueCurrency: 'PLN',
      content: 'Odzież',
    });
    expect(form.pickupAddress).toMatchObject({ name: 'Magazyn', city: 'Gdańsk', country: 'PL' });
    expect(form.destinationAddress).toMatchObject({
      name: '',
      phone: '+48 600 999 999',
      email: 'wysylki@demo.pl',
    });
  });

  it('never replaces what was typed or copied', () => {
    const copied = parcelToForm(PARCEL, 'parcel');
    expect(withClientDefaults(copied, DEFAULTS)).toEqual(copied);
    const typed = { ...emptyParcelForm(), content: 'Buty', packageCount: '3' };
    typed.pickupAddress = { ...typed.pickupAddress, city: 'Poznań' };
    const filled = withClientDefaults(typed, DEFAULTS);
    expect(filled).toMatchObject({ content: 'Buty', packageCount: '3', weightKg: '2.5' });
    expect(filled.pickupAddress).toEqual({ ...typed.pickupAddress });
  });

  it('without defaults leaves the form empty except one package', () => {
    const none = { ...DEFAULTS, parcelSettings: null, pickupAddress: null, defaultPhoneShipping: null };
    const form = withClientDefaults(emptyParcelForm(), { ...none, defaultEmailShipping: null });
    expect(form).toEqual({ ...emptyParcelForm(), packageCount: '1' });
  });

  it('builds a create body the shared schema accepts, with COD and insurance only when given', () => {
    const form = parcelToForm(PARCEL, 'parcel');
    const body = toParcelRequest(form, true);
    expect(body).toMatchObject({ clientId: CLIENT_ID, orderType: 'internal', cod: null, insurance: null });
    expect(staffParcelFormSchema.safeParse(body).success).toBe(true);
    const order = toParcelRequest(parcelToForm(PARCEL, 'order'), false);
    expect(order).not.toHaveProperty('clientId');
    expect(order).toMatchObject({ cod: { amountCOD: '99.00' }, insurance: { amount: '500.00' } });
    expect(createParcelFormSchema.safeParse(order).success).toBe(true);
  });

  it('an empty form gets SPEC 5 messages under the fields, and staff must pick a client', () => {
    const result = staffParcelFormSchema.safeParse(toParcelRequest(emptyParcelForm(), true));
    expect(result.success).toBe(false);
    const byPath = new Map(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    const v = MESSAGES.validation;
    expect(byPath.get('clientId')).toBe(v.clientRequired);
    expect(byPath.get('weightKg')).toBe(v.routeWeightRequired);
    expect(byPath.get('packageCount')).toBe(v.packageCountRequired);
    expect(byPath.get('content')).toBe(v.parcelContentRequired);
    expect(byPath.get('destinationAddress.city')).toBe(v.cityRequired);
    expect(byPath.get('destinationAddress.phone')).toBe(v.phoneRequired);
    expect(byPath.get('pickupAddress.country')).toBe(v.countryRequired);
  });

  it('shows every message at once, also when a country is missing (which aborts the address parse)', () => {
    const form = emptyParcelForm();
    form.destinationAddress = { ...form.destinationAddress, name: 'Jan' };
    const result = createParcelFormSchema.safeParse(toParcelRequest(form, false));
    const paths = new Set(result.error!.issues.map((i) => i.path.join('.')));
    expect(paths).toContain('destinationAddress.country');
    expect(paths).toContain('weightKg');
    expect(paths).toContain('content');
  });

  it('shows stored decimals as the language writes them, and an unchanged one typed either way is no change', () => {
    const pl = createIntl({ locale: 'pl', messages: {} });
    const en = createIntl({ locale: 'en', messages: {} });
    const inPolish = parcelToForm(PARCEL, 'edit', (s) => formatDecimalInput(pl, s));
    expect(inPolish).toMatchObject({ weightKg: '2,5', codAmount: '99', insuranceAmount: '500' });
    expect(parcelToForm(PARCEL, 'parcel', (s) => formatDecimalInput(pl, s)).weightKg).toBe('2,5');
    expect(parcelToForm(PARCEL, 'edit', (s) => formatDecimalInput(en, s)).weightKg).toBe('2.5');
    expect(toParcelUpdate(inPolish, PARCEL)).toEqual({});
    expect(toParcelUpdate({ ...inPolish, weightKg: '2.50' }, PARCEL)).toEqual({});
    const heavier = toParcelUpdate({ ...inPolish, weightKg: '31,5' }, PARCEL);
    expect(heavier).toEqual({ weightKg: '31,5' });
    expect(updateParcelSchema.parse(heavier)).toEqual({ weightKg: '31.500' });
    // Only the decimal fields compare as numbers: a reference "007" is not "7".
    const ref = { ...PARCEL, referenceNumber: '007' };
    expect(toParcelUpdate({ ...parcelToForm(ref), referenceNumber: '7' }, ref)).toEqual({
      referenceNumber: '7',
    });
  });
});
