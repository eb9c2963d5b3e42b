import type { CancelParcelsResult } from '@depot/contracts';
import { useCallback, useMemo } from 'react';
import { useNotify } from '../../../ui/useNotify';

/**
 * The carriers' answers to a cancellation (decision 0100) as a toast: kept open as a warning when something is left
 * for staff (refused, no answer yet, or to cancel at the carrier by hand). Also the handlers that follow a
 * `parcels.cancel` job to that toast; `onEnded` runs when the job has ended either way.
 */
/** One function for "nothing to do", so the handlers below keep their identity between renders. */
const NOTHING = () => undefined;

export function useCarrierCancelResult(onEnded: () => void = NOTHING) {
  const notify = useNotify();

  const showCarrierResult = useCallback(
    (r: CancelParcelsResult) => {
      const values = { ...r };
      if (r.refused + r.failed + r.notAsked > 0)
        notify.warning({ id: 'parcels.cancel.result', values }, { sticky: true });
      else notify.success({ id: 'parcels.cancel.result', values });
    },
    [notify],
  );

  const cancelJobHandlers = useMemo(
    () => ({
      progress: () => undefined,
      finished: (p: { result: unknown }) => {
        showCarrierResult(p.result as CancelParcelsResult);
        onEnded();
      },
      failed: (p: { message: string }) => {
        notify.error(p.message);
        onEnded();
      },
    }),
    [notify, onEnded, showCarrierResult],
  );

  return { showCarrierResult, cancelJobHandlers };
}
