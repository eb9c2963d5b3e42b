import { caseId, type ListCaseTable } from './list-cases';
import type { ParcelListFiltersInput, ParcelMatchFields } from './parcels-list';

/**
 * The parcels list's parity table (predicate: parcels-list.spec.ts; SQL: lists-parity.int-spec.ts), representative
 * rather than complete: the number search, statuses, types, sources, client, carrier, incorrect (routing found no
 * carrier), countries and Warsaw days. Every case but two names its days, all before this table was written, so the
 * parcel created "now" (RECENT) never falls inside them; the two without days read the API's default, the current
 * Warsaw year.
 */
export type ParcelCaseItem = ParcelMatchFields & { id: string };

/** The clients and carriers the parcels name (the integration test creates them first). */
export const PARCEL_CASE_CLIENTS = [caseId(0x901), caseId(0x902)] as const;
export const PARCEL_CASE_OPERATORS = [caseId(0x911), caseId(0x912)] as const;
const [C1, C2] = PARCEL_CASE_CLIENTS;
const [O1, O2] = PARCEL_CASE_OPERATORS;

const P1 = caseId(0x921);
const P2 = caseId(0x922);
const P3 = caseId(0x923);
const P4 = caseId(0x924);
const RECENT = caseId(0x925);
const OLD = caseId(0x926);

const numbers = {
  externalNumber: null,
  referenceNumber: null,
  firstMileNumber: null,
  lastMileNumber: null,
  alternativeNumber: null,
  barcode: null,
};

/** Spring to autumn 2026, every dated parcel. */
const SEASON = { dateFrom: '2026-01-01', dateTo: '2026-10-31' } as const;
const DATED = [P1, P2, P3, P4];

