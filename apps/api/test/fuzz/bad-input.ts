import fc from 'fast-check';
import type { JsonSchema, Operation } from './openapi';
import {
  NUL,
  HIGH,
  LOW,
  injected,
  longText,
  nastyString,
  forgedUuid,
  forgedCursor,
  wrongScalar,
  deepNest,
  pollution,
  isCursorKey,
  isIdKey,
  isEmailKey,
  branches,
  Deep,
  Many,
} from './values';

/**
 * Generators of bad input for one operation: path parameters, query strings, header parameters and JSON bodies
 * derived from the operation's request schema (right keys with wrong values, valid-looking bodies with one bad
 * field, random and malformed JSON).
 */

export type FuzzBody =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; why: string }
  /** Bytes that are not (or not only) JSON, sent as `application/json`. */
  | { kind: 'raw'; text: string; why: string };

export interface FuzzCase {
  /** Raw (unencoded) values of the path template's parameters. */
  params: Record<string, string>;
  /** Raw (unencoded) query pairs. */
  query: [string, string][];
  headers: Record<string, string>;
  body: FuzzBody;
  /** A well-formed body (required fields only) for the same path: asked when a refusal may have come too late. */
  control: FuzzBody;
}

/** The ids of the rows a body field names, by the field's name (`clientId`, `ids`, ...). */
export type IdsFor = (key: string) => string[];

