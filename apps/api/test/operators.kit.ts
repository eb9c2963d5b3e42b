import type { Response } from 'supertest';
import type { OperatorView, Role } from '@depot/contracts';
import { ADMIN, startTestDepot, type TestDepot } from './harness';

/** Shared set-up of the operators suites: a depot, a token per role, valid bodies and database probes. */

export const ROLES: Role[] = ['superAdmin', 'admin', 'salesman', 'operator', 'magazyn', 'user'];
export const UNKNOWN_ID = '6f1c4f0e-3b8a-4c1e-9d7a-2b4f5e6a7c8d';

let seq = 0;
export const tag = () =>
  `${process.pid.toString(36)}${Date.now().toString(36)}${(seq++).toString(36)}`.toUpperCase();

export const DPD_CONFIG = {
  login: 'depot-dpd',
  password: 'dpd-password-5678',
  masterFid: 1495,
  fid: '1496',
  environment: 'sandbox',
  labelFormat: 'PDF',
};
export const UPS_CONFIG = {
  shipperNumber: 'A1B2C3',
  clientId: 'ups-client-id',
  clientSecret: 'ups-secret-value-1234',
  environment: 'production',
  labelFormat: 'ZPL',
};

/** A valid DPD operator with a fresh name. */
export const dpdBody = (over: Record<string, unknown> = {}) => ({
  operatorName: `DPD ${tag()}`,
  operatorType: 'DPD',
  config: DPD_CONFIG,
  ...over,
});

/** A valid UPS operator (exchange rate given) with a fresh name. */
export const upsBody = (over: Record<string, unknown> = {}) => ({
  operatorName: `UPS ${tag()}`,
  operatorType: 'UPS',
  exchangeRateEUR: '4.3125',
  config: UPS_CONFIG,
  ...over,
});

export interface OperatorsKit {
  t: TestDepot;
  ids: Record<Role, string>;
  bearer(role: Role): { Authorization: string };
  create(role: Role, body: Record<string, unknown>): Promise<Response>;
  put(role: Role, id: string, body: Record<string, unknown>): Promise<Response>;
  getOne(role: Role, id: string): Promise<Response>;
  list(role: Role, body?: Record<string, unknown>): Promise<Response>;
  /** Creates an operator as admin and returns it (fails the test otherwise). */
  created(body?: Record<string, unknown>): Promise<OperatorView>;
  query<R extends object>(text: string, params?: unknown[]): Promise<R[]>;
  /** Runs a call and checks it changed neither operators, their services nor the log. */
  unchanged(call: () => Promise<Response>): Promise<Response>;
  lastAudit(
    type: string,
    entityId: string,
  ): Promise<{ created_by_id: string | null; before: unknown; after: unknown; details: unknown }>;
  close(): Promise<void>;
}

/** Starts a depot with a signed-in user of every role. */
export async function startOperatorsKit(): Promise<OperatorsKit> {
  const t = await startTestDepot();
  const tokens = {} as Record<Role, string>;
  const ids = {} as Record<Role, string>;
  tokens.superAdmin = await t.signIn(ADMIN.email, ADMIN.password);
  for (const role of ROLES.filter((r) => r !== 'superAdmin')) {
    const u = await t.userWithToken(role);
    tokens[role] = u.token;
    ids[role] = u.id;
  }
  const bearer = (role: Role) => ({ Authorization: `Bearer ${tokens[role]}` });
  const query = async <R extends object>(text: string, params: unknown[] = []) =>
    (await t.depot.runtime.pool.query<R>(text, params)).rows;
  const dbState = async () =>
    (
      await query(`select
        (select coalesce(string_agg(o::text, '|' order by o.id), '') from operators o) as operators,
        (select coalesce(string_agg(s::text, '|' order by s.id), '') from operator_additional_services s) as services,
        (select count(*)::int from audit_log) as audit`)
    )[0];
  const kit: OperatorsKit = {
    t,
    ids,
    bearer,
    create: (role, body) => t.http().post('/api/operator/create').set(bearer(role)).send(body),
    put: (role, id, body) => t.http().put(`/api/operator/${id}`).set(bearer(role)).send(body),
    getOne: (role, id) => t.http().get(`/api/operator/${id}`).set(bearer(role)),
    list: (role, body = {}) => t.http().post('/api/operator/get/list').set(bearer(role)).send(body),
    async created(body = dpdBody()) {
      const res = await kit.create('admin', body);
      expect(res.status).toBe(201);
      return res.body as OperatorView;
    },
    query,
    async unchanged(call) {
      const before = await dbState();
      const res = await call();
      expect(await dbState()).toEqual(before);
      return res;
    },
    async lastAudit(type, entityId) {
      const rows = await query<{
        created_by_id: string | null;
        before: unknown;
        after: unknown;
        details: unknown;
      }>('select * from audit_log where type = $1 and entity_id = $2 order by id desc limit 1', [
        type,
        entityId,
      ]);
      return rows[0];
    },
    close: () => t.close(),
  };
  return kit;
}
