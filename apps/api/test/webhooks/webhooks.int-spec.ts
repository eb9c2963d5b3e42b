import {
  MESSAGES,
  WEBHOOK_ENDPOINTS_PER_CLIENT,
  type Role,
  type WebhookView,
  type WebhookWithSecret,
} from '@depot/contracts';
import { SecretBox } from '../../src/secrets/secret-box';
import { expectError, expectValidation } from '../expectations';
import { UNKNOWN_ID } from '../parcels/parcels.kit';
import { restCalls, startWebhooksKit, URL_OK, type WebhooksKit } from './webhooks.kit';

/**
 * Webhook endpoints over REST (decision 0146): registered by a client user, its API key or staff for a client;
 * the secret shown once and kept encrypted; changed, rotated and deleted within the caller's client; bad input
 * refused field by field; forged ids and cursors refused. Who may call: webhooks-refused.int-spec.ts.
 */

const v = MESSAGES.validation;

describe('webhook endpoints (REST)', () => {
  let w: WebhooksKit;

  const { as, http, create, list } = restCalls(() => w);
  const count = async () =>
    (await w.k.query<{ n: number }>('select count(*)::int as n from webhook_endpoints'))[0].n;

  beforeAll(async () => {
    w = await startWebhooksKit();
  });
  afterAll(async () => {
    await w.close();
  });

  describe('create', () => {
    it("a client user's endpoint: the secret once, stored encrypted, only its prefix in later replies", async () => {
      const res = await create('user', { url: `  ${URL_OK}  `, events: ['label.ready', 'parcel.created'] });
      expect(res.status).toBe(201);
      const ep = res.body as WebhookWithSecret;
      expect(ep.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
      expect(ep).toEqual({
        id: expect.any(String),
        clientId: w.k.own.id,
        clientName: expect.any(String),
        url: URL_OK,
        events: ['parcel.created', 'label.ready'],
        active: true,
        secretPrefix: ep.secret.slice(0, 10),
        previousSecretUntil: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        secret: ep.secret,
      });
      const [row] = await w.k.query<Record<string, unknown>>(
        'select * from webhook_endpoints where id = $1',
        [ep.id],
      );
      expect(JSON.stringify(row)).not.toContain(ep.secret);
      expect(w.k.t.depot.app.get(SecretBox).decrypt(row.secret_encrypted as string)).toBe(ep.secret);

      const got = await http().get(`/api/webhook/${ep.id}`).set(as('user'));
      expect(got.status).toBe(200);
      expect(got.body).not.toHaveProperty('secret');
      const listed = await list('user');
      expect(JSON.stringify(listed.body)).not.toContain(ep.secret);
      const [audit] = await w.k.query<{ after: WebhookView; created_by_id: string }>(
        "select after, created_by_id from audit_log where type = 'webhook.create' and entity_id = $1",
        [ep.id],
      );
      expect(audit.after.url).toBe(URL_OK);
      expect(JSON.stringify(audit)).not.toContain(ep.secret);
    });

    it("an API key registers its own client's endpoint (the integrators' API)", async () => {
      const res = await create(
        { apiKey: w.k.own.apiKey },
        { url: URL_OK, events: ['parcel.status_changed'] },
      );
      expect(res.status).toBe(201);
      expect(res.body.clientId).toBe(w.k.own.id);
      expect(res.headers['x-ratelimit-limit']).toBeDefined();
      const [audit] = await w.k.query<{ api_key_id: string | null }>(
        "select api_key_id from audit_log where type = 'webhook.create' and entity_id = $1",
        [res.body.id],
      );
      expect(audit.api_key_id).not.toBeNull();
    });

    it.each(['superAdmin', 'admin'] as Role[])('%s registers one for the client it names', async (role) => {
      const res = await create(role, { url: URL_OK, events: ['parcel.created'], clientId: w.k.other.id });
      expect(res.status).toBe(201);
      expect(res.body.clientId).toBe(w.k.other.id);
      expectValidation(
        await create(role, { url: URL_OK, events: ['parcel.created'] }),
        v.clientRequired,
        'clientId',
      );
      expectValidation(
        await create(role, { url: URL_OK, events: ['parcel.created'], clientId: UNKNOWN_ID }),
        MESSAGES.clientNotFound,
        'clientId',
      );
    });

    it('naming another client as a client user reads as a missing client, and makes nothing', async () => {
      const before = await count();
      expectError(
        await create('user', { url: URL_OK, events: ['parcel.created'], clientId: w.k.other.id }),
        404,
        'Not Found',
        MESSAGES.clientNotFound,
      );
      expect(await count()).toBe(before);
    });

    it.each([
      ['no URL', { events: ['parcel.created'] }, v.webhookUrlRequired, 'url'],
      ['a URL that is not text', { url: 42, events: ['parcel.created'] }, v.webhookUrlRequired, 'url'],
      ['a bad URL', { url: 'shop.example.com/hook', events: ['parcel.created'] }, v.webhookUrlInvalid, 'url'],
      ['an ftp URL', { url: 'ftp://127.0.0.1/x', events: ['parcel.created'] }, v.webhookUrlInvalid, 'url'],
      [
        'credentials in the URL',
        { url: 'http://a:b@127.0.0.1/x', events: ['parcel.created'] },
        v.webhookUrlInvalid,
        'url',
      ],
      [
        'a huge URL',
        { url: `http://127.0.0.1/${'a'.repeat(5000)}`, events: ['parcel.created'] },
        v.webhookUrlInvalid,
        'url',
      ],
      [
        'a URL elsewhere than this machine (tests: WEBHOOK_URLS=local)',
        { url: 'https://shop.example.com/h', events: ['parcel.created'] },
        MESSAGES.webhookUrlNotLocal,
        'url',
      ],
      ['no events', { url: URL_OK }, v.webhookEventsRequired, 'events'],
      ['an empty list of events', { url: URL_OK, events: [] }, v.webhookEventsRequired, 'events'],
      ['an unknown event', { url: URL_OK, events: ['parcel.deleted'] }, v.webhookEventInvalid, 'events.0'],
      ['the test event', { url: URL_OK, events: ['webhook.test'] }, v.webhookEventInvalid, 'events.0'],
    ])('refuses %s', async (_label, body, message, path) => {
      const before = await count();
      expectValidation(await create('user', body), message, path);
      expect(await count()).toBe(before);
    });

    it('refuses NUL, huge strings and keys it does not know (a secret chosen by the caller)', async () => {
      const before = await count();
      for (const body of [
        { url: `${URL_OK}\u0000`, events: ['parcel.created'] },
        { url: 'x'.repeat(100_000), events: ['parcel.created'] },
        { url: URL_OK, events: ['parcel.created'], secret: 'whsec_mine' },
        { url: URL_OK, events: ['parcel.created'], secretPrefix: 'x' },
        { url: URL_OK, events: ['parcel.created'], active: 'yes' },
      ]) {
        const res = await create('user', body);
        expect([res.status, res.body.error]).toEqual([400, 'ValidationError']);
      }
      expect(await count()).toBe(before);
    });

    it(`refuses a client's endpoint beyond ${WEBHOOK_ENDPOINTS_PER_CLIENT}`, async () => {
      const client = await w.k.newClient();
      for (let i = 0; i < WEBHOOK_ENDPOINTS_PER_CLIENT; i++)
        expect(
          (await create({ apiKey: client.apiKey }, { url: `${URL_OK}/${i}`, events: ['label.ready'] }))
            .status,
        ).toBe(201);
      expectError(
        await create({ apiKey: client.apiKey }, { url: URL_OK, events: ['label.ready'] }),
        409,
        'Conflict',
        MESSAGES.webhookTooMany,
      );
    });
  });

  describe('list', () => {
    it("a client user sees only its own client's endpoints; staff see all and filter", async () => {
      await create('admin', {
        url: `${URL_OK}?for=other`,
        events: ['parcel.created'],
        clientId: w.k.other.id,
      });
      const own = await list('user');
      expect(own.status).toBe(200);
      expect(own.body.items.length).toBeGreaterThan(0);
      expect(own.body.items.every((e: WebhookView) => e.clientId === w.k.own.id)).toBe(true);
      const probe = await list('user', { filters: { clientId: w.k.other.id } });
      expect(probe.body).toEqual({ items: [], nextCursor: null, total: 0 });
      const byKey = await list({ apiKey: w.k.own.apiKey });
      expect(byKey.body.total).toBe(own.body.total);
      const other = await list('admin', { filters: { clientId: w.k.other.id, search: 'FOR=OTHER' } });
      expect(other.body.items.map((e: WebhookView) => e.clientId)).toEqual([w.k.other.id]);
      const inactive = await list('admin', { filters: { active: false } });
      expect(inactive.body.items.every((e: WebhookView) => !e.active)).toBe(true);
    });

    it('pages by keyset, newest first, or by URL', async () => {
      for (const n of [3, 1, 2])
        await create('user', { url: `${URL_OK}/page-${n}`, events: ['parcel.created'] });
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: { body: { items: WebhookView[]; nextCursor: string | null } } = await list('user', {
          limit: 2,
          cursor,
          orderBy: { field: 'url', direction: 'asc' },
        });
        seen.push(...page.body.items.map((x) => x.url));
        cursor = page.body.nextCursor;
      } while (cursor);
      expect(seen).toEqual([...seen].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
      const first = await list('user', { limit: 2 });
      expect(first.body.items[0].createdAt >= first.body.items[1].createdAt).toBe(true);
    });

    it.each(['not-a-cursor', Buffer.from('{"k":"x","id":"nope"}').toString('base64url'), 'eyJ9'])(
      'refuses the forged cursor %j',
      async (cursor) => {
        expectError(await list('user', { cursor }), 400, 'Bad Request', MESSAGES.invalidCursor);
      },
    );
  });

  describe('update, rotate, delete', () => {
    it('changes the URL, the events and the state; a change that changes nothing is refused', async () => {
      const { body: ep } = await create('user', { url: URL_OK, events: ['parcel.created'] });
      const put = (body: Record<string, unknown>, who: Parameters<WebhooksKit['k']['auth']>[0] = 'user') =>
        http().put(`/api/webhook/${ep.id}`).set(as(who)).send(body);
      const changed = await put({ url: `${URL_OK}/v2`, events: ['parcel.status_changed', 'parcel.created'] });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({
        url: `${URL_OK}/v2`,
        events: ['parcel.created', 'parcel.status_changed'],
        secretPrefix: ep.secretPrefix,
      });
      expect((await put({ active: false }, { apiKey: w.k.own.apiKey })).body.active).toBe(false);
      expectError(await put({ active: false }), 400, 'Bad Request', MESSAGES.noValueChanged);
      expectError(await put({}), 400, 'Bad Request', MESSAGES.noValueChanged);
      expectValidation(await put({ url: 'nope' }), v.webhookUrlInvalid, 'url');
      expectValidation(await put({ url: 'http://10.0.0.1/x' }), MESSAGES.webhookUrlNotLocal, 'url');
      expectValidation(await put({ events: [] }), v.webhookEventsRequired, 'events');
      expect((await put({ secret: 'whsec_x' })).status).toBe(400);
      expect((await put({ clientId: w.k.other.id })).status).toBe(400);
      const log = await w.k.query<{ before: WebhookView; after: WebhookView }>(
        "select before, after from audit_log where entity_id = $1 and type = 'webhook.update' order by id",
        [ep.id],
      );
      expect(log.map((e) => [e.before.active, e.after.active])).toEqual([
        [true, true],
        [true, false],
      ]);
    });

    it('rotates the secret: a new one shown once, the old one kept to sign for a day', async () => {
      const { body: ep } = await create('user', { url: URL_OK, events: ['parcel.created'] });
      const res = await http().post(`/api/webhook/${ep.id}/rotateSecret`).set(as('user'));
      expect(res.status).toBe(200);
      expect(res.body.secret).toMatch(/^whsec_/);
      expect(res.body.secret).not.toBe(ep.secret);
      expect(res.body.secretPrefix).toBe(res.body.secret.slice(0, 10));
      const until = new Date(res.body.previousSecretUntil as string).getTime();
      expect(until - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
      const [row] = await w.k.query<{ secret_encrypted: string; previous_secret_encrypted: string }>(
        'select secret_encrypted, previous_secret_encrypted from webhook_endpoints where id = $1',
        [ep.id],
      );
      const box = w.k.t.depot.app.get(SecretBox);
      expect(box.decrypt(row.secret_encrypted)).toBe(res.body.secret);
      expect(box.decrypt(row.previous_secret_encrypted)).toBe(ep.secret);
      const [audit] = await w.k.query<{ type: string }>(
        "select type from audit_log where entity_id = $1 and type = 'webhook.rotateSecret'",
        [ep.id],
      );
      expect(audit).toBeDefined();
      expect((await http().get(`/api/webhook/${ep.id}`).set(as('user'))).body).not.toHaveProperty('secret');
    });

    it('deletes an endpoint with its delivery log', async () => {
      const { body: ep } = await create('user', { url: URL_OK, events: ['parcel.created'] });
      const test = await http().post(`/api/webhook/${ep.id}/test`).set(as('user'));
      expect(test.status).toBe(202);
      const res = await http().delete(`/api/webhook/${ep.id}`).set(as('user'));
      expect(res.status).toBe(204);
      expect(await w.k.query('select id from webhook_endpoints where id = $1', [ep.id])).toEqual([]);
      expect(await w.k.query('select id from webhook_deliveries where endpoint_id = $1', [ep.id])).toEqual(
        [],
      );
      expectError(
        await http().delete(`/api/webhook/${ep.id}`).set(as('user')),
        404,
        'Not Found',
        MESSAGES.webhookNotFound,
      );
      expectError(
        await http().get(`/api/webhookDelivery/${test.body.id}`).set(as('user')),
        404,
        'Not Found',
        MESSAGES.webhookDeliveryNotFound,
      );
    });
  });

  describe('delivery log', () => {
    it("lists an endpoint's deliveries newest first by keyset, by state and event; one delivery with its attempts", async () => {
      const { body: ep } = await create('user', { url: w.receiver.url, events: ['parcel.created'] });
      const ids: string[] = [];
      for (let i = 0; i < 3; i++)
        ids.push((await http().post(`/api/webhook/${ep.id}/test`).set(as('user'))).body.id);
      for (const id of ids) await w.settled(id, 'delivered');
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: {
          status: number;
          body: { items: { id: string }[]; nextCursor: string | null; total: number };
        } = await http()
          .post(`/api/webhook/${ep.id}/deliveries`)
          .set(as({ apiKey: w.k.own.apiKey }))
          .send({ limit: 2, cursor });
        expect(page.status).toBe(200);
        expect(page.body.total).toBe(3);
        seen.push(...page.body.items.map((d) => d.id));
        cursor = page.body.nextCursor;
      } while (cursor);
      expect(seen).toEqual([...ids].reverse());
      expect(await w.log(ep.id, { state: 'failed' })).toEqual([]);
      expect((await w.log(ep.id, { event: 'webhook.test', state: 'delivered' })).length).toBe(3);
      const bad = await http()
        .post(`/api/webhook/${ep.id}/deliveries`)
        .set(as('user'))
        .send({ filters: { state: 'lost' } });
      expect(bad.status).toBe(400);
      expectError(
        await http().post(`/api/webhook/${ep.id}/deliveries`).set(as('user')).send({ cursor: 'forged' }),
        400,
        'Bad Request',
        MESSAGES.invalidCursor,
      );
      const detail = await http().get(`/api/webhookDelivery/${ids[0]}`).set(as('user'));
      expect(detail.status).toBe(200);
      expect(JSON.parse(detail.body.body)).toMatchObject({ type: 'webhook.test' });
      expect(detail.body.attemptsLog).toHaveLength(1);
    });
  });
});
