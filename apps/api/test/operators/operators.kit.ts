import type { Response } from 'supertest';
import type { OperatorView, Role } from '@depot/contracts';
import { startTestDepot, type TestDepot } from '../harness';
import { dbProbe, signInEveryRole, type AuditRow } from '../role-kit';

export { ROLES, UNKNOWN_ID } from '../role-kit';

/** Shared set-up of the operators suites: a depot, a token per role, valid bodies and database probes. */

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
  lastAudit(type: string, entityId: string): Promise<AuditRow>;
  close(): Promise<void>;
}

/** Starts a depot with a signed-in user of every role. */
export async function startOperatorsKit(): Promise<OperatorsKit> {
  const t = await startTestDepot();
  const { ids, bearer } = await signInEveryRole(t);
  const probe = dbProbe(t, ['operators', 'operator_additional_services']);
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
    ...probe,
    close: () => t.close(),
  };
  return kit;
}
