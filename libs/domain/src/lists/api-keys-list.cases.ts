import type { ApiKeyListFilters, ApiKeyMatchFields } from './api-keys-list';
import { caseId, type ListCaseTable } from './list-cases';

/** The API keys list's parity table (predicate: api-keys-list.spec.ts; SQL: lists-parity.int-spec.ts). */
export type ApiKeyCaseItem = ApiKeyMatchFields & { id: string };

/** The clients the keys belong to (inserted first by the integration test). */
export const API_KEY_CASE_CLIENTS = [caseId(0x301), caseId(0x302)] as const;
const [C1, C2] = API_KEY_CASE_CLIENTS;

const SHOP = caseId(0x311);
const ERP = caseId(0x312);
const OLD = caseId(0x313);
const OTHER = caseId(0x314);
const ALL = [SHOP, ERP, OLD, OTHER];

export const apiKeyListCases: ListCaseTable<ApiKeyCaseItem, ApiKeyListFilters> = {
  items: [
    { id: SHOP, clientId: C1, name: 'Shop Connector', keyPrefix: 'dpk_Ab3x9QzL', active: true },
    { id: ERP, clientId: C1, name: 'ERP 100%', keyPrefix: 'dpk_Zz81kkQe', active: true },
    { id: OLD, clientId: C1, name: 'old_key', keyPrefix: 'dpk_Qm4tTT0a', active: false },
    { id: OTHER, clientId: C2, name: 'Warehouse', keyPrefix: 'dpk_Ab3yYY9w', active: true },
  ],
  cases: [
    { name: 'no filters', filters: {}, expected: ALL },
    { name: 'search: name, any case', filters: { search: 'connector' }, expected: [SHOP] },
    { name: 'search: key prefix, any case', filters: { search: 'AB3' }, expected: [SHOP, OTHER] },
    { name: 'search: trimmed', filters: { search: '  erp ' }, expected: [ERP] },
    { name: 'search: blank is no filter', filters: { search: '  ' }, expected: ALL },
    { name: 'search: % is literal', filters: { search: '0%' }, expected: [ERP] },
    { name: 'search: _ is literal', filters: { search: 'd_k' }, expected: [OLD] },
    { name: 'search: no match', filters: { search: 'other' }, expected: [] },
    { name: 'active', filters: { active: true }, expected: [SHOP, ERP, OTHER] },
    { name: 'inactive', filters: { active: false }, expected: [OLD] },
    { name: 'client', filters: { clientId: C1 }, expected: [SHOP, ERP, OLD] },
    { name: 'other client', filters: { clientId: C2 }, expected: [OTHER] },
    { name: 'client without keys', filters: { clientId: caseId(0x3ff) }, expected: [] },
    {
      name: 'client, active and search',
      filters: { clientId: C1, active: true, search: 'ab3' },
      expected: [SHOP],
    },
  ],
};
