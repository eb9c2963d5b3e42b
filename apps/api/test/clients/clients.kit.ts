import type { Response } from 'supertest';
import type { ClientView, Role } from '@depot/contracts';
import { startTestDepot, type TestDepot } from '../harness';
import { dbProbe, signInEveryRole } from '../role-kit';
import { openSocket } from '../realtime/realtime.kit';

export { ROLES, UNKNOWN_ID } from '../role-kit';

/**
 * Shared by the clients suites (clients-admin-*, clients-access-*): one depot per suite with a signed-in user of
 * every role, a valid client body, the client calls and database probes.
 */

export const CLIENT_VIEW_KEYS = [
  'accountOwner',
  'active',
  'additionalShipperNameOnTheLabel',
  'apartment',
  'autoReturnPackages',
  'bankName',
  'building',
  'city',
  'clientName',
  'combineLabels',
  'companyName',
  'contractNumber',
  'country',
  'createdAt',
  'currency',
  'debtBlockDays',
  'defaultAddress',
  'defaultEmailShipping',
  'defaultPhoneShipping',
  'disableAccess',
  'disableContentInfo',
  'disableNewOrders',
  'disconnectReturn',
  'disconnectRouting',
  'domesticMatrixTitle',
  'dontPrintLastMile',
  'email',
  'firstMile',
  'genOnlyFirstMile',
  'iban',
  'id',
  'linkedAccounts',
  'masterAccount',
  'masterId',
  'masterName',
  'note',
  'parcelSettings',
  'phone',
  'returnMatrixTitle',
  'revertLogic',
  'shortName',
  'street',
  'uniquePrefix',
  'updatedAt',
  'vatId',
  'viesCheck',
  'zipCode',
].sort();

let seq = 0;
export const tag = () =>
  `${process.pid.toString(36)}${Date.now().toString(36)}${(seq++).toString(36)}`.toUpperCase();

/** A valid create body with a fresh short name and prefix. */
export const validClient = (over: Record<string, unknown> = {}) => {
  const id = tag();
  return {
    companyName: `Acme ${id} Sp. z o.o.`,
    shortName: `AC-${id}`,
    vatId: 'PL5260001246',
    phone: '+48 22 100 20 30',
    country: 'pl',
    city: 'Warszawa',
    street: 'Długa',
    zipCode: '00-001',
    building: '5',
    currency: 'pln',
    uniquePrefix: `P${id}`,
    debtBlockDays: 14,
    ...over,
  };
};

/** Starts one depot for the calling describe block (beforeAll/afterAll) and returns its helpers. */
export function clientsKit() {
  const k = {} as { t: TestDepot };
  const tokens = {} as Record<Role, string>;
  const ids = {} as Record<Role, string>;
  /** The Authorization header of a token. */
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  /** The Authorization header of the signed-in user of `role`. */
  const as = (role: Role) => bearer(tokens[role]);
  const create = (role: Role, body: Record<string, unknown>) =>
    k.t.http().post('/api/client/create').set(as(role)).send(body);
  const put = (role: Role, id: string, body: Record<string, unknown>) =>
    k.t.http().put(`/api/client/${id}`).set(as(role)).send(body);
  /** PUT /api/client/:id as an admin, unless `role` says otherwise. */
  const edit = (id: string, body: Record<string, unknown>, role: Role = 'admin') => put(role, id, body);
  const getOne = (role: Role, id: string) => k.t.http().get(`/api/client/${id}`).set(as(role));
  const list = (role: Role, body: Record<string, unknown> = {}) =>
    k.t.http().post('/api/client/get/list').set(as(role)).send(body);
  /** Every client row and the size of the log: what a refused call must leave alone. */
  const { query, unchanged, lastAudit } = dbProbe(() => k.t, ['clients']);
  /** Creates a client as admin (expects 201) and returns it. */
  const created = async (over: Record<string, unknown> = {}): Promise<ClientView> => {
    const res = await create('admin', validClient(over));
    expect(res.status).toBe(201);
    return res.body as ClientView;
  };
  /** The stored row of a client, as the database has it. */
  const clientRow = async (id: string) =>
    (await query<Record<string, unknown>>('select * from clients where id = $1', [id]))[0];
  const auditCount = async () =>
    (await query<{ n: number }>('select count(*)::int as n from audit_log'))[0].n;
  /** A client user of `clientId`, signed in. */
  const clientUser = async (clientId: string) => {
    const u = await k.t.createUser('user', { clientId });
    return { ...u, token: await k.t.sessionFor(u.email) };
  };
  const open = (auth: Record<string, unknown>) => openSocket(k.t, auth);
  const currentUser = (token: string): Promise<Response> =>
    k.t.http().get('/api/user/get/current').set(bearer(token));

  beforeAll(async () => {
    k.t = await startTestDepot();
    const signedIn = await signInEveryRole(k.t);
    Object.assign(tokens, signedIn.tokens);
    Object.assign(ids, signedIn.ids);
  });
  afterAll(async () => {
    await k.t.close();
  });

  return Object.assign(k, {
    tokens,
    ids,
    bearer,
    as,
    create,
    put,
    edit,
    getOne,
    list,
    query,
    unchanged,
    lastAudit,
    created,
    clientRow,
    auditCount,
    clientUser,
    open,
    currentUser,
  });
}
