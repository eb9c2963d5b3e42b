import { toCountryCode } from './country-names';

/**
 * Sectors (SPEC 3 "Sector: sectorCountry, sectorDescription, mapped to an operator"; issue 14 item 1; decision
 * 0124). A parcel's sector follows from its carrier and its destination country: the sector of that country the
 * carrier is mapped to. A carrier is mapped to at most one sector of a country (the API refuses a second with 409,
 * and a unique index holds it under races), so the answer is unique; a parcel with none is "Brak sektora" on the
 * scanning screen.
 */

/** What the resolution reads of a sector. */
export interface SectorRef {
  id: string;
  sectorCountry: string;
  sectorDescription: string;
  /** The carriers (operators) mapped to it. */
  operatorIds: readonly string[];
}

/**
 * The sector of a parcel carried by `operatorId` to `destinationCountry`, or null when it has none: no carrier yet,
 * no (or an unknown) destination country, or no sector of that country holding the carrier. The country is read as
 * the parcels store it (a code) and also as a name or a lower-case code ('Niemcy', 'de'). Should the data ever hold
 * two matches (the database forbids it), the one with the lowest id is taken, so the answer never depends on order.
 */
export function sectorOf<S extends SectorRef>(
  operatorId: string | null | undefined,
  destinationCountry: string | null | undefined,
  sectors: readonly S[],
): S | null {
  if (!operatorId) return null;
  const country = toCountryCode(destinationCountry);
  if (!country) return null;
  let found: S | null = null;
  for (const s of sectors) {
    if (s.sectorCountry !== country || !s.operatorIds.includes(operatorId)) continue;
    if (!found || s.id < found.id) found = s;
  }
  return found;
}

/** A mapping that would break the rule: the carrier is already in `sector`, another sector of the same country. */
export interface SectorMappingClash<S extends SectorRef> {
  operatorId: string;
  sector: S;
}

/**
 * Whether `operatorId` may be mapped to a sector of `country` (the sector `sectorId`, or a new one when null):
 * the clash with another sector of that country already holding the carrier, or null when there is none. Mapping
 * a carrier again to the sector that holds it is no clash (it changes nothing).
 */
export function sectorMappingClash<S extends SectorRef>(
  sectorId: string | null,
  country: string,
  operatorId: string,
  sectors: readonly S[],
): SectorMappingClash<S> | null {
  const other = sectors.find(
    (s) => s.id !== sectorId && s.sectorCountry === country && s.operatorIds.includes(operatorId),
  );
  return other ? { operatorId, sector: other } : null;
}

/** Sector descriptions are stored trimmed and in Unicode NFC, the form the uniqueness rule compares. */
export const cleanSectorDescription = (description: string): string => description.normalize('NFC').trim();

/**
 * Whether (country, description) is held by a sector other than `exceptId`: same country, and descriptions equal
 * trimmed and in any case (the unique index `lower(btrim(description))` per country).
 */
export function isSectorTaken(
  country: string,
  description: string,
  exceptId: string | null,
  sectors: readonly Pick<SectorRef, 'id' | 'sectorCountry' | 'sectorDescription'>[],
): boolean {
  const key = cleanSectorDescription(description).toLowerCase();
  return sectors.some(
    (s) =>
      s.id !== exceptId &&
      s.sectorCountry === country &&
      cleanSectorDescription(s.sectorDescription).toLowerCase() === key,
  );
}
