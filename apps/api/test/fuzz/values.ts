import fc from 'fast-check';
import type { JsonSchema } from './openapi';

/** Adversarial values the body generators (bad-input.ts) build from: text, ids, cursors, wrong scalars, nesting. */

/** A nested array or object `depth` levels deep, written out only when the body is serialised (see `toJson`). */
export class Deep {
  constructor(
    readonly depth: number,
    readonly kind: 'array' | 'object',
  ) {}
}

/** An array of `count` copies of `item`, written out only when the body is serialised. */
export class Many {
  constructor(
    readonly count: number,
    readonly item: unknown,
  ) {}
}

export const NUL = '\u0000';
export const HIGH = '\ud800';
export const LOW = '\udc00';

/** Text that breaks naive code: NUL, lone surrogates, LIKE and SQL metacharacters, number look-alikes. */
const NASTY_TEXT = [
  '',
  ' ',
  '\t\r\n',
  NUL,
  `a${NUL}b`,
  HIGH,
  `x${LOW}y`,
  `${LOW}${HIGH}`,
  '\ud83d',
  '😀',
  'Zażółć gęślą jaźń',
  "'; drop table users; --",
  "O'Brien",
  '%',
  '_',
  '\\',
  '%_\\*',
  '../../etc/passwd',
  '%00',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '-0',
  '1e309',
  '9007199254740993',
  '0x10',
  '1,5',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  '<script>alert(1)</script>',
  '\u202e\u202d',
  '\ufeff',
  '\uffff',
];

/** A string with a NUL or a lone surrogate somewhere inside ordinary text. */
export const injected = fc
  .tuple(
    fc.string({ maxLength: 12 }),
    fc.constantFrom(NUL, HIGH, LOW, `${HIGH}${HIGH}`, `${NUL}${LOW}`),
    fc.string({ maxLength: 12 }),
  )
  .map(([a, b, c]) => a + b + c);

/** Long strings: `min`–`max` copies of one character (ASCII, Polish, astral, NUL, a lone surrogate, '%'). */
export const longText = (min: number, max: number, chars: string[] = ['a', 'ż', '😀', NUL, HIGH, '%', ' ']) =>
  fc.tuple(fc.constantFrom(...chars), fc.integer({ min, max })).map(([c, n]) => c.repeat(n));

/** Strings for text fields and query values; `huge` adds 100k-character ones. */
export const nastyString = (huge: boolean): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...NASTY_TEXT) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
    { weight: 3, arbitrary: injected },
    { weight: 1, arbitrary: longText(256, 1200) },
    ...(huge ? [{ weight: 2, arbitrary: longText(95_000, 105_000) }] : []),
  );

/** Ids that look like, or almost like, UUIDs: random ones, the nil and max ones, other versions, decorations. */
export const forgedUuid: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.uuid({ version: 4 }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
      '00000000-0000-0000-0000-00000000000',
      '00000000-0000-4000-8000-0000000000000',
      '{00000000-0000-4000-8000-000000000000}',
      '00000000000040008000000000000000',
      'urn:uuid:00000000-0000-4000-8000-000000000000',
      '00000000-0000-9000-8000-000000000000',
      '00000000-0000-4000-8000-00000000000g',
      '0',
      '1',
      '-1',
    ),
  },
  { weight: 1, arbitrary: fc.uuid({ version: [9, 10, 15] }) },
  { weight: 1, arbitrary: fc.uuid({ version: 4 }).map((u) => u.toUpperCase()) },
  { weight: 1, arbitrary: fc.uuid({ version: 4 }).map((u) => `${u}${NUL}`) },
  { weight: 1, arbitrary: fc.uuid({ version: 4 }).map((u) => ` ${u} `) },
);

const b64 = (text: string, url: boolean) => Buffer.from(text, 'utf8').toString(url ? 'base64url' : 'base64');

/**
 * Keyset cursors (`{ k, id }` as base64url JSON, common/keyset.ts) with forged parts, and plain garbage: wrong
 * types, NUL and lone surrogates, non-UUID ids, other encodings, huge numbers.
 */
export const forgedCursor: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        fc.oneof(
          nastyString(false),
          fc.constantFrom<unknown>(
            null,
            true,
            {},
            [],
            [1, 2],
            1e308,
            -1,
            '2024-01-01 00:00:00+00',
            '-infinity',
            'epoch',
          ),
        ),
        fc.oneof(forgedUuid, nastyString(false), fc.constantFrom<unknown>(1, null, {}, [])),
        fc.boolean(),
      )
      .map(([k, id, url]) => b64(JSON.stringify({ k, id }), url)),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.jsonValue({ maxDepth: 2 }), fc.boolean())
      .map(([v, url]) => b64(JSON.stringify(v), url)),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '!!!',
      '====',
      'e30',
      'bnVsbA',
      b64('{"k":', true),
      b64(`{"k":"a","id":"${NUL}"}`, true),
      b64('\u0000\u0001\u00ff', false),
    ),
  },
  { weight: 1, arbitrary: fc.base64String({ maxLength: 64 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1900, max: 2100 }).map((n) => 'A'.repeat(n)) },
);

export const wrongScalar = (exclude: 'string' | 'number' | 'boolean' | 'none', nullable: boolean) => {
  const options: fc.Arbitrary<unknown>[] = [
    fc.constantFrom<unknown>([], [null], ['x'], [[]], {}, { a: 1 }, { $gt: '' }),
  ];
  if (exclude !== 'number')
    options.push(
      fc.constantFrom(0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, -(2 ** 31) - 1),
      fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
    );
  if (exclude !== 'boolean') options.push(fc.boolean());
  if (exclude !== 'string') options.push(nastyString(false));
  if (!nullable) options.push(fc.constant(null));
  return fc.oneof(...options);
};

/** A nested array or object 200–5000 levels deep. */
export const deepNest = fc
  .tuple(fc.integer({ min: 200, max: 5000 }), fc.constantFrom<'array' | 'object'>('array', 'object'))
  .map(([d, kind]) => new Deep(d, kind));

/** A JSON object with an own `__proto__` (as JSON.parse makes it) or `constructor` key. */
export const pollution = fc.constantFrom<unknown>(
  JSON.parse('{"__proto__":{"isAdmin":true,"role":"superAdmin"}}'),
  JSON.parse('{"constructor":{"prototype":{"isAdmin":true}}}'),
  JSON.parse('{"__proto__":null}'),
);

export const isCursorKey = (key: string) => /cursor|after|before/i.test(key);
export const isIdKey = (key: string) => /(^id$|Id$|^ids$|Ids$|^exceptId$)/.test(key);
export const isEmailKey = (key: string) => /email/i.test(key);

export function branches(s: JsonSchema): JsonSchema[] | undefined {
  return s.anyOf ?? s.oneOf ?? s.allOf;
}
