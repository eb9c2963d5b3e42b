import { caseId, type ListCaseTable } from './list-cases';
import type { UserListFilters, UserMatchFields } from './users-list';

/** The users list's parity table (predicate: users-list.spec.ts; SQL: lists-parity.int-spec.ts). */
export type UserCaseItem = UserMatchFields & { id: string };

/** The clients of the table's client users (the SQL test inserts them first). */
export const USER_CASE_CLIENTS = [caseId(0x5c1), caseId(0x5c2)] as const;
const [C1, C2] = USER_CASE_CLIENTS;

const ADMIN = caseId(0x501);
const SALES = caseId(0x502);
const WAREHOUSE = caseId(0x503);
const CLIENT_USER = caseId(0x504);
const OPERATOR = caseId(0x505);
const CLIENT_USER_OFF = caseId(0x506);
const OTHER_CLIENT_USER = caseId(0x507);
const STAFF = [ADMIN, SALES, WAREHOUSE, OPERATOR];
const CLIENT_USERS = [CLIENT_USER, CLIENT_USER_OFF, OTHER_CLIENT_USER];
const EVERYONE = [...STAFF, ...CLIENT_USERS];

export const userListCases: ListCaseTable<UserCaseItem, UserListFilters> = {
  items: [
    {
      id: ADMIN,
      role: 'admin',
      firstName: 'Anna',
      lastName: 'Kowalska',
      email: 'anna.k@parity.test',
      active: true,
      clientId: null,
    },
    {
      id: SALES,
      role: 'salesman',
      firstName: 'Piotr',
      lastName: 'Nowak_Jr',
      email: 'piotr@parity.test',
      active: false,
      clientId: null,
    },
    {
      id: WAREHOUSE,
      role: 'magazyn',
      firstName: 'Ewa',
      lastName: 'Zielińska 100%',
      email: 'ewa@store.parity.test',
      active: true,
      clientId: null,
    },
    {
      id: CLIENT_USER,
      role: 'user',
      firstName: 'Anna',
      lastName: 'Client',
      email: 'anna.client@parity.test',
      active: true,
      clientId: C1,
    },
    {
      id: OPERATOR,
      role: 'operator',
      firstName: 'Tomasz',
      lastName: 'Wisniewski',
      email: 'tomasz@parity.test',
      active: true,
      clientId: null,
    },
    {
      id: CLIENT_USER_OFF,
      role: 'user',
      firstName: 'Olek',
      lastName: 'Wyłączony',
      email: 'olek@shop.parity.test',
      active: false,
      clientId: C1,
    },
    {
      id: OTHER_CLIENT_USER,
      role: 'user',
      firstName: 'Beata',
      lastName: 'Druga',
      email: 'beata@other.parity.test',
      active: true,
      clientId: C2,
    },
  ],
  cases: [
    { name: 'no filters: staff and client users', filters: {}, expected: EVERYONE },
    { name: 'no role picked is no role filter', filters: { roles: [] }, expected: EVERYONE },
    { name: 'one role', filters: { roles: ['salesman'] }, expected: [SALES] },
    { name: 'two roles', filters: { roles: ['admin', 'magazyn'] }, expected: [ADMIN, WAREHOUSE] },
    { name: 'the client user role', filters: { roles: ['user'] }, expected: CLIENT_USERS },
    {
      name: 'client and staff roles',
      filters: { roles: ['user', 'operator'] },
      expected: [...CLIENT_USERS, OPERATOR],
    },
    { name: 'one client', filters: { clientId: C1 }, expected: [CLIENT_USER, CLIENT_USER_OFF] },
    { name: 'the other client', filters: { clientId: C2 }, expected: [OTHER_CLIENT_USER] },
    { name: 'a client without users', filters: { clientId: caseId(0x5cf) }, expected: [] },
    { name: 'a client and a staff role', filters: { clientId: C1, roles: ['admin'] }, expected: [] },
    { name: 'a client, active only', filters: { clientId: C1, active: true }, expected: [CLIENT_USER] },
    { name: 'a client, searched', filters: { clientId: C1, search: 'ANNA' }, expected: [CLIENT_USER] },
    {
      name: 'active',
      filters: { active: true },
      expected: [ADMIN, WAREHOUSE, OPERATOR, CLIENT_USER, OTHER_CLIENT_USER],
    },
    { name: 'inactive', filters: { active: false }, expected: [SALES, CLIENT_USER_OFF] },
    { name: 'search: first name, any case', filters: { search: 'ANNA' }, expected: [ADMIN, CLIENT_USER] },
    { name: 'search: last name', filters: { search: 'kowal' }, expected: [ADMIN] },
    { name: 'search: Polish letters, any case', filters: { search: 'ZIELIŃ' }, expected: [WAREHOUSE] },
    {
      name: 'search: Polish letters of a client user',
      filters: { search: 'wyłą' },
      expected: [CLIENT_USER_OFF],
    },
    { name: 'search: e-mail', filters: { search: 'store.parity' }, expected: [WAREHOUSE] },
    { name: 'search: trimmed', filters: { search: '  tomasz  ' }, expected: [OPERATOR] },
    { name: 'search: blank is no filter', filters: { search: '   ' }, expected: EVERYONE },
    { name: 'search: % is literal', filters: { search: '0%' }, expected: [WAREHOUSE] },
    { name: 'search: _ is literal', filters: { search: 'k_j' }, expected: [SALES] },
    { name: 'search: _ is not a wildcard', filters: { search: 'a_n' }, expected: [] },
    {
      name: 'search, role and active',
      filters: { search: 'a', roles: ['admin', 'salesman'], active: true },
      expected: [ADMIN],
    },
    {
      name: 'search, client role and active',
      filters: { search: 'parity', roles: ['user'], active: true },
      expected: [CLIENT_USER, OTHER_CLIENT_USER],
    },
  ],
};