/** What a path names (`/api/order/{id}` → `order`, `/api/operator/additionalService/{serviceId}` → `service`). */
export function kindOfPath(path: string): string {
  if (path.includes('additionalService')) return 'service';
  if (path.startsWith('/api/export/file')) return 'exportFile';
  if (path.startsWith('/api/operatingModule/administration/sector/')) return 'sector';
  return /^\/api\/([^/{]+)/.exec(path)?.[1] ?? '';
}

/** What kind of row a field or path parameter named `key` names, in an operation on `opKind` rows. */
export function kindOfKey(key: string, opKind: string): string | undefined {
  if (/^(id|ids|exceptId)$/.test(key)) return opKind;
  if (/^(clients|addClients|removeClients|clientId|masterId)$/.test(key)) return 'client';
  if (/^(userId|authorId|createdById)$/.test(key)) return 'user';
  if (/operatorId$/i.test(key)) return 'operator';
  const named: Record<string, string> = {
    matrixId: 'matrix',
    templateId: 'order',
    parcelId: 'order',
    serviceId: 'service',
    apiKeyId: 'apiKey',
    groupId: 'clientGroup',
    sectorId: 'sector',
  };
  return named[key];
}

/** Real ids the generators may aim at, by kind (made by the suite, or read from earlier replies). */
export class IdPools {
  private readonly byKind = new Map<string, string[]>();

  add(kind: string, id: string): void {
    const list = this.byKind.get(kind) ?? [];
    if (!list.includes(id) && list.length < 12) list.push(id);
    this.byKind.set(kind, list);
  }

  of(kind: string | undefined): string[] {
    return kind === undefined ? [] : (this.byKind.get(kind) ?? []);
  }

  all(): string[] {
    return [...this.byKind.values()].flat();
  }

  /** A copy: the generators of one operation see the pools as they were when it started. */
  snapshot(): IdPools {
    const copy = new IdPools();
    for (const [kind, ids] of this.byKind) for (const id of ids) copy.add(kind, id);
    return copy;
  }
}

/** A value of the wrong kind, or an adversarial value of the right kind, for a field with schema `s`. */
export function badValue(s: JsonSchema, key: string, depth: number, ids: IdsFor): fc.Arbitrary<unknown> {
  const nullable = s.nullable === true;
  const alts = branches(s);
  if (alts && alts.length > 0)
    return fc.oneof(badValue(alts[0], key, depth + 1, ids), wrongScalar('none', nullable));
  const options: fc.Arbitrary<unknown>[] = [];
  if (s.enum) {
    const strings = s.enum.filter((e): e is string => typeof e === 'string');
    options.push(
      fc.constantFrom(...strings.map((e) => e.toUpperCase()), ...strings.map((e) => ` ${e}`), 'other', ''),
      nastyString(false),
      wrongScalar('string', nullable),
    );
    return fc.oneof(...options);
  }
  switch (s.type) {
    case 'string':
      options.push(wrongScalar('string', nullable), nastyString(true));
      if (s.maxLength !== undefined) options.push(fc.constant('x'.repeat(s.maxLength + 1)));
      if (s.minLength !== undefined && s.minLength > 0) options.push(fc.constant(''));
      if (s.format === 'uuid' || isIdKey(key)) options.push(forgedUuid, forgedUuid);
      if (isCursorKey(key)) options.push(forgedCursor, forgedCursor, forgedCursor);
      if (s.pattern) options.push(fc.constantFrom('1.23456', '-1', '1e3', 'NaN', 'ab', '12345678901'));
      if (s.format === 'date' || s.format === 'date-time')
        options.push(fc.constantFrom('2024-02-30', '0000-00-00', '9999-99-99T99:99:99Z', 'yesterday'));
      break;
    case 'integer':
    case 'number':
      options.push(
        wrongScalar('number', nullable),
        fc.constantFrom<unknown>('1', 'NaN', '1e309', 'Infinity', '', '0x1F', -0, 1e308, -1e308, 2 ** 53 + 1),
      );
      if (s.type === 'integer') options.push(fc.constantFrom(1.5, 0.1, -2.5));
      if (s.maximum !== undefined) options.push(fc.constant(s.maximum + 1));
      if (s.minimum !== undefined) options.push(fc.constant(s.minimum - 1));
      break;
    case 'boolean':
      options.push(wrongScalar('boolean', nullable), fc.constantFrom<unknown>('true', 'false', 0, 1, 'yes'));
      break;
    case 'array': {
      options.push(
        wrongScalar('none', nullable),
        deepNest.filter((d) => d.kind === 'array'),
      );
      const item = s.items ?? {};
      if (depth < 3)
        options.push(fc.array(badValue(item, key, depth + 1, ids), { minLength: 1, maxLength: 3 }));
      if (s.maxItems !== undefined && s.maxItems < 25_000)
        options.push(
          fc
            .tuple(
              validValue(item, key, depth + 1, ids),
              fc.integer({ min: s.maxItems + 1, max: s.maxItems + 3 }),
            )
            .map(([v, n]) => new Many(n, v)),
        );
      if (s.minItems !== undefined && s.minItems > 0) options.push(fc.constant([]));
      break;
    }
    case 'object': {
      options.push(wrongScalar('none', nullable), deepNest, pollution, fc.constant({}));
      if (depth < 3 && s.properties && Object.keys(s.properties).length > 0)
        options.push(
          wrongTypedObject(s, depth + 1, ids),
          oneBadField(s, depth + 1, ids).map((b) => b.value),
        );
      break;
    }
    default:
      options.push(wrongScalar('none', nullable), deepNest, nastyString(true), pollution);
  }
  return fc.oneof(...options);
}

/** A value that satisfies `s` as far as the schema says (patterns, lengths, ranges, enums, required keys). */
export function validValue(
  s: JsonSchema,
  key: string,
  depth: number,
  ids: IdsFor,
  minimal = false,
): fc.Arbitrary<unknown> {
  const alts = branches(s);
  if (alts && alts.length > 0)
    return fc.oneof(...alts.map((a) => validValue(a, key, depth + 1, ids, minimal)));
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  switch (s.type) {
    case 'string': {
      if (s.format === 'uuid')
        return ids(key).length > 0
          ? fc.oneof(
              { weight: 1, arbitrary: fc.uuid({ version: 4 }) },
              { weight: 3, arbitrary: fc.constantFrom(...ids(key)) },
            )
          : fc.uuid({ version: 4 });
      if (isEmailKey(key) || s.format === 'email')
        return fc.nat({ max: 1_000_000 }).map((n) => `fuzz-${n}@example.com`);
      if (s.format === 'date-time') return fc.constant(new Date(Date.UTC(2024, 0, 15, 12)).toISOString());
      if (s.format === 'date') return fc.constant('2024-01-15');
      const min = s.minLength ?? 0;
      const max = Math.max(min, Math.min(s.maxLength ?? 16, 16));
      if (s.pattern) {
        try {
          return fc
            .stringMatching(new RegExp(s.pattern))
            .filter((v) => v.length >= min && v.length <= (s.maxLength ?? Infinity));
        } catch {
          return fc.constant('x'.repeat(Math.max(1, min)));
        }
      }
      return fc.string({
        unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'),
        minLength: Math.max(1, min),
        maxLength: Math.max(1, max),
      });
    }
    // Small, as strings and arrays are: a count is work the operation does (a well-formed `count: 500` to
    // POST /order/generate is a job of 500 parcels per caller, half the embedded fuzzing's time), not input it reads.
    // The limits themselves are met by badValue's out-of-range values.
    case 'integer': {
      const min = Math.ceil(s.minimum ?? 0);
      return fc.integer({ min, max: Math.min(Math.floor(s.maximum ?? 1000), min + 16) });
    }
    case 'number': {
      const min = s.minimum ?? 0;
      return fc.double({
        min,
        max: Math.min(s.maximum ?? 1000, min + 16),
        noNaN: true,
        noDefaultInfinity: true,
      });
    }
    case 'boolean':
      return fc.boolean();
    case 'array': {
      if (depth > 4) return fc.constant([]);
      const minLength = s.minItems ?? 0;
      return fc.array(validValue(s.items ?? {}, key, depth + 1, ids, minimal), {
        minLength,
        maxLength: Math.max(minLength, Math.min(s.maxItems ?? 2, 2)),
      });
    }
    case 'object': {
      if (depth > 4 || !s.properties) return fc.constant({});
      // A cursor comes from an earlier page: a valid body starts at the first one. `minimal`: required keys only.
      const required = s.required ?? [];
      const keys = Object.keys(s.properties).filter(
        (k) => !isCursorKey(k) && (!minimal || required.includes(k)),
      );
      const model = Object.fromEntries(
        keys.map((k) => [k, validValue(s.properties![k], k, depth + 1, ids, minimal)]),
      );
      return fc.record(model, { requiredKeys: required.filter((k) => k in model) }).map(confirmations);
    }
    default:
      return fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean());
  }
}

