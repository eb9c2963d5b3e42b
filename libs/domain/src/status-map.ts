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

/** A carrier event as the status refresh reads it. */
export interface CarrierEvent {
  code: string;
  description: string;
  at: Date;
}

/** What the map says of a code: its status (null: not mapped) and whether it ends tracking. */
export interface CodeMeaning {
  dbName: ParcelStatus | null;
  isTerminal: boolean;
}

/** What a parcel's new carrier events do to it. */
export interface TrackingOutcome {
  /** The events after the last one applied, oldest first (each counted as seen in the map). */
  fresh: CarrierEvent[];
  /** The status changes, in order: each event that moved the parcel. */
  changes: { status: ParcelStatus; previousStatus: ParcelStatus; event: CarrierEvent }[];
  /** The status the parcel ends with (its current one when nothing moved it). */
  status: ParcelStatus;
  /** The code and time of the newest fresh event (what the parcel now stands on), or null when none is fresh. */
  latest: CarrierEvent | null;
  /** Fresh events whose code is not mapped. */
  unmapped: number;
}

/**
 * A parcel's carrier events read through the status map (decision 0145): only events after the last one applied
 * count; they are taken oldest first, each mapped code moving the parcel as `carrierStatusOf` allows (a cancelled
 * parcel stays, `new` never returns); an unmapped code moves nothing but is counted, and the parcel stands on the
 * newest code whatever it means, so mapping that code later re-applies it. Events at the same instant keep the
 * carrier's order.
 */
export function applyCarrierEvents(
  parcel: { status: ParcelStatus; carrierEventAt: Date | null },
  events: readonly CarrierEvent[],
  meaningOf: (code: string) => CodeMeaning | undefined,
): TrackingOutcome {
  const after = parcel.carrierEventAt?.getTime() ?? -Infinity;
  const fresh = events
    .map((e, i) => ({ e, i }))
    .filter(({ e }) => e.at.getTime() > after)
    .sort((x, y) => x.e.at.getTime() - y.e.at.getTime() || x.i - y.i)
    .map(({ e }) => e);
  let status = parcel.status;
  const changes: TrackingOutcome['changes'] = [];
  let unmapped = 0;
  for (const event of fresh) {
    const meaning = meaningOf(event.code);
    if (!meaning || meaning.dbName === null) {
      unmapped++;
      continue;
    }
    const next = carrierStatusOf(status, meaning.dbName);
    if (next === null) continue;
    changes.push({ status: next, previousStatus: status, event });
    status = next;
  }
  return { fresh, changes, status, latest: fresh.at(-1) ?? null, unmapped };
}
