import { useCallback, useState } from 'react';
import { useRealtime } from '../../../realtime/RealtimeProvider';
import { watchJob } from '../../../ui/export/jobWatch';
import { useNotify } from '../../../ui/useNotify';
import { useText } from '../../../ui/useText';
import type { ParcelsSelection } from './useParcelsListMassActions';

/** A job over the list's selection as the page shows it: running with its percentage, then its result or failure. */
export type SelectionJobState<R> =
  | { phase: 'running'; percent: number; selected: number }
  | { phase: 'done'; result: R }
  | { phase: 'failed'; reason: string };

/** The body of a call started over the list's selection (ids, or select-all with exceptions and the list's filters). */
export const selectionBody = (sel: ParcelsSelection) => ({
  selectedAll: sel.selectedAll,
  ids: sel.selectedAll ? [] : sel.ids,
  exceptId: sel.selectedAll ? sel.exceptId : [],
  filters: sel.filters,
  orderBy: sel.orderBy,
});

/**
 * An action on the list's selection that always runs as a job ("refresh statuses", "send to carrier"): the "may take a
 * while" notice `mayTakeAWhileId` first, then live progress and the job's result. `onChanged` runs when it is done.
 */
export function useSelectionJob<R>(
  startJob: (body: ReturnType<typeof selectionBody>) => Promise<{ jobId: string; count: number }>,
  mayTakeAWhileId: string,
  onChanged: () => void,
) {
  const notify = useNotify();
  const text = useText();
  const realtime = useRealtime();
  const [busy, setBusy] = useState(false);
  const [job, setJob] = useState<SelectionJobState<R> | null>(null);

  const start = useCallback(
    async (sel: ParcelsSelection) => {
      setBusy(true);
      // Listening starts before the call: a quick job may report before its id arrives.
      const watch = realtime ? watchJob(realtime) : null;
      try {
        const reply = await startJob(selectionBody(sel));
        notify.info({ id: mayTakeAWhileId });
        setJob({ phase: 'running', percent: 0, selected: reply.count });
        if (!watch) return;
        watch.track(reply.jobId, {
          progress: (p) => setJob((j) => (j?.phase === 'running' ? { ...j, percent: p.progress } : j)),
          finished: (p) => {
            setJob({ phase: 'done', result: p.result as R });
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
    [notify, onChanged, realtime, text, startJob, mayTakeAWhileId],
  );

  return { start, busy, job, dismiss: () => setJob(null) };
}

export type SelectionJob<R> = ReturnType<typeof useSelectionJob<R>>;
