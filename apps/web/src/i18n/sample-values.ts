/** Sample values for every placeholder the panel passes (plural arguments need numbers). */
export const SAMPLE_VALUES: Record<string, string | number> = {
  name: 'Anna',
  min: 12,
  // the status map: a carrier's code, a file's limit, counts of a save or an import
  code: '410',
  megabytes: 2,
  type: 'INPOST',
  codes: 25,
  unmapped: 2,
  created: 3,
  updated: 1,
  unchanged: 20,
  parcelsChanged: 4,
  // the status refresh: what it did, and a carrier's download error
  checked: 40,
  changed: 5,
  unanswered: 0,
  notTracked: 2,
  // sending to the carriers: what it did, and one parcel's attempts
  asked: 12,
  registered: 9,
  rejected: 1,
  notSent: 2,
  attempts: 3,
  since: '2026-11-28 10:00',
  failures: 3,
  minutes: 3,
  count: 2,
  loaded: 50,
  total: 120,
  role: 'Admin',
  client: 'ACME',
  // routing matrices and operator replacement
  row: 2,
  columns: 'Recipient name, Weight (kg)',
  // the import's mapping step: a file's header, and a preset's headers a file lacks
  header: 'Waga',
  headers: 'Waga, Miasto',
  pickup: 'PL',
  destination: 'DE',
  max: '30',
  // the API's text rule: the field it names
  field: 'filters.search',
  operator: 'DPD',
  // sectors: the sector a carrier is already in
  sector: 'B1 Niemcy',
  // wall screens: the terminal a link reads
  terminal: 'Zielona Góra',
  matrix: 'Main',
  condition: 'row 1',
  title: 'Domestic',
  names: 'Main',
  limit: '5',
  weight: '8',
  conditions: 3,
  matrices: 2,
  from: 'DPD',
  to: 'GLS',
  parcels: 0,
  until: '18:30',
  // operators: a stored secret, masked
  masked: '••••1234',
  percent: 40,
  // exports: the file format
  format: 'CSV',
  reason: 'Server error',
  // recent jobs: what a job makes
  kind: 'Labels',
  // parcel form and details: the parcel's number, a status name, a date and time
  number: 'ACME0000000001',
  // lists: a value a copy button copies (a carrier number)
  value: 'DPD123456789PL',
  status: 'Delivered',
  when: '2026-01-02 10:00',
  // parcels list: what a delete/cancel mass action did
  deleted: 3,
  toCancel: 1,
  refused: 0,
  // carrier cancellation results
  canceled: 1,
  failed: 0,
  notAsked: 0,
  // the dashboard: the Warsaw day counted, a job's progress and start
  day: '2026-07-15',
  progress: 40,
  at: '2026-07-15 10:00',
  // webhooks: an endpoint's URL, its secret's beginning, a delivery's id and an attempt's time
  url: 'https://shop.example.com/depot-webhooks',
  prefix: 'whsec_Ab3x…',
  id: '3f2b8c1e-1d2a-4c5b-9e8f-0a1b2c3d4e5f',
  ms: 120,
  // real weights: a carrier file's lines by outcome (decision 0151)
  matched: 95,
  over: 3,
  unmatched: 1,
  invalid: 1,
};
