import { MESSAGES, type WebhookWithSecret } from '@depot/contracts';
import { expectError } from '../expectations';
import { UNKNOWN_ID } from '../parcels/parcels.kit';
import { REFUSED, restCalls, startWebhooksKit, URL_OK, type WebhooksKit } from './webhooks.kit';

/**
 * Who may call the webhook endpoints (decision 0146): roles without the permission refused, another client's
 * endpoint and delivery read as missing, no credentials refused. In the embedded step too (its name says `refuse`).
 */
describe('webhook endpoints: who may call', () => {
  let w: WebhooksKit;
  const { as, http, create } = restCalls(() => w);

  beforeAll(async () => {
    w = await startWebhooksKit();
  });
  afterAll(async () => {
    await w.close();
  });

  let foreign: WebhookWithSecret;
  let foreignDelivery: string;

  beforeAll(async () => {
    foreign = (await create({ apiKey: w.k.other.apiKey }, { url: URL_OK, events: ['parcel.created'] }))
      .body as WebhookWithSecret;
    foreignDelivery = (
      await http()
        .post(`/api/webhook/${foreign.id}/test`)
        .set(as({ apiKey: w.k.other.apiKey }))
    ).body.id;
  });

  const calls = (id: string, deliveryId: string) =>
    [
      ['GET', `/api/webhook/${id}`, undefined],
      ['PUT', `/api/webhook/${id}`, { active: false }],
      ['DELETE', `/api/webhook/${id}`, undefined],
      ['POST', `/api/webhook/${id}/rotateSecret`, undefined],
      ['POST', `/api/webhook/${id}/test`, undefined],
      ['POST', `/api/webhook/${id}/deliveries`, {}],
      ['GET', `/api/webhookDelivery/${deliveryId}`, undefined],
      ['POST', `/api/webhookDelivery/${deliveryId}/replay`, undefined],
    ] as const;
  const send = (method: string, path: string, body: unknown, headers: Record<string, string>) => {
    const req = http()[method.toLowerCase() as 'get' | 'put' | 'post' | 'delete'](path).set(headers);
    return body === undefined ? req : req.send(body as object);
  };

  it.each(REFUSED)('%s is refused every webhook call (403), and nothing changes', async (role) => {
    const before = await w.k.query('select id, active, secret_encrypted from webhook_endpoints order by id');
    for (const [method, path, body] of [
      ['POST', '/api/webhook/get/list', {}],
      ['POST', '/api/webhook/create', { url: URL_OK, events: ['parcel.created'], clientId: w.k.own.id }],
      ...calls(foreign.id, foreignDelivery),
    ] as const)
      expectError(await send(method, path, body, as(role)), 403, 'Forbidden', MESSAGES.forbidden);
    expect(await w.k.query('select id, active, secret_encrypted from webhook_endpoints order by id')).toEqual(
      before,
    );
  });

  it.each([
    ['user', () => as('user')],
    ['API key', () => as({ apiKey: w.k.own.apiKey })],
  ])(
    "a client's %s hears 404 for another client's endpoint and delivery, even with a bad body",
    async (_who, headers) => {
      for (const [method, path, body] of calls(foreign.id, foreignDelivery)) {
        const res = await send(method, path, body === undefined ? undefined : { junk: '\u0000' }, headers());
        const message = path.includes('/webhookDelivery/')
          ? MESSAGES.webhookDeliveryNotFound
          : MESSAGES.webhookNotFound;
        expectError(res, 404, 'Not Found', message);
      }
      const [row] = await w.k.query<{ active: boolean }>(
        'select active from webhook_endpoints where id = $1',
        [foreign.id],
      );
      expect(row.active).toBe(true);
    },
  );

  it.each(['not-a-uuid', UNKNOWN_ID, '00000000-0000-0000-0000-000000000000', `${UNKNOWN_ID.toUpperCase()}x`])(
    'answers 404 for the forged id %s',
    async (id) => {
      for (const who of ['user', 'admin'] as const)
        for (const [method, path, body] of calls(id, id)) {
          const res = await send(method, path, body, as(who));
          const message = path.includes('/webhookDelivery/')
            ? MESSAGES.webhookDeliveryNotFound
            : MESSAGES.webhookNotFound;
          expectError(res, 404, 'Not Found', message);
        }
    },
  );

  it("staff may act on any client's endpoint", async () => {
    expect((await http().get(`/api/webhook/${foreign.id}`).set(as('admin'))).status).toBe(200);
    expect((await http().get(`/api/webhookDelivery/${foreignDelivery}`).set(as('superAdmin'))).status).toBe(
      200,
    );
  });

  it('a call without credentials is 401', async () => {
    expect((await http().post('/api/webhook/get/list').send({})).status).toBe(401);
    expect(
      (
        await http()
          .post('/api/webhook/create')
          .send({ url: URL_OK, events: ['parcel.created'] })
      ).status,
    ).toBe(401);
  });
});
