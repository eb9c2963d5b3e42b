import type { Response } from 'supertest';
import type { Role, SectorView } from '@depot/contracts';
import { operators } from '../../src/db/schema';
import type { TestDepot } from '../harness';
import { ROLES } from '../role-kit';

/** Shared set-up of the sector suites: a token per role, short-hands for the calls, carriers and sectors. */

export const BASE = '/api/operatingModule/administration/sector';
/** Who may not change sectors: everyone but the admins and the operator. */
export const NOT_WRITERS: Role[] = ['salesman', 'magazyn', 'user'];
/** Who may not read them: the salesman and client users. */
export const NOT_READERS: Role[] = ['salesman', 'user'];

let seq = 0;
/** A description no other test uses. */
export const uniqueName = (prefix = 'Sector') =>
  `${prefix} ${process.pid.toString(36)}${Date.now().toString(36)}${(seq++).toString(36)}`;

export interface SectorCalls {
  tokens: Record<Role, string>;
  bearer: (role: Role) => { Authorization: string };
  create: (role: Role, body: unknown) => Promise<Response>;
  update: (role: Role, id: string, body: unknown) => Promise<Response>;
  getOne: (role: Role, id: string) => Promise<Response>;
  list: (role: Role, query?: Record<string, string>) => Promise<Response>;
  remove: (role: Role, id: string) => Promise<Response>;
  map: (role: Role, body: unknown) => Promise<Response>;
  unmap: (role: Role, body: unknown) => Promise<Response>;
  operators: (role: Role) => Promise<Response>;
  /** Creates a sector as admin and returns it (fails the test on any other answer). */
  sector: (sectorCountry?: string, sectorDescription?: string) => Promise<SectorView>;
  /** A carrier inserted directly (the operators module has its own suites). */
  carrier: (name?: string, active?: boolean) => Promise<{ id: string; name: string }>;
  /** Maps a carrier as admin (fails the test on any other answer). */
  mapped: (sectorId: string, operatorId: string) => Promise<SectorView>;
}

export async function sectorCalls(t: TestDepot): Promise<SectorCalls> {
  const tokens = {} as Record<Role, string>;
  for (const role of ROLES) tokens[role] = (await t.userWithToken(role)).token;
  const bearer = (role: Role) => ({ Authorization: `Bearer ${tokens[role]}` });
  const post = (path: string) => (role: Role, body: unknown) =>
    t
      .http()
      .post(`${BASE}/${path}`)
      .set(bearer(role))
      .send(body as object)
      .then((r) => r);
  const calls: SectorCalls = {
    tokens,
    bearer,
    create: post('create'),
    map: post('mapSectorOperator'),
    unmap: post('unmapSectorOperator'),
    update: (role, id, body) =>
      t
        .http()
        .put(`${BASE}/update/${id}`)
        .set(bearer(role))
        .send(body as object)
        .then((r) => r),
    getOne: (role, id) =>
      t
        .http()
        .get(`${BASE}/get/${id}`)
        .set(bearer(role))
        .then((r) => r),
    list: (role, query = {}) =>
      t
        .http()
        .get(`${BASE}/list`)
        .query(query)
        .set(bearer(role))
        .then((r) => r),
    remove: (role, id) =>
      t
        .http()
        .delete(`${BASE}/delete/${id}`)
        .set(bearer(role))
        .then((r) => r),
    operators: (role) =>
      t
        .http()
        .get(`${BASE}/operators`)
        .set(bearer(role))
        .then((r) => r),
    async sector(sectorCountry = 'DE', sectorDescription = uniqueName()) {
      const res = await calls.create('admin', { sectorCountry, sectorDescription });
      if (res.status !== 201)
        throw new Error(`sector not created: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as SectorView;
    },
    async carrier(name = uniqueName('Carrier'), active = true) {
      const [row] = await t.depot.runtime.db
        .insert(operators)
        .values({ name, type: 'DPD', active })
        .returning({ id: operators.id, name: operators.name });
      return row;
    },
    async mapped(sectorId, operatorId) {
      const res = await calls.map('admin', { sectorId, operatorId });
      if (res.status !== 200) throw new Error(`not mapped: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as SectorView;
    },
  };
  return calls;
}
