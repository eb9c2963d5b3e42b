import type { ClientGroupListFilters, ClientGroupMatchFields } from './client-groups-list';
import { caseId, type ListCaseTable } from './list-cases';

/** The client groups list's parity table (predicate: client-groups-list.spec.ts; SQL: lists-parity.int-spec.ts). */
export type ClientGroupCaseItem = ClientGroupMatchFields & { id: string };

const NORTH = caseId(0x701);
const SOUTH = caseId(0x702);
const INVOICE = caseId(0x703);
const ALL = [NORTH, SOUTH, INVOICE];

export const clientGroupListCases: ListCaseTable<ClientGroupCaseItem, ClientGroupListFilters> = {
  items: [
    { id: NORTH, name: 'North_Area', type: 'AREA' },
    { id: SOUTH, name: 'South 50%', type: 'AREA' },
    { id: INVOICE, name: 'Monthly invoice', type: 'FV' },
  ],
  cases: [
    { name: 'no filters', filters: {}, expected: ALL },
    { name: 'search: name, any case', filters: { search: 'NORTH' }, expected: [NORTH] },
    { name: 'search: trimmed', filters: { search: ' monthly ' }, expected: [INVOICE] },
    { name: 'search: blank is no filter', filters: { search: '  ' }, expected: ALL },
    { name: 'search: % is literal', filters: { search: '0%' }, expected: [SOUTH] },
    { name: 'search: _ is literal', filters: { search: 'h_a' }, expected: [NORTH] },
    { name: 'search: _ is not a wildcard', filters: { search: 'h_5' }, expected: [] },
    { name: 'type', filters: { type: 'AREA' }, expected: [NORTH, SOUTH] },
    { name: 'other type', filters: { type: 'FV' }, expected: [INVOICE] },
    { name: 'search and type', filters: { search: 'o', type: 'FV' }, expected: [INVOICE] },
  ],
};
