import type { JobProgress, RecentJob } from '@depot/contracts';

/**
 * A job's progress applied to the listed jobs (decision 0121): the job is running at that percentage now. `null` when
 * the job is not listed yet (the list must be read again to show it). An ended job stays ended.
 */
export function withJobProgress(jobs: readonly RecentJob[], p: JobProgress): RecentJob[] | null {
  if (!jobs.some((j) => j.id === p.jobId)) return null;
  return jobs.map((j) =>
    j.id !== p.jobId || j.state === 'finished' || j.state === 'failed'
      ? j
      : { ...j, state: 'running', progress: p.progress },
  );
}

/** How many of the listed jobs are still to end (the menu button shows it). */
export const activeJobCount = (jobs: readonly RecentJob[] | undefined): number =>
  (jobs ?? []).filter((j) => j.state === 'queued' || j.state === 'running').length;
