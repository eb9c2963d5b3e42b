import type { JobContext } from './job-definition';

/**
 * Reports a file-making job's progress as a percentage of `done / total`: when it grows, and at least every
 * `everyMs` (which also renews the job's lock). 99 at most: 100 is reported once the file is stored and can be
 * downloaded.
 */
export function fileJobProgress(
  ctx: JobContext,
  everyMs = 2000,
): (done: number, total: number) => Promise<void> {
  let reported = -1;
  let reportedAt = 0;
  return async (done, total) => {
    const percent = total > 0 ? Math.min(99, Math.floor((done / total) * 100)) : 99;
    if (percent > reported || Date.now() - reportedAt >= everyMs) {
      reported = percent;
      reportedAt = Date.now();
      await ctx.progress(percent);
    }
  };
}
