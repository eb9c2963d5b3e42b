import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import {
  isRecentJobName,
  RECENT_JOBS_WINDOW_MS,
  type RecentJob,
  type RecentJobsQuery,
} from '@depot/contracts';
import type { SessionPrincipal } from '../auth/decorators';
import { JobRunsRepository, type JobRunRow } from './job-runs.repository';

/** What the file jobs finish with (LabelsJobResult, ExportJobResult), as far as the list needs it. */
const fileResultSchema = z.object({
  fileName: z.string(),
  url: z.string(),
  expiresAt: z.string(),
  entity: z.string().optional(),
  labels: z.number().int().optional(),
  rows: z.number().int().optional(),
});

/** A row of the recent jobs as the list shows it; its file only while it can still be downloaded. */
export function recentJobOf(row: JobRunRow, now: Date): RecentJob | null {
  if (!isRecentJobName(row.name)) return null;
  const result = fileResultSchema.safeParse(row.result);
  const done = result.success ? result.data : null;
  const live = done !== null && new Date(done.expiresAt).getTime() > now.getTime();
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    progress: Math.max(0, Math.min(100, row.progress)),
    entity: done?.entity ?? null,
    count: done ? (done.labels ?? done.rows ?? null) : null,
    file:
      done && live
        ? { fileName: done.fileName, url: done.url, expiresAt: new Date(done.expiresAt).toISOString() }
        : null,
    message: row.message,
    startedAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The caller's recent label and export jobs (decision 0121): only their own, of the last 24 hours. */
@Injectable()
export class RecentJobsService {
  constructor(private readonly runs: JobRunsRepository) {}

  async list(principal: SessionPrincipal, query: RecentJobsQuery): Promise<RecentJob[]> {
    const now = new Date();
    const rows = await this.runs.recent(
      principal.userId,
      new Date(now.getTime() - RECENT_JOBS_WINDOW_MS),
      query.limit,
    );
    return rows.flatMap((row) => recentJobOf(row, now) ?? []);
  }
}
