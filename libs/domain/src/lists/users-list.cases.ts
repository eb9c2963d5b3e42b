import { caseId, type ListCaseTable } from './list-cases';
import type { UserListFilters, UserMatchFields } from './users-list';

/** The staff users list's parity table (predicate: users-list.spec.ts; SQL: lists-parity.int-spec.ts). */
export type UserCaseItem = UserMatchFields & { id: string };

const ADMIN = caseId(0x501);
const SALES = caseId(0x502);
const WAREHOUSE = caseId(0x503);
const CLIENT_USER = caseId(0x504);
const OPERATOR = caseId(0x505);
const STAFF = [ADMIN, SALES, WAREHOUSE, OPERATOR];

export const userListCases: ListCaseTable<UserCaseItem, UserListFilters> = {
  items: [
    {
      id: ADMIN,
      role: 'admin',
      firstName: 'Anna',
      lastName: 'Kowalska',
      email: 'anna.k@parity.test',
      active: true,
    },
    {
      id: SALES,
      role: 'salesman',
      firstName: 'Piotr',
      lastName: 'Nowak_Jr',
      email: 'piotr@parity.test',
      active: false,
    },
    {
      id: WAREHOUSE,
      role: 'magazyn',
      firstName: 'Ewa',
      lastName: 'Zielińska 100%',
      email: 'ewa@store.parity.test',
      active: true,
    },
    {
      id: CLIENT_USER,
      role: 'user',
      firstName: 'Anna',
      lastName: 'Client',
      email: 'anna.client@parity.test',
      active: true,
    },
    {
      id: OPERATOR,
      role: 'operator',
      firstName: 'Tomasz',
      lastName: 'Wisniewski',
      email: 'tomasz@parity.test',
      active: true,
    },
  ],
  cases: [
    { name: 'no filters: staff only', filters: {}, expected: STAFF },
    { name: 'no role picked is no role filter', filters: { roles: [] }, expected: STAFF },
    { name: 'one role', filters: { roles: ['salesman'] }, expected: [SALES] },
    { name: 'two roles', filters: { roles: ['admin', 'magazyn'] }, expected: [ADMIN, WAREHOUSE] },
    { name: 'the client role is never listed', filters: { roles: ['user'] }, expected: [] },
    { name: 'client and staff roles', filters: { roles: ['user', 'operator'] }, expected: [OPERATOR] },
    { name: 'active', filters: { active: true }, expected: [ADMIN, WAREHOUSE, OPERATOR] },
    { name: 'inactive', filters: { active: false }, expected: [SALES] },
    { name: 'search: first name, any case', filters: { search: 'ANNA' }, expected: [ADMIN] },
    { name: 'search: last name', filters: { search: 'kowal' }, expected: [ADMIN] },
    { name: 'search: Polish letters, any case', filters: { search: 'ZIELIŃ' }, expected: [WAREHOUSE] },
    { name: 'search: e-mail', filters: { search: 'store.parity' }, expected: [WAREHOUSE] },
    { name: 'search: trimmed', filters: { search: '  tomasz  ' }, expected: [OPERATOR] },
    { name: 'search: blank is no filter', filters: { search: '   ' }, expected: STAFF },
    { name: 'search: % is literal', filters: { search: '0%' }, expected: [WAREHOUSE] },
    { name: 'search: _ is literal', filters: { search: 'k_j' }, expected: [SALES] },
    { name: 'search: _ is not a wildcard', filters: { search: 'a_n' }, expected: [] },
    {
      name: 'search, role and active',
      filters: { search: 'a', roles: ['admin', 'salesman'], active: true },
      expected: [ADMIN],
    },
  ],
};