/** A valid body: generated from the schema, or one of the document's examples (with the pool's ids mixed in). */
export function validBody(s: JsonSchema, examples: unknown[], ids: IdsFor): fc.Arbitrary<unknown> {
  const generated = validValue(s, '', 0, ids);
  return examples.length > 0 ? fc.oneof(generated, fc.constantFrom(...examples)) : generated;
}

/** `confirmPassword` (any `confirmX`) repeats `newPassword`/`password` (`newX`/`x`), as forms send it. */
function confirmations(o: Record<string, unknown>): Record<string, unknown> {
  const out = { ...o };
  for (const key of Object.keys(out)) {
    const m = /^confirm(.+)$/.exec(key);
    if (!m) continue;
    const field = m[1][0].toLowerCase() + m[1].slice(1);
    const source = [`new${m[1]}`, field].find((k) => k in out);
    if (source) out[key] = out[source];
  }
  return out;
}

/** The schema's own keys (at least one), each with a wrong or adversarial value. */
function wrongTypedObject(s: JsonSchema, depth: number, ids: IdsFor): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(s.properties ?? {});
  return fc
    .tuple(
      fc.subarray(keys, { minLength: 1 }),
      fc.record(Object.fromEntries(keys.map((k) => [k, badValue(s.properties![k], k, depth, ids)]))),
    )
    .map(([chosen, values]) => Object.fromEntries(chosen.map((k) => [k, values[k]])));
}

/** A valid-looking object with exactly one bad field; `field` names it (dotted for nested ones). */
function oneBadField(
  s: JsonSchema,
  depth: number,
  ids: IdsFor,
  base: fc.Arbitrary<unknown> = validValue(s, '', depth, ids),
): fc.Arbitrary<{ value: unknown; field: string }> {
  const keys = Object.keys(s.properties ?? {});
  return fc.tuple(base, fc.constantFrom(...keys)).chain(([valid, key]) => {
    const prop = s.properties![key];
    const nested =
      prop.type === 'object' && prop.properties && Object.keys(prop.properties).length > 0 && depth < 3
        ? [oneBadField(prop, depth + 1, ids).map((b) => ({ value: b.value, field: `${key}.${b.field}` }))]
        : [];
    return fc
      .oneof(
        badValue(prop, key, depth, ids).map((value) => ({ value, field: key })),
        ...nested,
      )
      .map((bad) => ({ value: { ...(valid as object), [key]: bad.value }, field: bad.field }));
  });
}

