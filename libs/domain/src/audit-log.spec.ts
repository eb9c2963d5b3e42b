import { HIDDEN_SECRET, type LogListItem } from '@depot/contracts';
import { isSecretKey, redactSecrets, stableJson } from './audit-log';
import { compareLogsNewestFirst, logMatchesFilters } from './lists/logs-list';

const AUTHOR = 'aaaaaaaa-0000-4000-8000-000000000001';

const entry = (over: Partial<LogListItem> = {}): LogListItem => ({
  id: '10',
  type: 'client.update',
  entity: 'client',
  entityId: 'c-1',
  createdById: AUTHOR,
  authorName: 'Anna Nowak',
  authorEmail: 'anna@depot.test',
  apiKeyId: null,
  createdAt: '2026-03-10T12:00:00.000Z',
  ...over,
});

describe('isSecretKey', () => {
  it.each([
    'password',
    'passwordHash',
    'password_hash',
    'confirmPassword',
    'newPassword',
    'tokenHash',
    'accessToken',
    'refresh_token',
    'secretKey',
    'clientSecret',
    'keyHash',
    'apiKey',
    'API_KEY',
    'privateKey',
    'credentials',
  ])('%s is a secret', (key) => expect(isSecretKey(key)).toBe(true));

  it.each([
    'apiKeyId',
    'sessionId',
    'tokenId',
    'apiKeyIds',
    'email',
    'firstName',
    'iban',
    'name',
    'key',
    'type',
    'revokedSessions',
  ])('%s is not a secret', (key) => expect(isSecretKey(key)).toBe(false));
});

describe('redactSecrets', () => {
  it('hides secret values at any depth, in objects and arrays', () => {
    expect(
      redactSecrets({
        email: 'a@b.pl',
        passwordHash: '$argon2id$v=19$abc',
        nested: { config: { apiKey: 'k-123', region: 'eu' } },
        list: [{ token: 't1' }, { token: 't2', name: 'x' }],
      }),
    ).toEqual({
      email: 'a@b.pl',
      passwordHash: HIDDEN_SECRET,
      nested: { config: { apiKey: HIDDEN_SECRET, region: 'eu' } },
      list: [{ token: HIDDEN_SECRET }, { token: HIDDEN_SECRET, name: 'x' }],
    });
  });

  it('hides a secret that is an object or a number too', () => {
    expect(redactSecrets({ credentials: { user: 'u', pass: 'p' }, pin: 1, secret: 1234 })).toEqual({
      credentials: HIDDEN_SECRET,
      pin: 1,
      secret: HIDDEN_SECRET,
    });
  });

  it('keeps yes/no facts and empty values of secret keys', () => {
    expect(redactSecrets({ passwordChanged: true, apiKey: null, tokenRevoked: false })).toEqual({
      passwordChanged: true,
      apiKey: null,
      tokenRevoked: false,
    });
  });

  it('keeps ids of secrets', () => {
    expect(redactSecrets({ apiKeyId: 'k1', sessionId: 's1' })).toEqual({ apiKeyId: 'k1', sessionId: 's1' });
  });

  it.each([null, undefined, 'text', 5, true])('passes %p through', (v) => {
    expect(redactSecrets(v)).toBe(v);
  });

  it('does not change its input', () => {
    const input = { password: 'p', inner: { token: 't' } };
    redactSecrets(input);
    expect(input).toEqual({ password: 'p', inner: { token: 't' } });
  });
});

describe('stableJson', () => {
  it('ignores key order', () => {
    expect(stableJson({ a: 1, b: { c: 2, d: 3 } })).toBe(stableJson({ b: { d: 3, c: 2 }, a: 1 }));
  });

  it('keeps array order and tells types apart', () => {
    expect(stableJson([1, 2])).not.toBe(stableJson([2, 1]));
    expect(stableJson('1')).not.toBe(stableJson(1));
    expect(stableJson(null)).not.toBe(stableJson(undefined));
  });
});

describe('logMatchesFilters', () => {
  it('matches everything without filters', () => {
    expect(logMatchesFilters(entry(), {})).toBe(true);
  });

  it.each([
    [{ type: 'client.update' }, true],
    [{ type: 'client.create' }, false],
    [{ type: 'client' }, false],
    [{ entity: 'client' }, true],
    [{ entity: 'user' }, false],
    [{ entityId: 'c-1' }, true],
    [{ entityId: 'c-2' }, false],
    [{ authorId: AUTHOR }, true],
    [{ authorId: 'aaaaaaaa-0000-4000-8000-000000000002' }, false],
    [{ type: 'client.update', entity: 'client', entityId: 'c-1', authorId: AUTHOR }, true],
    [{ type: 'client.update', entity: 'user' }, false],
  ])('%j → %s', (filters, expected) => {
    expect(logMatchesFilters(entry(), filters)).toBe(expected);
  });

  it('an entry without an author or entity id matches only when those filters are absent', () => {
    const system = entry({ createdById: null, entityId: null });
    expect(logMatchesFilters(system, {})).toBe(true);
    expect(logMatchesFilters(system, { authorId: AUTHOR })).toBe(false);
    expect(logMatchesFilters(system, { entityId: 'c-1' })).toBe(false);
  });

  it.each([
    // 2026-03-10T23:30Z is 2026-03-11 00:30 in Warsaw.
    [{ from: '2026-03-11' }, true],
    [{ from: '2026-03-12' }, false],
    [{ to: '2026-03-11' }, true],
    [{ to: '2026-03-10' }, false],
    [{ from: '2026-03-11', to: '2026-03-11' }, true],
    [{ from: '2026-03-01', to: '2026-03-10' }, false],
  ])('dates are Warsaw days, both ends included: %j → %s', (filters, expected) => {
    expect(logMatchesFilters(entry({ createdAt: '2026-03-10T23:30:00.000Z' }), filters)).toBe(expected);
  });
});

describe('compareLogsNewestFirst', () => {
  it('puts later entries first, then higher numbers first', () => {
    const rows = [
      entry({ id: '1', createdAt: '2026-01-01T00:00:00.000Z' }),
      entry({ id: '3', createdAt: '2026-01-02T00:00:00.000Z' }),
      entry({ id: '2', createdAt: '2026-01-02T00:00:00.000Z' }),
      entry({ id: '10', createdAt: '2026-01-02T00:00:00.000Z' }),
    ];
    expect([...rows].sort(compareLogsNewestFirst).map((r) => r.id)).toEqual(['10', '3', '2', '1']);
  });

  it('is 0 for the same entry', () => {
    expect(compareLogsNewestFirst(entry(), entry())).toBe(0);
  });
});
