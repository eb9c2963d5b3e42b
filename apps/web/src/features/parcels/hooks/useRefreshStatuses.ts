import type { RefreshStatusesResult, SendToCarrierResult } from '@depot/contracts';
import { parcelsApi } from '../api';
import { useSelectionJob, type SelectionJob } from './useSelectionJob';

/**
 * "Refresh status" for the list's selection (issue 15 item 3, decision 0145): always a job, so the "may take a
 * while" notice comes first, then live progress and what the carriers said. `onChanged` runs when it is done.
 */
export const useRefreshStatuses = (onChanged: () => void) =>
  useSelectionJob<RefreshStatusesResult>(
    parcelsApi.refreshStatuses,
    'parcels.refresh.mayTakeAWhile',
    onChanged,
  );

/**
 * "Send to carrier" for the list's selection (issue 15 item 1, decision 0147): a job — the "may take a while" notice,
 * live progress, then how many the carriers registered, refused and left unanswered (asked again by the sweep).
 */
export const useSendToCarrier = (onChanged: () => void) =>
  useSelectionJob<SendToCarrierResult>(parcelsApi.sendToCarrier, 'parcels.send.mayTakeAWhile', onChanged);

export type RefreshStatuses = SelectionJob<RefreshStatusesResult>;
export type SendToCarrier = SelectionJob<SendToCarrierResult>;
