import type { RefreshStatusesResult } from '@depot/contracts';
import { useCallback, useState } from 'react';
import { useRealtime } from '../../../realtime/RealtimeProvider';
import { watchJob } from '../../../ui/export/jobWatch';
import { useNotify } from '../../../ui/useNotify';
import { useText } from '../../../ui/useText';
import { parcelsApi } from '../api';
import type { ParcelsSelection } from './useParcelsListMassActions';

/** The refresh job as the page shows it: running with its percentage, then its result or failure. */
export type RefreshJobState =
  | { phase: 'running'; percent: number; selected: number }
  | { phase: 'done'; result: RefreshStatusesResult }
  | { phase: 'failed'; reason: string };

/**
 * "Refresh status" for the list's selection (issue 15 item 3, decision 0145): always a job, so the "may take a
 * while" notice comes first, then live progress and what the carriers said. `onChanged` runs when it is done.
 */
export function useRefreshStatuses(onChanged: () => void) {
  const notify = useNotify();
  const text = useText();
  const realtime = useRealtime();
  const [busy, setBusy] = useState(false);
  const [job, setJob] = useState<RefreshJobState | null>(null);

  const start = useCallback(
    async (sel: ParcelsSelection) => {
      setBusy(true);
      // Listening starts before the call: a quick job may report before its id arrives.
      const watch = realtime ? watchJob(realtime) : null;
      try {
        const reply = await parcelsApi.refreshStatuses({
          selectedAll: sel.selectedAll,
          ids: sel.selectedAll ? [] : sel.ids,
          exceptId: sel.selectedAll ? sel.exceptId : [],
          filters: sel.filters,
          orderBy: sel.orderBy,
        });
        notify.info({ id: 'parcels.refresh.mayTakeAWhile' });
        setJob({ phase: 'running', percent: 0, selected: reply.count });
        if (!watch) return;
        watch.track(reply.jobId, {
          progress: (p) => setJob((j) => (j?.phase === 'running' ? { ...j, percent: p.progress } : j)),
          finished: (p) => {
            setJob({ phase: 'done', result: p.result as RefreshStatusesResult });
            onChanged();
          },
          failed: (p) => setJob({ phase: 'failed', reason: text(p.message) }),
        });
      } catch (err) {
        watch?.stop();
        notify.failure(err);
      } finally {
        setBusy(false);
      }
    },
    [notify, onChanged, realtime, text],
  );

  return { start, busy, job, dismiss: () => setJob(null) };
}

export type RefreshStatuses = ReturnType<typeof useRefreshStatuses>;
