import { FINAL_PARCEL_STATUSES, MESSAGES, type ParcelStatus } from '@depot/contracts';

/**
 * Parcel statuses (SPEC 4), decision 0051: which changes a person may make, what cancelling does, which parcels
 * are "active" for their carrier, and when a return is made automatically.
 */

/** Delivered or cancelled: the parcel's journey is over. */
export const isFinalStatus = (status: ParcelStatus): boolean => FINAL_PARCEL_STATUSES.includes(status);

/**
 * SPEC 4: an operator cannot be deactivated while an active parcel is assigned to it. Active = not deleted and
 * not in a final status (delivered, canceled). A parcel "to cancel" is still active: its carrier has not
 * confirmed yet.
 */
export const isActiveParcel = (p: { status: ParcelStatus; deleted: boolean }): boolean =>
  !p.deleted && !isFinalStatus(p.status);

/**
 * Statuses nobody sets by hand: `new` (a parcel never goes back to "not yet sent") and `toCancel` (only a
 * cancellation puts a parcel there, and its job finishes it).
 */
export const NOT_SETTABLE_STATUSES: readonly ParcelStatus[] = ['new', 'toCancel'];

/**
 * A status change by a person (PUT /order/{id}/status) or a scan: null when allowed, else the refusal.
 * - the same status again is refused (nothing would change);
 * - `new` and `toCancel` are never set by hand;
 * - a cancelled parcel stays cancelled;
 * - a delivered parcel may only become `return` (the recipient sent it back);
 * - anything else goes: carriers report statuses out of order (a problem after delivery attempts, a parcel
 *   found again after "unknown"), so the panel does not second-guess them.
 */
export function statusChangeProblem(from: ParcelStatus, to: ParcelStatus): string | null {
  if (from === to) return MESSAGES.parcelStatusUnchanged;
  if (NOT_SETTABLE_STATUSES.includes(to)) return MESSAGES.parcelStatusNotSettable;
  if (from === 'canceled') return MESSAGES.parcelStatusFinal;
  if (from === 'delivered' && to !== 'return') return MESSAGES.parcelStatusDeliveredOnlyReturn;
  return null;
}

/** What cancelling a parcel does (POST /order/deleteShipment, the deleteShipments mass action). */
export type Cancellation =
  /** Never handed to a carrier: cancelled at once (kept, findable in the list as canceled). */
  | { kind: 'cancelNow' }
  /** Handed to a carrier: marked "to cancel"; the `parcels.cancel` job asks the carrier and finishes it. */
  | { kind: 'toCancel' }
  | { kind: 'refused'; message: string };

export function cancellationOf(status: ParcelStatus): Cancellation {
  if (status === 'new') return { kind: 'cancelNow' };
  if (isFinalStatus(status)) return { kind: 'refused', message: MESSAGES.parcelCancelFinal };
  if (status === 'toCancel') return { kind: 'refused', message: MESSAGES.parcelCancelInProgress };
  return { kind: 'toCancel' };
}

/** Only a parcel not yet handed to a carrier (status new) can be edited. */
export const isEditable = (status: ParcelStatus): boolean => status === 'new';

/**
 * Whether the parcel has left: handed over to its carrier (any status after `new`) and not being or been cancelled
 * (decision 0115). Problem, unknown and info are carriers' reports, so those parcels have left too.
 */
export const hasLeft = (status: ParcelStatus): boolean =>
  status !== 'new' && status !== 'canceled' && status !== 'toCancel';

/**
 * Whether a return parcel can be made from this one: not from a return, not from a cancelled parcel, only from a
 * parcel that has left (`hasLeft`), and only once (`hasReturn`). Null when it can, else the refusal.
 */
export function returnProblem(p: {
  orderType: string;
  status: ParcelStatus;
  hasReturn: boolean;
}): string | null {
  if (p.orderType === 'internalReturn') return MESSAGES.parcelReturnOfReturn;
  if (p.status === 'canceled' || p.status === 'toCancel') return MESSAGES.parcelReturnOfCanceled;
  if (!hasLeft(p.status)) return MESSAGES.parcelReturnNotLeft;
  if (p.hasReturn) return MESSAGES.parcelReturnExists;
  return null;
}

/**
 * autoReturnPackages (SPEC 3): when a parcel of such a client reaches `return`, its return parcel is made at once
 * — once, and never for a return parcel itself.
 */
export function needsAutoReturn(p: {
  clientAutoReturn: boolean;
  previousStatus: ParcelStatus;
  status: ParcelStatus;
  orderType: string;
  hasReturn: boolean;
}): boolean {
  return (
    p.clientAutoReturn &&
    p.status === 'return' &&
    p.previousStatus !== 'return' &&
    p.orderType !== 'internalReturn' &&
    !p.hasReturn
  );
}