/** Random JSON: any value (not only objects), objects with random keys, deep nesting, prototype keys. */
const randomJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  {
    weight: 3,
    arbitrary: fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 }),
  },
  { weight: 1, arbitrary: deepNest },
  { weight: 1, arbitrary: pollution },
  { weight: 1, arbitrary: nastyString(true) },
);

/** Bodies sent as application/json that are not JSON (or are JSON only in part). */
const malformed = fc.constantFrom(
  '{',
  '{"a":}',
  '[1,]',
  'nul',
  'undefined',
  "{'a':1}",
  NUL,
  '"unterminated',
  '{"a":1}{"b":2}',
  '\ufeff{}',
  '1e99999',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '['.repeat(50_000),
);

/** Text that PostgreSQL cannot store or that overflows a column: NUL, lone surrogates, 100k characters. */
export const poisonText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: injected },
  { weight: 1, arbitrary: fc.constantFrom(NUL, HIGH, LOW, `${NUL}${NUL}`) },
  { weight: 2, arbitrary: longText(95_000, 105_000) },
);

/** Dotted paths of the string fields of an object schema (nested objects too), with each field's schema. */
function stringFields(s: JsonSchema, prefix = '', depth = 0): { path: string[]; schema: JsonSchema }[] {
  if (depth > 3 || !s.properties) return [];
  return Object.entries(s.properties).flatMap(([k, v]) => {
    const alts = branches(v) ?? [v];
    const freeText = (a: JsonSchema) => a.type === 'string' && !a.enum && !a.format && !a.pattern;
    const here = alts.some(freeText) && !isCursorKey(k) ? [{ path: [k], schema: v }] : [];
    const nested = alts
      .filter((a) => a.type === 'object')
      .flatMap((a) => stringFields(a, `${prefix}${k}.`, depth + 1))
      .map((f) => ({ path: [k, ...f.path], schema: f.schema }));
    return [...here, ...nested];
  });
}

/** `value` with `path` set to `leaf` (objects on the way made or copied). */
function setPath(value: unknown, path: string[], leaf: unknown): unknown {
  const base = value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
  const [head, ...rest] = path;
  return {
    ...base,
    [head]: rest.length === 0 ? leaf : setPath((base as Record<string, unknown>)[head], rest, leaf),
  };
}

/** A valid-looking body with poison text in one of its string fields (or an item of a string array). */
function poisonedField(
  s: JsonSchema,
  base: fc.Arbitrary<unknown>,
): fc.Arbitrary<{ value: unknown; field: string }> | undefined {
  const fields = stringFields(s);
  if (fields.length === 0) return undefined;
  return fc
    .tuple(base, fc.constantFrom(...fields), poisonText)
    .map(([valid, f, text]) => ({ value: setPath(valid, f.path, text), field: f.path.join('.') }));
}

const bodyArb = (
  schema: JsonSchema | undefined,
  examples: unknown[],
  ids: IdsFor,
): fc.Arbitrary<FuzzBody> => {
  const json = (why: string) => (value: unknown) => ({ kind: 'json' as const, value, why });
  const options: fc.WeightedArbitrary<FuzzBody>[] = [
    { weight: 1, arbitrary: randomJson.map(json('random JSON')) },
    {
      weight: 1,
      arbitrary: malformed.map((text) => ({ kind: 'raw' as const, text, why: 'malformed JSON' })),
    },
  ];
  if (schema === undefined) {
    options.push({ weight: 3, arbitrary: fc.constant({ kind: 'none' as const }) });
    return fc.oneof(...options);
  }
  options.push({ weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) });
  const hasKeys = schema.properties && Object.keys(schema.properties).length > 0;
  if (hasKeys) {
    const labelled = (what: string) => (b: { value: unknown; field: string }) => ({
      kind: 'json' as const,
      value: b.value,
      why: `${what} ${b.field}`,
    });
    options.push(
      { weight: 3, arbitrary: wrongTypedObject(schema, 0, ids).map(json('right keys, wrong values')) },
      {
        weight: 3,
        arbitrary: oneBadField(schema, 0, ids, validBody(schema, examples, ids)).map(
          labelled('valid-looking, bad'),
        ),
      },
    );
    const poisoned = poisonedField(schema, validBody(schema, examples, ids));
    if (poisoned)
      options.push({ weight: 4, arbitrary: poisoned.map(labelled('valid-looking, poison text in')) });
  } else options.push({ weight: 3, arbitrary: badValue(schema, '', 0, ids).map(json('bad value')) });
  return fc.oneof(...options);
};

