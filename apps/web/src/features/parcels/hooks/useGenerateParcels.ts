import type { ParcelGenerateResult } from '@depot/contracts';
import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import { useRealtime } from '../../../realtime/RealtimeProvider';
import { exportJobToast } from '../../../ui/export/exportToasts';
import { watchJob } from '../../../ui/export/jobWatch';
import { useNotify } from '../../../ui/useNotify';
import { useText } from '../../../ui/useText';
import { parcelsApi } from '../api';

/**
 * Parcel generation (decision 0096): starts the `parcels.generate` job for copies of a parcel, with the "may take
 * a while" notice and a toast following its progress, then what it made (or why it failed).
 */
export function useGenerateParcels() {
  const intl = useIntl();
  const text = useText();
  const notify = useNotify();
  const realtime = useRealtime();
  const [busy, setBusy] = useState(false);

  const generate = useCallback(
    async (templateId: string, count: number): Promise<boolean> => {
      setBusy(true);
      // Listening starts before the call: a quick job may report before its id arrives.
      const watch = realtime ? watchJob(realtime) : null;
      try {
        const { jobId } = await parcelsApi.generate({ templateId, count });
        notify.info({ id: 'parcels.generate.mayTakeAWhile' });
        const toast = exportJobToast(`generate-${jobId}`);
        const running = (percent: number) =>
          toast.progress(intl.formatMessage({ id: 'parcels.generate.running' }, { count, percent }), percent);
        running(0);
        watch?.track(jobId, {
          progress: (p) => running(p.progress),
          finished: (p) => {
            const r = p.result as ParcelGenerateResult;
            const summary = intl.formatMessage(
              { id: 'parcels.generate.result' },
              { count: r.created, refused: r.failed },
            );
            const reasons = r.errors.map((e) => text(e)).join(' ');
            toast.done(reasons ? `${summary} ${reasons}` : summary);
          },
          failed: (p) =>
            toast.failed(intl.formatMessage({ id: 'parcels.generate.failed' }, { reason: text(p.message) })),
        });
        return true;
      } catch (err) {
        watch?.stop();
        notify.failure(err);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [intl, notify, realtime, text],
  );

  return { generate, busy };
}
