import type { SectorListFilters, SectorMatchFields } from './sectors-list';
import { caseId, type ListCaseTable } from './list-cases';

/** The sectors list's parity table (predicate: sectors-list.spec.ts; SQL: lists-parity.int-spec.ts). */
export type SectorCaseItem = SectorMatchFields & { id: string };

const BERLIN = caseId(0x801);
const MUNICH = caseId(0x802);
const PRAGUE = caseId(0x803);
const PARIS = caseId(0x804);
const ALL = [BERLIN, MUNICH, PRAGUE, PARIS];
/** Carriers the rows name (the SQL test creates them and maps them as the rows say). */
export const SECTOR_CASE_OPERATORS = { first: caseId(0x811), second: caseId(0x812), unused: caseId(0x813) };
const { first, second, unused } = SECTOR_CASE_OPERATORS;

export const sectorListCases: ListCaseTable<SectorCaseItem, SectorListFilters> = {
  items: [
    { id: BERLIN, sectorCountry: 'DE', sectorDescription: 'Berlin_Nord', operators: [{ id: first }] },
    { id: MUNICH, sectorCountry: 'DE', sectorDescription: 'München 50%', operators: [{ id: second }] },
    {
      id: PRAGUE,
      sectorCountry: 'CZ',
      sectorDescription: 'Praha',
      operators: [{ id: first }, { id: second }],
    },
    { id: PARIS, sectorCountry: 'FR', sectorDescription: 'Paris Nord', operators: [] },
  ],
  cases: [
    { name: 'no filters', filters: {}, expected: ALL },
    { name: 'search: description, any case', filters: { search: 'NORD' }, expected: [BERLIN, PARIS] },
    { name: 'search: trimmed', filters: { search: ' praha ' }, expected: [PRAGUE] },
    { name: 'search: blank is no filter', filters: { search: '  ' }, expected: ALL },
    { name: 'search: % is literal', filters: { search: '0%' }, expected: [MUNICH] },
    { name: 'search: _ is literal', filters: { search: 'n_n' }, expected: [BERLIN] },
    { name: 'search: _ is not a wildcard', filters: { search: 'n_o' }, expected: [] },
    { name: 'search: not the country', filters: { search: 'DE' }, expected: [] },
    { name: 'country', filters: { sectorCountry: 'DE' }, expected: [BERLIN, MUNICH] },
    { name: 'a country with no sector', filters: { sectorCountry: 'PL' }, expected: [] },
    { name: 'carrier', filters: { operatorId: first }, expected: [BERLIN, PRAGUE] },
    { name: 'a carrier mapped nowhere', filters: { operatorId: unused }, expected: [] },
    { name: 'country and carrier', filters: { sectorCountry: 'CZ', operatorId: second }, expected: [PRAGUE] },
    { name: 'search and country', filters: { search: 'nord', sectorCountry: 'FR' }, expected: [PARIS] },
  ],
};
