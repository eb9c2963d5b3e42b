import { Client } from 'pg';
import request from 'supertest';
import type { ScanReply } from '@depot/contracts';
import { rooms } from '@depot/contracts';
import { eventMatching, serverUrl, startTestDepot, type TestDepot } from '../harness';
import { openSocket, subscribe } from '../realtime/realtime.kit';
import { scanId, startScanKit, type ScanKit } from './scans.kit';

/**
 * Issue 14: "restart PostgreSQL (or kill the app) during 100 scans/s from a client that retries with its scan ids:
 * every scan the server acknowledged is in the database exactly once, every scan it did not acknowledge is retried
 * and lands once". A client sends a scan every 10 ms, each on its own, and retries any that got no 200 with the same
 * scan id; midway every connection of the database is cut (what a PostgreSQL restart does to the app), or the app it
 * talks to is killed (closed with requests in flight) and another started on the same database. Needs a PostgreSQL
 * server: two processes cannot share the embedded database, and cutting its connections means stopping the app.
 */
const SCANS = 300;
const PACE_MS = 10;
const TERMINAL = 'Restart terminal';

interface Outcome {
  acknowledged: Map<string, number>;
  attempts: number;
}

/** Sends one scan per parcel number at 100/s, retrying each until a 200; `midway` runs after a third was sent. */
async function scanThrough(
  target: () => string,
  token: string,
  numbers: string[],
  midway: () => Promise<void>,
): Promise<Outcome> {
  const acknowledged = new Map<string, number>();
  let attempts = 0;
  const send = async (number: string, id: string): Promise<void> => {
    // Until acknowledged, for up to two minutes (a loaded machine restarts the app slowly), backing off as a scanning
    // device does: after a restart every unacknowledged scan is resent at once, and fixed short retries with short
    // timeouts would keep abandoning requests the new app is still working through (each resend more load, none
    // answered in time).
    let pause = 50;
    for (const until = Date.now() + 120_000; Date.now() < until; pause = Math.min(pause * 2, 2_000)) {
      attempts++;
      try {
        const res = await request(target())
          .post('/api/operatingModule/setStatusForArrayOfExtNrs')
          .set('Authorization', `Bearer ${token}`)
          .timeout(15_000)
          .send({ externalNumber: [number], scanIds: [id] });
        if (res.status === 200) {
          const [result] = (res.body as ScanReply).results;
          acknowledged.set(id, result!.seq);
          return;
        }
      } catch {
        // connection refused or cut: retried below
      }
      await new Promise((r) => setTimeout(r, pause));
    }
    throw new Error(`scan ${id} never acknowledged`);
  };
  const sent: Promise<void>[] = [];
  let interrupted: Promise<void> | undefined;
  for (const [i, number] of numbers.entries()) {
    sent.push(send(number, `${scanId()}-${i}`));
    if (i === Math.floor(numbers.length / 3)) interrupted = midway();
    await new Promise((r) => setTimeout(r, PACE_MS));
  }
  await interrupted;
  await Promise.all(sent);
  return { acknowledged, attempts };
}

(serverUrl() ? describe : describe.skip)(
  'scans: exactly once through a database restart or a killed app',
  () => {
    let k: ScanKit;
    let admin: Client;

    /** `count` new parcels of the kit's client, copied from one made through the API; their internal numbers. */
    async function parcels(count: number): Promise<string[]> {
      const model = await k.created(k.own.id);
      const rows = await k.query<{ internal_number: string }>(
        `insert into parcels (client_id, order_type, source, status, internal_number, weight_kg, pickup_address,
         destination_address, pickup_country, destination_country, operator_id)
       select client_id, order_type, source, 'new', internal_number || '-' || g, weight_kg, pickup_address,
         destination_address, pickup_country, destination_country, operator_id
       from parcels, generate_series(1, $2::int) g where id = $1
       returning internal_number`,
        [model.id, count],
      );
      return rows.map((r) => r.internal_number);
    }

    /** Every scan id once in scans, every parcel changed once by a scan, and every acknowledged seq is that row. */
    async function expectExactlyOnce(numbers: string[], out: Outcome) {
      expect(out.acknowledged.size).toBe(numbers.length);
      const ids = [...out.acknowledged.keys()];
      const rows = await k.query<{ scan_id: string; id: string }>(
        'select scan_id, id from scans where scan_id = any($1)',
        [ids],
      );
      expect(rows).toHaveLength(ids.length);
      for (const r of rows) expect(Number(r.id)).toBe(out.acknowledged.get(r.scan_id));
      const [history] = await k.query<{ parcels: string; changes: string }>(
        `select count(distinct p.id) as parcels, count(h.id) as changes
         from parcels p join parcel_status_history h on h.parcel_id = p.id and h.source = 'scan'
        where p.internal_number = any($1)`,
        [numbers],
      );
      expect({ parcels: Number(history!.parcels), changes: Number(history!.changes) }).toEqual({
        parcels: numbers.length,
        changes: numbers.length,
      });
    }

    beforeAll(async () => {
      k = await startScanKit();
      admin = new Client({ connectionString: serverUrl() });
      await admin.connect();
    });
    afterAll(async () => {
      await admin.end();
      await k.close();
    });

    it('cutting every database connection midway: each scan lands exactly once', async () => {
      const numbers = await parcels(SCANS);
      const database = new URL(k.t.config.databaseUrl!).pathname.slice(1);
      let cut = 0;
      const out = await scanThrough(
        () => k.t.url,
        k.tokens.magazyn,
        numbers,
        async () => {
          const res = await admin.query(
            'select pg_terminate_backend(pid) as done from pg_stat_activity where datname = $1',
            [database],
          );
          cut = res.rowCount ?? 0;
        },
      );
      expect(cut).toBeGreaterThan(0);
      await expectExactlyOnce(numbers, out);
      // And the app goes on: its live events come back with the event bus's new connection.
      const watcher = await openSocket(k.t, { token: k.tokens.operator });
      await subscribe(watcher, rooms.terminal(TERMINAL));
      const p = await k.parcelWith();
      const seen = eventMatching(watcher, 'scan:recorded', (s) => s.parcelId === p.id, 15_000);
      await k.scanned(p.internalNumber, { terminal: TERMINAL });
      await seen;
    }, 240_000);

    it('killing the app midway and starting another: each scan lands exactly once', async () => {
      const numbers = await parcels(SCANS);
      let app: TestDepot = await startTestDepot({}, { sameDatabaseAs: k.t });
      let url = app.url;
      const out = await scanThrough(
        () => url,
        k.tokens.magazyn,
        numbers,
        async () => {
          await app.close();
          app = await startTestDepot({}, { sameDatabaseAs: k.t });
          url = app.url;
        },
      );
      await app.close();
      expect(out.attempts).toBeGreaterThan(SCANS);
      await expectExactlyOnce(numbers, out);
    }, 240_000);
  },
);
