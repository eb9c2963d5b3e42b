import { applyDecorators, Injectable, SetMetadata } from '@nestjs/common';
import type { z } from 'zod';

export const JOB_HANDLER = 'depot:jobHandler';

/** What a running job may do besides its work: report progress to whoever started it. */
export interface JobContext {
  jobId: string;
  /** The user who started the job; progress goes to that user's room. */
  startedBy: string | null;
  /** Reports 0–100 and an optional message; delivered live as `job:progress`. */
  progress(percent: number, message?: string): Promise<void>;
}

/**
 * One job type, one file: `modules/<feature>/jobs/<verb-noun>.job.ts`, a provider of its feature module
 * marked with `@JobHandler()`. The jobs module finds it, validates the data with `schema`, and reports
 * progress, finish and failure as typed events.
 */
export interface DepotJob<S extends z.ZodType = z.ZodType, R = unknown> {
  readonly name: string;
  readonly schema: S;
  /**
   * How long the job may go without reporting progress before Agenda takes it for dead (default 10 min).
   * Agenda re-checks every half of it with a timer it never clears, which keeps a finished process alive
   * that long (e.g. a test run), so short jobs should say so.
   */
  readonly lockLifetimeMs?: number;
  /**
   * Makes it a recurring job (Agenda's `every`, e.g. '15 minutes'): worker processes schedule it once on start,
   * as one shared record whatever the number of processes; each run gets `{}` as data and no starting user. The
   * first run comes one interval after the start.
   */
  readonly every?: string;
  /** A recurring job that also runs once when a worker process starts (a sweep of what a stopped process left). */
  readonly runAtStart?: boolean;
  run(data: z.output<S>, ctx: JobContext): Promise<R>;
}

export const JobHandler = () => applyDecorators(Injectable(), SetMetadata(JOB_HANDLER, true));

/** Data stored with each Agenda job. */
export interface StoredJobData {
  data: unknown;
  startedBy: string | null;
}
