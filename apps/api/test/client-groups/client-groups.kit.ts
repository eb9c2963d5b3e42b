import type { Role } from '@depot/contracts';
import type { TestDepot } from '../harness';

/** Shared set-up of the client-group suites: a token per role and short-hands for the calls. */

export const ROLES: Role[] = ['superAdmin', 'admin', 'salesman', 'operator', 'magazyn', 'user'];
export const UNKNOWN_ID = '6f1c4f0e-3b8a-4c1e-9d7a-2b4f5e6a7c8d';

let seq = 0;
/** A name no other test uses. */
export const uniqueName = (prefix = 'Group') =>
  `${prefix} ${process.pid.toString(36)}${Date.now().toString(36)}${(seq++).toString(36)}`;

export interface GroupCalls {
  tokens: Record<Role, string>;
  bearer: (role: Role) => { Authorization: string };
  create: (role: Role, body: unknown) => ReturnType<ReturnType<TestDepot['http']>['post']>;
  update: (role: Role, id: string, body: unknown) => ReturnType<ReturnType<TestDepot['http']>['put']>;
  getOne: (role: Role, id: string) => ReturnType<ReturnType<TestDepot['http']>['get']>;
  list: (role: Role, query?: Record<string, string>) => ReturnType<ReturnType<TestDepot['http']>['get']>;
  remove: (role: Role, id: string) => ReturnType<ReturnType<TestDepot['http']>['delete']>;
  eligible: (role: Role, query: Record<string, string>) => ReturnType<ReturnType<TestDepot['http']>['get']>;
  /** Creates a group as admin and returns its id (fails the test on any other answer). */
  group: (type: 'FV' | 'AREA', clients?: string[], name?: string) => Promise<string>;
  /** A client with a company name starting with `prefix` (for searches). */
  client: (prefix?: string) => Promise<string>;
}

export async function groupCalls(t: TestDepot): Promise<GroupCalls> {
  const tokens = {} as Record<Role, string>;
  for (const role of ROLES) tokens[role] = (await t.userWithToken(role)).token;
  const bearer = (role: Role) => ({ Authorization: `Bearer ${tokens[role]}` });
  const calls: GroupCalls = {
    tokens,
    bearer,
    create: (role, body) =>
      t
        .http()
        .post('/api/clientGroup/create/group')
        .set(bearer(role))
        .send(body as object),
    update: (role, id, body) =>
      t
        .http()
        .put(`/api/clientGroup/update/group/${id}`)
        .set(bearer(role))
        .send(body as object),
    getOne: (role, id) => t.http().get(`/api/clientGroup/get/groupById/${id}`).set(bearer(role)),
    list: (role, query = {}) => t.http().get('/api/clientGroup/get/group').query(query).set(bearer(role)),
    remove: (role, id) => t.http().delete(`/api/clientGroup/delete/groupById/${id}`).set(bearer(role)),
    eligible: (role, query) =>
      t.http().get('/api/clientGroup/get/eligibleClients').query(query).set(bearer(role)),
    async group(type, clients = [], name = uniqueName()) {
      const res = await calls.create('admin', { name, type, clients });
      if (res.status !== 201) throw new Error(`group not created: ${res.status} ${JSON.stringify(res.body)}`);
      return (res.body as { group: { id: string } }).group.id;
    },
    client: (prefix = 'Client') =>
      t.createClient({ companyName: uniqueName(prefix), shortName: uniqueName('S') }),
  };
  return calls;
}
