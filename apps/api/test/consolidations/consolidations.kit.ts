import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import type { ConsolidationView, Role } from '@depot/contracts';
import { operators, parcels } from '../../src/db/schema';
import type { TestDepot } from '../harness';
import { ROLES } from '../role-kit';

/** Shared set-up of the consolidation suites: a token per role, the calls, carriers (Landmark or not) and parcels. */

export const BASE = '/api/operatingModule/consolidation';
/** Who may not read or change consolidations: the salesman and client users. */
export const REFUSED: Role[] = ['salesman', 'user'];
/** Who may: the warehouse, the operator and the admins. */
export const ALLOWED: Role[] = ['magazyn', 'operator', 'admin', 'superAdmin'];

let seq = 0;

const address = (city: string, country: string) => ({
  name: 'Zażółć Gęślą',
  street: 'Świętokrzyska',
  building: '12',
  city,
  zipCode: '00-001',
  country,
  phone: '+48 600 100 200',
  email: null,
});

export interface ConsolidationCalls {
  tokens: Record<Role, string>;
  post: (path: string, role: Role, body: unknown) => Promise<Response>;
  get: (role: Role, id: string) => Promise<Response>;
  list: (role: Role, query?: Record<string, string>) => Promise<Response>;
  /** A consolidation created as magazyn (fails the test on any other answer). */
  consolidation: (body?: Record<string, unknown>) => Promise<ConsolidationView>;
  car: () => Promise<ConsolidationView>;
  /** Adds a number as magazyn and expects 200. */
  added: (consolidationId: string, externalNumber: string) => Promise<ConsolidationView>;
  /** A carrier inserted directly, of type LANDMARK or DPD. */
  carrier: (landmark: boolean) => Promise<string>;
  /** A parcel of a client, carried by `operatorId`; its id and internal number. */
  parcel: (
    operatorId: string | null,
    over?: Partial<typeof parcels.$inferInsert>,
  ) => Promise<{ id: string; internalNumber: string }>;
  clientId: string;
}

export async function consolidationCalls(t: TestDepot): Promise<ConsolidationCalls> {
  const tokens = {} as Record<Role, string>;
  for (const role of ROLES) tokens[role] = (await t.userWithToken(role)).token;
  const bearer = (role: Role) => ({ Authorization: `Bearer ${tokens[role]}` });
  const clientId = await t.createClient({ shortName: `Konsolidacja ${randomUUID().slice(0, 8)}` });
  const calls: ConsolidationCalls = {
    tokens,
    clientId,
    post: (path, role, body) =>
      t
        .http()
        .post(`${BASE}/${path}`)
        .set(bearer(role))
        .send(body as object)
        .then((r) => r),
    get: (role, id) =>
      t
        .http()
        .get(`${BASE}/${id}`)
        .set(bearer(role))
        .then((r) => r),
    list: (role, query = {}) =>
      t
        .http()
        .get(`${BASE}/list`)
        .query(query)
        .set(bearer(role))
        .then((r) => r),
    async consolidation(body = { type: 'normal' }) {
      const res = await calls.post('create', 'magazyn', body);
      if (res.status !== 201) throw new Error(`not created: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as ConsolidationView;
    },
    car: () => calls.consolidation({ type: 'car', driver: 'Jan Kierowca', registrationNumber: 'FZ 1234A' }),
    async added(consolidationId, externalNumber) {
      const res = await calls.post('addPackage', 'magazyn', { consolidationId, externalNumber });
      if (res.status !== 200) throw new Error(`not added: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as ConsolidationView;
    },
    async carrier(landmark) {
      const [o] = await t.depot.runtime.db
        .insert(operators)
        .values({
          name: `${landmark ? 'Landmark' : 'Kurier'} ${randomUUID().slice(0, 8)}`,
          type: landmark ? 'LANDMARK' : 'DPD',
        })
        .returning({ id: operators.id });
      return o.id;
    },
    async parcel(operatorId, over = {}) {
      const internalNumber = `KON${process.pid}${(seq++).toString().padStart(6, '0')}`;
      const [p] = await t.depot.runtime.db
        .insert(parcels)
        .values({
          clientId,
          orderType: 'internal',
          source: 'form',
          internalNumber,
          externalNumber: `EXT-${internalNumber}`,
          weightKg: '2.500',
          packageCount: 1,
          pickupAddress: address('Zielona Góra', 'PL'),
          destinationAddress: address('Berlin', 'DE'),
          pickupCountry: 'PL',
          destinationCountry: 'DE',
          operatorId,
          status: 'parcelCenter',
          ...over,
        })
        .returning({ id: parcels.id });
      return { id: p.id, internalNumber };
    },
  };
  return calls;
}
