import { contract, isRecentJobName, RECENT_JOBS_DEFAULT, type RecentJob } from '@depot/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { routeKey, useRouteQuery } from '../../../api/query';
import { useRealtime } from '../../../realtime/RealtimeProvider';
import { withJobProgress } from '../recentJobs';

const INPUT = { query: { limit: RECENT_JOBS_DEFAULT } };

/**
 * The signed-in user's recent label and export jobs (`GET /api/job/recent`, decision 0121), live: the jobs' own
 * `job:*` events in the user's room move a listed job's progress in place, and a job not listed yet, a job that ended
 * and a reconnect read the list again (the server writes a job's row before it sends the event).
 */
export function useRecentJobs() {
  const realtime = useRealtime();
  const client = useQueryClient();
  const query = useRouteQuery(contract.jobs.recent, INPUT);

  const refresh = useCallback(
    () =>
      // A read already under way is not restarted: a quick job's many events would otherwise cancel each other's.
      void client.invalidateQueries(
        { queryKey: routeKey(contract.jobs.recent, INPUT), exact: true },
        { cancelRefetch: false },
      ),
    [client],
  );

  useEffect(() => {
    if (!realtime) return undefined;
    const key = routeKey(contract.jobs.recent, INPUT);
    const offs = [
      realtime.on('job:progress', (p) => {
        if (!isRecentJobName(p.jobName)) return;
        const next = withJobProgress(client.getQueryData<RecentJob[]>(key) ?? [], p);
        if (next) client.setQueryData(key, next);
        else refresh();
      }),
      realtime.on('job:finished', (p) => {
        if (isRecentJobName(p.jobName)) refresh();
      }),
      realtime.on('job:failed', (p) => {
        if (isRecentJobName(p.jobName)) refresh();
      }),
      realtime.onResync(refresh),
    ];
    return () => offs.forEach((off) => off());
  }, [realtime, client, refresh]);

  return { jobs: query.data, isError: query.isError, isPending: query.isPending, refresh };
}
