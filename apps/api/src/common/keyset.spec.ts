import { HttpException } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { decodeCursor, encodeCursor, keysetPage, withCursor } from './keyset';

const ID = '11111111-1111-4111-8111-111111111111';
const INVALID_CURSOR = { statusCode: 400, error: 'Bad Request', message: 'Invalid page cursor.' };

const b64 = (text: string) => Buffer.from(text).toString('base64url');

/** The status and body of the HttpException `fn` throws. */
function thrown(fn: () => unknown) {
  try {
    fn();
  } catch (e) {
    if (e instanceof HttpException) return { status: e.getStatus(), body: e.getResponse() };
    throw e;
  }
  throw new Error('expected an HttpException');
}

describe('encodeCursor / decodeCursor', () => {
  it.each([
    ['a PostgreSQL timestamp', '2026-01-02 03:04:05.123456+00'],
    ['a name with accents and quotes', 'Żółć "O\'Brien"'],
    ['a number', 42],
    ['zero', 0],
    ['an empty string', ''],
    ['null', null],
  ])('round-trips %s', (_label, k) => {
    expect(decodeCursor(encodeCursor(k, ID))).toEqual({ k, id: ID });
  });

  it('produces URL-safe text without padding', () => {
    const cursor = encodeCursor('???>>>~~~ÿ', ID);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('is opaque but plain JSON underneath ({ k, id })', () => {
    expect(Buffer.from(encodeCursor('x', 'y'), 'base64url').toString('utf8')).toBe('{"k":"x","id":"y"}');
  });

  it.each([
    ['an empty cursor', ''],
    ['random text', 'not a cursor at all'],
    ['base64 of non-JSON', b64('k=1;id=2')],
    ['a JSON string', b64('"abc"')],
    ['JSON null', b64('null')],
    ['a JSON number', b64('7')],
    ['a JSON array', b64('["k", "id"]')],
    ['an object without id', b64('{"k":1}')],
    ['an object without k', b64(`{"id":"${ID}"}`)],
    ['a numeric id', b64('{"k":1,"id":5}')],
    ['a null id', b64('{"k":1,"id":null}')],
    ['a cut-off cursor', encodeCursor('2026-01-01', ID).slice(0, 10)],
  ])('refuses %s with 400 "Invalid page cursor."', (_label, cursor) => {
    expect(thrown(() => decodeCursor(cursor))).toEqual({ status: 400, body: INVALID_CURSOR });
  });
});

describe('keysetPage', () => {
  const dialect = new PgDialect();
  const render = (q: Parameters<PgDialect['sqlToQuery']>[0]) => {
    const { sql: text, params } = dialect.sqlToQuery(q);
    return { text, params };
  };

  it('has no WHERE part for the first page', () => {
    const page = keysetPage(sql`"created_at"`, sql`"id"`, 'desc', undefined);
    expect(page.after).toBeUndefined();
    expect(page.orderBy.map((o) => render(o).text)).toEqual(['"created_at" desc', '"id" desc']);
  });

  it.each([
    ['asc', '>'],
    ['desc', '<'],
  ] as const)('orders %s and continues after the cursor with %s', (direction, op) => {
    const page = keysetPage(sql`"last_name"`, sql`"id"`, direction, encodeCursor('Nowak', ID));
    expect(render(page.after!)).toEqual({
      text: `("last_name", "id") ${op} ($1, $2)`,
      params: ['Nowak', ID],
    });
    expect(page.orderBy.map((o) => render(o).text)).toEqual([
      `"last_name" ${direction}`,
      `"id" ${direction}`,
    ]);
  });

  it('passes the cursor values as parameters, never as SQL text', () => {
    const page = keysetPage(sql`"email"`, sql`"id"`, 'asc', encodeCursor("x'); drop table users; --", ID));
    const { text, params } = render(page.after!);
    expect(text).not.toContain('drop');
    expect(params).toEqual(["x'); drop table users; --", ID]);
  });

  it('refuses a bad cursor with 400', () => {
    expect(thrown(() => keysetPage(sql`"email"`, sql`"id"`, 'asc', 'garbage'))).toEqual({
      status: 400,
      body: INVALID_CURSOR,
    });
  });
});

describe('withCursor', () => {
  const fail = (error: unknown) => () => Promise.reject(error);
  const refusal = async (promise: Promise<unknown>) => {
    const e = await promise.then(
      () => new Error('expected a refusal'),
      (err: unknown) => err,
    );
    return e instanceof HttpException ? { status: e.getStatus(), body: e.getResponse() } : e;
  };

  it('returns what the query returns', async () => {
    await expect(withCursor('c', async () => [1, 2])).resolves.toEqual([1, 2]);
  });

  it.each([
    ['22P02 (invalid text representation)', { code: '22P02' }],
    ['22007 (invalid datetime) on the cause', { cause: { code: '22007' } }],
  ])('turns a data exception %s into 400 when a cursor was given', async (_label, error) => {
    expect(await refusal(withCursor('cursor', fail(error)))).toEqual({ status: 400, body: INVALID_CURSOR });
  });

  it.each([
    ['a data exception without a cursor', null, { code: '22P02' }],
    ['a unique violation', 'cursor', { code: '23505' }],
    ['a plain error', 'cursor', new Error('connection lost')],
  ])('rethrows %s unchanged', async (_label, cursor, error) => {
    expect(await refusal(withCursor(cursor, fail(error)))).toBe(error);
  });
});
