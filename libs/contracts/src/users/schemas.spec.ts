import type { z } from 'zod';
import { MESSAGES } from '../messages';
import {
  changePasswordSchema,
  clientUserListRequestSchema,
  createUserSchema,
  updateUserSchema,
  userListRequestSchema,
} from './schemas';

const v = MESSAGES.validation;
const CLIENT_ID = '11111111-1111-4111-8111-111111111111';
const PASSWORD = 'correct horse battery';

interface Issue {
  path: string;
  message: string;
}

/** The issues a refused input produces, as the API reports them (dotted path, message). */
function issues(schema: z.ZodType, input: unknown): Issue[] {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected the input to be refused: ${JSON.stringify(input)}`);
  return result.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

/** Messages at one path, in order (the API shows the first). */
const messagesAt = (schema: z.ZodType, input: unknown, path: string) =>
  issues(schema, input)
    .filter((i) => i.path === path)
    .map((i) => i.message);

const without = <T extends object>(o: T, key: string) =>
  Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));

const validCreate = {
  firstName: 'Anna',
  lastName: 'Nowak',
  email: 'anna@depot.test',
  role: 'admin',
  lang: 'pl',
  password: PASSWORD,
  confirmPassword: PASSWORD,
};

describe('createUserSchema', () => {
  it('accepts a valid staff user and fills the defaults', () => {
    expect(createUserSchema.parse(validCreate)).toEqual({
      ...validCreate,
      disableNewOrders: false,
      active: true,
    });
  });

  it('trims and lower-cases the e-mail and trims names', () => {
    const parsed = createUserSchema.parse({
      ...validCreate,
      email: '  Anna.Nowak@Depot.TEST ',
      firstName: ' Anna ',
      lastName: '\tNowak ',
    });
    expect(parsed.email).toBe('anna.nowak@depot.test');
    expect(parsed.firstName).toBe('Anna');
    expect(parsed.lastName).toBe('Nowak');
  });

  it('reports every missing required field at once, each with its own message', () => {
    expect(issues(createUserSchema, {})).toEqual([
      { path: 'firstName', message: v.firstNameRequired },
      { path: 'lastName', message: v.lastNameRequired },
      { path: 'email', message: v.emailRequired },
      { path: 'role', message: v.roleRequired },
      { path: 'lang', message: v.languageRequired },
      { path: 'password', message: v.passwordRequired },
      { path: 'confirmPassword', message: v.confirmPasswordRequired },
    ]);
  });

  const FIELD_CASES: [field: string, label: string, value: unknown, message: string][] = [
    ['firstName', 'missing', undefined, v.firstNameRequired],
    ['firstName', 'blank', '   ', v.firstNameRequired],
    ['firstName', 'a number', 42, v.firstNameRequired],
    ['firstName', 'null', null, v.firstNameRequired],
    ['firstName', 'too long', 'a'.repeat(101), 'At most 100 characters'],
    ['lastName', 'missing', undefined, v.lastNameRequired],
    ['lastName', 'blank', '', v.lastNameRequired],
    ['lastName', 'a boolean', true, v.lastNameRequired],
    ['email', 'missing', undefined, v.emailRequired],
    ['email', 'blank', '  ', v.emailRequired],
    ['email', 'a number', 7, v.emailRequired],
    ['email', 'not an address', 'anna-at-depot', v.emailInvalid],
    ['email', 'without a domain', 'anna@', v.emailInvalid],
    ['email', 'longer than 254', `${'a'.repeat(250)}@d.pl`, v.emailInvalid],
    ['role', 'missing', undefined, v.roleRequired],
    ['role', 'blank', '', v.roleRequired],
    ['role', 'unknown', 'root', v.roleRequired],
    ['role', 'a number', 1, v.roleRequired],
    ['lang', 'missing', undefined, v.languageRequired],
    ['lang', 'unknown', 'de', v.languageRequired],
    ['lang', 'an object', {}, v.languageRequired],
    ['password', 'missing', undefined, v.passwordRequired],
    ['password', 'blank', '', v.passwordRequired],
    ['password', 'a number', 123456789012, v.passwordRequired],
    ['password', '11 characters', 'a'.repeat(11), 'Password must be at least 12 characters'],
    ['password', 'too long', 'a'.repeat(201), 'At most 200 characters'],
    ['confirmPassword', 'missing', undefined, v.confirmPasswordRequired],
    ['confirmPassword', 'blank', '', v.confirmPasswordRequired],
    ['confirmPassword', 'a number', 5, v.confirmPasswordRequired],
    ['clientId', 'not a UUID', 'client-1', v.clientRequired],
    ['clientId', 'a number', 12, v.clientRequired],
  ];

  it.each(FIELD_CASES)('%s %s → first message %j', (field, _label, value, message) => {
    const input = value === undefined ? without(validCreate, field) : { ...validCreate, [field]: value };
    expect(messagesAt(createUserSchema, input, field)[0]).toBe(message);
  });

  it('says "Password must be at least 12 characters" (PASSWORD_MIN_LENGTH) and accepts exactly 12', () => {
    expect(v.passwordTooShort(12)).toBe('Password must be at least 12 characters');
    const twelve = 'a'.repeat(12);
    expect(
      createUserSchema.safeParse({ ...validCreate, password: twelve, confirmPassword: twelve }).success,
    ).toBe(true);
  });

  it('refuses different passwords on the confirmPassword path only', () => {
    expect(issues(createUserSchema, { ...validCreate, confirmPassword: `${PASSWORD}!` })).toEqual([
      { path: 'confirmPassword', message: 'Both password need to be the same' },
    ]);
  });

  it('requires a client for a client user, on the clientId path', () => {
    expect(issues(createUserSchema, { ...validCreate, role: 'user' })).toEqual([
      { path: 'clientId', message: 'Client is required' },
    ]);
    expect(issues(createUserSchema, { ...validCreate, role: 'user', clientId: null })).toEqual([
      { path: 'clientId', message: 'Client is required' },
    ]);
  });

  it('accepts a client user with a client, and a staff user with clientId null', () => {
    expect(createUserSchema.parse({ ...validCreate, role: 'user', clientId: CLIENT_ID }).clientId).toBe(
      CLIENT_ID,
    );
    expect(createUserSchema.parse({ ...validCreate, clientId: null }).clientId).toBeNull();
  });

  it.each(['disableNewOrders', 'active'])('refuses a non-boolean %s', (field) => {
    expect(issues(createUserSchema, { ...validCreate, [field]: 'yes' }).map((i) => i.path)).toEqual([field]);
  });
});

describe('updateUserSchema', () => {
  it('accepts an empty edit and a partial edit, normalising the e-mail', () => {
    expect(updateUserSchema.parse({})).toEqual({});
    expect(updateUserSchema.parse({ email: ' Boss@Depot.TEST', lang: 'en' })).toEqual({
      email: 'boss@depot.test',
      lang: 'en',
    });
  });

  it('refuses unknown keys (strict), naming them', () => {
    expect(issues(updateUserSchema, { firstName: 'Anna', passwordHash: 'x' })).toEqual([
      { path: '', message: 'Unrecognized key: "passwordHash"' },
    ]);
    expect(updateUserSchema.safeParse({ id: CLIENT_ID }).success).toBe(false);
  });

  const CASES: [field: string, value: unknown, message: string][] = [
    ['firstName', '  ', v.firstNameRequired],
    ['firstName', 3, v.firstNameRequired],
    ['lastName', '', v.lastNameRequired],
    ['email', '', v.emailRequired],
    ['email', 'nope', v.emailInvalid],
    ['role', 'boss', v.roleRequired],
    ['lang', 'fr', v.languageRequired],
    ['clientId', 'abc', v.clientRequired],
    ['password', 'short', 'Password must be at least 12 characters'],
    ['password', '', v.passwordRequired],
  ];

  it.each(CASES)('%s = %j → %j', (field, value, message) => {
    expect(messagesAt(updateUserSchema, { [field]: value }, field)[0]).toBe(message);
  });

  it('needs the confirmation when a password is given', () => {
    expect(issues(updateUserSchema, { password: PASSWORD })).toEqual([
      { path: 'confirmPassword', message: v.passwordsDiffer },
    ]);
    expect(issues(updateUserSchema, { password: PASSWORD, confirmPassword: 'other password!' })).toEqual([
      { path: 'confirmPassword', message: v.passwordsDiffer },
    ]);
    expect(updateUserSchema.parse({ password: PASSWORD, confirmPassword: PASSWORD })).toEqual({
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
  });

  it('accepts clientId null (detaching is for the service to judge)', () => {
    expect(updateUserSchema.parse({ clientId: null })).toEqual({ clientId: null });
  });
});

describe('changePasswordSchema', () => {
  const valid = { oldPassword: 'old one', newPassword: PASSWORD, confirmPassword: PASSWORD };

  it('accepts a valid change (the old password may be short)', () => {
    expect(changePasswordSchema.parse(valid)).toEqual(valid);
  });

  it('reports every missing field', () => {
    expect(issues(changePasswordSchema, {})).toEqual([
      { path: 'oldPassword', message: v.passwordRequired },
      { path: 'newPassword', message: v.passwordRequired },
      { path: 'confirmPassword', message: v.confirmPasswordRequired },
    ]);
  });

  const CASES: [field: string, value: unknown, message: string][] = [
    ['oldPassword', '   ', v.passwordRequired],
    ['oldPassword', 1, v.passwordRequired],
    ['newPassword', '', v.passwordRequired],
    ['newPassword', false, v.passwordRequired],
    ['newPassword', 'elevenchars', 'Password must be at least 12 characters'],
    ['confirmPassword', '', v.confirmPasswordRequired],
    ['confirmPassword', null, v.confirmPasswordRequired],
  ];

  it.each(CASES)('%s = %j → first message %j', (field, value, message) => {
    expect(messagesAt(changePasswordSchema, { ...valid, [field]: value }, field)[0]).toBe(message);
  });

  it('refuses a confirmation that differs, on confirmPassword', () => {
    expect(issues(changePasswordSchema, { ...valid, confirmPassword: 'something else!' })).toEqual([
      { path: 'confirmPassword', message: 'Both password need to be the same' },
    ]);
  });
});

describe('userListRequestSchema', () => {
  it('fills the defaults: limit 50, no filters, newest first', () => {
    expect(userListRequestSchema.parse({})).toEqual({
      limit: 50,
      filters: {},
      orderBy: { field: 'createdAt', direction: 'desc' },
    });
  });

  it('keeps a cursor, filters and order, trimming the search', () => {
    expect(
      userListRequestSchema.parse({
        cursor: 'abc',
        limit: 10,
        filters: { search: '  nowak ', roles: ['admin', 'salesman'], active: true },
        orderBy: { field: 'lastName', direction: 'asc' },
      }),
    ).toEqual({
      cursor: 'abc',
      limit: 10,
      filters: { search: 'nowak', roles: ['admin', 'salesman'], active: true },
      orderBy: { field: 'lastName', direction: 'asc' },
    });
  });

  it.each([1, 50])('accepts limit %d', (limit) => {
    expect(userListRequestSchema.parse({ limit }).limit).toBe(limit);
  });

  const REFUSED: [label: string, input: unknown, path: string][] = [
    ['limit above 50', { limit: 51 }, 'limit'],
    ['limit 0', { limit: 0 }, 'limit'],
    ['a fractional limit', { limit: 2.5 }, 'limit'],
    ['a limit given as text', { limit: '10' }, 'limit'],
    ['an unknown filter', { filters: { client: CLIENT_ID } }, 'filters'],
    ['a client filter that is not a UUID', { filters: { clientId: 'acme' } }, 'filters.clientId'],
    ['a client filter that is not text', { filters: { clientId: 7 } }, 'filters.clientId'],
    ['an unknown role filter', { filters: { roles: ['root'] } }, 'filters.roles.0'],
    ['a search over 100 characters', { filters: { search: 'x'.repeat(101) } }, 'filters.search'],
    ['an unknown sort field', { orderBy: { field: 'passwordHash', direction: 'asc' } }, 'orderBy.field'],
    ['an unknown direction', { orderBy: { field: 'email', direction: 'up' } }, 'orderBy.direction'],
    ['a cursor over 2000 characters', { cursor: 'c'.repeat(2001) }, 'cursor'],
  ];

  it.each(REFUSED)('refuses %s', (_label, input, path) => {
    expect(issues(userListRequestSchema, input).map((i) => i.path)).toEqual([path]);
  });

  it('keeps the client user role and a client filter (decision 0112)', () => {
    expect(
      userListRequestSchema.parse({ filters: { roles: ['user'], clientId: CLIENT_ID } }).filters,
    ).toEqual({
      roles: ['user'],
      clientId: CLIENT_ID,
    });
  });

  it('a client filter that names no client gives the client message', () => {
    expect(issues(userListRequestSchema, { filters: { clientId: 'acme' } })).toEqual([
      { path: 'filters.clientId', message: MESSAGES.clientNotFound },
    ]);
  });
});

describe('clientUserListRequestSchema', () => {
  it('fills the defaults: limit 50, no filters, newest first', () => {
    expect(clientUserListRequestSchema.parse({})).toEqual({
      limit: 50,
      filters: {},
      orderBy: { field: 'createdAt', direction: 'desc' },
    });
  });

  it('keeps search (trimmed) and active', () => {
    expect(
      clientUserListRequestSchema.parse({ filters: { search: ' anna ', active: false } }).filters,
    ).toEqual({
      search: 'anna',
      active: false,
    });
  });

  it.each([
    ['a role filter: the list is client users only', { filters: { roles: ['user'] } }, 'filters'],
    ['a client filter: the client is the path', { filters: { clientId: CLIENT_ID } }, 'filters'],
    ['active given as text', { filters: { active: 'yes' } }, 'filters.active'],
    ['a search over 100 characters', { filters: { search: 'x'.repeat(101) } }, 'filters.search'],
    ['limit above 50', { limit: 51 }, 'limit'],
  ] as const)('refuses %s', (_label, input, path) => {
    expect(issues(clientUserListRequestSchema, input).map((i) => i.path)).toEqual([path]);
  });
});
