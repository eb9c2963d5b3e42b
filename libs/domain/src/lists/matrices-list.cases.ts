import { caseId, type ListCaseTable } from './list-cases';
import type { MatrixListFilters, MatrixMatchFields } from './matrices-list';

/**
 * The matrices list's parity table (predicate: matrices-list.spec.ts; SQL: lists-parity.int-spec.ts). A row's
 * `operatorNames` are the carriers its conditions name (the integration test creates them and the conditions).
 */
export type MatrixCaseItem = MatrixMatchFields & { id: string };

const DOMESTIC = caseId(0x601);
const EXPORT = caseId(0x602);
const EMPTY = caseId(0x603);
/** Its name starts with a space: the order reads it trimmed (`lower(btrim(name))`). */
const ZETA = caseId(0x604);
const ALL = [DOMESTIC, EXPORT, EMPTY, ZETA];

export const matrixListCases: ListCaseTable<MatrixCaseItem, MatrixListFilters> = {
  items: [
    { id: DOMESTIC, name: 'Domestic 100%', operatorNames: ['Matrix DPD', 'Matrix InPost'] },
    { id: EXPORT, name: 'Export_EU', operatorNames: ['Matrix UPS'] },
    { id: EMPTY, name: 'Empty matrix', operatorNames: [] },
    { id: ZETA, name: ' Zeta route', operatorNames: [] },
  ],
  cases: [
    { name: 'no filters', filters: {}, expected: ALL },
    { name: 'search: name, any case', filters: { search: 'DOMESTIC' }, expected: [DOMESTIC] },
    { name: "search: a carrier's name", filters: { search: 'inpost' }, expected: [DOMESTIC] },
    { name: 'search: name or carrier', filters: { search: 'matrix' }, expected: [DOMESTIC, EXPORT, EMPTY] },
    { name: 'search: another carrier', filters: { search: 'ups' }, expected: [EXPORT] },
    { name: 'search: trimmed', filters: { search: '  empty ' }, expected: [EMPTY] },
    { name: 'search: blank is no filter', filters: { search: '  ' }, expected: ALL },
    { name: 'search: % is literal', filters: { search: '0%' }, expected: [DOMESTIC] },
    { name: 'search: _ is literal', filters: { search: 't_e' }, expected: [EXPORT] },
    { name: 'search: _ is not a wildcard', filters: { search: 'x_d' }, expected: [] },
  ],
};
