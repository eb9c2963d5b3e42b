import type { useNotify } from '../../ui/useNotify';

/**
 * What a save of a parcel says (decisions 0052, 0115, 0123): a success when routing placed it, else a sticky warning
 * that no routing condition matches it — after a create and after an edit alike (an edit that changes countries or
 * weight routes the parcel again).
 */
export function notifyRoutingOutcome(
  notify: ReturnType<typeof useNotify>,
  parcel: { internalNumber: string; isCorrect: boolean },
  saved: 'created' | 'edited',
): void {
  const values = { number: parcel.internalNumber };
  if (parcel.isCorrect)
    notify.success({ id: saved === 'created' ? 'parcelForm.created' : 'parcelForm.saved', values });
  else
    notify.warning(
      { id: saved === 'created' ? 'parcelForm.createdUnrouted' : 'parcelForm.savedUnrouted', values },
      { sticky: true },
    );
}
