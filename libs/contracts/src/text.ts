/**
 * One rule for text at the edge (issue 11): every string a caller sends — in a body, a query string or a path —
 * must be storable by PostgreSQL and readable as Unicode, and not absurdly long. Fields have their own, smaller
 * limits in their schemas; this is the ceiling for everything, including fields no schema names.
 */

/** The longest string accepted anywhere (a field's own schema may allow less). */
export const MAX_TEXT_LENGTH = 10_000;
/** Deepest nesting of objects and arrays accepted in a body or a query string. */
export const MAX_INPUT_DEPTH = 16;

export type TextProblemKind = 'notStorable' | 'tooLong' | 'tooDeep';

export interface TextProblem {
  /** Dotted path of the offending value (`filters.search`, `items.2.name`); a key's own path when the key is bad. */
  path: string;
  kind: TextProblemKind;
}

// NUL cannot be stored in PostgreSQL text; a lone UTF-16 surrogate has no UTF-8 form.
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** What is wrong with one string, if anything. */
export function stringProblem(value: string, max = MAX_TEXT_LENGTH): TextProblemKind | null {
  if (value.length > max) return 'tooLong';
  return UNSTORABLE.test(value) ? 'notStorable' : null;
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** The first bad string (or key) in a parsed body, query or path parameters, depth-first; null when all is well. */
export function findTextProblem(value: unknown, path = '', depth = 0): TextProblem | null {
  if (typeof value === 'string') {
    const kind = stringProblem(value);
    return kind ? { path: path || 'value', kind } : null;
  }
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_INPUT_DEPTH) return { path: path || 'value', kind: 'tooDeep' };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findTextProblem(value[i], join(path, String(i)), depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const keyKind = stringProblem(key, 200);
    if (keyKind) return { path: join(path, JSON.stringify(key).slice(1, -1).slice(0, 40)), kind: keyKind };
    const found = findTextProblem(item, join(path, key), depth + 1);
    if (found) return found;
  }
  return null;
}
