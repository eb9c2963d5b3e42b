import { parseCarrierNote } from '@depot/contracts';

/**
 * A history note as the panel shows it: a carrier-cancellation code (decision 0100, e.g. `carrier.refused:<why>`)
 * becomes a translated message with the carrier's reason; any other note is staff's own text, shown as written.
 */
export function carrierNoteMessage(note: string | null): { id: string; values: { reason: string } } | null {
  const parsed = parseCarrierNote(note);
  if (!parsed) return null;
  return {
    id: `parcels.carrierNote.${parsed.code.slice('carrier.'.length)}`,
    values: { reason: parsed.reason },
  };
}
