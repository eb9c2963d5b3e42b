import type { StatusMapListFilters, StatusMapMatchFields } from './statuses-list';
import { caseId, type ListCaseTable } from './list-cases';

/** The statuses list's parity table (predicate: statuses-list.spec.ts; SQL: lists-parity.int-spec.ts). */
export type StatusMapCaseItem = StatusMapMatchFields & { id: string };

const DELIVERED = caseId(0x901);
const OUT = caseId(0x902);
const GLS_FINAL = caseId(0x903);
const LANDMARK_410 = caseId(0x904);
const UPS_X = caseId(0x905);
const ALL = [DELIVERED, OUT, GLS_FINAL, LANDMARK_410, UPS_X];

export const statusMapListCases: ListCaseTable<StatusMapCaseItem, StatusMapListFilters> = {
  items: [
    {
      id: DELIVERED,
      operatorType: 'INPOST',
      code: 'delivered',
      description: 'Dostarczona',
      dbName: 'delivered',
    },
    {
      id: OUT,
      operatorType: 'INPOST',
      code: 'out_for_delivery',
      description: 'Wydana do doręczenia 100%',
      dbName: 'inDelivery',
    },
    { id: GLS_FINAL, operatorType: 'GLS', code: 'FINAL', description: 'Delivered', dbName: 'delivered' },
    { id: LANDMARK_410, operatorType: 'LANDMARK', code: '410', description: 'Pickup', dbName: null },
    { id: UPS_X, operatorType: 'UPS', code: 'X', description: 'Exception_Delivery', dbName: null },
  ],
  cases: [
    { name: 'no filters', filters: {}, expected: ALL },
    {
      name: 'search: the code, any case',
      filters: { search: 'DELIVER' },
      expected: [DELIVERED, OUT, GLS_FINAL, UPS_X],
    },
    { name: 'search: the description', filters: { search: 'dostarczona' }, expected: [DELIVERED] },
    { name: 'search: Polish letters', filters: { search: 'doręczenia' }, expected: [OUT] },
    { name: 'search: trimmed', filters: { search: ' 410 ' }, expected: [LANDMARK_410] },
    { name: 'search: blank is no filter', filters: { search: '  ' }, expected: ALL },
    { name: 'search: % is literal', filters: { search: '0%' }, expected: [OUT] },
    { name: 'search: _ is literal', filters: { search: 'n_d' }, expected: [UPS_X] },
    { name: 'search: _ is literal, not any letter', filters: { search: 'r_d' }, expected: [OUT] },
    { name: 'search: _ is not a wildcard', filters: { search: 'e_e' }, expected: [] },
    { name: 'search: not the carrier type', filters: { search: 'inpost' }, expected: [] },
    { name: 'carrier type', filters: { operatorType: 'INPOST' }, expected: [DELIVERED, OUT] },
    { name: 'a carrier type with no codes', filters: { operatorType: 'DPD' }, expected: [] },
    { name: 'status', filters: { dbName: 'delivered' }, expected: [DELIVERED, GLS_FINAL] },
    { name: 'unmapped', filters: { dbName: 'unmapped' }, expected: [LANDMARK_410, UPS_X] },
    { name: 'a status no code means', filters: { dbName: 'pickup' }, expected: [] },
    {
      name: 'carrier type and unmapped',
      filters: { operatorType: 'UPS', dbName: 'unmapped' },
      expected: [UPS_X],
    },
    { name: 'search and status', filters: { search: 'final', dbName: 'delivered' }, expected: [GLS_FINAL] },
  ],
};
