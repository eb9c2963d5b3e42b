import { MESSAGES, type ImportView, type ListReply } from '@depot/contracts';
import { ImportStallsRepository } from '../../src/modules/imports/import-stalls.repository';
import { StalledImportsSweepJob } from '../../src/modules/imports/jobs/stalled-imports-sweep.job';
import { connected, eventMatching } from '../harness';
import { subscribe } from '../realtime/realtime.kit';
import { csvFile, PL_HEADERS, shipment, startImportsKit, type ImportsKit } from './imports.kit';

/**
 * Stalled checks (decision 0153): an import left `validating` by a process that stopped mid-check is failed by the
 * sweep (at a worker's start and every minute) once untouched for IMPORT_STALLED_MINUTES, with the reason, told to
 * open lists and written to the change log; a check still moving marks itself alive after each batch.
 */
describe('imports of shipments: stalled checks', () => {
  let k: ImportsKit;

  beforeAll(async () => {
    k = await startImportsKit();
  });
  afterAll(async () => {
    await k.close();
  });

  /** An uploaded import put back to `validating`, last touched `minutesAgo` ago (as a stopped check leaves it). */
  const validating = async (clientId: string, minutesAgo: number): Promise<string> => {
    const view = await k.uploaded('admin', csvFile([PL_HEADERS, shipment('S-1'), shipment('S-2')]), 's.csv', {
      clientId,
    });
    await k.query(
      `update imports set state = 'validating', updated_at = now() - make_interval(mins => $2) where id = $1`,
      [view.id, minutesAgo],
    );
    return view.id;
  };
  const sweep = () => k.t.depot.app.get(StalledImportsSweepJob).run();

  it('fails an import untouched for the threshold, with the reason, live and logged; a fresh one is left', async () => {
    const shop = await k.shop();
    const stalled = await validating(shop.id, 10);
    const fresh = await validating(shop.id, 0);
    const oldReady = (
      await k.uploaded('admin', csvFile([PL_HEADERS, shipment('S-3')]), 'r.csv', { clientId: shop.id })
    ).id;
    await k.query(`update imports set updated_at = now() - interval '1 day' where id = $1`, [oldReady]);

    const socket = k.t.socket({ token: shop.userToken });
    await connected(socket);
    expect(await subscribe(socket, `list:imports:${shop.id}`)).toEqual({ ok: true });
    const heard = eventMatching(
      socket,
      'list:change',
      (c) => c.list === 'imports' && c.op === 'upsert' && c.row.id === stalled,
    );
    expect((await sweep()).failed).toBeGreaterThanOrEqual(1);
    const change = await heard;
    expect(change).toMatchObject({
      op: 'upsert',
      row: { state: 'failed', errorMessage: MESSAGES.importStalled },
    });
    socket.disconnect();

    const res = await k.t
      .http()
      .post('/api/import/list')
      .set(k.auth({ token: shop.userToken }))
      .send({ filters: {} });
    expect(res.status).toBe(200);
    const byId = new Map((res.body as ListReply<ImportView>).items.map((i) => [i.id, i]));
    expect(byId.get(stalled)).toMatchObject({
      state: 'failed',
      errorMessage: MESSAGES.importStalled,
      totalRows: 2,
      validRows: 2,
    });
    expect(byId.get(stalled)!.finishedAt).not.toBeNull();
    expect(byId.get(fresh)).toMatchObject({ state: 'validating', errorMessage: null });
    expect(byId.get(oldReady)).toMatchObject({ state: 'ready' });
    const log = await k.query<{ type: string; created_by_id: string | null }>(
      `select type, created_by_id from audit_log where entity = 'import' and entity_id = $1 and type = 'import.stalled'`,
      [stalled],
    );
    expect(log).toEqual([{ type: 'import.stalled', created_by_id: null }]);
    // A second run finds nothing more of these: each is failed once.
    await sweep();
    const again = await k.query<{ n: number }>(
      `select count(*)::int as n from audit_log where entity_id = $1 and type = 'import.stalled'`,
      [stalled],
    );
    expect(again[0]!.n).toBe(1);
    expect((await k.get('admin', fresh)).body).toMatchObject({ state: 'validating' });
  });

  it('a check marks its import alive after each batch of rows', async () => {
    const shop = await k.shop();
    const stalls = k.t.depot.app.get(ImportStallsRepository);
    const touch = jest.spyOn(stalls, 'touch');
    try {
      const rows = Array.from({ length: 2001 }, (_, i) => shipment(`B-${i}`));
      const view = await k.uploaded('admin', csvFile([PL_HEADERS, ...rows]), 'big.csv', {
        clientId: shop.id,
      });
      expect(view).toMatchObject({ state: 'ready', totalRows: 2001 });
      expect(touch.mock.calls).toEqual([
        [view.id, 2000],
        [view.id, 1],
      ]);
    } finally {
      touch.mockRestore();
    }
  });
});
