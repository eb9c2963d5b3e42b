import { ROLES, MESSAGES } from '@depot/contracts';
import { PASSWORD } from '../harness';
import {
  NEW_PASSWORD,
  expectError,
  expectNoSecrets,
  expectValidation,
  usersChangesKit,
  v,
} from './users-changes.kit';

describe('users API: POST /api/user/changePassword', () => {
  const k = usersChangesKit();
  const { changePassword, current, signInRaw, unchanged, lastAudit, passwordHashOf } = k;

  describe('POST /api/user/changePassword', () => {
    it.each(ROLES)(
      'a %s changes its password: this session stays, the others end, only the new password works',
      async (role) => {
        const me = await k.t.userWithToken(role);
        const other = await k.t.signIn(me.email);
        const hashBefore = await passwordHashOf(me.id);
        const res = await changePassword(me.token, {
          oldPassword: PASSWORD,
          newPassword: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
        });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ message: 'Password has been changed.' });
        expect((await current(me.token)).status).toBe(200);
        expectError(await current(other), 401, 'Unauthorized', MESSAGES.notSignedIn);
        expect(await passwordHashOf(me.id)).not.toBe(hashBefore);
        expect((await signInRaw(me.email, NEW_PASSWORD)).status).toBe(200);
        expectError(await signInRaw(me.email, PASSWORD), 401, 'Unauthorized', MESSAGES.invalidCredentials);
        const audit = await lastAudit('user.passwordChange', me.id);
        expect(audit).toMatchObject({
          entity: 'user',
          created_by_id: me.id,
          details: { revokedSessions: 1 },
        });
        expectNoSecrets(audit);
      },
    );

    it("a wrong old password is 400 'Invalid Old Password.' and changes nothing", async () => {
      const me = await k.t.userWithToken('operator');
      const other = await k.t.signIn(me.email);
      const res = await unchanged(() =>
        changePassword(me.token, {
          oldPassword: 'not-my-password',
          newPassword: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
        }),
      );
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ statusCode: 400, error: 'Bad Request', message: 'Invalid Old Password.' });
      expect((await current(other)).status).toBe(200);
      expect((await signInRaw(me.email, PASSWORD)).status).toBe(200);
    });

    const valid = { oldPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    it.each<[string, Record<string, unknown>, string, string]>([
      ['no old password', { oldPassword: undefined }, v.passwordRequired, 'oldPassword'],
      ['a blank old password', { oldPassword: '  ' }, v.passwordRequired, 'oldPassword'],
      ['no new password', { newPassword: undefined }, v.passwordRequired, 'newPassword'],
      ['an empty new password', { newPassword: '', confirmPassword: '' }, v.passwordRequired, 'newPassword'],
      [
        'an 11-character new password',
        { newPassword: 'elevenchars', confirmPassword: 'elevenchars' },
        v.passwordTooShort(12),
        'newPassword',
      ],
      ['no confirmation', { confirmPassword: undefined }, v.confirmPasswordRequired, 'confirmPassword'],
      ['an empty confirmation', { confirmPassword: '' }, v.confirmPasswordRequired, 'confirmPassword'],
      [
        'a confirmation that differs',
        { confirmPassword: `${NEW_PASSWORD}!` },
        v.passwordsDiffer,
        'confirmPassword',
      ],
    ])('refuses %s with its message and changes nothing', async (_name, over, message, path) => {
      const me = await k.t.userWithToken('magazyn');
      const body = Object.fromEntries(
        Object.entries({ ...valid, ...over }).filter(([, x]) => x !== undefined),
      );
      const res = await unchanged(() => changePassword(me.token, body));
      expectValidation(res, message, path);
      expect((await signInRaw(me.email, PASSWORD)).status).toBe(200);
    });

    it('a short new password is refused even with the wrong old password (validation first)', async () => {
      const me = await k.t.userWithToken('salesman');
      const res = await unchanged(() =>
        changePassword(me.token, { oldPassword: 'wrong', newPassword: 'short', confirmPassword: 'short' }),
      );
      expectValidation(res, v.passwordTooShort(12), 'newPassword');
    });

    it('is 401 without a session', async () => {
      const res = await unchanged(() => k.t.http().post('/api/user/changePassword').send(valid));
      expectError(res, 401, 'Unauthorized', MESSAGES.notSignedIn);
    });
  });
});
