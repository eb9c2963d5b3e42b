import type { ConsolidationListItem } from '@depot/contracts';
import type { ConsolidationListFilters } from './consolidations-list';
import { caseId, type ListCaseTable } from './list-cases';

/** The consolidations list's parity table (predicate: consolidations-list.spec.ts; SQL: lists-parity.int-spec.ts). */
export type ConsolidationCaseItem = Pick<
  ConsolidationListItem,
  'id' | 'type' | 'barcode' | 'driver' | 'registrationNumber' | 'isBlocked' | 'createdAt'
>;

const TRUCK = caseId(0xc01);
const VAN = caseId(0xc02);
const SHELF = caseId(0xc03);
const PERCENT = caseId(0xc04);
const NIGHT = caseId(0xc05);
const ALL = [TRUCK, VAN, SHELF, PERCENT, NIGHT];

export const consolidationListCases: ListCaseTable<ConsolidationCaseItem, ConsolidationListFilters> = {
  items: [
    {
      id: TRUCK,
      type: 'car',
      barcode: 'CS4100000001',
      driver: 'Jan Kowalski',
      registrationNumber: 'FZ 12345',
      isBlocked: false,
      createdAt: '2026-03-01T08:00:00.000Z',
    },
    {
      id: VAN,
      type: 'car',
      barcode: 'CS4100000002',
      driver: 'Łukasz Żak',
      registrationNumber: 'WX_9000',
      isBlocked: true,
      createdAt: '2026-03-02T08:00:00.000Z',
    },
    {
      id: SHELF,
      type: 'normal',
      barcode: 'CS4100000003',
      driver: null,
      registrationNumber: null,
      isBlocked: false,
      createdAt: '2026-03-03T08:00:00.000Z',
    },
    {
      id: PERCENT,
      type: 'normal',
      barcode: 'CS4100000004',
      driver: 'Anna 50% Nowak',
      registrationNumber: null,
      isBlocked: true,
      createdAt: '2026-03-04T08:00:00.000Z',
    },
    {
      id: NIGHT,
      type: 'car',
      barcode: 'CS4100000010',
      driver: 'Piotr Kowalczyk',
      registrationNumber: 'PO 777',
      isBlocked: false,
      createdAt: '2026-02-28T22:30:00.000Z',
    },
  ],
  cases: [
    { name: 'no filters', filters: {}, expected: ALL },
    { name: 'search: barcode digits', filters: { search: '0000001' }, expected: [TRUCK, NIGHT] },
    { name: 'search: barcode in lower case', filters: { search: 'cs4100000003' }, expected: [SHELF] },
    { name: 'search: driver, any case', filters: { search: 'KOWAL' }, expected: [TRUCK, NIGHT] },
    { name: 'search: driver with Polish letters', filters: { search: 'żak' }, expected: [VAN] },
    { name: 'search: registration number', filters: { search: 'fz 123' }, expected: [TRUCK] },
    { name: 'search: trimmed', filters: { search: '  po 777 ' }, expected: [NIGHT] },
    { name: 'search: blank is no filter', filters: { search: '   ' }, expected: ALL },
    { name: 'search: % is literal', filters: { search: '0%' }, expected: [PERCENT] },
    { name: 'search: _ is literal', filters: { search: 'x_9' }, expected: [VAN] },
    { name: 'search: _ is not a wildcard', filters: { search: 'z_1' }, expected: [] },
    { name: 'search: nothing matches', filters: { search: 'Wiśniewski' }, expected: [] },
    { name: 'type: car', filters: { type: 'car' }, expected: [TRUCK, VAN, NIGHT] },
    { name: 'type: normal', filters: { type: 'normal' }, expected: [SHELF, PERCENT] },
    { name: 'blocked only', filters: { isBlocked: 'true' }, expected: [VAN, PERCENT] },
    { name: 'open only', filters: { isBlocked: 'false' }, expected: [TRUCK, SHELF, NIGHT] },
    { name: 'type and blocked', filters: { type: 'car', isBlocked: 'true' }, expected: [VAN] },
    { name: 'search and open', filters: { search: 'kowal', isBlocked: 'false' }, expected: [TRUCK, NIGHT] },
    { name: 'search and type, none', filters: { search: 'nowak', type: 'car' }, expected: [] },
  ],
};
