/**
 * Which of a client's own matrices routes a parcel (decision 0036). A client names its matrices by title (SPEC 3
 * `returnMatrixTitle`, `domesticMatrixTitle`); resolveRoute searches that matrix first and the default matrix as
 * fallback.
 *
 * - A return parcel uses the return matrix title.
 * - Otherwise a domestic parcel (pickup country = destination country) uses the domestic matrix title.
 * - Any other parcel has no client matrix: the default matrix decides.
 * - A blank title is no title.
 */
export interface ClientMatrixTitles {
  domesticMatrixTitle: string | null;
  returnMatrixTitle: string | null;
}

export interface ClientRouteParcel {
  pickupCountry: string;
  destinationCountry: string;
  isReturn: boolean;
}

const titleOf = (t: string | null): string | null => (t !== null && t.trim() !== '' ? t.trim() : null);

/** The title of the client's matrix that applies to the parcel, or null when only the default applies. */
export function clientMatrixTitle(client: ClientMatrixTitles, parcel: ClientRouteParcel): string | null {
  if (parcel.isReturn) return titleOf(client.returnMatrixTitle);
  if (parcel.pickupCountry === parcel.destinationCountry) return titleOf(client.domesticMatrixTitle);
  return null;
}
