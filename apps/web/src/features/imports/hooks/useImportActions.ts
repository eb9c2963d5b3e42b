import type { ImportView } from '@depot/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useRealtime } from '../../../realtime/RealtimeProvider';
import { watchJob } from '../../../ui/export/jobWatch';
import { useNotify } from '../../../ui/useNotify';
import { importsApi } from '../api';
import { approvePercent } from '../rowErrors';

/**
 * Approve and cancel of a `ready` import (decision 0150), and how far the approval's job has come: the job's own
 * progress events (to the user who approved it, followed from before the call, since a small import's job may report
 * before its id arrives) or, for anyone else and after a reload, the import's counts, which follow each batch. The
 * end shows from the import itself (its state moves live). `onChanged` takes the import each call answered with.
 */
export function useImportActions(imp: ImportView, onChanged: (imp: ImportView) => void) {
  const realtime = useRealtime();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [jobPercent, setJobPercent] = useState<{ jobId: string; percent: number } | null>(null);

  // An approval already under way when the page opened (or approved in another tab): its job's events, if they
  // reach this user.
  const { jobId, state } = imp;
  useEffect(() => {
    if (!realtime || !jobId || state !== 'approving') return undefined;
    return realtime.on('job:progress', (p) => {
      if (p.jobId === jobId)
        setJobPercent((j) => ({ jobId, percent: Math.max(j?.percent ?? 0, p.progress) }));
    });
  }, [realtime, jobId, state]);

  const approve = useCallback(async () => {
    setBusy(true);
    const watch = realtime ? watchJob(realtime) : null;
    try {
      const started = await importsApi.approve(imp.id);
      onChanged(started);
      notify.info({ id: 'imports.approved' });
      if (watch && started.jobId) {
        const id = started.jobId;
        watch.track(id, {
          progress: (p) =>
            setJobPercent((j) => ({ jobId: id, percent: Math.max(j?.percent ?? 0, p.progress) })),
          finished: () => setJobPercent({ jobId: id, percent: 100 }),
          failed: () => undefined,
        });
      } else watch?.stop();
    } catch (err) {
      watch?.stop();
      notify.failure(err);
    } finally {
      setBusy(false);
    }
  }, [imp.id, notify, onChanged, realtime]);

  const cancel = useCallback(async () => {
    setBusy(true);
    try {
      onChanged(await importsApi.cancel(imp.id));
      notify.success({ id: 'imports.cancelled' });
    } catch (err) {
      notify.failure(err);
    } finally {
      setBusy(false);
    }
  }, [imp.id, notify, onChanged]);

  const fromJob = jobPercent && jobPercent.jobId === imp.jobId ? jobPercent.percent : 0;
  return { approve, cancel, busy, percent: Math.max(fromJob, approvePercent(imp)) };
}
