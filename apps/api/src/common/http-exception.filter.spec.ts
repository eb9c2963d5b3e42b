import { BadRequestException, HttpException, NotFoundException, type ArgumentsHost } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import { MESSAGES, type ErrorReply } from '@depot/contracts';
import { json } from 'express';
import type { Request, Response } from 'express';
import { Readable } from 'node:stream';
import type { Logger } from 'pino';
import { Errors } from './errors';
import { HttpExceptionFilter } from './http-exception.filter';

/** Runs the filter on `exception`; returns the status set, the JSON sent and what was logged. */
function reply(exception: unknown) {
  const res = { status: jest.fn(), json: jest.fn() };
  res.status.mockReturnValue(res);
  const req = { method: 'POST', originalUrl: '/api/user/create' };
  const log = { error: jest.fn() };
  const host = {
    switchToHttp: () => ({
      getRequest: () => req as unknown as Request,
      getResponse: () => res as unknown as Response,
    }),
  } as unknown as ArgumentsHost;

  new HttpExceptionFilter(log as unknown as Logger).catch(exception, host);

  expect(res.status).toHaveBeenCalledTimes(1);
  expect(res.json).toHaveBeenCalledTimes(1);
  return {
    status: res.status.mock.calls[0][0] as number,
    body: res.json.mock.calls[0][0] as ErrorReply,
    log: log.error.mock.calls,
  };
}

/** The error Express's own JSON body parser produces for `body` (a real body-parser error). */
function bodyParserError(body: string, limit = '1mb'): Promise<Error & { type: string; status: number }> {
  const req = Object.assign(Readable.from([Buffer.from(body)]), {
    method: 'POST',
    url: '/api/user/create',
    headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
  });
  return new Promise((resolve, reject) => {
    json({ limit })(req as unknown as Request, {} as Response, (err?: unknown) =>
      err ? resolve(err as Error & { type: string; status: number }) : reject(new Error('the body parsed')),
    );
  });
}

/** What Nest's Express adapter hands the filters for an error raised by Express middleware. */
const asNestSeesIt = (error: unknown) => new ExpressAdapter().mapException(error);

const details = [
  { path: 'firstName', message: MESSAGES.validation.firstNameRequired },
  { path: 'email', message: MESSAGES.validation.emailInvalid },
];

