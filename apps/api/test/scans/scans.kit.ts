import type { Response } from 'supertest';
import type { ParcelView, Role, ScanReply, ScanResult } from '@depot/contracts';
import { sectorOperators, sectors } from '../../src/db/schema';
import { startParcelsKit, tag, type ParcelsKit } from '../parcels/parcels.kit';

/** Shared set-up of the scan suites: the parcels kit (roles, clients, a routed carrier) and short-hands. */

export const OP = '/api/operatingModule';
/** Who may not scan: the salesman and client users. */
export const NOT_SCANNERS: Role[] = ['salesman', 'user'];

let seq = 0;
/** A scan id no other test uses. */
export const scanId = () => `scan-${tag()}-${(seq++).toString(36)}`;

export interface ScanKit extends ParcelsKit {
  post(path: string, body: unknown, who?: Parameters<ParcelsKit['auth']>[0]): Promise<Response>;
  /** Scans numbers (with these scan ids, if given) as `who` (default magazyn); the raw reply. */
  scan(body: Record<string, unknown>, who?: Parameters<ParcelsKit['auth']>[0]): Promise<Response>;
  /** Scans one number as magazyn and returns its result (fails the test on any other answer than 200). */
  scanned(number: string, over?: Record<string, unknown>): Promise<ScanResult>;
  /** A parcel of the kit's own client with these carrier numbers written beside it. */
  parcelWith(numbers?: Record<string, string>, over?: Record<string, unknown>): Promise<ParcelView>;
  /** A sector of `country` holding the kit's carrier (unique description). */
  sectorFor(country: string): Promise<{ id: string; sectorDescription: string }>;
}

export async function startScanKit(): Promise<ScanKit> {
  const k = await startParcelsKit();
  const post: ScanKit['post'] = (path, body, who = 'magazyn') =>
    k.t
      .http()
      .post(`${OP}/${path}`)
      .set(k.auth(who))
      .send(body as object)
      .then((r) => r);
  const scan: ScanKit['scan'] = (body, who) => post('setStatusForArrayOfExtNrs', body, who);
  return Object.assign(k, {
    post,
    scan,
    async scanned(number: string, over: Record<string, unknown> = {}) {
      const res = await scan({ externalNumber: [number], scanIds: [scanId()], ...over });
      expect(res.status).toBe(200);
      return (res.body as ScanReply).results[0]!;
    },
    async parcelWith(numbers: Record<string, string> = {}, over: Record<string, unknown> = {}) {
      const p = await k.created(k.own.id, over);
      const cols = Object.entries(numbers);
      if (cols.length > 0) {
        const set = cols.map(([c], i) => `${c.replace(/[A-Z]/g, (x) => `_${x.toLowerCase()}`)} = $${i + 2}`);
        await k.query(`update parcels set ${set.join(', ')} where id = $1`, [
          p.id,
          ...cols.map(([, v]) => v),
        ]);
      }
      return p;
    },
    async sectorFor(country: string) {
      const db = k.t.depot.runtime.db;
      const sectorDescription = `Sector ${tag()}`;
      const [row] = await db
        .insert(sectors)
        .values({ sectorCountry: country as never, sectorDescription })
        .returning({ id: sectors.id });
      await db
        .insert(sectorOperators)
        .values({ sectorId: row!.id, sectorCountry: country as never, operatorId: k.operatorId })
        .onConflictDoNothing();
      return { id: row!.id, sectorDescription };
    },
  });
}
