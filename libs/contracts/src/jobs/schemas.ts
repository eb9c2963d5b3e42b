import { z } from 'zod';
import { EXPORT_JOB_NAME } from '../exports/schemas';
import { LABELS_JOB_NAME } from '../labels/schemas';
import { MESSAGES } from '../messages';

// The signed-in user's recent file jobs (issue 13; decision 0121): what the top bar's "Recent jobs" menu lists.

/** The jobs that make a file for their starter, and so are listed among their recent jobs. */
export const RECENT_JOB_NAMES = [LABELS_JOB_NAME, EXPORT_JOB_NAME] as const;
export type RecentJobName = (typeof RECENT_JOB_NAMES)[number];
export const isRecentJobName = (name: string): name is RecentJobName =>
  (RECENT_JOB_NAMES as readonly string[]).includes(name);

/** Where a job is: waiting for a worker, running, done with its file, or failed with a reason. */
export const RECENT_JOB_STATES = ['queued', 'running', 'finished', 'failed'] as const;
export type RecentJobState = (typeof RECENT_JOB_STATES)[number];

/** How many recent jobs the menu lists by default, and at most. */
export const RECENT_JOBS_DEFAULT = 10;
export const RECENT_JOBS_MAX = 50;
/** A job is listed for this long after it was started (the lifetime of its file, EXPORT_FILE_TTL_MS). */
export const RECENT_JOBS_WINDOW_MS = 24 * 60 * 60 * 1000;

/** `GET /api/job/recent?limit=n`. */
export const recentJobsQuerySchema = z
  .object({
    limit: z.coerce
      .number({ error: MESSAGES.recentJobsLimitInvalid })
      .int({ error: MESSAGES.recentJobsLimitInvalid })
      .min(1, { error: MESSAGES.recentJobsLimitInvalid })
      .max(RECENT_JOBS_MAX, { error: MESSAGES.recentJobsLimitInvalid })
      .default(RECENT_JOBS_DEFAULT),
  })
  .strict();
export type RecentJobsQuery = z.output<typeof recentJobsQuerySchema>;

/** The file a finished job made: its name, where its owner downloads it, until when. */
export const recentJobFileSchema = z.object({
  fileName: z.string(),
  url: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
});

/** One of the caller's recent jobs. */
export const recentJobSchema = z.object({
  id: z.string(),
  name: z.enum(RECENT_JOB_NAMES),
  state: z.enum(RECENT_JOB_STATES),
  /** 0–100. */
  progress: z.number().int().min(0).max(100),
  /** What an export exported (clients, parcels, …); null for labels. */
  entity: z.string().nullable(),
  /** Labels printed or rows exported, once finished. */
  count: z.number().int().nullable(),
  /** The file of a finished job, while it can be downloaded (null once it has expired). */
  file: recentJobFileSchema.nullable(),
  /** Why a failed job failed (a server message, which the panel translates when it knows it). */
  message: z.string().nullable(),
  startedAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type RecentJob = z.infer<typeof recentJobSchema>;
