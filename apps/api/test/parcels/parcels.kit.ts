import type { Response } from 'supertest';
import type { ParcelView, Role } from '@depot/contracts';
import { operators, type clients } from '../../src/db/schema';
import { ADMIN, startTestDepot, type TestDepot, type TestDepotOptions } from '../harness';

/** Shared set-up of the parcels suites: a depot, a user of every role, two clients with prefixes, a routed carrier. */

export const ROLES: Role[] = ['superAdmin', 'admin', 'salesman', 'operator', 'magazyn', 'user'];
export const UNKNOWN_ID = '6f1c4f0e-3b8a-4c1e-9d7a-2b4f5e6a7c8d';

let seq = 0;
export const tag = () =>
  `${process.pid.toString(36)}${Date.now().toString(36)}${(seq++).toString(36)}`.toUpperCase();

export const address = (over: Record<string, unknown> = {}) => ({
  name: 'Jan Kowalski',
  street: 'Długa',
  building: '5',
  city: 'Gdańsk',
  zipCode: '80-001',
  country: 'PL',
  phone: '+48 600 100 200',
  email: 'jan@example.pl',
  ...over,
});

/** A complete parcel body (no client: a client user's or key's own is used). */
export const parcelBody = (over: Record<string, unknown> = {}) => ({
  weightKg: '2.5',
  sizeCmL: 30,
  sizeCmW: 20,
  sizeCmD: 10,
  packageCount: 1,
  value: '100',
  valueCurrency: 'PLN',
  content: 'Books',
  pickupAddress: address({ name: 'Sklep' }),
  destinationAddress: address({ country: 'DE', city: 'Berlin', zipCode: '10115' }),
  ...over,
});

export interface ClientSetup {
  id: string;
  prefix: string;
  userToken: string;
  userId: string;
  apiKey: string;
}

export interface ParcelsKit {
  t: TestDepot;
  tokens: Record<Role, string>;
  ids: Record<Role, string>;
  /** The client of the kit's `user`, and another client with its own user and key. */
  own: ClientSetup;
  other: ClientSetup;
  operatorId: string;
  auth(who: Role | { token: string } | { apiKey: string }): Record<string, string>;
  /** A new client with a prefix, a user and an API key. */
  newClient(flags?: Partial<typeof clients.$inferInsert>): Promise<ClientSetup>;
  create(who: Parameters<ParcelsKit['auth']>[0], body: Record<string, unknown>): Promise<Response>;
  /** Creates a parcel of `clientId` as admin (expects 201). */
  created(clientId: string, over?: Record<string, unknown>): Promise<ParcelView>;
  setStatus(id: string, status: string, who?: Role): Promise<Response>;
  operator(opts?: { active?: boolean; maxWeightKg?: string | null }): Promise<string>;
  query<R extends object>(text: string, params?: unknown[]): Promise<R[]>;
  close(): Promise<void>;
}

export async function startParcelsKit(
  env: Record<string, string> = {},
  options: TestDepotOptions = {},
): Promise<ParcelsKit> {
  const t = await startTestDepot(process.env.DBG ? { LOG_LEVEL: 'error', ...env } : env, options);
  const tokens = {} as Record<Role, string>;
  const ids = {} as Record<Role, string>;
  tokens.superAdmin = await t.sessionFor(ADMIN.email);
  for (const role of ROLES.filter((r) => r !== 'superAdmin' && r !== 'user')) {
    const u = await t.userWithToken(role);
    tokens[role] = u.token;
    ids[role] = u.id;
  }
  const auth: ParcelsKit['auth'] = (who): Record<string, string> =>
    typeof who === 'string'
      ? { Authorization: `Bearer ${tokens[who]}` }
      : 'token' in who
        ? { Authorization: `Bearer ${who.token}` }
        : { 'X-Api-Key': who.apiKey };
  const query = async <R extends object>(text: string, params: unknown[] = []) =>
    (await t.depot.runtime.pool.query<R>(text, params)).rows;

  const newClient: ParcelsKit['newClient'] = async (flags = {}) => {
    const prefix = `P${tag()}`.slice(0, 12);
    const id = await t.createClient({ uniquePrefix: prefix, shortName: `S${tag()}`, ...flags });
    const u = await t.createUser('user', { clientId: id });
    return { id, prefix, userId: u.id, userToken: await t.signIn(u.email), apiKey: await t.createApiKey(id) };
  };
  const operator: ParcelsKit['operator'] = async (opts = {}) => {
    const [row] = await t.depot.runtime.db
      .insert(operators)
      .values({
        name: `Carrier ${tag()}`,
        type: 'DPD',
        active: opts.active ?? true,
        maxWeightKg: opts.maxWeightKg ?? null,
      })
      .returning({ id: operators.id });
    return row.id;
  };

  const own = await newClient();
  const other = await newClient();
  tokens.user = own.userToken;
  ids.user = own.userId;
  const operatorId = await operator({ maxWeightKg: '40' });
  const matrix = await t
    .http()
    .post('/api/matrix/create')
    .set(auth('admin'))
    .send({
      name: `Default ${tag()}`,
      isDefault: true,
      conditions: [{ pickupCountry: null, destinationCountry: null, maxWeightKg: 50, operatorId }],
    });
  if (matrix.status !== 201) throw new Error(`matrix: ${matrix.status} ${JSON.stringify(matrix.body)}`);

  const kit: ParcelsKit = {
    t,
    tokens,
    ids,
    own,
    other,
    operatorId,
    auth,
    newClient,
    create: (who, body) => t.http().post('/api/order/create').set(auth(who)).send(body),
    async created(clientId, over = {}) {
      const res = await kit.create('admin', parcelBody({ clientId, ...over }));
      if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as ParcelView;
    },
    setStatus: (id, status, who = 'admin') =>
      t.http().put(`/api/order/${id}/status`).set(auth(who)).send({ status }),
    operator,
    query,
    close: () => t.close(),
  };
  return kit;
}
