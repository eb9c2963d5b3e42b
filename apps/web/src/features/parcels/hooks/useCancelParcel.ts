import { useCallback, useState } from 'react';
import { useRealtime } from '../../../realtime/RealtimeProvider';
import { watchJob } from '../../../ui/export/jobWatch';
import { useNotify } from '../../../ui/useNotify';
import { parcelsApi } from '../api';
import { useCarrierCancelResult } from './useCarrierCancelResult';

/**
 * Cancelling one parcel from its dots menu (POST /order/deleteShipment): a new parcel is cancelled at once and kept
 * (`onCancelled`, e.g. its page reads it again; decision 0115); one already handed to a carrier becomes "to cancel" and the
 * `parcels.cancel` job's answer from the carrier follows as a toast (decision 0100).
 */
export function useCancelParcel(onCancelled: () => void) {
  const notify = useNotify();
  const realtime = useRealtime();
  const { cancelJobHandlers } = useCarrierCancelResult();
  const [busy, setBusy] = useState(false);

  const cancel = useCallback(
    async (parcel: { id: string; internalNumber: string }) => {
      setBusy(true);
      // Listening starts before the call: a quick job may report before its id arrives.
      const watch = realtime ? watchJob(realtime) : null;
      try {
        const reply = await parcelsApi.deleteShipment(parcel.id);
        const values = { number: parcel.internalNumber };
        if (reply.status === 'canceled') {
          watch?.stop();
          notify.success({ id: 'parcelMenu.cancelled', values });
          onCancelled();
          return;
        }
        notify.info({ id: 'parcelMenu.cancelSent', values });
        if (reply.jobId && watch) watch.track(reply.jobId, cancelJobHandlers);
        else watch?.stop();
      } catch (err) {
        watch?.stop();
        notify.failure(err);
      } finally {
        setBusy(false);
      }
    },
    [cancelJobHandlers, notify, onCancelled, realtime],
  );

  return { cancel, busy };
}
