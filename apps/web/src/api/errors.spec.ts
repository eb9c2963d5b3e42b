import { CATALOGUE } from '@depot/contracts';
import { MESSAGES, PASSWORD_MIN_LENGTH, type ErrorReply } from '@depot/contracts';
import { IntlMessageFormat } from 'intl-messageformat';
import { ApiError, describeError, describeMessage, fieldErrors } from './errors';

const { en, pl } = CATALOGUE;

const withBody = (status: number, body: Partial<ErrorReply>) => new ApiError(status, body);

describe('ApiError', () => {
  it('carries the status and body; its message is the server message, else "HTTP <status>"', () => {
    const e = withBody(409, {
      statusCode: 409,
      error: 'Conflict',
      message: 'A user with this email already exists.',
    });
    expect(e).toBeInstanceOf(Error);
    expect(e.status).toBe(409);
    expect(e.body?.error).toBe('Conflict');
    expect(e.message).toBe('A user with this email already exists.');
    expect(new ApiError(502, null).message).toBe('HTTP 502');
  });
});

describe('describeError: the server message wins', () => {
  it.each([
    ['Invalid Old Password.', { id: 'server.invalidOldPassword' }],
    ['Invalid email or password.', { id: 'server.invalidCredentials' }],
    ['A user with this email already exists.', { id: 'server.emailTaken' }],
    ['You do not have permission to do this.', { id: 'server.forbidden' }],
    ['No value has changed', { id: 'server.noValueChanged' }],
    [
      'Only a superAdmin may create or change a superAdmin.',
      { id: 'server.onlySuperAdminManagesSuperAdmin' },
    ],
    ['Must be a valid email', { id: 'validation.emailInvalid' }],
    ['Email is required', { id: 'validation.emailRequired' }],
    ['Both password need to be the same', { id: 'validation.passwordsDiffer' }],
    ['Password must be at least 12 characters', { id: 'validation.passwordTooShort', values: { min: 12 } }],
    [
      'Too many failed sign-in attempts. Try again in 3 minutes.',
      { id: 'server.tooManySignInAttempts', values: { minutes: 3 } },
    ],
    [
      'Too many failed sign-in attempts. Try again in 1 minute.',
      { id: 'server.tooManySignInAttempts', values: { minutes: 1 } },
    ],
    [
      'Too many failed sign-in attempts. Try again in 15 minutes.',
      { id: 'server.tooManySignInAttempts', values: { minutes: 15 } },
    ],
  ])('known message %j → %j', (message, expected) => {
    expect(describeError(withBody(400, { statusCode: 400, error: 'Bad Request', message }))).toEqual(
      expected,
    );
  });

  it.each([400, 401, 403, 404, 409, 429, 500, 503, 418])(
    'the message is used whatever the status (%s)',
    (status) => {
      expect(
        describeError(withBody(status, { statusCode: status, error: 'X', message: 'Invalid Old Password.' })),
      ).toEqual({
        id: 'server.invalidOldPassword',
      });
    },
  );

  it('the message beats the error field', () => {
    expect(
      describeError(withBody(401, { error: 'Unauthorized', message: 'Invalid email or password.' })),
    ).toEqual({
      id: 'server.invalidCredentials',
    });
  });

  it.each([
    'Something only the server knows.',
    'Invalid Old Password', // without the full stop: not the known message
    'invalid old password.',
    'Too many failed sign-in attempts. Try again in soon minutes.',
  ])('unknown server text is shown as it is: %j', (message) => {
    expect(describeError(withBody(400, { statusCode: 400, error: 'Bad Request', message }))).toEqual({
      text: message,
    });
  });

  it('the error field is used when there is no message', () => {
    expect(describeError(withBody(403, { statusCode: 403, error: 'AccessDisabled' }))).toEqual({
      text: 'AccessDisabled',
    });
    expect(describeError(withBody(400, { error: 'Must be a valid email' }))).toEqual({
      id: 'validation.emailInvalid',
    });
  });

  it.each([
    ['an empty message', { message: '', error: 'Conflict' }, { text: 'Conflict' }],
    ['a blank message and blank error', { message: '  ', error: '' }, { id: 'error.status.409' }],
    ['a blank error only', { error: '   ' }, { id: 'error.status.409' }],
    ['an empty body', {}, { id: 'error.status.409' }],
  ] as const)('%s falls back: %j → %j', (_name, body, expected) => {
    expect(describeError(withBody(409, body))).toEqual(expected);
  });

  it('a non-string message (not one of ours) falls back to the status text', () => {
    const body = { message: ['a', 'b'] } as unknown as Partial<ErrorReply>;
    expect(describeError(new ApiError(400, body))).toEqual({ id: 'error.status.400' });
  });
});