/** Values of path parameters that name something known to the suite's route kinds (`{entity}`, `{actionName}`). */
const PLAUSIBLE: Record<string, string[]> = {
  entity: ['client', 'matrix', 'operator', 'order', 'user', 'clientGroup', 'log'],
  actionName: [
    'selectedClientsExportToXls',
    'selectedRoutingsExportToXls',
    'selectedOperatorsExportToXls',
    'exportToXlsx',
    'csv',
  ],
};
const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype'];

const pathParam = (name: string, opKind: string, pools: IdPools): fc.Arbitrary<string> => {
  const own = pools.of(kindOfKey(name, opKind));
  const options: fc.WeightedArbitrary<string>[] = [
    { weight: 4, arbitrary: forgedUuid },
    { weight: 3, arbitrary: nastyString(false).filter((v) => v.length < 1500) },
    { weight: 1, arbitrary: longText(2000, 5000, ['a', '0', '-']) },
  ];
  if (own.length > 0) options.push({ weight: 6, arbitrary: fc.constantFrom(...own) });
  if (pools.all().length > 0) options.push({ weight: 1, arbitrary: fc.constantFrom(...pools.all()) });
  if (PLAUSIBLE[name])
    options.push({ weight: 4, arbitrary: fc.constantFrom(...PLAUSIBLE[name], ...PROTOTYPE_NAMES) });
  return fc.oneof(...options);
};

/** Query keys lists and screens read (the document lists none; some GETs read `type` or `clientId`). */
const QUERY_KEYS = [
  'cursor',
  'after',
  'limit',
  'search',
  'filters',
  'filters[search]',
  'id',
  'page',
  'orderBy',
  'type',
  'clientId',
];

const queryArb = (op: Operation, pools: IdPools): fc.Arbitrary<[string, string][]> => {
  const keys = [...QUERY_KEYS, ...op.queryParams.map((q) => q.name), '__proto__'];
  const value = fc.oneof(
    nastyString(false).filter((v) => v.length < 1500),
    forgedCursor,
    forgedUuid,
    fc.constantFrom('-1', '0', '1e309', 'NaN', '999999999999', 'FV', 'AREA'),
    ...(pools.all().length > 0 ? [fc.constantFrom(...pools.all())] : []),
  );
  return fc.array(fc.tuple(fc.oneof(fc.constantFrom(...keys), injected), value), { maxLength: 3 });
};

/** Header values Node can send (visible ASCII and Latin-1, no NUL): empty, long, spaced, non-ASCII. */
const headerValue = fc.oneof(
  fc.constantFrom('', ' ', 'a b', '\u00ff\u00fe', 'x'.repeat(256), 'x'.repeat(4000), '\t', 'null', '-1'),
  fc.uuid({ version: 4 }),
  fc.string({ unit: 'binary-ascii', maxLength: 20 }).map((v) => v.replace(/[^\x20-\x7e]/g, '?')),
);

/** A well-formed body with only the required fields (none when the operation takes no body). */
const controlArb = (op: Operation, ids: IdsFor): fc.Arbitrary<FuzzBody> =>
  op.body
    ? validValue(op.body, '', 0, ids, true).map((value) => ({ kind: 'json' as const, value, why: 'valid' }))
    : fc.constant({ kind: 'none' as const });

/** One bad input for `op`, sent to it by every principal in turn. */
export function caseArb(op: Operation, pools: IdPools): fc.Arbitrary<FuzzCase> {
  const opKind = kindOfPath(op.path);
  const ids: IdsFor = (key) => pools.of(kindOfKey(key, opKind));
  return fc.record({
    params: fc.record(Object.fromEntries(op.pathParams.map((p) => [p, pathParam(p, opKind, pools)]))),
    query: fc.oneof({ weight: 2, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: queryArb(op, pools) }),
    headers: fc.record(Object.fromEntries(op.headerParams.map((h) => [h.name, headerValue])), {
      requiredKeys: [],
    }),
    body: bodyArb(op.body, op.bodyExamples, ids),
    control: controlArb(op, ids),
  }) as fc.Arbitrary<FuzzCase>;
}

