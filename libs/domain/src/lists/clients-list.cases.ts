import type { ClientListFilters, ClientMatchFields } from './clients-list';
import { caseId, type ListCaseTable } from './list-cases';

/** The clients list's parity table (predicate: clients-list.spec.ts; SQL: apps/api/test/lists/lists-parity.int-spec.ts). */
export type ClientCaseItem = ClientMatchFields & { id: string };

const ACME = caseId(0x101);
const BETA = caseId(0x102);
const GAMMA = caseId(0x103);
const DELTA = caseId(0x104);
const EPSILON = caseId(0x105);
const ALL = [ACME, BETA, GAMMA, DELTA, EPSILON];

export const clientListCases: ListCaseTable<ClientCaseItem, ClientListFilters> = {
  // Masters first: a linked account's master must exist when it is inserted.
  items: [
    {
      id: ACME,
      companyName: 'Acme Logistics',
      clientName: 'Jan Kowalski',
      shortName: 'ACME',
      uniquePrefix: 'AC',
      vatId: 'PL1234567890',
      email: 'office@acme.test',
      active: true,
      disableAccess: false,
      masterAccount: true,
      masterId: null,
    },
    {
      id: DELTA,
      companyName: 'Delta_Post',
      clientName: null,
      shortName: 'Dlt',
      uniquePrefix: 'DL',
      vatId: null,
      email: 'delta@post.test',
      active: true,
      disableAccess: false,
      masterAccount: true,
      masterId: null,
    },
    {
      id: BETA,
      companyName: 'Beta Trade',
      clientName: null,
      shortName: null,
      uniquePrefix: null,
      vatId: null,
      email: null,
      active: false,
      disableAccess: false,
      masterAccount: false,
      masterId: ACME,
    },
    {
      id: GAMMA,
      companyName: 'Gamma 100% Sp. z o.o.',
      clientName: 'Lucja Zak',
      shortName: 'gamma',
      uniquePrefix: 'GM',
      vatId: 'DE999',
      email: 'gamma@shop.test',
      active: true,
      disableAccess: true,
      masterAccount: false,
      masterId: ACME,
    },
    {
      id: EPSILON,
      companyName: 'Epsilon',
      clientName: 'Anna Nowak',
      shortName: null,
      uniquePrefix: null,
      vatId: 'PL555',
      email: null,
      active: false,
      disableAccess: true,
      masterAccount: false,
      masterId: DELTA,
    },
  ],
  cases: [
    { name: 'no filters', filters: {}, expected: ALL },
    { name: 'search: company name, any case', filters: { search: 'acme log' }, expected: [ACME] },
    { name: 'search: client name', filters: { search: 'KOWALSKI' }, expected: [ACME] },
    { name: 'search: short name', filters: { search: 'dlt' }, expected: [DELTA] },
    { name: 'search: unique prefix', filters: { search: 'gm' }, expected: [GAMMA] },
    { name: 'search: VAT ID', filters: { search: 'pl' }, expected: [ACME, EPSILON] },
    { name: 'search: e-mail', filters: { search: 'shop.test' }, expected: [GAMMA] },
    { name: 'search: trimmed', filters: { search: '  beta  ' }, expected: [BETA] },
    { name: 'search: blank is no filter', filters: { search: '   ' }, expected: ALL },
    { name: 'search: % is literal', filters: { search: '%' }, expected: [GAMMA] },
    { name: 'search: _ is literal', filters: { search: 'o_o' }, expected: [] },
    { name: 'search: _ matches itself', filters: { search: 'A_p' }, expected: [DELTA] },
    { name: 'search: empty columns never match', filters: { search: 'null' }, expected: [] },
    { name: 'active', filters: { active: true }, expected: [ACME, GAMMA, DELTA] },
    { name: 'inactive', filters: { active: false }, expected: [BETA, EPSILON] },
    { name: 'access disabled', filters: { disableAccess: true }, expected: [GAMMA, EPSILON] },
    { name: 'access enabled', filters: { disableAccess: false }, expected: [ACME, BETA, DELTA] },
    { name: 'master accounts only', filters: { masterOnly: true }, expected: [ACME, DELTA] },
    { name: 'masterOnly false is no filter', filters: { masterOnly: false }, expected: ALL },
    { name: "one master's linked accounts", filters: { masterId: ACME }, expected: [BETA, GAMMA] },
    { name: "another master's linked accounts", filters: { masterId: DELTA }, expected: [EPSILON] },
    { name: 'linked and active', filters: { masterId: ACME, active: true }, expected: [GAMMA] },
    {
      name: 'search, access and active together',
      filters: { search: 'n', disableAccess: true, active: false },
      expected: [EPSILON],
    },
  ],
};
