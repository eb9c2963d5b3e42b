import { HttpException } from '@nestjs/common';
import { MESSAGES } from '@depot/contracts';
import { canonicalJson, parseIdempotencyKey, requestFingerprint } from './request-fingerprint';

describe('canonicalJson', () => {
  it.each<[string, unknown, string]>([
    ['null', null, 'null'],
    ['undefined as null', undefined, 'null'],
    ['a string', 'zażółć', '"zażółć"'],
    ['a number', 12.5, '12.5'],
    ['a boolean', false, 'false'],
    ['an empty object', {}, '{}'],
    ['an empty array', [], '[]'],
    ['keys sorted', { b: 1, a: 2 }, '{"a":2,"b":1}'],
    ['keys sorted at every depth', { z: { y: 1, x: [{ d: 1, c: 2 }] } }, '{"z":{"x":[{"c":2,"d":1}],"y":1}}'],
    ['array order kept', [3, 1, 2], '[3,1,2]'],
    ['undefined members left out', { a: undefined, b: 1 }, '{"b":1}'],
    ['undefined in arrays as null', [undefined, 1], '[null,1]'],
    ['keys that need escaping', { 'a"b': 1 }, '{"a\\"b":1}'],
  ])('%s', (_label, value, expected) => {
    expect(canonicalJson(value)).toBe(expected);
  });

  it('is valid JSON that parses back to the same value', () => {
    const value = { weightKg: 1.5, address: { city: 'Łódź', zip: '90-001' }, tags: ['a', 'b'], cod: null };
    expect(JSON.parse(canonicalJson(value))).toEqual(value);
  });
});

describe('requestFingerprint', () => {
  const body = { reference: 'R-1', sizes: { l: 10, w: 20 } };

  it('is 64 hex characters', () => {
    expect(requestFingerprint('POST', '/api/order/create', body)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('ignores key order', () => {
    expect(requestFingerprint('POST', '/api/x', { sizes: { w: 20, l: 10 }, reference: 'R-1' })).toBe(
      requestFingerprint('POST', '/api/x', body),
    );
  });

  it.each<[string, [string, string, unknown]]>([
    ['another body', ['POST', '/api/x', { ...body, reference: 'R-2' }]],
    ['another path', ['POST', '/api/y', body]],
    ['another query', ['POST', '/api/x?format=zpl', body]],
    ['another method', ['PUT', '/api/x', body]],
    ['no body', ['POST', '/api/x', undefined]],
  ])('differs for %s', (_label, [method, url, other]) => {
    expect(requestFingerprint(method, url, other)).not.toBe(requestFingerprint('POST', '/api/x', body));
  });

  it('treats the method case-insensitively', () => {
    expect(requestFingerprint('post', '/api/x', body)).toBe(requestFingerprint('POST', '/api/x', body));
  });
});

describe('parseIdempotencyKey', () => {
  it('absent header: no key', () => {
    expect(parseIdempotencyKey(undefined)).toBeUndefined();
  });

  it.each([
    'a',
    '0f8fad5b-d9cb-469f-a165-70867728950e',
    'order:2026/11/30#1',
    '~!'.repeat(10),
    'x'.repeat(255),
  ])('accepts %j', (key) => {
    expect(parseIdempotencyKey(key)).toBe(key);
  });

  it.each<[string, string | string[]]>([
    ['empty', ''],
    ['too long', 'x'.repeat(256)],
    ['a space', 'two words'],
    ['a tab', 'a\tb'],
    ['non-ASCII', 'zamówienie-1'],
    ['a control character', 'a\u0007b'],
    ['repeated headers', ['a', 'b']],
  ])('refuses %s with 400 and the message', (_label, key) => {
    let thrown: unknown;
    try {
      parseIdempotencyKey(key);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(HttpException);
    expect((thrown as HttpException).getStatus()).toBe(400);
    expect((thrown as HttpException).getResponse()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: MESSAGES.idempotencyKeyInvalid,
    });
  });
});
