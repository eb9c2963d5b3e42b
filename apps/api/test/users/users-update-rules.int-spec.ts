import { MESSAGES } from '@depot/contracts';
import { ADMIN, PASSWORD } from '../harness';
import {
  NEW_PASSWORD,
  UNKNOWN_ID,
  expectError,
  expectValidation,
  newEmail,
  usersChangesKit,
  v,
} from './users-changes.kit';

/**
 * PUT /api/user/:userId, the values: nothing changed, taken e-mails, client membership, field checks and
 * unknown keys; a refused edit changes nothing.
 */

describe('users API: PUT /api/user/:userId and /api/client/:clientId/user/:userId', () => {
  const k = usersChangesKit();
  const { put, query, unchanged } = k;

  describe('PUT /api/user/:userId and /api/client/:clientId/user/:userId', () => {
    it("says 'No value has changed' when nothing differs", async () => {
      const admin = await k.t.userWithToken('admin');
      const target = await k.t.createUser('operator');
      for (const body of [
        {},
        { firstName: 'Test', lastName: 'operator', lang: 'en' },
        { email: target.email.toUpperCase(), role: 'operator', active: true },
      ]) {
        const res = await unchanged(() => put(admin.token, target.id, body));
        expectError(res, 400, 'Bad Request', MESSAGES.noValueChanged);
      }
      const me = await k.t.userWithToken('magazyn');
      expectError(
        await unchanged(() => put(me.token, me.id, { lang: 'en' })),
        400,
        'Bad Request',
        MESSAGES.noValueChanged,
      );
      expectError(
        await unchanged(() => put(me.token, me.id, {})),
        400,
        'Bad Request',
        MESSAGES.noValueChanged,
      );
    });

    it('refuses an e-mail of another user, whatever its case, with 409', async () => {
      const target = await k.t.createUser('operator');
      const other = await k.t.createUser('magazyn');
      for (const email of [other.email, other.email.toUpperCase(), ADMIN.email]) {
        const res = await unchanged(() => put(k.rootToken, target.id, { email }));
        expect(res.status).toBe(409);
        expect(res.body).toEqual({
          statusCode: 409,
          error: 'Conflict',
          message: MESSAGES.emailTaken,
          details: [{ path: 'email', message: MESSAGES.emailTaken }],
        });
      }
    });

    it('two simultaneous edits to one new e-mail: one 200, one 409', async () => {
      const a = await k.t.createUser('operator');
      const b = await k.t.createUser('magazyn');
      const email = newEmail('race-edit');
      const results = await Promise.all([
        put(k.rootToken, a.id, { email }),
        put(k.rootToken, b.id, { email: email.toUpperCase() }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.status === 409)!.body.message).toBe(MESSAGES.emailTaken);
      expect(await query('select id from users where email = $1', [email])).toHaveLength(1);
    });

    it('moves users between clients and staff, keeping client membership consistent', async () => {
      const clientA = await k.t.createClient();
      const clientB = await k.t.createClient({ companyName: 'Second Client' });
      const cu = await k.t.createUser('user', { clientId: clientA });
      const moved = await put(k.rootToken, cu.id, { clientId: clientB });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ clientId: clientB, clientName: 'Second Client' });
      const toStaff = await put(k.rootToken, cu.id, { role: 'operator', clientId: null });
      expect(toStaff.status).toBe(200);
      expect(toStaff.body).toMatchObject({ role: 'operator', clientId: null, clientName: null });
      const toClient = await put(k.rootToken, cu.id, { role: 'user', clientId: clientA });
      expect(toClient.status).toBe(200);
      expect(toClient.body).toMatchObject({ role: 'user', clientId: clientA });
    });

    it('refuses inconsistent client membership and unknown clients, changing nothing', async () => {
      const clientId = await k.t.createClient();
      const staff = await k.t.createUser('operator');
      const cu = await k.t.createUser('user', { clientId });
      const cases: [string, Record<string, unknown>, string][] = [
        [staff.id, { clientId }, MESSAGES.clientOnlyForClientUser],
        [staff.id, { role: 'user' }, v.clientRequired],
        [cu.id, { clientId: null }, v.clientRequired],
        [cu.id, { role: 'magazyn' }, MESSAGES.clientOnlyForClientUser],
      ];
      for (const [id, body, message] of cases) {
        const res = await unchanged(() => put(k.rootToken, id, body));
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ statusCode: 400, error: 'ValidationError', message });
      }
      const unknown = await unchanged(() => put(k.rootToken, cu.id, { clientId: UNKNOWN_ID }));
      expect(unknown.status).toBe(400);
      expect(unknown.body).toEqual({
        statusCode: 400,
        error: 'ValidationError',
        message: MESSAGES.clientNotFound,
        details: [{ path: 'clientId', message: MESSAGES.clientNotFound }],
      });
    });

    it.each<[string, Record<string, unknown>, string, string]>([
      ['an empty firstName', { firstName: '' }, v.firstNameRequired, 'firstName'],
      ['a blank lastName', { lastName: '   ' }, v.lastNameRequired, 'lastName'],
      ['a null firstName', { firstName: null }, v.firstNameRequired, 'firstName'],
      ['an empty email', { email: '' }, v.emailRequired, 'email'],
      ['a bad email', { email: 'nope' }, v.emailInvalid, 'email'],
      ['an unknown role', { role: 'king' }, v.roleRequired, 'role'],
      ['an unknown lang', { lang: 'de' }, v.languageRequired, 'lang'],
      ['an empty password', { password: '', confirmPassword: '' }, v.passwordRequired, 'password'],
      [
        'a short password',
        { password: 'short-pass', confirmPassword: 'short-pass' },
        v.passwordTooShort(12),
        'password',
      ],
      ['a password without confirmation', { password: NEW_PASSWORD }, v.passwordsDiffer, 'confirmPassword'],
      [
        'passwords that differ',
        { password: NEW_PASSWORD, confirmPassword: PASSWORD },
        v.passwordsDiffer,
        'confirmPassword',
      ],
      ['a clientId that is not a UUID', { clientId: 'acme' }, v.clientRequired, 'clientId'],
    ])('refuses %s with its message on both routes, changing nothing', async (_name, body, message, path) => {
      const clientId = await k.t.createClient();
      const cu = await k.t.createUser('user', { clientId });
      expectValidation(await unchanged(() => put(k.rootToken, cu.id, body)), message, path);
      expectValidation(await unchanged(() => put(k.rootToken, cu.id, body, clientId)), message, path);
    });

    it('refuses fields that may not be set (passwordHash, id) as unknown keys', async () => {
      const target = await k.t.createUser('operator');
      for (const body of [
        { passwordHash: 'x' },
        { id: UNKNOWN_ID, lang: 'pl' },
        { createdAt: '2000-01-01' },
      ]) {
        const res = await unchanged(() => put(k.rootToken, target.id, body));
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          statusCode: 400,
          error: 'ValidationError',
          message: expect.any(String),
          details: expect.any(Array),
        });
      }
    });
  });
});
