import type {
  DeleteShipmentsResult,
  ParcelListFiltersInput,
  ParcelSortField,
  SortDirection,
} from '@depot/contracts';
import type { MassSelection } from '@depot/domain';
import { useCallback, useState } from 'react';
import { useRealtime } from '../../../realtime/RealtimeProvider';
import { watchJob } from '../../../ui/export/jobWatch';
import { useNotify } from '../../../ui/useNotify';
import { useText } from '../../../ui/useText';
import { useLabels } from '../../labels/hooks/useLabels';
import { parcelsApi } from '../api';
import { useCarrierCancelResult } from './useCarrierCancelResult';

export type ParcelsSelection = MassSelection<
  ParcelListFiltersInput,
  { field: ParcelSortField; direction: SortDirection }
>;

/** The delete/cancel job as the page shows it: running with its percentage, then its result or failure. */
export type DeleteJobState =
  | { phase: 'running'; percent: number; selected: number }
  | { phase: 'done'; result: DeleteShipmentsResult }
  | { phase: 'failed'; reason: string };

/**
 * SPEC 7's mass action body: the picked ids, or select-all as `getListReq { filters, orderBy, selectedAll }` with
 * `exceptId` (decision 0072).
 */
export function massActionBody(sel: ParcelsSelection) {
  return {
    actionName: 'deleteShipments' as const,
    ids: sel.selectedAll ? [] : sel.ids,
    exceptId: sel.selectedAll ? sel.exceptId : [],
    getListReq: { filters: sel.filters, orderBy: sel.orderBy, selectedAll: sel.selectedAll },
  };
}

/** The ids to print labels for: picked rows as they are; a select-all selection is resolved by the server. */
export async function labelIdsOf(sel: ParcelsSelection): Promise<string[]> {
  if (!sel.selectedAll) return sel.ids;
  const { ids } = await parcelsApi.selectionIds({
    selectedAll: true,
    exceptId: sel.exceptId,
    filters: sel.filters,
    orderBy: sel.orderBy,
  });
  return ids;
}

/**
 * The parcels list's mass actions (decision 0072): delete/cancel the selection (at once, or as a job whose progress
 * the page shows until its result) and print the selection's labels (bulk labels; large ones as a job followed in
 * a toast). `onChanged` runs when parcels were changed, so the list can reload and drop the selection.
 */
export function useParcelsListMassActions(onChanged: () => void) {
  const notify = useNotify();
  const text = useText();
  const realtime = useRealtime();
  const labels = useLabels();
  const [busy, setBusy] = useState(false);
  const [job, setJob] = useState<DeleteJobState | null>(null);

  const showResult = useCallback(
    (r: DeleteShipmentsResult) =>
      notify.success({
        id: 'parcels.delete.result',
        values: { deleted: r.deleted, toCancel: r.toCancel, refused: r.refused },
      }),
    [notify],
  );

  const { showCarrierResult, cancelJobHandlers } = useCarrierCancelResult(onChanged);

  const deleteSelected = useCallback(
    async (sel: ParcelsSelection) => {
      setBusy(true);
      // Listening starts before the call: a quick job may report before its id arrives.
      const watch = realtime ? watchJob(realtime) : null;
      try {
        const reply = await parcelsApi.massAction(massActionBody(sel));
        if (reply.result) {
          showResult(reply.result);
          onChanged();
          // Parcels already handed to a carrier: the parcels.cancel job asks the carriers; say what they answered.
          if (reply.jobId && watch) watch.track(reply.jobId, cancelJobHandlers);
          else watch?.stop();
          return;
        }
        if (!reply.jobId) {
          watch?.stop();
          return;
        }
        notify.info({ id: 'parcels.delete.mayTakeAWhile' });
        setJob({ phase: 'running', percent: 0, selected: reply.selected });
        watch?.track(reply.jobId, {
          progress: (p) => setJob((j) => (j?.phase === 'running' ? { ...j, percent: p.progress } : j)),
          finished: (p) => {
            const result = p.result as DeleteShipmentsResult;
            setJob({ phase: 'done', result });
            showResult(result);
            if (result.carrier) showCarrierResult(result.carrier);
            onChanged();
          },
          failed: (p) => {
            setJob({ phase: 'failed', reason: text(p.message) });
            onChanged();
          },
        });
      } catch (err) {
        watch?.stop();
        notify.failure(err);
      } finally {
        setBusy(false);
      }
    },
    [cancelJobHandlers, notify, onChanged, realtime, showCarrierResult, showResult, text],
  );

  const printSelected = useCallback(
    async (sel: ParcelsSelection) => {
      let ids: string[];
      try {
        ids = await labelIdsOf(sel);
      } catch (err) {
        notify.failure(err);
        return;
      }
      if (ids.length === 0) {
        notify.info({ id: 'labels.notice.blank' });
        return;
      }
      await labels.printLabels(ids);
    },
    [labels, notify],
  );

  return {
    deleteSelected,
    printSelected,
    busy: busy || labels.busy,
    job,
    dismissJob: () => setJob(null),
  };
}

export type ParcelsMassActions = ReturnType<typeof useParcelsListMassActions>;
