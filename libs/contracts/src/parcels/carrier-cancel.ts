import { z } from 'zod';

/**
 * Carrier-side cancellation (decision 0100): what the `parcels.cancel` job and the to-cancel sweep did, and the
 * stable codes they write into a parcel's status history note. The note is stored as a code (English, readable in
 * the database) and the panel translates it; a reason given by the carrier follows the code after a colon.
 */
export const cancelParcelsResultSchema = z.object({
  /** The carrier confirmed the cancellation: status canceled. */
  canceled: z.number().int(),
  /** The carrier refused (e.g. already picked up): the parcel is back in the status it had before "to cancel". */
  refused: z.number().int(),
  /** The carrier could not be reached (after retries): the parcel stays "to cancel" and the sweep tries again. */
  failed: z.number().int(),
  /** No carrier to ask (no carrier number, no adapter or not configured): cancelled here only, by hand there. */
  notAsked: z.number().int(),
});
export type CancelParcelsResult = z.infer<typeof cancelParcelsResultSchema>;

export const emptyCancelParcelsResult = (): CancelParcelsResult => ({
  canceled: 0,
  refused: 0,
  failed: 0,
  notAsked: 0,
});

export const CARRIER_NOTE_CODES = [
  'carrier.canceled',
  'carrier.notAsked',
  'carrier.refused',
  'carrier.unavailable',
] as const;
export type CarrierNoteCode = (typeof CARRIER_NOTE_CODES)[number];

/** The longest carrier reason kept in a note. */
export const CARRIER_REASON_MAX = 300;

/** A history note: the code, then the carrier's reason after a colon (one line, at most CARRIER_REASON_MAX). */
export function carrierNote(code: CarrierNoteCode, reason?: string): string {
  const r = reason?.replace(/\s+/g, ' ').trim().slice(0, CARRIER_REASON_MAX);
  return r ? `${code}:${r}` : code;
}

/** Reads a note written by carrierNote; null for any other note (e.g. one typed by staff). */
export function parseCarrierNote(note: string | null): { code: CarrierNoteCode; reason: string } | null {
  if (!note) return null;
  const colon = note.indexOf(':');
  const code = colon === -1 ? note : note.slice(0, colon);
  if (!(CARRIER_NOTE_CODES as readonly string[]).includes(code)) return null;
  return { code: code as CarrierNoteCode, reason: colon === -1 ? '' : note.slice(colon + 1) };
}