export const parcelListCases: ListCaseTable<ParcelCaseItem, ParcelListFiltersInput> = {
  items: [
    {
      ...numbers,
      id: P1,
      internalNumber: 'PRT0000000001',
      externalNumber: 'EXT-A1',
      referenceNumber: 'ORDER-77',
      lastMileNumber: 'LM-5',
      status: 'new',
      orderType: 'internal',
      source: 'form',
      clientId: C1,
      operatorId: O1,
      isCorrect: true,
      pickupCountry: 'PL',
      destinationCountry: 'DE',
      // 00:30 on 29 March in Warsaw (UTC+1).
      createdAt: '2026-03-28T23:30:00.000Z',
    },
    {
      ...numbers,
      id: P2,
      internalNumber: 'PRT0000000002',
      referenceNumber: 'order-78',
      firstMileNumber: 'FM-9',
      alternativeNumber: 'ALT-3',
      barcode: 'BC-100',
      status: 'pickup',
      orderType: 'domestic',
      source: 'api',
      clientId: C1,
      operatorId: null,
      isCorrect: false,
      pickupCountry: 'PL',
      destinationCountry: 'PL',
      // 23:30 on 28 March in Warsaw.
      createdAt: '2026-03-28T22:30:00.000Z',
    },
    {
      ...numbers,
      id: P3,
      internalNumber: 'PRT0000000003',
      externalNumber: 'ext-a2',
      barcode: '5901234',
      status: 'delivered',
      orderType: 'internalReturn',
      source: 'baselinker',
      clientId: C2,
      operatorId: O2,
      isCorrect: true,
      pickupCountry: 'DE',
      destinationCountry: 'PL',
      // 00:30 on 26 October in Warsaw (UTC+1 again after the clocks went back).
      createdAt: '2026-10-25T23:30:00.000Z',
    },
    {
      ...numbers,
      id: P4,
      internalNumber: 'QX0000000004',
      referenceNumber: 'zamówienie-ł1',
      status: 'new',
      orderType: 'internal',
      source: 'form',
      clientId: C2,
      operatorId: O1,
      isCorrect: true,
      pickupCountry: 'CZ',
      destinationCountry: 'DE',
      createdAt: '2026-07-15T10:00:00.000Z',
    },
    {
      ...numbers,
      id: RECENT,
      internalNumber: 'YR0000000001',
      status: 'new',
      orderType: 'internal',
      source: 'form',
      clientId: C1,
      operatorId: null,
      isCorrect: false,
      pickupCountry: 'PL',
      destinationCountry: 'DE',
      createdAt: new Date().toISOString(),
    },
    {
      ...numbers,
      id: OLD,
      internalNumber: 'YR0000000002',
      status: 'new',
      orderType: 'internal',
      source: 'form',
      clientId: C1,
      operatorId: null,
      isCorrect: false,
      pickupCountry: 'PL',
      destinationCountry: 'DE',
      createdAt: '2020-05-05T10:00:00.000Z',
    },
  ],
  cases: [
    { name: 'the season', filters: SEASON, expected: DATED },
    { name: 'no days: the current Warsaw year', filters: { search: 'yr' }, expected: [RECENT] },
    {
      name: 'search: internal number prefix, any case',
      filters: { ...SEASON, search: 'prt' },
      expected: [P1, P2, P3],
    },
    {
      name: 'search: a whole internal number',
      filters: { ...SEASON, search: 'PRT0000000002' },
      expected: [P2],
    },
    { name: 'search: not inside a number', filters: { ...SEASON, search: '0000000002' }, expected: [] },
    { name: 'search: external numbers', filters: { ...SEASON, search: 'EXT-A' }, expected: [P1, P3] },
    {
      name: 'search: reference numbers, any case',
      filters: { ...SEASON, search: 'Order-7' },
      expected: [P1, P2],
    },
    { name: 'search: first-mile number', filters: { ...SEASON, search: 'fm-9' }, expected: [P2] },
    { name: 'search: last-mile number', filters: { ...SEASON, search: 'lm-' }, expected: [P1] },
    { name: 'search: alternative number', filters: { ...SEASON, search: 'alt' }, expected: [P2] },
    { name: 'search: barcode', filters: { ...SEASON, search: '590' }, expected: [P3] },
    { name: 'search: trimmed', filters: { ...SEASON, search: '  bc-1 ' }, expected: [P2] },
    {
      name: 'search: Polish letters, any case',
      filters: { ...SEASON, search: 'ZAMÓWIENIE-Ł' },
      expected: [P4],
    },
    { name: 'search: % is not a wildcard', filters: { ...SEASON, search: 'PRT%' }, expected: [] },
    { name: 'status', filters: { ...SEASON, statuses: ['new'] }, expected: [P1, P4] },
    { name: 'statuses', filters: { ...SEASON, statuses: ['pickup', 'delivered'] }, expected: [P2, P3] },
    { name: 'no status picked is no filter', filters: { ...SEASON, statuses: [] }, expected: DATED },
    { name: 'order type', filters: { ...SEASON, orderTypes: ['internalReturn'] }, expected: [P3] },
    { name: 'source', filters: { ...SEASON, sources: ['api', 'baselinker'] }, expected: [P2, P3] },
    { name: 'client', filters: { ...SEASON, clientId: C2 }, expected: [P3, P4] },
    { name: 'carrier', filters: { ...SEASON, operatorId: O1 }, expected: [P1, P4] },
    { name: 'incorrect: routing found no carrier', filters: { ...SEASON, incorrect: true }, expected: [P2] },
    { name: 'incorrect false is no filter', filters: { ...SEASON, incorrect: false }, expected: DATED },
    {
      name: 'incorrect, with the default year',
      filters: { search: 'yr', incorrect: true },
      expected: [RECENT],
    },
    {
      name: 'incorrect and a status',
      filters: { ...SEASON, incorrect: true, statuses: ['new'] },
      expected: [],
    },
    { name: 'pickup country, any case', filters: { ...SEASON, pickupCountry: 'pl' }, expected: [P1, P2] },
    { name: 'destination country', filters: { ...SEASON, destinationCountry: 'DE' }, expected: [P1, P4] },
    { name: 'one Warsaw day', filters: { dateFrom: '2026-03-29', dateTo: '2026-03-29' }, expected: [P1] },
    {
      name: 'the Warsaw day before',
      filters: { dateFrom: '2026-03-28', dateTo: '2026-03-28' },
      expected: [P2],
    },
    {
      name: 'up to a day',
      filters: { dateFrom: '2026-01-01', dateTo: '2026-10-25' },
      expected: [P1, P2, P4],
    },
    { name: 'from a day', filters: { dateFrom: '2026-10-26', dateTo: '2026-10-31' }, expected: [P3] },
    {
      name: 'client, carrier, status and search',
      filters: { ...SEASON, clientId: C1, operatorId: O1, statuses: ['new'], search: 'order' },
      expected: [P1],
    },
  ],
};
