import type { Pool } from 'pg';

/** What came back for one request (or that nothing did). */
export interface Reply {
  status: number;
  contentType: string;
  /** Parsed JSON when the reply was JSON, otherwise undefined. */
  body: unknown;
  /** The first characters of a reply that was not JSON. */
  text: string;
  /** Set when no reply came (timeout, connection reset). */
  failure?: string;
}

const ERROR_KEYS = new Set(['statusCode', 'error', 'message', 'details']);

/**
 * Why a non-2xx reply is not the one error shape of DESIGN.md, `{ statusCode, error, message, details? }` as
 * JSON with `statusCode` equal to the HTTP status and non-empty `error` and `message`; undefined when it is.
 */
export function errorShapeProblem(reply: Reply): string | undefined {
  if (!reply.contentType.startsWith('application/json'))
    return `not JSON (${reply.contentType || 'no content type'}): ${JSON.stringify(reply.text)}`;
  const b = reply.body as Record<string, unknown> | null;
  if (typeof b !== 'object' || b === null || Array.isArray(b)) return `body is ${JSON.stringify(b)}`;
  const extra = Object.keys(b).filter((k) => !ERROR_KEYS.has(k));
  if (extra.length > 0) return `unexpected keys ${extra.join(', ')}`;
  if (b.statusCode !== reply.status) return `statusCode ${JSON.stringify(b.statusCode)} on a ${reply.status}`;
  if (typeof b.error !== 'string' || b.error === '') return `error is ${JSON.stringify(b.error)}`;
  if (typeof b.message !== 'string' || b.message === '') return `message is ${JSON.stringify(b.message)}`;
  // libs/contracts ErrorReply: `details` is the validation issues (an array) or, for a few refusals, an object
  // (decision 0025's ClientInOtherGroup carries `details.refused`).
  if (b.details !== undefined && (typeof b.details !== 'object' || b.details === null))
    return `details is ${JSON.stringify(b.details)}`;
  return undefined;
}

/**
 * Tables that change on refused calls by design, left out of the state fingerprint (apps/api/src/db/schema and
 * the libraries' own tables):
 */
export const VOLATILE_TABLES: Record<string, string> = {
  // rate-limits.ts: on the server runtime the sign-in limiter counts every failed sign-in here (decision 0004),
  // and the API-key limiter every call made with a key, invalid bodies and 404s included (decision 0060).
  rate_limits: 'limiter counters: failed sign-ins and every API-key call count, by design',
  // parcels.ts idempotencyKeys: a refusal (4xx) of an API-key call with an Idempotency-Key is the answer to that
  // key and is stored to be replayed (decision 0061, idempotency.interceptor.ts afterFailure).
  idempotency_keys: 'a 4xx reply to an idempotent API-key call is stored for replay, by design',
  // Agenda's own table (@agendajs/postgres-backend): locks and next runs of the recurring jobs move in the
  // background, whatever the requests do.
  agenda_jobs: "Agenda's bookkeeping moves in the background",
  // socket-io.ts: written by @socket.io/postgres-adapter for large broadcasts, never by request handling.
  socket_io_attachments: 'the Socket.IO adapter writes it for broadcasts, not requests',
  // webhooks.ts (decision 0146): the dispatcher sends and records deliveries in the background, after the change
  // that enqueued them (a parcel made by an earlier accepted call), whatever the requests do meanwhile.
  webhook_deliveries: 'the webhook dispatcher records attempts in the background',
  webhook_delivery_attempts: 'the webhook dispatcher records attempts in the background',
};

/** Columns left out of a table's fingerprint. */
export const VOLATILE_COLUMNS: Record<string, string[]> = {
  // api-keys.ts lastUsedAt: AuthService.authenticateApiKey touches it on every call authenticated by a key,
  // before the route refuses or accepts the call.
  api_keys: ['last_used_at'],
  // export-files.ts content: the file bytes (up to megabytes); the row's size, owner and times stay in.
  export_files: ['content'],
};

/** A position in the log of row changes: everything written after it is a change. */
export type Fingerprint = number;

/** The log the triggers below write, one row per changed row; it lives in the fuzzed database only. */
const CHANGE_LOG = 'fuzz_row_changes';

/**
 * Puts a row trigger on every table (but the volatile ones) that logs which table a statement changed, so the
 * state before and after a call compares in one indexed read instead of hashing every table (decision 0120).
 * An update that leaves the row as it was (the volatile columns aside) is not a change.
 */
export async function fingerprinter(pool: Pool): Promise<{
  tables: string[];
  take: () => Promise<Fingerprint>;
  changedTables: (before: Fingerprint, after: Fingerprint) => Promise<string[]>;
}> {
  const { rows } = await pool.query<{ table_name: string }>(
    `select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const kept = rows.map((r) => r.table_name).filter((name) => !(name in VOLATILE_TABLES));
  const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
  await pool.query(`
    create table ${CHANGE_LOG} (id bigserial primary key, table_name text not null);
    create function ${CHANGE_LOG}_log() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and to_jsonb(old) - coalesce(tg_argv, '{}') = to_jsonb(new) - coalesce(tg_argv, '{}') then
        return null;
      end if;
      insert into ${CHANGE_LOG} (table_name) values (tg_table_name);
      return null;
    end $$;
    ${kept
      .map(
        (name) =>
          `create trigger ${CHANGE_LOG} after insert or update or delete on "${name}" for each row ` +
          `execute function ${CHANGE_LOG}_log(${(VOLATILE_COLUMNS[name] ?? []).map(literal).join(', ')});`,
      )
      .join('\n')}
  `);
  return {
    tables: kept,
    async take() {
      const res = await pool.query<{ id: string }>(`select coalesce(max(id), 0) as id from ${CHANGE_LOG}`);
      return Number(res.rows[0].id);
    },
    async changedTables(before, after) {
      if (after === before) return [];
      const res = await pool.query<{ table_name: string }>(
        `select distinct table_name from ${CHANGE_LOG} where id > $1 and id <= $2 order by table_name`,
        [before, after],
      );
      return res.rows.map((r) => r.table_name);
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits (at most `ms`) until no Agenda job is running or due, so work started by an accepted call (an export,
 * labels) does not land in the next refused call's window.
 */
export async function settle(pool: Pool, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      const { rows } = await pool.query<{ n: number }>(
        `select count(*)::int as n from agenda_jobs
          where locked_at is not null or (next_run_at is not null and next_run_at <= now())`,
      );
      if (rows[0].n === 0 || Date.now() > deadline) return;
    } catch {
      return; // no Agenda table (no worker role): nothing runs in the background
    }
    await sleep(100);
  }
}
