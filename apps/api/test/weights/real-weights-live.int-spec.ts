import { rooms, type ListChange, type WeightUploadReply } from '@depot/contracts';
import { eventMatching, type DepotSocket } from '../harness';
import { csvFile } from '../imports/imports.kit';
import { startParcelsKit, type ParcelsKit } from '../parcels/parcels.kit';
import { openSocket, subscribe } from '../realtime/realtime.kit';

/**
 * The carriers' real-weight files list is live (decision 0151): staff with accounting rights follow
 * `list:weightImports` and see a file another admin uploads; other roles and client users may not follow it.
 */
describe('real weights: the live list of files', () => {
  let k: ParcelsKit;
  const sockets: DepotSocket[] = [];

  beforeAll(async () => {
    k = await startParcelsKit();
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await k.close();
  });

  const socketOf = async (who: Parameters<ParcelsKit['auth']>[0]) => {
    const token = k.auth(who).Authorization!.replace(/^Bearer /, '');
    const s = await openSocket(k.t, { token });
    sockets.push(s);
    return s;
  };

  it("an admin's open list hears a file another admin uploads", async () => {
    const socket = await socketOf('superAdmin');
    expect(await subscribe(socket, rooms.list('weightImports'))).toEqual({ ok: true });
    const heard = eventMatching(
      socket,
      'list:change',
      (c: ListChange) => c.list === 'weightImports' && c.op === 'upsert' && c.row.fileName === 'live.csv',
    );
    const res = await k.t
      .http()
      .post('/api/large/order/importRealWeightFromFile')
      .set(k.auth('admin'))
      .attach(
        'file',
        csvFile([
          ['Numer przesyłki', 'Waga rzeczywista'],
          ['NOBODY-1', '2,5'],
        ]),
        'live.csv',
      );
    expect(res.status).toBe(201);
    const change = (await heard) as Extract<ListChange, { list: 'weightImports'; op: 'upsert' }>;
    const body = res.body as WeightUploadReply;
    expect(change).toMatchObject({
      created: true,
      actorId: k.ids.admin,
      row: { id: body.id, totalRows: 1, unmatchedRows: 1 },
    });
  });

  it('other staff roles and client users may not follow it', async () => {
    for (const who of ['salesman', 'operator', 'magazyn'] as const) {
      const socket = await socketOf(who);
      expect((await subscribe(socket, rooms.list('weightImports'))).ok).toBe(false);
    }
    const client = await openSocket(k.t, { token: k.own.userToken });
    sockets.push(client);
    expect((await subscribe(client, rooms.list('weightImports'))).ok).toBe(false);
    expect((await subscribe(client, rooms.clientList('weightImports', k.own.id))).ok).toBe(false);
  });
});
