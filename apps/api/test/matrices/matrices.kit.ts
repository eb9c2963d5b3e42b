import type { Response } from 'supertest';
import type { MatrixView, Role } from '@depot/contracts';
import { operators } from '../../src/db/schema';
import { startTestDepot, type TestDepot } from '../harness';
import { dbProbe, signInEveryRole, type AuditRow } from '../role-kit';

export { ROLES, UNKNOWN_ID } from '../role-kit';

/** Shared set-up of the routing matrices suites: a depot, a user of every role, carriers, and call helpers. */

/** Roles refused every matrices call (no matrices.read). */
export const NO_ACCESS: Role[] = ['salesman', 'magazyn', 'user'];
/** Roles refused every change (matrices.read only, or nothing). */
export const READ_ONLY_OR_NONE: Role[] = ['salesman', 'operator', 'magazyn', 'user'];

let seq = 0;
export const tag = () => `${process.pid.toString(36)}${Date.now().toString(36)}${(seq++).toString(36)}`;

export interface MatricesKit {
  t: TestDepot;
  tokens: Record<Role, string>;
  ids: Record<Role, string>;
  bearer(role: Role): { Authorization: string };
  /** Inserts a carrier directly (the operators module is not the subject here). */
  operator(opts?: { name?: string; active?: boolean; maxWeightKg?: string | null }): Promise<string>;
  create(role: Role, body: Record<string, unknown>): Promise<Response>;
  /** Creates a matrix as admin and returns it (expects 201). */
  created(body?: Record<string, unknown>): Promise<MatrixView>;
  get(role: Role, id: string): Promise<Response>;
  put(role: Role, id: string, body: Record<string, unknown>): Promise<Response>;
  setDefault(role: Role, id: string): Promise<Response>;
  clone(role: Role, id: string, body: Record<string, unknown>): Promise<Response>;
  remove(role: Role, id: string): Promise<Response>;
  list(role: Role, body?: Record<string, unknown>): Promise<Response>;
  query<R extends object>(text: string, params?: unknown[]): Promise<R[]>;
  /** Runs a call that must change nothing (matrices, conditions and the log are compared). */
  unchanged(call: () => Promise<Response>): Promise<Response>;
  lastAudit(type: string, entityId: string): Promise<AuditRow | undefined>;
  defaults(): Promise<string[]>;
  close(): Promise<void>;
}

export async function startMatricesKit(): Promise<MatricesKit> {
  const t = await startTestDepot(process.env.DBG ? { LOG_LEVEL: 'error' } : {});
  const { tokens, ids, bearer } = await signInEveryRole(t);
  const probe = dbProbe(t, ['routing_matrices', 'routing_conditions']);
  const { query } = probe;

  const kit: MatricesKit = {
    t,
    tokens,
    ids,
    bearer,
    async operator(opts = {}) {
      const [row] = await t.depot.runtime.db
        .insert(operators)
        .values({
          name: opts.name ?? `Carrier ${tag()}`,
          type: 'DPD',
          active: opts.active ?? true,
          maxWeightKg: opts.maxWeightKg ?? null,
        })
        .returning({ id: operators.id });
      return row.id;
    },
    create: (role, body) => t.http().post('/api/matrix/create').set(bearer(role)).send(body),
    async created(body = {}) {
      const res = await kit.create('admin', { name: `Matrix ${tag()}`, ...body });
      expect(res.status).toBe(201);
      return res.body as MatrixView;
    },
    get: (role, id) => t.http().get(`/api/matrix/${id}`).set(bearer(role)),
    put: (role, id, body) => t.http().put(`/api/matrix/${id}`).set(bearer(role)).send(body),
    setDefault: (role, id) => t.http().put(`/api/matrix/${id}/default`).set(bearer(role)).send({}),
    clone: (role, id, body) => t.http().post(`/api/matrix/${id}/clone`).set(bearer(role)).send(body),
    remove: (role, id) => t.http().delete(`/api/matrix/${id}`).set(bearer(role)),
    list: (role, body = {}) => t.http().post('/api/matrix/get/list').set(bearer(role)).send(body),
    ...probe,
    async defaults() {
      return (await query<{ id: string }>('select id from routing_matrices where is_default')).map(
        (r) => r.id,
      );
    },
    close: () => t.close(),
  };
  return kit;
}

/** A condition PL→DE up to 10 kg on `operatorId`, with `over` applied. */
export const cond = (operatorId: string, over: Record<string, unknown> = {}) => ({
  pickupCountry: 'PL',
  destinationCountry: 'DE',
  maxWeightKg: 10,
  operatorId,
  ...over,
});

/** The ids of the three carriers. */
export interface Carriers {
  dpd: string;
  gls: string;
  inactive: string;
}

/** The carriers of the matrices suites: DPD and GLS (active) and an inactive one, created in that order. */
export async function threeCarriers(k: MatricesKit): Promise<Carriers> {
  const dpd = await k.operator({ name: `DPD ${tag()}` });
  const gls = await k.operator({ name: `GLS ${tag()}` });
  const inactive = await k.operator({ name: `Old ${tag()}`, active: false });
  return { dpd, gls, inactive };
}

/** The routing suites' world: five carriers and two matrices, Main (the first, so the default) and Domestic. */
export interface RoutingFixture {
  op: Record<'dpd' | 'gls' | 'ups' | 'old' | 'light', string>;
  main: MatrixView;
  domestic: MatrixView;
}

/** Main: PL→DE ≤30 kg on an inactive carrier then DPD, *→DE ≤50 GLS, PL→CZ ≤20 on a 5 kg carrier, *→* ≤100 UPS. */
export async function routingFixture(k: MatricesKit): Promise<RoutingFixture> {
  const c = (
    operatorId: string,
    pickupCountry: string | null,
    destinationCountry: string | null,
    maxWeightKg: number,
  ) => ({
    operatorId,
    pickupCountry,
    destinationCountry,
    maxWeightKg,
  });
  const op = {} as RoutingFixture['op'];
  op.dpd = await k.operator({ name: `DPD ${tag()}` });
  op.gls = await k.operator({ name: `GLS ${tag()}` });
  op.ups = await k.operator({ name: `UPS ${tag()}` });
  op.old = await k.operator({ name: `Old ${tag()}`, active: false });
  op.light = await k.operator({ name: `Light ${tag()}`, maxWeightKg: '5' });
  const main = await k.created({
    name: `Main ${tag()}`,
    conditions: [
      c(op.old, 'PL', 'DE', 30),
      c(op.dpd, 'PL', 'DE', 30),
      c(op.gls, null, 'DE', 50),
      c(op.light, 'PL', 'CZ', 20),
      c(op.ups, null, null, 100),
    ],
  });
  const domestic = await k.created({ name: `Domestic ${tag()}`, conditions: [c(op.gls, 'PL', 'PL', 31.5)] });
  return { op, main, domestic };
}

/** One depot with the matrices kit and `fixture` on it, for the calling describe block (beforeAll/afterAll). */
function suiteWith<F extends object>(fixture: (k: MatricesKit) => Promise<F>): MatricesKit & F {
  const k = {} as MatricesKit & F;
  beforeAll(async () => {
    Object.assign(k, await startMatricesKit());
    Object.assign(k, await fixture(k));
  });
  afterAll(async () => {
    await k.close();
  });
  return k;
}

/** The matrices suites' depot: the kit and the three carriers. */
export const matricesSuite = () => suiteWith(threeCarriers);

/** The routing suites' depot: the kit and the routing fixture (Main is the default). */
export const routingSuite = () => suiteWith(routingFixture);