describe('HttpExceptionFilter', () => {
  describe('HttpExceptions from Errors.*', () => {
    it.each<[string, HttpException, ErrorReply]>([
      [
        'badRequest',
        Errors.badRequest(MESSAGES.invalidCursor),
        { statusCode: 400, error: 'Bad Request', message: 'Invalid page cursor.' },
      ],
      [
        'validation with details',
        Errors.validation(MESSAGES.validation.firstNameRequired, details),
        { statusCode: 400, error: 'ValidationError', message: 'First name is required', details },
      ],
      [
        'unauthorized',
        Errors.unauthorized(),
        { statusCode: 401, error: 'Unauthorized', message: MESSAGES.notSignedIn },
      ],
      [
        'unauthorized with a message',
        Errors.unauthorized(MESSAGES.invalidCredentials),
        { statusCode: 401, error: 'Unauthorized', message: 'Invalid email or password.' },
      ],
      ['forbidden', Errors.forbidden(), { statusCode: 403, error: 'Forbidden', message: MESSAGES.forbidden }],
      [
        'accessDisabled',
        Errors.accessDisabled(),
        { statusCode: 403, error: 'AccessDisabled', message: MESSAGES.accessDisabled },
      ],
      [
        'notFound',
        Errors.notFound(MESSAGES.userNotFound),
        { statusCode: 404, error: 'Not Found', message: 'User not found.' },
      ],
      [
        'conflict',
        Errors.conflict(MESSAGES.emailTaken),
        { statusCode: 409, error: 'Conflict', message: MESSAGES.emailTaken },
      ],
      [
        'tooManyRequests',
        Errors.tooManyRequests(MESSAGES.tooManySignInAttempts(15)),
        {
          statusCode: 429,
          error: 'TooManyRequests',
          message: 'Too many failed sign-in attempts. Try again in 15 minutes.',
        },
      ],
    ])('%s → its own status, error and message', (_label, exception, expected) => {
      const { status, body, log } = reply(exception);
      expect(status).toBe(expected.statusCode);
      expect(body).toStrictEqual(expected);
      expect(log).toEqual([]);
    });

    it('adds no details key when there are none', () => {
      expect(Object.keys(reply(Errors.notFound()).body)).toEqual(['statusCode', 'error', 'message']);
    });
  });

  describe("Nest's own exceptions", () => {
    it.each<[string, HttpException, ErrorReply]>([
      [
        'an unknown route',
        new NotFoundException('Cannot GET /api/nope'),
        { statusCode: 404, error: 'Not Found', message: 'Cannot GET /api/nope' },
      ],
      [
        'a list of messages (first one shown)',
        new BadRequestException(['first problem', 'second problem']),
        { statusCode: 400, error: 'Bad Request', message: 'first problem' },
      ],
      [
        'a string body',
        new HttpException('I am a teapot', 418),
        { statusCode: 418, error: 'Error', message: 'I am a teapot' },
      ],
      [
        'an object body without error',
        new HttpException({ message: 'Gone for good' }, 410),
        { statusCode: 410, error: 'Error', message: 'Gone for good' },
      ],
    ])('%s keeps the one reply shape', (_label, exception, expected) => {
      const { status, body } = reply(exception);
      expect(status).toBe(expected.statusCode);
      expect(body).toStrictEqual(expected);
    });
  });

  describe('anything else', () => {
    const SERVER_ERROR: ErrorReply = {
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Server error, please contact administrator',
    };

    it.each<[string, unknown]>([
      ['a plain Error', new Error('relation "users" does not exist; password=hunter2')],
      ['a TypeError', new TypeError("Cannot read properties of undefined (reading 'id')")],
      ['a thrown string', 'boom'],
      ['undefined', undefined],
      ['null', null],
      ['an object with a non-HTTP status', { status: 'failed' }],
    ])('%s → 500 with the generic message, never the internals, and is logged', (_label, exception) => {
      const { status, body, log } = reply(exception);
      expect(status).toBe(500);
      expect(body).toStrictEqual(SERVER_ERROR);
      expect(log).toEqual([[{ err: exception, method: 'POST', url: '/api/user/create' }, 'request failed']]);
    });
  });

  describe('body-parser errors', () => {
    const BAD_JSON: ErrorReply = {
      statusCode: 400,
      error: 'Bad Request',
      message: 'Enter the correct data.',
    };
    const TOO_LARGE: ErrorReply = {
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'The request is too large.',
    };

    it('produces the errors the filter expects (type entity.parse.failed / entity.too.large)', async () => {
      expect(await bodyParserError('{"email": ')).toMatchObject({ type: 'entity.parse.failed', status: 400 });
      expect(await bodyParserError(`{"a":"${'x'.repeat(100)}"}`, '10b')).toMatchObject({
        type: 'entity.too.large',
        status: 413,
      });
    });

    it.each([
      ['raw', (e: unknown) => e],
      ['as Nest hands it over', asNestSeesIt],
    ])('answers malformed JSON with 400 "Enter the correct data." (%s)', async (_label, wrap) => {
      const { status, body, log } = reply(wrap(await bodyParserError('{"email": "a@b.pl",')));
      expect(status).toBe(400);
      expect(body).toStrictEqual(BAD_JSON);
      expect(log).toEqual([]);
    });

    it.each([
      ['raw', (e: unknown) => e],
      ['as Nest hands it over', asNestSeesIt],
    ])('answers a body over the limit with 413 (%s)', async (_label, wrap) => {
      const { status, body, log } = reply(wrap(await bodyParserError(`{"a":"${'x'.repeat(100)}"}`, '10b')));
      expect(status).toBe(413);
      expect(body).toStrictEqual(TOO_LARGE);
      expect(log).toEqual([]);
    });

    it.each<[string, object, ErrorReply]>([
      [
        'entity.parse.failed',
        Object.assign(new SyntaxError('Unexpected token'), { type: 'entity.parse.failed', status: 400 }),
        BAD_JSON,
      ],
      [
        'entity.too.large',
        Object.assign(new Error('request entity too large'), { type: 'entity.too.large', status: 413 }),
        TOO_LARGE,
      ],
      ['a bare 413 status', Object.assign(new Error('too big'), { status: 413 }), TOO_LARGE],
    ])('recognises %s by its shape', (_label, exception, expected) => {
      expect(reply(exception).body).toStrictEqual(expected);
    });
  });
});
