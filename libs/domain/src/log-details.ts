import { HIDDEN_SECRET, type LogListItem, type MessageId } from '@depot/contracts';
import { stableJson } from './audit-log';
import { logFieldWord, logValueWord, type CatalogueIds } from './log-words';

/**
 * A log entry's data as people read it (decision 0111): before → after one field per row, nested records
 * opened into their fields (`Standard pickup address › City`), each field and value in words where the
 * catalogue has them, instead of the JSON the API recorded.
 */

/** One step of a field's path: the recorded key, and the catalogue's word for it when there is one. */
export interface LogFieldName {
  key: string;
  word?: MessageId;
}

/** A recorded value, ready to show. */
export type LogValue =
  /** Absent, null, an empty text or list. */
  | { kind: 'none' }
  /** A secret the log never shows. */
  | { kind: 'hidden' }
  /** Yes or no, or a value that names something (a role, a parcel status). */
  | { kind: 'word'; word: MessageId }
  | { kind: 'text'; text: string }
  /** An ISO date-time, shown in the reader's format. */
  | { kind: 'dateTime'; iso: string }
  | { kind: 'list'; items: LogValue[] }
  /** A record inside a list (a matrix condition, a group's client): its fields in order. */
  | { kind: 'record'; fields: { name: LogFieldName; value: LogValue }[] };

/** One field of a change: where it is, what it was and what it became. */
export interface LogChangeRow {
  /** The keys down to the field, joined by dots (`defaultAddress.city`). */
  path: string;
  name: LogFieldName[];
  before: LogValue;
  after: LogValue;
  changed: boolean;
}

/** One field of an entry's details. */
export interface LogDetailRow {
  path: string;
  name: LogFieldName[];
  value: LogValue;
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

type Plain = Record<string, unknown>;
const isRecord = (v: unknown): v is Plain => v !== null && typeof v === 'object' && !Array.isArray(v);
const isEmpty = (v: unknown) => v === undefined || v === null;

const fieldName = (ids: CatalogueIds, entity: string, key: string): LogFieldName => {
  const word = logFieldWord(ids, entity, key);
  return word ? { key, word } : { key };
};

/**
 * A recorded value as people read it; `key` is the field it was recorded under (its words depend on it), `ids` the
 * catalogue's ids (log-words.ts).
 */
export function logValue(ids: CatalogueIds, entity: string, key: string, value: unknown): LogValue {
  if (isEmpty(value) || value === '') return { kind: 'none' };
  if (value === HIDDEN_SECRET) return { kind: 'hidden' };
  if (typeof value === 'boolean') return { kind: 'word', word: value ? 'common.yes' : 'common.no' };
  if (typeof value === 'string') {
    const word = logValueWord(ids, entity, key, value);
    if (word) return { kind: 'word', word };
    return ISO_DATE_TIME.test(value) ? { kind: 'dateTime', iso: value } : { kind: 'text', text: value };
  }
  if (typeof value === 'number' || typeof value === 'bigint') return { kind: 'text', text: String(value) };
  if (Array.isArray(value)) {
    return value.length === 0
      ? { kind: 'none' }
      : { kind: 'list', items: value.map((item) => logValue(ids, entity, key, item)) };
  }
  if (isRecord(value)) {
    const keys = Object.keys(value);
    if (keys.length === 0) return { kind: 'none' };
    return {
      kind: 'record',
      fields: keys.map((k) => ({
        name: fieldName(ids, entity, k),
        value: logValue(ids, entity, k, value[k]),
      })),
    };
  }
  return { kind: 'text', text: String(value) };
}

interface RawRow {
  keys: string[];
  before: unknown;
  after: unknown;
}

/**
 * Both sides walked together: where either side holds a record (and the other a record or nothing), its fields
 * become rows of their own, keys of `after` in their order, then keys only `before` has; anything else (a text, a
 * list) is one row.
 */
function flatten(before: unknown, after: unknown, keys: string[] = []): RawRow[] {
  const opens =
    (isRecord(before) || isRecord(after)) &&
    (isRecord(before) || isEmpty(before)) &&
    (isRecord(after) || isEmpty(after));
  if (!opens) return isEmpty(before) && isEmpty(after) && keys.length === 0 ? [] : [{ keys, before, after }];
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const names = [...Object.keys(a), ...Object.keys(b).filter((k) => !Object.hasOwn(a, k))];
  if (names.length === 0) return keys.length === 0 ? [] : [{ keys, before, after }];
  return names.flatMap((k) => flatten(b[k], a[k], [...keys, k]));
}

const nameOf = (ids: CatalogueIds, entity: string, keys: string[]) =>
  keys.map((k) => fieldName(ids, entity, k));
const lastKey = (keys: string[]) => keys.at(-1) ?? '';

/**
 * Before and after, one row per field (nested records opened), each marked changed when its values differ
 * (deeply, key order ignored). A side not recorded (a creation has no before) reads as none on every row.
 */
export function logChangeRows(
  ids: CatalogueIds,
  entity: string,
  before: unknown,
  after: unknown,
): LogChangeRow[] {
  return flatten(before, after).map(({ keys, before: b, after: a }) => ({
    path: keys.join('.'),
    name: nameOf(ids, entity, keys),
    before: logValue(ids, entity, lastKey(keys), b),
    after: logValue(ids, entity, lastKey(keys), a),
    changed: stableJson(b ?? null) !== stableJson(a ?? null),
  }));
}

/** An entry's details, one row per field (nested records opened); a details value that is no record is one row. */
export function logDetailRows(ids: CatalogueIds, entity: string, details: unknown): LogDetailRow[] {
  return flatten(undefined, details).map(({ keys, after }) => ({
    path: keys.join('.'),
    name: nameOf(ids, entity, keys),
    value: logValue(ids, entity, lastKey(keys), after),
  }));
}

/** Whether a side of a change was recorded as data (a creation has no before, a deletion no after). */
export const logSideRecorded = (side: unknown): boolean => !isEmpty(side);

/** Who made a change, as the log names them. */
export type LogAuthorName = { kind: 'person'; name: string } | { kind: 'apiKey' } | { kind: 'system' };

/**
 * A person by first and last name, by e-mail when the name is blank; an entry made with an API key names the key;
 * an entry with neither was made by the app itself.
 */
export function logAuthorName(
  entry: Pick<LogListItem, 'createdById' | 'authorName' | 'authorEmail' | 'apiKeyId'>,
): LogAuthorName {
  const name = entry.authorName?.trim() || entry.authorEmail?.trim();
  if (entry.createdById && name) return { kind: 'person', name };
  return entry.apiKeyId ? { kind: 'apiKey' } : { kind: 'system' };
}
