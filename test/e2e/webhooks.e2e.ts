import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { uniqueTag } from './support/api';
import { createClient } from './support/clients';
import { expect, test } from './support/fixtures';
import { WebhooksPage } from './pages/WebhooksPage';

/** A request the test's receiver got. */
interface Got {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on 127.0.0.1 (the server under test runs with WEBHOOK_URLS=local): answers with `status()`. */
async function startReceiver(status: () => number) {
  const got: Got[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(status(), { 'Content-Type': 'text/plain' });
      res.end('received');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/${uniqueTag('w')}`,
    got,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** What a receiver checks (docs/api/external.md): HMAC-SHA256 of `<timestamp>.<body>` with the secret. */
const signatureOk = (secret: string, r: Got) =>
  r.headers['depot-signature'] ===
  `v1=${createHmac('sha256', secret)
    .update(`${String(r.headers['depot-timestamp'])}.${r.body}`)
    .digest('hex')}`;

test.describe('webhooks (settings)', () => {
  test('a client user registers a webhook, sees its secret once, sends the test event and sees it delivered @both', async ({
    api,
    request,
    screens,
    t,
    lang,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const receiver = await startReceiver(() => 200);
    try {
      const client = await createClient(request, api);
      const user = await api.createUser({ role: 'user', clientId: client.id });
      const { page, signIn, shell } = screens;
      const hooks = new WebhooksPage(page, t, lang);
      await signIn.signIn(user);
      await hooks.open();
      await expect(page.getByTestId('list-no-items')).toBeVisible();

      // A new endpoint: the URL is required; every event is ticked to start with.
      await hooks.createButton.click();
      await expect(page.getByTestId('page-webhook-create')).toBeVisible();
      await hooks.save.click();
      await expect(hooks.urlError).toHaveText(t('validation.webhookUrlRequired'));
      await hooks.url.fill(receiver.url);
      await expect(hooks.event('parcelCreated')).toBeChecked();
      await hooks.eventLabel('labelReady').click();
      await expect(hooks.event('labelReady')).not.toBeChecked();
      await hooks.save.click();

      // The secret, this once, with a copy button.
      await expect(hooks.warning).toHaveText(t('webhooks.showOnceWarning', { url: receiver.url }));
      await expect(hooks.secret).toHaveValue(/^whsec_[A-Za-z0-9_-]{43}$/);
      const secret = await hooks.secret.inputValue();
      await hooks.copy.click();
      await expect(hooks.copy).toHaveText(t('common.copied'));
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      await expect(shell.toast('success', t('webhooks.created'))).toBeVisible();
      await hooks.done.click();

      // The endpoint's page: only the secret's beginning, never the secret again.
      await expect(hooks.details).toBeVisible();
      await expect(page).toHaveTitle(`${t('webhooks.detailsTitle')} · ${t('app.name')}`);
      await expect(hooks.secretPrefix).toContainText(`${secret.slice(0, 10)}…`);
      await expect(page.getByText(secret)).toHaveCount(0);
      await expect(hooks.event('labelReady')).not.toBeChecked();

      // The test event: delivered to the receiver, signed, and in the log with its reply code, live.
      await hooks.sendTest.click();
      await expect(shell.toast('success', t('webhooks.testSent'))).toBeVisible();
      await expect(hooks.deliveryCells('state')).toHaveText([t('webhooks.state.delivered')]);
      await expect(hooks.deliveryCells('event')).toHaveText([t('webhooks.event.test')]);
      await expect(hooks.deliveryCells('reply')).toHaveText(['200']);
      await expect(hooks.deliveryCells('attempts')).toHaveText(['1']);
      expect(receiver.got).toHaveLength(1);
      expect(receiver.got[0].headers['depot-event']).toBe('webhook.test');
      expect(signatureOk(secret, receiver.got[0])).toBe(true);

      // Back on the list: the endpoint with its events in the language.
      await hooks.open();
      await hooks.expectCount(1, 1);
      await expect(hooks.cells('url')).toHaveText([receiver.url]);
      await expect(hooks.cells('events')).toContainText(t('webhooks.event.parcelStatusChanged'));
    } finally {
      await receiver.close();
    }
  });

  test('a failing delivery shows its reply code, and sent again by hand it is delivered @pl', async ({
    api,
    request,
    screens,
    t,
    lang,
  }) => {
    let answer = 500;
    const receiver = await startReceiver(() => answer);
    try {
      const client = await createClient(request, api);
      const user = await api.createUser({ role: 'user', clientId: client.id });
      const { token } = await api.signIn(user.email, user.password);
      const created = await request.post('/api/webhook/create', {
        headers: { Authorization: `Bearer ${token}` },
        data: { url: receiver.url, events: ['parcel.created'] },
      });
      expect(created.status(), await created.text()).toBe(201);
      const { id, secret } = (await created.json()) as { id: string; secret: string };
      const { page, signIn } = screens;
      const hooks = new WebhooksPage(page, t, lang);
      await signIn.startSession(user);
      await page.goto(`/settings/webhooks/${id}`);
      await expect(hooks.details).toBeVisible();

      await hooks.sendTest.click();
      // Refused with 500: still pending (the schedule tries again), the reply code in the log.
      await expect(hooks.deliveryCells('reply')).toHaveText(['500']);
      await expect(hooks.deliveryCells('state')).toHaveText([t('webhooks.state.pending')]);
      await expect(hooks.deliveryCells('nextAttemptAt')).not.toHaveText(['']);

      // The receiver is fixed; "Send again" (keyboard): delivered at once, with the same delivery id.
      answer = 200;
      await hooks.deliveryRows.getByTestId('delivery-replay').focus();
      await page.keyboard.press('Enter');
      await expect(hooks.deliveryCells('state')).toHaveText([t('webhooks.state.delivered')]);
      await expect(hooks.deliveryCells('reply')).toHaveText(['200']);
      expect(receiver.got.length).toBeGreaterThanOrEqual(2);
      expect(new Set(receiver.got.map((g) => g.headers['depot-delivery'])).size).toBe(1);
      expect(receiver.got.every((g) => signatureOk(secret, g))).toBe(true);

      // Its attempts, one by one, the replay marked as made by hand.
      await hooks.deliveryRows.getByTestId('delivery-open').click();
      const attempts = page.getByTestId('delivery-attempt');
      await expect(attempts.first().getByTestId('attempt-reply')).toContainText('500');
      await expect(attempts.last().getByTestId('attempt-reply')).toContainText('200');
      await expect(attempts.last()).toContainText(t('webhooks.delivery.manual'));
      await page.getByTestId('delivery-close').click();
      await expect(page.getByTestId('delivery-detail')).toBeHidden();
    } finally {
      await receiver.close();
    }
  });
});
