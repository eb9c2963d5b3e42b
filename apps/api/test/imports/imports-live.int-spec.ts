import { rooms, type ListChange } from '@depot/contracts';
import { connected, eventMatching, type DepotSocket } from '../harness';
import { recorder, settled, subscribe } from '../realtime/realtime.kit';
import {
  csvFile,
  PL_HEADERS,
  shipment,
  STAFF_REFUSED,
  startImportsKit,
  type ImportsKit,
} from './imports.kit';

const UNKNOWN_IMPORT = '0f0e0d0c-0000-4000-8000-00000000ffff';

/**
 * One import's room, `import:<id>` (decisions 0150, 0153): staff who read imports join any import's; a client's user
 * joins its own client's imports' only (the gateway looks the import's client up) and hears a row fixed by staff.
 */
describe('imports of shipments: live rows for client users', () => {
  let k: ImportsKit;
  const sockets: DepotSocket[] = [];

  beforeAll(async () => {
    k = await startImportsKit();
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await k.close();
  });

  const open = async (auth: Record<string, unknown>) => {
    const s = k.t.socket(auth);
    sockets.push(s);
    await connected(s);
    return s;
  };
  /** An import of `clientId` with one valid row and one whose weight is wrong. */
  const imported = async (clientId: string) => {
    const view = await k.uploaded(
      'admin',
      csvFile([PL_HEADERS, shipment('R-1'), shipment('R-2', { weight: 'dwa' })]),
      'live.csv',
      { clientId },
    );
    const [bad] = (await k.rows('admin', view.id, { state: 'invalid' })).items;
    return { id: view.id, badRow: bad! };
  };

  it("a client's user joins its own import's room and hears the row staff fixed", async () => {
    const shop = await k.shop();
    const mine = await imported(shop.id);
    const socket = await open({ token: shop.userToken });
    expect(await subscribe(socket, rooms.import(mine.id))).toEqual({ ok: true });
    const heard = eventMatching(
      socket,
      'list:change',
      (c: ListChange) => c.list === 'importRows' && c.op === 'upsert' && c.row.id === mine.badRow.id,
    );
    const fixed = await k.fix('admin', mine.id, mine.badRow.id, shipment('R-2'));
    expect(fixed.status).toBe(200);
    expect(await heard).toMatchObject({ row: { id: mine.badRow.id, state: 'valid', errors: [] } });
  });

  it("another client's import room, or an unknown one, is refused, and nothing of it arrives", async () => {
    const shop = await k.shop();
    const theirs = await imported(k.other.id);
    const socket = await open({ token: shop.userToken });
    const log = recorder(socket);
    expect(await subscribe(socket, rooms.import(theirs.id))).toEqual({ ok: false, error: 'Forbidden' });
    expect(await subscribe(socket, rooms.import(UNKNOWN_IMPORT))).toEqual({ ok: false, error: 'Forbidden' });
    expect(await subscribe(socket, `import:${theirs.id.toUpperCase()}`)).toEqual({
      ok: false,
      error: 'Forbidden',
    });
    expect((await k.fix('admin', theirs.id, theirs.badRow.id, shipment('R-2'))).status).toBe(200);
    await settled(k.t, socket);
    expect(log.events.filter((e) => e === 'list:change')).toEqual([]);
    // The other client's own user may.
    const owner = await open({ token: k.other.userToken });
    expect(await subscribe(owner, rooms.import(theirs.id))).toEqual({ ok: true });
  });

  it('staff who read imports join any import room; staff without import rights and API keys do not', async () => {
    const shop = await k.shop();
    const imp = await imported(shop.id);
    const admin = await open({ token: k.tokens.admin });
    expect(await subscribe(admin, rooms.import(imp.id))).toEqual({ ok: true });
    for (const role of STAFF_REFUSED) {
      const s = await open({ token: k.tokens[role] });
      expect([role, await subscribe(s, rooms.import(imp.id))]).toEqual([
        role,
        { ok: false, error: 'Forbidden' },
      ]);
    }
    const key = await open({ apiKey: shop.apiKey });
    expect(await subscribe(key, rooms.import(imp.id))).toEqual({ ok: false, error: 'Forbidden' });
  });
});
