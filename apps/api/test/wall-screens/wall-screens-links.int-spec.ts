import { MESSAGES, WALL_TOKEN_PREFIX, type WallScreenLinkView } from '@depot/contracts';
import { sha256 } from '../../src/modules/auth/tokens';
import { expectError, expectValidation } from '../expectations';
import { startTestDepot, type TestDepot } from '../harness';
import { FORBIDDEN, UNKNOWN_ID, dbProbe } from '../role-kit';
import { NOT_READERS, NOT_WRITERS, uniqueTerminal, wallKit, type WallKit } from './wall-screens.kit';

const v = MESSAGES.validation;

/** Wall-screen links over REST (decision 0129): issue, list, revoke; the token never opens the REST API. */
describe('wall-screen links', () => {
  let t: TestDepot;
  let k: WallKit;
  const probe = dbProbe(() => t, ['wall_screen_links']);

  beforeAll(async () => {
    t = await startTestDepot();
    k = await wallKit(t);
  });
  afterAll(() => t.close());

  describe('create', () => {
    it('issues a link: the token is answered once, only its hash is kept, and the change log names it', async () => {
      const terminal = uniqueTerminal('Zielona Góra');
      const res = await k.create('admin', { terminal: `  ${terminal} `, name: ' Hall A ' });
      expect(res.status).toBe(201);
      const link = res.body as WallScreenLinkView & { token: string };
      expect(link).toEqual({
        id: expect.any(String),
        terminal,
        name: 'Hall A',
        createdBy: expect.any(String),
        createdAt: expect.any(String),
        lastSeenAt: null,
        revokedAt: null,
        token: expect.stringMatching(new RegExp(`^${WALL_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`)),
      });
      const [row] = await probe.query<{ token_hash: string }>(
        'select token_hash from wall_screen_links where id = $1',
        [link.id],
      );
      expect(row.token_hash).toBe(sha256(link.token));
      const entry = await probe.lastAudit('wallScreen.create', link.id);
      expect(entry.after).toEqual({ terminal, name: 'Hall A' });
      expect(JSON.stringify(entry)).not.toContain(link.token);
    });

    it('lets the super admin issue one too', async () => {
      expect((await k.create('superAdmin', { terminal: uniqueTerminal(), name: 'Dock' })).status).toBe(201);
    });

    it.each([
      [{ name: 'Hall' }, v.terminalRequired, 'terminal'],
      [{ terminal: '   ', name: 'Hall' }, v.terminalRequired, 'terminal'],
      [{ terminal: 'x'.repeat(101), name: 'Hall' }, 'At most 100 characters', 'terminal'],
      [{ terminal: 'Gate', name: '' }, v.nameRequired, 'name'],
      [{ terminal: 'Gate' }, v.nameRequired, 'name'],
      [{ terminal: 'Gate', name: 'x'.repeat(101) }, 'At most 100 characters', 'name'],
      [{ terminal: 7, name: 'Hall' }, v.terminalRequired, 'terminal'],
    ])('refuses %j with %s and saves nothing', async (body, message, path) => {
      const res = await probe.unchanged(() => k.create('admin', body));
      expectValidation(res, message, path);
    });

    it('refuses fields it does not know (a token chosen by the caller)', async () => {
      const res = await probe.unchanged(() =>
        k.create('admin', { terminal: 'Gate', name: 'Hall', token: 'mine' }),
      );
      expect(res.status).toBe(400);
    });

    it.each(NOT_WRITERS)('refuses %s', async (role) => {
      const res = await probe.unchanged(() => k.create(role, { terminal: 'Gate', name: 'Hall' }));
      expectError(res, 403, ...FORBIDDEN);
    });

    it('refuses an anonymous caller', async () => {
      const res = await probe.unchanged(() =>
        t.http().post('/api/operatingModule/wallScreens/create').send({ terminal: 'Gate', name: 'Hall' }),
      );
      expect(res.status).toBe(401);
    });
  });

  describe('list', () => {
    it('lists links newest first without their tokens, to the admins and the warehouse', async () => {
      const first = await k.link();
      const second = await k.link();
      for (const role of ['superAdmin', 'admin', 'operator', 'magazyn'] as const) {
        const res = await k.list(role);
        expect(res.status).toBe(200);
        const items = res.body.items as WallScreenLinkView[];
        const ids = items.map((l) => l.id);
        expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
        expect(ids.indexOf(second.id)).toBeGreaterThanOrEqual(0);
        expect(JSON.stringify(res.body)).not.toContain(first.token);
        expect(items.find((l) => l.id === first.id)).toEqual({
          id: first.id,
          terminal: first.terminal,
          name: first.name,
          createdBy: first.createdBy,
          createdAt: first.createdAt,
          lastSeenAt: null,
          revokedAt: null,
        });
      }
    });

    it.each(NOT_READERS)('refuses %s', async (role) => {
      expectError(await k.list(role), 403, ...FORBIDDEN);
    });
  });

  describe('revoke', () => {
    it('revokes a link (listed with when), and revoking again changes nothing', async () => {
      const link = await k.link();
      const res = await k.revoke('admin', link.id);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: link.id, revokedAt: expect.any(String) });
      const listed = ((await k.list('magazyn')).body.items as WallScreenLinkView[]).find(
        (l) => l.id === link.id,
      );
      expect(listed?.revokedAt).toBe(res.body.revokedAt);
      expect((await probe.lastAudit('wallScreen.revoke', link.id)).details).toEqual({
        terminal: link.terminal,
        name: link.name,
      });

      const again = await probe.unchanged(() => k.revoke('superAdmin', link.id));
      expect(again.status).toBe(200);
      expect(again.body.revokedAt).toBe(res.body.revokedAt);
    });

    it('answers 404 for an unknown link and an id that is not one', async () => {
      expectError(
        await probe.unchanged(() => k.revoke('admin', UNKNOWN_ID)),
        404,
        'Not Found',
        MESSAGES.wallScreenNotFound,
      );
      const bad = await probe.unchanged(() => k.revoke('admin', 'not-an-id'));
      expect(bad.status).toBe(404);
      expect(bad.body.message).toBe(MESSAGES.wallScreenNotFound);
    });

    it.each(NOT_WRITERS)('refuses %s and the link stays', async (role) => {
      const link = await k.link();
      expectError(await probe.unchanged(() => k.revoke(role, link.id)), 403, ...FORBIDDEN);
    });
  });

  describe('the token and the REST API', () => {
    it.each([
      ['as a bearer token', (token: string) => ({ Authorization: `Bearer ${token}` })],
      ['as an API key', (token: string) => ({ 'X-Api-Key': token })],
    ])('refuses a wall-screen token %s, on every kind of route', async (_, header) => {
      const { token } = await k.link();
      for (const path of [
        '/api/user/get/current',
        '/api/operatingModule/wallScreens/list',
        `/api/operatingModule/scans?terminal=Gate`,
      ]) {
        const res = await t.http().get(path).set(header(token));
        expect(res.status).toBe(401);
      }
      const scan = await t
        .http()
        .post('/api/operatingModule/setStatusForArrayOfExtNrs')
        .set(header(token))
        .send({ externalNumber: ['X1'], terminal: 'Gate' });
      expect(scan.status).toBe(401);
    });
  });
});
