import { caseId, type ListCaseTable } from './list-cases';
import type { OperatorListFilters, OperatorMatchFields } from './operators-list';

/** The operators list's parity table (predicate: operators-list.spec.ts; SQL: lists-parity.int-spec.ts). */
export type OperatorCaseItem = OperatorMatchFields & { id: string };

const DPD = caseId(0x201);
const UPS = caseId(0x202);
const INPOST = caseId(0x203);
const PACKETA = caseId(0x204);
/** Its name starts with a space: the order reads it trimmed (`lower(btrim(name))`). */
const ZETA = caseId(0x205);
const ALL = [DPD, UPS, INPOST, PACKETA, ZETA];

export const operatorListCases: ListCaseTable<OperatorCaseItem, OperatorListFilters> = {
  items: [
    { id: DPD, operatorName: 'DPD Poland', description: 'Express 24h', operatorType: 'DPD', active: true },
    { id: UPS, operatorName: 'UPS Standard', description: null, operatorType: 'UPS', active: false },
    { id: INPOST, operatorName: 'InPost 50%', description: 'Lockers', operatorType: 'INPOST', active: true },
    {
      id: PACKETA,
      operatorName: 'Packeta_EU',
      description: 'Hub Łódź',
      operatorType: 'PACKETA',
      active: false,
    },
    { id: ZETA, operatorName: ' Zeta', description: null, operatorType: 'GLS', active: true },
  ],
  cases: [
    { name: 'no filters', filters: {}, expected: ALL },
    { name: 'search: name, any case', filters: { search: 'dpd' }, expected: [DPD] },
    { name: 'search: description', filters: { search: 'EXPRESS' }, expected: [DPD] },
    { name: 'search: name or description', filters: { search: 'st' }, expected: [UPS, INPOST] },
    { name: 'search: Polish letters, any case', filters: { search: 'ŁÓDŹ' }, expected: [PACKETA] },
    { name: 'search: trimmed', filters: { search: ' lockers ' }, expected: [INPOST] },
    { name: 'search: blank is no filter', filters: { search: '  ' }, expected: ALL },
    { name: 'search: % is literal', filters: { search: '0%' }, expected: [INPOST] },
    { name: 'search: _ is literal', filters: { search: 'a_e' }, expected: [PACKETA] },
    { name: 'search: _ is not a wildcard', filters: { search: 'd_d' }, expected: [] },
    { name: 'type', filters: { type: 'UPS' }, expected: [UPS] },
    { name: 'another type', filters: { type: 'GLS' }, expected: [ZETA] },
    { name: 'active', filters: { active: true }, expected: [DPD, INPOST, ZETA] },
    { name: 'inactive', filters: { active: false }, expected: [UPS, PACKETA] },
    { name: 'type and active', filters: { type: 'PACKETA', active: true }, expected: [] },
    { name: 'search and inactive', filters: { search: 'a', active: false }, expected: [UPS, PACKETA] },
  ],
};
