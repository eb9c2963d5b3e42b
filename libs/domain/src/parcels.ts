import {
  MESSAGES,
  type ClientAddress,
  type OrderType,
  type ParcelAddressView,
  type ParcelDraft,
  type ParcelSettings,
} from '@depot/contracts';

/**
 * Parcels: numbering, the client's defaults, the order type, and who may place orders (decision 0050).
 */

/** Digits of the per-client sequence in an internal number: `DEM` + `0000000123`. */
export const INTERNAL_NUMBER_DIGITS = 10;

/**
 * The internal number of a client's n-th parcel: the client's unique prefix (upper-cased) followed by the
 * sequence, zero-padded to 10 digits ("DEM0000000123"). Prefixes are unique and letters/digits only, and every
 * sequence below 10^10 has the same width, so two clients' numbers never collide (a longer prefix gives a
 * longer number). A sequence past 10 digits is written in full rather than cut.
 */
export function formatInternalNumber(prefix: string, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`Invalid sequence ${sequence}`);
  return `${prefix.trim().toUpperCase()}${String(sequence).padStart(INTERNAL_NUMBER_DIGITS, '0')}`;
}

/** A client without a prefix cannot number parcels: the message to refuse with, or null when it can. */
export function numberingProblem(prefix: string | null | undefined): string | null {
  return prefix && /^[A-Za-z0-9]+$/.test(prefix.trim()) ? null : MESSAGES.parcelClientHasNoPrefix;
}

/** SPEC 4: a client or a user with disableNewOrders places no orders. A user of an API key has no user flag. */
export function ordersBlocked(
  client: { disableNewOrders: boolean },
  user?: { disableNewOrders: boolean } | null,
): boolean {
  return client.disableNewOrders || user?.disableNewOrders === true;
}

/**
 * The order type a parcel gets when none is given: domestic when it is picked up and delivered in the same
 * country, internal otherwise. Returns are made from the parcel they return (internalReturn), never here.
 */
export function orderTypeFor(
  pickupCountry: string,
  destinationCountry: string,
): Exclude<OrderType, 'internalReturn'> {
  return pickupCountry === destinationCountry ? 'domestic' : 'internal';
}

/**
 * Whether a given order type fits the countries: domestic needs one country; internal fits any route (a
 * broker's own network may run inside one country too); internalReturn is not entered by hand.
 */
export function orderTypeProblem(
  orderType: OrderType,
  pickupCountry: string,
  destinationCountry: string,
): string | null {
  if (orderType === 'internalReturn') return MESSAGES.parcelReturnTypeOnCreate;
  if (orderType === 'domestic' && pickupCountry !== destinationCountry)
    return MESSAGES.parcelDomesticCountries;
  return null;
}

/** What a client's settings offer a new parcel (SPEC 3 settings, defaultAddress, default phone and e-mail). */
export interface ClientParcelDefaults {
  parcelSettings: ParcelSettings | null;
  defaultAddress: ClientAddress | null;
  defaultPhoneShipping: string | null;
  defaultEmailShipping: string | null;
}

const given = <T>(x: T | null | undefined): x is T => x !== null && x !== undefined && x !== '';

/**
 * Fills what the sender left out from the client's settings, never overriding what was sent:
 * - the standard parcel gives content, sizes (L, W, D), declared value and its currency, and the weight;
 * - the standard pickup address is the pickup address when none was sent (a sent address is kept whole);
 * - the default recipient phone and e-mail fill a blank phone or e-mail of the destination;
 * - one package when the count was not sent at all (`undefined`; an explicit blank stays missing).
 */
export function applyClientDefaults(draft: Partial<ParcelDraft>, client: ClientParcelDefaults): ParcelDraft {
  const s = client.parcelSettings;
  const pick = <T>(value: T | null | undefined, fallback: T | null | undefined): T | null =>
    given(value) ? value : given(fallback) ? fallback : null;
  const destination: ParcelAddressView | null = draft.destinationAddress
    ? {
        ...draft.destinationAddress,
        phone: pick(draft.destinationAddress.phone, client.defaultPhoneShipping),
        email: pick(draft.destinationAddress.email, client.defaultEmailShipping),
      }
    : null;
  return {
    orderType: draft.orderType ?? null,
    referenceNumber: draft.referenceNumber ?? null,
    weightKg: pick(draft.weightKg, s?.weightKg),
    sizeCmL: pick(draft.sizeCmL, s?.sizeL),
    sizeCmW: pick(draft.sizeCmW, s?.sizeW),
    sizeCmD: pick(draft.sizeCmD, s?.sizeD),
    packageCount: draft.packageCount === undefined ? 1 : draft.packageCount,
    value: pick(draft.value, s?.value),
    valueCurrency: pick(draft.valueCurrency, s?.valueCurrency),
    content: pick(draft.content, s?.content),
    note1: draft.note1 ?? null,
    note2: draft.note2 ?? null,
    pickupAddress: draft.pickupAddress ?? (client.defaultAddress ? { ...client.defaultAddress } : null),
    destinationAddress: destination,
    cod: draft.cod && given(draft.cod.amountCOD) ? draft.cod : null,
    insurance: draft.insurance && given(draft.insurance.amount) ? draft.insurance : null,
    dropOffPoint: draft.dropOffPoint ?? null,
  };
}

/**
 * The return of a parcel (SPEC 3 order type "internal return"): the addresses swapped, the same goods, no cash on
 * delivery (the money went one way only) and no insurance unless asked again.
 */
export function returnDraftOf(parcel: ParcelDraft): ParcelDraft {
  return {
    ...parcel,
    orderType: 'internalReturn',
    pickupAddress: parcel.destinationAddress,
    destinationAddress: parcel.pickupAddress,
    cod: null,
    insurance: null,
    dropOffPoint: null,
  };
}
