import { COUNTRY_CODES, type CountryCode, type OperatorType } from '@depot/contracts';

/** A demo carrier: non-secret config as the type's model names it, secrets encrypted on insert. */
export interface DemoOperator {
  name: string;
  type: OperatorType;
  description: string;
  active: boolean;
  exchangeRateEur: string | null;
  maxWeightKg: string | null;
  config: Record<string, string | number | boolean>;
  secrets: Record<string, string>;
  services: { name: string; code: string }[];
}

/** Demo carriers of several types, with sandbox credentials that only look real. */
export const DEMO_OPERATORS: DemoOperator[] = [
  {
    name: 'DPD Polska',
    type: 'DPD',
    description: 'Kurier krajowy i Europa, odbiór z magazynu w Zielonej Górze.',
    active: true,
    exchangeRateEur: null,
    maxWeightKg: '31.5',
    config: {
      login: 'depot-dpd',
      masterFid: 1495,
      fid: 1495,
      environment: 'sandbox',
      labelFormat: 'PDF',
      pudoDelivery: true,
    },
    secrets: { password: 'demo-dpd-pass-4f2a' },
    services: [
      { name: 'Pobranie (COD)', code: 'COD' },
      { name: 'Ubezpieczenie', code: 'DECLARED_VALUE' },
    ],
  },
  {
    name: 'InPost Paczkomaty',
    type: 'INPOST',
    description: 'Paczkomaty i kurier InPost w Polsce.',
    active: true,
    exchangeRateEur: null,
    maxWeightKg: '25',
    config: {
      organizationId: 12345,
      defaultService: 'inpost_locker_standard',
      environment: 'sandbox',
      labelFormat: 'PDF',
    },
    secrets: { apiToken: 'demo-inpost-token-81c3' },
    services: [{ name: 'Pobranie (COD)', code: 'COD' }],
  },
  {
    name: 'UPS Europe',
    type: 'UPS',
    description: 'UPS Standard for heavy and long-distance parcels.',
    active: true,
    exchangeRateEur: '4.321500',
    maxWeightKg: '70',
    config: {
      shipperNumber: 'A1B2C3',
      clientId: 'depot-ups-client',
      environment: 'sandbox',
      labelFormat: 'PDF',
      saturdayDelivery: false,
    },
    secrets: { clientSecret: 'demo-ups-secret-9f3a' },
    services: [{ name: 'Saturday delivery', code: 'SAT' }],
  },
  {
    name: 'Packeta',
    type: 'PACKETA',
    description: 'Small parcels to Czechia, Slovakia, Hungary and Romania.',
    active: true,
    exchangeRateEur: '4.290000',
    maxWeightKg: '10',
    config: { senderLabel: 'depot', labelFormat: 'A6 on A4' },
    secrets: { apiPassword: 'demo-packeta-pass-77aa' },
    services: [],
  },
  {
    name: 'GLS (wycofany)',
    type: 'GLS',
    description: 'Umowa wygasła — nieaktywny.',
    active: false,
    exchangeRateEur: null,
    maxWeightKg: '40',
    config: {
      login: 'depot-gls',
      customerNumber: '2764200001',
      clientId: 'depot-gls-client',
      environment: 'sandbox',
      labelFormat: 'PDF',
    },
    secrets: { password: 'demo-gls-pass-0b1d', clientSecret: 'demo-gls-secret-5c2e' },
    services: [],
  },
];

export interface DemoCondition {
  pickupCountry: CountryCode | null;
  destinationCountry: CountryCode | null;
  maxWeightKg: string;
  /** The demo operator's name. */
  operator: string;
}

const PACKETA_COUNTRIES: CountryCode[] = ['CZ', 'SK', 'HU', 'RO'];

/**
 * The default matrix covers every supported country: domestic parcels go by InPost up to 25 kg, then DPD;
 * from Poland abroad DPD up to 31.5 kg (Packeta for light parcels to its countries); anything else UPS up to 70 kg.
 */
function defaultConditions(): DemoCondition[] {
  const rows: DemoCondition[] = [
    { pickupCountry: 'PL', destinationCountry: 'PL', maxWeightKg: '25', operator: 'InPost Paczkomaty' },
    { pickupCountry: 'PL', destinationCountry: 'PL', maxWeightKg: '31.5', operator: 'DPD Polska' },
  ];
  for (const c of PACKETA_COUNTRIES) {
    rows.push({ pickupCountry: 'PL', destinationCountry: c, maxWeightKg: '10', operator: 'Packeta' });
  }
  for (const c of COUNTRY_CODES) {
    if (c !== 'PL')
      rows.push({ pickupCountry: 'PL', destinationCountry: c, maxWeightKg: '31.5', operator: 'DPD Polska' });
  }
  rows.push({ pickupCountry: null, destinationCountry: null, maxWeightKg: '70', operator: 'UPS Europe' });
  return rows;
}

export const DEMO_MATRICES: { name: string; isDefault: boolean; conditions: DemoCondition[] }[] = [
  { name: 'Routing domyślny', isDefault: true, conditions: defaultConditions() },
  {
    name: 'Ciężkie paczki',
    isDefault: false,
    conditions: [
      { pickupCountry: null, destinationCountry: null, maxWeightKg: '70', operator: 'UPS Europe' },
    ],
  },
];
