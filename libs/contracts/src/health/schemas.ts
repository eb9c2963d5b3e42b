import { z } from 'zod';

const check = { ok: z.boolean() };

/** What GET /api/health tells staff and localhost: every part the process depends on. */
export const healthReportSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  /** The roles this process runs (api, worker, …). */
  roles: z.array(z.string()),
  database: z.object({ ...check, mode: z.enum(['server', 'embedded']) }),
  /** The path every signed-in request takes: a session lookup by token. */
  auth: z.object(check),
  events: z.object({ ...check, kind: z.string() }),
  jobs: z.object({ ...check, state: z.string(), types: z.array(z.string()) }),
  realtime: z.object({
    ...check,
    state: z.enum(['running', 'not in this process']),
    sockets: z.number().int().optional(),
    adapter: z.string().optional(),
  }),
  /** Embedded runtime: when the database was last reset after a failed check (decision 0104). */
  recoveredAt: z.iso.datetime().optional(),
});
export type HealthReport = z.infer<typeof healthReportSchema>;

/** Anonymous callers hear only whether the process is healthy. */
export const healthStatusSchema = healthReportSchema.pick({ status: true });

/** The reply of GET /api/health: the whole report (staff, localhost) or its status only (anyone else). */
export const healthReplySchema = z.union([healthReportSchema, healthStatusSchema]);
export type HealthReply = z.infer<typeof healthReplySchema>;
