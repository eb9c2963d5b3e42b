import { MESSAGES, type Role } from '@depot/contracts';
import { kindOfKey, type FuzzCase } from './bad-input';
import type { Reply } from './invariants';

/**
 * The fuzzing suite's settings and rules (fuzz-suite.ts runs them): the seed and run counts, the operations handled
 * apart and why, the callers, which replies are the guard's refusal or input no route could read, what a violation
 * records, and the ids a reply hands to later inputs.
 */

const DEFAULT_SEED = 1106;
export const SEED =
  process.env.FUZZ_SEED === 'random' ? Date.now() % 2 ** 31 : Number(process.env.FUZZ_SEED ?? DEFAULT_SEED);
export const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 3));
export const ONLY = process.env.FUZZ_OPS ? new RegExp(process.env.FUZZ_OPS) : undefined;
/**
 * Well-formed inputs sent to every operation, as every caller, before the generated ones (`FUZZ_PROBES`, default 2;
 * `npm test`'s embedded step sends 1: which callers an operation refuses does not depend on the runtime).
 */
export const PROBES = Math.max(1, Number(process.env.FUZZ_PROBES ?? 2));

/**
 * Operations a caller's own token cannot be used for; each call gets a new session of the same user instead (the
 * fuzzing still covers them). Nothing is excluded outright: EXCLUDED stays empty unless a reason is written here.
 */
export const FRESH_SESSION_OPS: Record<string, string> = {
  'POST /api/auth/signout': 'revokes the session it is called with, which the later calls and checks need',
};
export const EXCLUDED: Record<string, string> = {};

/**
 * Operations where whether a caller is refused depends on the body, by design, so bad input may be answered 400
 * before the refusal (the refusal-order check is skipped for them; the other checks hold).
 */
export const BODY_DECIDES_ACCESS: Record<string, string> = {
  'POST /api/user/create':
    "the new user's role decides (libs/domain canAssignRole): a salesman may create client users, not staff",
};

export const ROLES: Role[] = ['superAdmin', 'admin', 'salesman', 'operator', 'magazyn', 'user'];

/**
 * The callers every generated input goes to; of the staff roles, each input goes to one the operation's probes were
 * answered by and to one they were refused to, turn by turn over the runs (`callersOfRun`). Staff roles differ in
 * which routes they may call, not in how a route reads its input, so each route still meets generated input from
 * allowed and refused staff, from a client user, its key and no one, for three fifths of the requests (the probes
 * still go to every caller).
 */
const EVERY_RUN = new Set(['anonymous', 'client user', 'API key']);

export function callersOfRun<C extends { name: string }>(
  callers: C[],
  refused: Set<string>,
  run: number,
): C[] {
  const staff = callers.filter((c) => !EVERY_RUN.has(c.name));
  const turn = <T>(list: T[]) => (list.length > 0 ? [list[run % list.length]] : []);
  const chosen = new Set([
    ...turn(staff.filter((c) => !refused.has(c.name))),
    ...turn(staff.filter((c) => refused.has(c.name))),
  ]);
  return callers.filter((c) => EVERY_RUN.has(c.name) || chosen.has(c));
}

export interface Caller {
  name: string;
  /** Authentication headers; `fresh` asks for a new session (see FRESH_SESSION_OPS). */
  headers(fresh: boolean): Promise<Record<string, string>>;
}

/** Whether a reply is the guard's refusal of the caller (not signed in, no permission, keys not allowed). */
export function isRefusal(r: Reply): boolean {
  const message = (r.body as { message?: unknown } | undefined)?.message;
  return (
    (r.status === 401 && message === MESSAGES.notSignedIn) ||
    (r.status === 403 && (message === MESSAGES.forbidden || message === MESSAGES.sessionOnly))
  );
}

/**
 * Input no route can read is answered before any route's guard runs, whoever calls: bytes that are not JSON, JSON
 * that is not an object or array (express.json is strict), a path parameter that is not UTF-8 once decoded
 * (Express), a URL that names no route (an empty parameter), an oversized body.
 */
export function unreadable(c: FuzzCase, r: Reply): boolean {
  const message = String((r.body as { message?: unknown } | undefined)?.message ?? '');
  if (r.status === 413) return true;
  if (r.status === 404 && /^Cannot [A-Z]+ \//.test(message)) return true;
  if (r.status !== 400) return false;
  if (message.startsWith('Failed to decode param')) return true;
  if (c.body.kind === 'raw') return true;
  return c.body.kind === 'json' && (c.body.value === null || typeof c.body.value !== 'object');
}

export const KINDS = [
  'server error',
  'no reply',
  'error shape',
  'state change',
  'refusal order',
  'liveness',
] as const;

export interface Violation {
  kind: (typeof KINDS)[number];
  op: string;
  caller: string;
  status: number;
  /** `probe N` or `run N`: the N-th well-formed or generated input of the operation (for its seed). */
  run: string;
  input: string;
  detail: string;
}

export const formatViolation = (v: Violation) =>
  `[${v.kind}] ${v.op} as ${v.caller}: ${v.status || '-'} ${v.detail}\n    input (${v.run}): ${v.input}`;

/** FNV-1a: a stable per-operation seed from the run's seed and the operation's name. */
export function seedFor(name: string): number {
  let h = 0x811c9dc5 ^ SEED;
  for (const ch of name) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  return h | 0;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Ids in a 2xx JSON reply of an operation on `opKind` rows, with their kind (`id` of the reply or of its list items
 * is one of those rows; `clientId`, `operatorId`, ... name their own kind), to aim later inputs at.
 */
export function idsIn(
  body: unknown,
  opKind: string,
  depth = 0,
  out: [string, string][] = [],
): [string, string][] {
  if (depth > 3 || body === null || typeof body !== 'object') return out;
  for (const [k, v] of Object.entries(body)) {
    const kind = kindOfKey(k, opKind);
    if (typeof v === 'string' && kind && k !== 'ids' && UUID.test(v)) out.push([kind, v]);
    else if (typeof v === 'object') idsIn(v, opKind, depth + 1, out);
  }
  return out;
}
