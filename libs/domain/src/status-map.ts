import { MESSAGES, type ParcelStatus } from '@depot/contracts';

/**
 * The status map's rules (decision 0144): what a carrier's code, read through the map, does to a parcel's status,
 * and which mappings end a parcel's tracking. The API's bulk SQL (re-applying a changed mapping, counting its
 * impact) is written from these lists; status-map.spec.ts holds the cases.
 */

/** Statuses whose codes end tracking unless a person says otherwise: the carrier will say no more. */
export const TERMINAL_BY_DEFAULT: readonly ParcelStatus[] = ['delivered', 'canceled', 'return'];

/** Whether a code mapped to `dbName` ends tracking when the person mapping it does not say. */
export const defaultTerminal = (dbName: ParcelStatus | null): boolean =>
  dbName !== null && TERMINAL_BY_DEFAULT.includes(dbName);

/** A parcel in one of these statuses stays there whatever its carrier says (a cancelled parcel stays cancelled). */
export const CARRIER_IMMUTABLE_STATUSES: readonly ParcelStatus[] = ['canceled'];

/**
 * Mapped statuses a carrier's code never sets on a parcel: `new` (the carrier has the data, nothing moved — a parcel
 * never goes back to "not yet sent") and `toCancel` (only a cancellation puts a parcel there).
 */
export const CARRIER_NOT_APPLIED_STATUSES: readonly ParcelStatus[] = ['new', 'toCancel'];

/**
 * The status a parcel in `current` takes when its carrier's code means `mapped` (null: the code is not mapped),
 * or null when the status stays. Carriers report out of order (a problem after delivery, a parcel found again),
 * so beyond the rules above the carrier's word is taken as it comes.
 */
export function carrierStatusOf(current: ParcelStatus, mapped: ParcelStatus | null): ParcelStatus | null {
  if (mapped === null || mapped === current) return null;
  if (CARRIER_IMMUTABLE_STATUSES.includes(current)) return null;
  if (CARRIER_NOT_APPLIED_STATUSES.includes(mapped)) return null;
  return mapped;
}

/** One code of a save (saveMapInDB, an import): the first code given twice, or null. */
export function duplicateCode(rows: readonly { code: string }[]): string | null {
  const seen = new Set<string>();
  for (const r of rows) {
    const code = r.code.trim();
    if (seen.has(code)) return code;
    seen.add(code);
  }
  return null;
}

/** The refusal of a save naming a code twice, or null. */
export function saveMapProblem(rows: readonly { code: string }[]): string | null {
  const code = duplicateCode(rows);
  return code === null ? null : MESSAGES.statusMapDuplicateCode(code);
}

/** A saved row compared with what is stored: whether anything a person sees would change. */
export function mappingChanged(
  stored: { description: string; dbName: ParcelStatus | null; isTerminal: boolean },
  next: { description: string; dbName: ParcelStatus | null; isTerminal: boolean },
): boolean {
  return (
    stored.description !== next.description ||
    stored.dbName !== next.dbName ||
    stored.isTerminal !== next.isTerminal
  );
}