describe('describeError: no body → the text for the status', () => {
  it.each([
    [0, 'error.status.network'],
    [400, 'error.status.400'],
    [401, 'error.status.401'],
    [403, 'error.status.403'],
    [404, 'error.status.404'],
    [409, 'error.status.409'],
    [413, 'error.status.413'],
    [429, 'error.status.429'],
    [500, 'error.status.500'],
    [502, 'error.status.5xx'],
    [503, 'error.status.5xx'],
    [504, 'error.status.5xx'],
  ])('%s → %s', (status, id) => {
    expect(describeError(new ApiError(status, null))).toEqual({ id });
  });

  it.each([418, 402, 405, 422, 501, 505, 302, 200])(
    'a status without a handler (%s) → error.unhandled',
    (status) => {
      expect(describeError(new ApiError(status, null))).toEqual({ id: 'error.unhandled' });
    },
  );
});

describe('describeError: not an API error → error.unhandled', () => {
  it.each([
    ['a plain Error', new Error('Invalid Old Password.')],
    ['a TypeError', new TypeError('Failed to fetch')],
    ['a string', 'Invalid Old Password.'],
    ['undefined', undefined],
    ['null', null],
    ['an error-reply lookalike', { status: 400, body: { message: 'Invalid Old Password.' } }],
  ])('%s', (_name, err) => {
    expect(describeError(err)).toEqual({ id: 'error.unhandled' });
  });
});

describe('describeMessage', () => {
  it('maps every string message of the API to its server.<key> id', () => {
    const strings = Object.entries(MESSAGES).flatMap(([key, text]) =>
      typeof text === 'string' ? [[key, text] as const] : [],
    );
    expect(strings.length).toBeGreaterThan(10);
    for (const [key, text] of strings) {
      // "Client is required" is both a server and a validation message; the validation id wins (same words).
      const expected =
        text === MESSAGES.validation.clientRequired ? 'validation.clientRequired' : `server.${key}`;
      expect([key, describeMessage(text)]).toEqual([key, { id: expected }]);
    }
  });

  it('maps every string validation message to its validation.<key> id', () => {
    for (const [key, text] of Object.entries(MESSAGES.validation)) {
      if (typeof text !== 'string') continue;
      expect([key, describeMessage(text)]).toEqual([key, { id: `validation.${key}` }]);
    }
  });

  it('maps the shared password-length message with the minimum the schemas use', () => {
    expect(describeMessage(MESSAGES.validation.passwordTooShort(PASSWORD_MIN_LENGTH))).toEqual({
      id: 'validation.passwordTooShort',
      values: { min: PASSWORD_MIN_LENGTH },
    });
    expect(PASSWORD_MIN_LENGTH).toBe(12);
  });

  it.each([1, 2, 5, 60])(
    'maps the sign-in lock-out message for %s minute(s), as the API words it',
    (minutes) => {
      expect(describeMessage(MESSAGES.tooManySignInAttempts(minutes))).toEqual({
        id: 'server.tooManySignInAttempts',
        values: { minutes },
      });
    },
  );
});

describe("the text rule's messages (issue 11) are read back with their values, in both languages", () => {
  const cases = [
    [MESSAGES.textNotStorable('filters.search'), 'server.textNotStorable', { field: 'filters.search' }],
    [
      MESSAGES.textTooLong('items.2.name', 10000),
      'server.textTooLong',
      { field: 'items.2.name', max: '10000' },
    ],
    [MESSAGES.inputTooDeep('filters'), 'server.inputTooDeep', { field: 'filters' }],
  ] as const;

  it.each(cases)('%s', (text, id, values) => {
    const described = describeMessage(text);
    expect(described).toEqual({ id, values });
    const english = new IntlMessageFormat(en[id], 'en').format(values);
    expect(english).toBe(text);
    const polish = new IntlMessageFormat(pl[id], 'pl').format(values) as string;
    expect(polish).not.toMatch(/[{}]/);
    for (const value of Object.values(values)) expect(polish).toContain(value);
  });

  it('415 without a message has its own text', () => {
    expect(describeError(new ApiError(415, null))).toEqual({ id: 'error.status.415' });
  });
});

describe('fieldErrors', () => {
  it('maps each path to its first message', () => {
    const err = withBody(400, {
      statusCode: 400,
      error: 'ValidationError',
      message: 'Enter the correct data.',
      details: [
        { path: 'email', message: 'Must be a valid email' },
        { path: 'password', message: 'Password is required' },
        { path: 'email', message: 'Email is required' },
        { path: 'profile.firstName', message: 'First name is required' },
      ],
    });
    expect(fieldErrors(err)).toEqual({
      email: 'Must be a valid email',
      password: 'Password is required',
      'profile.firstName': 'First name is required',
    });
  });

  it('skips details without a path', () => {
    const err = withBody(400, {
      details: [
        { path: '', message: 'Whole form' },
        { path: 'email', message: 'Email is required' },
      ],
    });
    expect(fieldErrors(err)).toEqual({ email: 'Email is required' });
  });

  it.each([
    ['details that are not a list', withBody(400, { details: { email: 'x' } })],
    ['no details', withBody(400, { message: 'Enter the correct data.' })],
    ['no body', new ApiError(400, null)],
    ['an empty list', withBody(400, { details: [] })],
    ['a plain Error', new Error('x')],
    ['undefined', undefined],
  ])('%s → {}', (_name, err) => {
    expect(fieldErrors(err)).toEqual({});
  });
});
