import type { IntegrationListFilters, IntegrationMatchFields } from './integrations-list';
import { caseId, type ListCaseTable } from './list-cases';

/** The integrations list's parity table (predicate: integrations-list.spec.ts; SQL: lists-parity.int-spec.ts). */
export type IntegrationCaseItem = IntegrationMatchFields & { id: string };

/** The clients the integrations belong to (inserted first by the integration test). */
export const INTEGRATION_CASE_CLIENTS = [caseId(0x401), caseId(0x402)] as const;
const [C1, C2] = INTEGRATION_CASE_CLIENTS;

const SHOPIFY = caseId(0x411);
const EBAY = caseId(0x412);
const PRESTA = caseId(0x413);
const CDN = caseId(0x414);
const ALL = [SHOPIFY, EBAY, PRESTA, CDN];

export const integrationListCases: ListCaseTable<IntegrationCaseItem, IntegrationListFilters> = {
  items: [
    { id: SHOPIFY, clientId: C1, name: 'Main Shop', type: 'shopify', user: 'Seller@shop', active: true },
    { id: EBAY, clientId: C1, name: 'eBay 10%', type: 'ebay', user: null, active: false },
    { id: PRESTA, clientId: C2, name: 'Presta_PL', type: 'presta_shop', user: 'admin', active: true },
    { id: CDN, clientId: C2, name: 'Warehouse XL', type: 'cdn_xl', user: 'shopkeeper', active: true },
  ],
  cases: [
    { name: 'no filters', filters: {}, expected: ALL },
    { name: 'search: name, any case', filters: { search: 'main' }, expected: [SHOPIFY] },
    { name: 'search: user, any case', filters: { search: 'SELLER@' }, expected: [SHOPIFY] },
    { name: 'search: name or user', filters: { search: 'shop' }, expected: [SHOPIFY, CDN] },
    { name: 'search: an empty user never matches', filters: { search: 'ebay' }, expected: [EBAY] },
    { name: 'search: trimmed', filters: { search: ' admin ' }, expected: [PRESTA] },
    { name: 'search: blank is no filter', filters: { search: ' ' }, expected: ALL },
    { name: 'search: % is literal', filters: { search: '0%' }, expected: [EBAY] },
    { name: 'search: _ is literal', filters: { search: 'a_p' }, expected: [PRESTA] },
    { name: 'search: _ is not a wildcard', filters: { search: 'a_n' }, expected: [] },
    { name: 'type', filters: { type: 'ebay' }, expected: [EBAY] },
    { name: 'active', filters: { active: true }, expected: [SHOPIFY, PRESTA, CDN] },
    { name: 'inactive', filters: { active: false }, expected: [EBAY] },
    { name: 'client', filters: { clientId: C1 }, expected: [SHOPIFY, EBAY] },
    {
      name: 'client, type and active',
      filters: { clientId: C2, type: 'cdn_xl', active: true },
      expected: [CDN],
    },
    { name: 'client and search', filters: { clientId: C2, search: 'shop' }, expected: [CDN] },
  ],
};
