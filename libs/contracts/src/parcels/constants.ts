/**
 * Parcel (order) vocabulary of SPEC 3 and 4, shared by the API, the panel and the external API.
 * Stored values are these codes; the panel shows translated names (i18n `parcels.status.<code>` etc.).
 */

/** SPEC 3 orderType: internal, internal return, domestic. */
export const ORDER_TYPES = ['internal', 'internalReturn', 'domestic'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/** SPEC 3 source. */
export const PARCEL_SOURCES = [
  'form',
  'api',
  'baselinker',
  'file',
  'parcel',
  'amazon',
  'ebay',
  'hood',
  'hitflip',
  'gutschrift',
  'sellcreator',
  'isf',
  'cdnXL',
] as const;
export type ParcelSource = (typeof PARCEL_SOURCES)[number];

/** SPEC 4 parcel status values, in the SPEC's order. */
export const PARCEL_STATUSES = [
  'new',
  'pickup',
  'parcelCenter',
  'problem',
  'inTransport',
  'inDelivery',
  'delivered',
  'return',
  'canceled',
  'unknown',
  'inPudo',
  'info',
  'toCancel',
  'firstAttempt',
] as const;
export type ParcelStatus = (typeof PARCEL_STATUSES)[number];

/**
 * Statuses after which a parcel is no longer "active" for its carrier (SPEC 4: an operator cannot be deactivated
 * while any active parcel is assigned to it).
 */
export const FINAL_PARCEL_STATUSES: readonly ParcelStatus[] = ['delivered', 'canceled'];

/** Where a status change came from (parcel status history). */
export const STATUS_CHANGE_SOURCES = ['panel', 'api', 'scan', 'carrier', 'job', 'system'] as const;
export type StatusChangeSource = (typeof STATUS_CHANGE_SOURCES)[number];

/** SPEC 9: page or splice size of the parcels list. */
export const PARCELS_PAGE_SIZE = 50;

/**
 * The parcels list counts its matches up to this many (decision 0084): more answer `total` = this with
 * `totalCapped` (the panel shows "more than 10,000"), so a broad filter over millions of parcels stays fast.
 */
export const PARCELS_TOTAL_CAP = 10_000;
