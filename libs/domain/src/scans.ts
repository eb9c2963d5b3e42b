import { MESSAGES, isScanStatus, type ParcelStatus, type ScanOutcome } from '@depot/contracts';
import { isFinalStatus } from './parcel-status';

/**
 * Status changes by scan (issue 14 item 3; decision 0127). What a scan into `to` does to a parcel in `from`:
 * - a delivered or cancelled parcel (and, once the status map exists, any status it marks terminal) takes no change;
 * - the status the parcel already has means it was scanned earlier (SPEC 8: an info, "Zeskanowano", not an error);
 * - a status a scan may not set (new, toCancel, canceled) is refused;
 * - anything else changes the status.
 */
export function scanOutcomeOf(
  from: ParcelStatus,
  to: ParcelStatus,
  isTerminal: (status: ParcelStatus) => boolean = isFinalStatus,
): { outcome: ScanOutcome; message: string | null } {
  if (!isScanStatus(to)) return { outcome: 'refused', message: MESSAGES.scanStatusNotSettable };
  if (from === to) return { outcome: 'alreadyScanned', message: MESSAGES.packageScannedEarlier };
  if (isFinalStatus(from) || isTerminal(from))
    return { outcome: 'refused', message: MESSAGES.scanParcelFinal };
  return { outcome: 'changed', message: null };
}

/**
 * A scanned number as the parcels keep their numbers: without the spaces some labels print, and without the control
 * characters some scanners and camera reads add (a GS1 group separator, a trailing CR).
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this drops
export const normalScannedNumber = (raw: string): string => raw.replace(/[\s\u0000-\u001f\u007f]+/g, '');
