import type { clients } from '../../db/schema';

type ClientRow = typeof clients.$inferInsert;

const address = (city: string, zipCode: string, street: string, building: string, country = 'PL') => ({
  country,
  city,
  zipCode,
  street,
  building,
});

/** The demo client the demo client user belongs to: complete, with settings filled in. */
export const DEMO_SHOP: ClientRow = {
  companyName: 'Demo Shop Sp. z o.o.',
  clientName: 'Demo Shop',
  shortName: 'DEMO',
  vatId: 'PL9291234567',
  phone: '+48 68 123 45 67',
  email: 'biuro@demoshop.pl',
  ...address('Zielona Góra', '65-001', 'Kupiecka', '12'),
  currency: 'PLN',
  uniquePrefix: 'DEM',
  debtBlockDays: 30,
  accountOwner: 'Demo Shop Sp. z o.o.',
  iban: 'PL61109010140000071219812874',
  bankName: 'Santander Bank Polska',
  defaultPhoneShipping: '+48 600 100 200',
  defaultEmailShipping: 'wysylki@demoshop.pl',
  defaultAddress: {
    name: 'Demo Shop — magazyn',
    street: 'Kupiecka',
    building: '12',
    city: 'Zielona Góra',
    zipCode: '65-001',
    country: 'PL',
    phone: '+48 600 100 200',
    email: 'magazyn@demoshop.pl',
  },
  parcelSettings: {
    content: 'Odzież',
    sizeL: 40,
    sizeW: 30,
    sizeD: 20,
    value: '150.00',
    valueCurrency: 'PLN',
    weightKg: '2.5',
  },
};

/**
 * The other demo clients (README "Demo data"): a master account with two linked accounts, a client whose ordering
 * is blocked, an inactive one, and foreign clients, so every flag and the groups have something to show.
 */
export const DEMO_MASTER: ClientRow = {
  companyName: 'Nordic Parts Group AB',
  clientName: 'Nordic Parts',
  shortName: 'NORDIC',
  vatId: 'SE556677889901',
  phone: '+46 8 123 456',
  email: 'logistics@nordicparts.se',
  ...address('Stockholm', '111 22', 'Drottninggatan', '45', 'SE'),
  currency: 'EUR',
  uniquePrefix: 'NRD',
  debtBlockDays: 14,
  masterAccount: true,
  firstMile: true,
  combineLabels: true,
};

export const DEMO_LINKED: ClientRow[] = [
  {
    companyName: 'Nordic Parts Polska Sp. z o.o.',
    clientName: 'Nordic Parts PL',
    shortName: 'NORDIC-PL',
    vatId: 'PL5251234567',
    phone: '+48 22 555 01 02',
    email: 'pl@nordicparts.se',
    ...address('Poznań', '61-001', 'Głogowska', '101'),
    currency: 'PLN',
    uniquePrefix: 'NRP',
    debtBlockDays: 14,
    firstMile: true,
  },
  {
    companyName: 'Nordic Parts Deutschland GmbH',
    clientName: 'Nordic Parts DE',
    shortName: 'NORDIC-DE',
    vatId: 'DE811234567',
    phone: '+49 30 1234567',
    email: 'de@nordicparts.se',
    ...address('Berlin', '10115', 'Invalidenstraße', '7', 'DE'),
    currency: 'EUR',
    uniquePrefix: 'NRG',
    debtBlockDays: 14,
  },
];

export const DEMO_OTHERS: ClientRow[] = [
  {
    companyName: 'Blokada Handel s.c.',
    clientName: 'Blokada Handel',
    shortName: 'BLOKADA',
    vatId: 'PL7811234567',
    phone: '+48 61 222 33 44',
    email: 'kontakt@blokada-handel.pl',
    ...address('Wrocław', '50-001', 'Świdnicka', '3'),
    currency: 'PLN',
    uniquePrefix: 'BLK',
    debtBlockDays: 7,
    disableNewOrders: true,
    note: 'Zaległe płatności — zamówienia wstrzymane.',
  },
  {
    companyName: 'Gadżety Łódź Sp. z o.o.',
    clientName: 'Gadżety Łódź',
    shortName: 'GADZETY',
    vatId: 'PL7251234567',
    phone: '+48 42 123 45 67',
    email: 'sklep@gadzety-lodz.pl',
    ...address('Łódź', '90-001', 'Piotrkowska', '120', 'PL'),
    currency: 'PLN',
    uniquePrefix: 'GDL',
    debtBlockDays: 21,
    autoReturnPackages: true,
  },
  {
    companyName: 'Moda Praha s.r.o.',
    clientName: 'Moda Praha',
    shortName: 'MODA-CZ',
    vatId: 'CZ12345678',
    phone: '+420 222 333 444',
    email: 'info@modapraha.cz',
    ...address('Praha', '110 00', 'Národní', '25', 'CZ'),
    currency: 'CZK',
    uniquePrefix: 'MCZ',
    debtBlockDays: 30,
    contractNumber: 'UM/2026/014',
  },
  {
    companyName: 'Stary Kontrahent Sp. j.',
    clientName: 'Stary Kontrahent',
    shortName: 'STARY',
    vatId: 'PL6771234567',
    phone: '+48 12 345 67 89',
    email: 'biuro@stary-kontrahent.pl',
    ...address('Kraków', '30-001', 'Floriańska', '9'),
    currency: 'PLN',
    uniquePrefix: 'STK',
    debtBlockDays: 0,
    active: false,
  },
];

/** Groups over the short names above: one FV (invoicing) and one AREA group; a client is in at most one. */
export const DEMO_GROUPS: { name: string; type: 'FV' | 'AREA'; members: string[] }[] = [
  { name: 'Faktura zbiorcza Nordic', type: 'FV', members: ['NORDIC', 'NORDIC-PL', 'NORDIC-DE'] },
  { name: 'Region Zachód', type: 'AREA', members: ['DEMO', 'GADZETY'] },
  { name: 'Klienci zagraniczni', type: 'AREA', members: ['MODA-CZ'] },
];
