import type { RefreshStatusesResult } from '@depot/contracts';
import { operators } from '../../src/db/schema';
import { SecretBox } from '../../src/secrets/secret-box';
import { StatusRefreshService } from '../../src/modules/status-refresh/status-refresh.service';
import { startFakeDpd, type FakeDpd } from '../../src/sandbox/carriers/fake-dpd';
import { startParcelsKit, tag, type ParcelsKit } from '../parcels/parcels.kit';

/**
 * A pull-queue carrier (DPD Polska's event queue, decision 0145): asked about one parcel, it answers for every parcel
 * of the customer it holds events for, and those parcels move too — a confirmed event is never asked for again, so
 * dropping it would lose it.
 */

const at = (minute: number) => new Date(Date.UTC(2026, 10, 28, 9, minute));

describe('status refresh from a pull-queue carrier', () => {
  let k: ParcelsKit;
  let dpd: FakeDpd;
  let operatorId: string;

  beforeAll(async () => {
    dpd = await startFakeDpd();
    k = await startParcelsKit({ CARRIER_DPD_URL: dpd.url, CARRIER_TIMEOUT_MS: '2000' });
    const box = k.t.depot.app.get(SecretBox);
    const [row] = await k.t.depot.runtime.db
      .insert(operators)
      .values({
        name: `DPD ${tag()}`,
        type: 'DPD',
        config: { masterFid: dpd.masterFid, login: dpd.login },
        secretConfig: box.encryptJson({ password: dpd.password }),
      })
      .returning({ id: operators.id });
    operatorId = row.id;
    const saved = await k.t
      .http()
      .post('/api/mapStatus/saveMapInDB')
      .set(k.auth('admin'))
      .send({
        operatorType: 'DPD',
        rows: [
          { code: '040101', description: 'Przyjęcie w oddziale', dbName: 'parcelCenter', isTerminal: false },
          { code: '190101', description: 'Doręczono', dbName: 'delivered', isTerminal: true },
        ],
      });
    if (saved.status !== 200) throw new Error(`status map: ${saved.status}`);
  });
  afterAll(async () => {
    await k.close();
    await dpd.close();
  });

  async function handed(waybill: string): Promise<string> {
    const p = await k.created(k.own.id);
    const res = await k.setStatus(p.id, 'pickup');
    if (res.status !== 200) throw new Error(`status: ${res.status}`);
    await k.query('update parcels set operator_id = $2, external_number = $3 where id = $1', [
      p.id,
      operatorId,
      waybill,
    ]);
    return p.id;
  }

  const statusOf = async (id: string) =>
    (await k.query<{ status: string }>('select status from parcels where id = $1', [id]))[0].status;

  it('applies the queue’s events to the parcels not asked about as well, and confirms them once', async () => {
    const [asked, other] = [`${Date.now()}01`, `${Date.now()}02`];
    const askedId = await handed(asked);
    const otherId = await handed(other);
    dpd.setEvents(asked, [{ code: '040101', description: 'Przyjęcie w oddziale', at: at(1) }]);
    dpd.setEvents(other, [
      { code: '040101', description: 'Przyjęcie w oddziale', at: at(2) },
      { code: '190101', description: 'Doręczono', at: at(3) },
    ]);
    const refresh = k.t.depot.app.get(StatusRefreshService);
    const result: RefreshStatusesResult = await refresh.refreshParcels(null, [askedId]);
    expect(result).toMatchObject({ checked: 1, unanswered: 0 });
    expect(await statusOf(askedId)).toBe('parcelCenter');
    expect(await statusOf(otherId)).toBe('delivered');
    expect(dpd.queued()).toBe(0);
    const history = await k.query<{ status: string; carrier_code: string }>(
      `select status, carrier_code from parcel_status_history where parcel_id = $1 and source = 'carrier' order by id`,
      [otherId],
    );
    expect(history).toEqual([
      { status: 'parcelCenter', carrier_code: '040101' },
      { status: 'delivered', carrier_code: '190101' },
    ]);
  });
});