/**
 * Well-formed input for `op`, the probes: the body's required fields only (valid as far as the schema says), known or
 * random UUIDs in the path.
 */
export function validCaseArb(op: Operation, pools: IdPools): fc.Arbitrary<FuzzCase> {
  const opKind = kindOfPath(op.path);
  const ids: IdsFor = (key) => pools.of(kindOfKey(key, opKind));
  const param = (name: string) =>
    ids(name).length > 0
      ? fc.oneof(fc.uuid({ version: 4 }), fc.constantFrom(...ids(name)))
      : fc.uuid({ version: 4 });
  return fc.record({
    params: fc.record(Object.fromEntries(op.pathParams.map((p) => [p, param(p)]))),
    query: fc.constant([]),
    headers: fc.constant({}),
    body: controlArb(op, ids),
    control: controlArb(op, ids),
  }) as fc.Arbitrary<FuzzCase>;
}

/** JSON text of a generated value (Deep and Many written out; lone surrogates escaped, as JSON.stringify does). */
export function toJson(v: unknown): string {
  if (v instanceof Deep)
    return v.kind === 'array' ? `${'['.repeat(v.depth)}${']'.repeat(v.depth)}` : nestedObject(v.depth);
  if (v instanceof Many) {
    const item = toJson(v.item);
    return `[${Array.from({ length: v.count }, () => item).join(',')}]`;
  }
  if (Array.isArray(v)) return `[${v.map(toJson).join(',')}]`;
  if (v !== null && typeof v === 'object')
    return `{${Object.entries(v)
      .map(([k, x]) => `${JSON.stringify(k)}:${toJson(x)}`)
      .join(',')}}`;
  if (typeof v === 'number' && !Number.isFinite(v)) return 'null';
  return JSON.stringify(v) ?? 'null';
}

const nestedObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** Percent-encodes like encodeURIComponent, but writes a lone surrogate as its (invalid) UTF-8-style bytes. */
export function encodeComponent(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    const next = value.charCodeAt(i + 1);
    if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(value.slice(i, i + 2));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(value[i]);
  }
  return out;
}

/** The request URL (path and query) of a case. */
export function urlOf(op: Operation, c: FuzzCase): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeComponent(c.params[name] ?? ''));
  const query = c.query.map(([k, v]) => `${encodeComponent(k)}=${encodeComponent(v)}`).join('&');
  return query ? `${path}?${query}` : path;
}

/** A short, readable picture of a value: long strings, deep nesting and big arrays abbreviated, NUL visible. */
export function preview(v: unknown, depth = 0): string {
  if (v instanceof Deep) return `<${v.kind} nested ${v.depth} deep>`;
  if (v instanceof Many) return `<${v.count} × ${preview(v.item, depth + 1)}>`;
  if (typeof v === 'string') {
    const text = v.length > 48 ? `${v.slice(0, 16)}…(${v.length} chars of ${JSON.stringify(v[0])})` : v;
    return JSON.stringify(text);
  }
  if (depth > 4) return '…';
  if (Array.isArray(v)) {
    const items = v.slice(0, 4).map((x) => preview(x, depth + 1));
    if (v.length > 4) items.push(`…(${v.length} items)`);
    return `[${items.join(',')}]`;
  }
  if (v !== null && typeof v === 'object')
    return `{${Object.entries(v)
      .map(([k, x]) => `${JSON.stringify(k)}:${preview(x, depth + 1)}`)
      .join(',')}}`;
  return String(v);
}

/** The case in one line: the URL's parameters, headers and the body with how it was made. */
export function describeCase(op: Operation, c: FuzzCase): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(c.params)) parts.push(`${k}=${preview(v)}`);
  if (c.query.length > 0)
    parts.push(`query ${c.query.map(([k, v]) => `${preview(k)}=${preview(v)}`).join('&')}`);
  for (const [k, v] of Object.entries(c.headers)) parts.push(`${k}: ${preview(v)}`);
  if (c.body.kind === 'json') parts.push(`body (${c.body.why}) ${preview(c.body.value)}`);
  else if (c.body.kind === 'raw') parts.push(`body (${c.body.why}) ${preview(c.body.text)}`);
  else if (op.body) parts.push('no body');
  return parts.join('; ') || 'no input';
}
