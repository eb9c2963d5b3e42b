import { WEBHOOK_HEADERS, type WebhookBody, type WebhookWithSecret } from '@depot/contracts';
import { verifyWebhook } from '../../src/modules/webhooks/webhook-signature';
import { csvFile, PL_HEADERS, shipment } from '../imports/imports.kit';
import { address } from '../parcels/parcels.kit';
import { startWebhooksKit, type Received, type WebhooksKit } from './webhooks.kit';

/**
 * Webhooks of parcels created many at once (an approved import, decision 0154): the enqueuer gathers the new parcels
 * and writes their deliveries per client and batch, and each parcel still reaches the receiver once per event.
 */

const h = (r: Received, name: string) => r.headers[name.toLowerCase()] as string | undefined;
const bodyOf = <D = Record<string, unknown>>(r: Received) => JSON.parse(r.body) as WebhookBody<D>;

describe('webhooks of many new parcels', () => {
  let w: WebhooksKit;
  let endpoint: WebhookWithSecret;

  beforeAll(async () => {
    w = await startWebhooksKit();
    endpoint = await w.register(['parcel.created', 'parcel.status_changed', 'label.ready']);
  });
  afterAll(async () => {
    await w.close();
  });

  const forParcel = (id: string, event?: string) => (r: Received) =>
    bodyOf<{ parcel: { id: string } }>(r).data.parcel?.id === id &&
    (!event || h(r, WEBHOOK_HEADERS.event) === event);
  const verified = (secret: string, r: Received) =>
    verifyWebhook(
      secret,
      { timestamp: h(r, WEBHOOK_HEADERS.timestamp), signature: h(r, WEBHOOK_HEADERS.signature) },
      r.body,
    );

  it('parcels created many at once (an imported file) each reach the receiver once: parcel.created and label.ready', async () => {
    // The client's standard parcel and sender fill what the file leaves out (as for a shop's import).
    await w.k.query(
      `update clients set default_address = $2, default_phone_shipping = '+48600100200',
         parcel_settings = '{"content":"Books","sizeL":30,"sizeW":20,"sizeD":10,"value":"100.00","valueCurrency":"PLN","weightKg":null}'
       where id = $1`,
      [w.k.own.id, JSON.stringify({ ...address({ name: 'Sklep WH' }) })],
    );
    const file = csvFile([PL_HEADERS, shipment('WH-MANY-1'), shipment('WH-MANY-2'), shipment('WH-MANY-3')]);
    const res = await w.k.t
      .http()
      .post('/api/large/order/createShipmentFromFile')
      .set(w.k.auth('user'))
      .attach('file', file, 'many.csv');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ successCount: 3, errorCount: 0 });
    const made = await w.k.query<{ id: string }>(
      `select id from parcels where client_id = $1 and reference_number like 'WH-MANY-%'`,
      [w.k.own.id],
    );
    expect(made).toHaveLength(3);
    const ours = (r: Received) => made.some((p) => forParcel(p.id)(r));
    const got = await w.receiver.waitFor(6, ours);
    for (const p of made) {
      for (const event of ['parcel.created', 'label.ready']) {
        expect(got.filter(forParcel(p.id, event))).toHaveLength(1);
      }
    }
    expect(got.every((r) => verified(endpoint.secret, r))).toBe(true);
    // One delivery each in the log, however many processes heard the parcels.
    const rows = await w.k.query<{ n: number }>(
      `select count(*)::int as n from webhook_deliveries where endpoint_id = $1 and event_key = any($2::text[])`,
      [endpoint.id, made.flatMap((p) => [`parcel.created:${p.id}`, `label.ready:${p.id}`])],
    );
    expect(rows[0]!.n).toBe(6);
  });
});
