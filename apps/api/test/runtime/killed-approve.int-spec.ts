import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ImportView } from '@depot/contracts';
import { freePort } from '../../src/db/embedded';
import { APPROVE_BATCH } from '../../src/modules/imports/import-approver';
import { serverUrl, TEST_SECRETS_KEY } from '../harness';
import { csvFile, PL_HEADERS, shipment, startImportsKit, type ImportsKit } from '../imports/imports.kit';
import { exited } from '../tools/child-process';

/**
 * Issue 16's "process killed during approve": the job's worker is the built app in a process of its own
 * (`ROLE=worker` on the suite's database; the suite's own app only serves the API and enqueues). It is killed with
 * SIGKILL once the first batches are written; a new worker takes the job over when its lock lapses and finishes it:
 * every valid row becomes exactly one parcel, none twice, none lost.
 */
const describeOnServer = serverUrl() ? describe : describe.skip;

describeOnServer('an import whose worker is killed during approve (PostgreSQL server)', () => {
  const main = join(__dirname, '..', '..', 'dist', 'main.js');
  // Five batches: the import is read every 20 ms, so the kill comes within a batch of the first, long before the last,
  // however busy the machine.
  const ROWS = 5 * APPROVE_BATCH;
  let k: ImportsKit;
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    k = await startImportsKit({ ROLE: 'api,gateway' });
  });
  afterAll(async () => {
    for (const w of workers) if (w.exitCode === null && w.signalCode === null) w.kill('SIGKILL');
    await Promise.all(workers.map((w) => exited(w)));
    await k.close();
  });

  const worker = async (): Promise<{ child: ChildProcess; stderr: () => string }> => {
    const child = spawn(process.execPath, [main], {
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: k.t.config.databaseUrl,
        DATABASE_POOL_MAX: '6',
        ROLE: 'worker',
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'error',
        DEMO_DATA: 'false',
        SECRETS_KEY: TEST_SECRETS_KEY,
        CARRIER_REGISTRATION_ON_CREATE: 'false',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (b: Buffer) => (stderr += String(b)));
    workers.push(child);
    return { child, stderr: () => stderr };
  };

  /** Reads the import until `done` says so, failing after `ms` or if `alive` exits. */
  const until = async (
    id: string,
    done: (v: ImportView) => boolean,
    ms: number,
    alive: { child: ChildProcess; stderr: () => string },
  ): Promise<ImportView> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const view = (await k.get('admin', id)).body as ImportView;
      if (done(view)) return view;
      if (alive.child.exitCode !== null)
        throw new Error(`the worker exited with ${alive.child.exitCode}: ${alive.stderr()}`);
      if (Date.now() > deadline)
        throw new Error(`import ${id} is ${view.state} with ${view.createdRows} created: ${alive.stderr()}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('is taken over by another worker and creates every row exactly once', async () => {
    expect(existsSync(main)).toBe(true);
    const shop = await k.shop();
    const rows = Array.from({ length: ROWS }, (_, i) => shipment(`KILL-${i}`));
    const view = await k.uploaded('admin', csvFile([PL_HEADERS, ...rows]), 'killed.csv', {
      clientId: shop.id,
    });
    expect(view.validRows).toBe(ROWS);

    const first = await worker();
    expect((await k.approve('admin', view.id)).status).toBe(202);
    // Killed once some batches are written and before the last.
    const midway = await until(view.id, (v) => v.createdRows > 0, 60_000, first);
    first.child.kill('SIGKILL');
    await exited(first.child);
    expect(midway.state).toBe('approving');
    const atKill = (await k.get('admin', view.id)).body as ImportView;
    expect(atKill.state).toBe('approving');
    expect(atKill.createdRows).toBeLessThan(ROWS);
    // What was written before the kill is whole: each created row has its parcel.
    const [written] = await k.query<{ n: number }>(
      `select count(*)::int as n from parcels where client_id = $1`,
      [shop.id],
    );
    expect(written!.n).toBe(atKill.createdRows);

    // A new worker takes the job over once the dead one's lock lapses (the job's lock lifetime, 30 s).
    const second = await worker();
    const finished = await until(view.id, (v) => v.state !== 'approving', 90_000, second);
    expect(finished).toMatchObject({ state: 'done', createdRows: ROWS, validRows: 0, invalidRows: 0 });
    const parcels = await k.parcelsOf(shop.id);
    expect(parcels).toHaveLength(ROWS);
    expect(new Set(parcels.map((p) => p.reference_number)).size).toBe(ROWS);
    const [rowsLeft] = await k.query<{ n: number }>(
      `select count(*)::int as n from import_rows where import_id = $1 and (state <> 'created' or parcel_id is null)`,
      [view.id],
    );
    expect(rowsLeft!.n).toBe(0);
  }, 180_000);
});
