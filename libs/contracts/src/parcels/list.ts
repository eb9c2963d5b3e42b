import { z } from 'zod';
import { COUNTRY_CODES } from '../countries';
import { warsawYear } from '../warsaw-time';
import { MESSAGES } from '../messages';
import { warsawDayField } from '../logs/schemas';
import { listRequestBase, sortDirectionSchema } from '../pagination';
import { cancelParcelsResultSchema } from './carrier-cancel';
import {
  ORDER_TYPES,
  PARCEL_SOURCES,
  PARCEL_STATUSES,
  PARCELS_PAGE_SIZE,
  type ParcelStatus,
  type StatusChangeSource,
} from './constants';

/**
 * Parcels: the list (POST /order/get/list), its mass actions (POST /order/massAction) and the socket events; the
 * views it replies with are in replies.ts.
 */

const v = MESSAGES.validation;

/** The Warsaw calendar year `now` falls in, as the list's default range (SPEC 9: 1 January – 31 December). */
export function defaultParcelDateRange(now: Date = new Date()): { dateFrom: string; dateTo: string } {
  const year = warsawYear(now);
  return { dateFrom: `${year}-01-01`, dateTo: `${year}-12-31` };
}

const countryFilter = z.preprocess(
  (x) => (typeof x === 'string' ? x.trim().toUpperCase() || undefined : (x ?? undefined)),
  z.enum(COUNTRY_CODES, { error: v.routingCountryUnsupported }).optional(),
);

/**
 * The list's filters. Dates are Warsaw days, both included (creation date); absent, they are the current year.
 * `search` matches any of the numbers (internal, external, reference, first-mile, last-mile, alternative,
 * barcode), case-insensitively, as a prefix of the number. `clientId` is for staff: a client user or an API key
 * always gets its own client's parcels only. `incorrect` keeps only the parcels routing could not place.
 */
export const parcelListFiltersSchema = z
  .object({
    statuses: z.array(z.enum(PARCEL_STATUSES)).max(PARCEL_STATUSES.length).optional(),
    orderTypes: z.array(z.enum(ORDER_TYPES)).max(ORDER_TYPES.length).optional(),
    sources: z.array(z.enum(PARCEL_SOURCES)).max(PARCEL_SOURCES.length).optional(),
    clientId: z.uuid({ error: MESSAGES.clientNotFound }).optional(),
    operatorId: z.uuid({ error: MESSAGES.operatorNotFound }).optional(),
    pickupCountry: countryFilter,
    destinationCountry: countryFilter,
    dateFrom: warsawDayField.optional(),
    dateTo: warsawDayField.optional(),
    search: z.string().trim().max(100).optional(),
    /** Only parcels routing could not place (`isCorrect` false, decision 0052); false or absent is no filter. */
    incorrect: z.boolean().optional(),
  })
  .strict()
  .transform((f) => {
    const range = defaultParcelDateRange();
    return { ...f, dateFrom: f.dateFrom ?? range.dateFrom, dateTo: f.dateTo ?? range.dateTo };
  })
  .refine((f) => f.dateFrom <= f.dateTo, { error: MESSAGES.dateRangeInvalid, path: ['dateTo'] });
export type ParcelListFilters = z.output<typeof parcelListFiltersSchema>;
export type ParcelListFiltersInput = z.input<typeof parcelListFiltersSchema>;

export const PARCEL_SORT_FIELDS = ['createdAt', 'internalNumber', 'status', 'weightKg'] as const;
export type ParcelSortField = (typeof PARCEL_SORT_FIELDS)[number];

export const parcelListOrderSchema = z
  .object({ field: z.enum(PARCEL_SORT_FIELDS), direction: sortDirectionSchema })
  .strict()
  .default({ field: 'createdAt', direction: 'desc' });

/** POST /order/get/list: keyset pages of 50 (SPEC 9), newest first unless asked otherwise. */
export const parcelListRequestSchema = listRequestBase
  .extend({
    limit: z.number().int().min(1).max(PARCELS_PAGE_SIZE).default(PARCELS_PAGE_SIZE),
    filters: parcelListFiltersSchema.prefault({}),
    orderBy: parcelListOrderSchema,
  })
  .strict()
  .meta({
    examples: [
      {
        filters: { statuses: ['new', 'inTransport'], destinationCountry: 'DE', dateFrom: '2026-03-01' },
        orderBy: { field: 'createdAt', direction: 'desc' },
        limit: 50,
      },
    ],
  });
export type ParcelListRequest = z.input<typeof parcelListRequestSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Mass actions (SPEC 7 POST /order/massAction).

export const PARCEL_MASS_ACTIONS = ['deleteShipments', 'createComplex'] as const;
export type ParcelMassActionName = (typeof PARCEL_MASS_ACTIONS)[number];

/** Picked or excepted ids in one mass action, at most. */
export const PARCEL_MASS_MAX_IDS = 20_000;
/** Mass actions over at most this many parcels are done at once; larger ones run as a job with progress. */
export const PARCEL_MASS_DIRECT_MAX = 10;

/** Picked or excepted parcel ids of a list selection. */
export const parcelIdList = z
  .array(z.uuid({ error: MESSAGES.parcelNothingSelected }))
  .max(PARCEL_MASS_MAX_IDS, { error: MESSAGES.exportSelectionTooLarge });

/** SPEC 7's `getListReq: { filters, orderBy, selectedAll }` lifted beside the other fields (top-level fields win). */
export function flattenGetListReq(x: unknown): unknown {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return x;
  const { getListReq, ...b } = x as Record<string, unknown> & { getListReq?: Record<string, unknown> };
  const g = typeof getListReq === 'object' && getListReq !== null ? getListReq : {};
  return {
    ...b,
    selectedAll: b.selectedAll ?? g.selectedAll,
    filters: b.filters ?? g.filters,
    orderBy: b.orderBy ?? g.orderBy,
  };
}

/**
 * `{ actionName, ids?, exceptId?, selectedAll?, filters?, orderBy? }`, or SPEC 7's shape with
 * `getListReq: { filters, orderBy, selectedAll }` beside `exceptId` (top-level fields win). Select-all acts on every
 * parcel the list's filters match (the caller's own client only, for a client user), minus `exceptId`.
 */
export const parcelMassActionSchema = z
  .preprocess(
    flattenGetListReq,
    z
      .object({
        actionName: z.enum(PARCEL_MASS_ACTIONS, { error: MESSAGES.parcelUnknownAction }),
        selectedAll: z.boolean().default(false),
        ids: parcelIdList.default([]),
        exceptId: parcelIdList.default([]),
        filters: parcelListFiltersSchema.prefault({}),
        orderBy: parcelListOrderSchema,
      })
      .strict(),
  )
  .refine((b) => b.selectedAll || b.ids.length > 0, { error: MESSAGES.parcelNothingSelected, path: ['ids'] });
export type ParcelMassActionRequest = z.input<typeof parcelMassActionSchema>;
export type ParcelMassActionBody = z.output<typeof parcelMassActionSchema>;

/** What cancelling or deleting parcels did (deleteShipment, the mass action, the jobs). */
export const deleteShipmentsResultSchema = z.object({
  /** Parcels in status new: cancelled at once (kept, listed as canceled; the name is kept for API callers). */
  deleted: z.number().int(),
  /** Parcels already handed to a carrier: marked "to cancel", finished by the `parcels.cancel` job. */
  toCancel: z.number().int(),
  /** Parcels the job finished to status canceled (at the carrier, or here only when no carrier could be asked). */
  canceled: z.number().int(),
  /** Parcels that could not be cancelled (delivered, cancelled, already being cancelled). */
  refused: z.number().int(),
  /**
   * The large selection's job only (it asks the carriers itself, decision 0100): what the carriers answered for the
   * "to cancel" parcels. `canceled` above counts both the carriers' confirmations and the parcels no carrier could be
   * asked about.
   */
  carrier: cancelParcelsResultSchema.optional(),
});
export type DeleteShipmentsResult = z.infer<typeof deleteShipmentsResultSchema>;

/** POST /order/massAction: done at once (`result`), or started as a job (`jobId`; progress over the socket). */
export const parcelMassActionReplySchema = z.object({
  jobId: z.string().nullable(),
  /** How many parcels the selection named. */
  selected: z.number().int(),
  result: deleteShipmentsResultSchema.nullable(),
});
export type ParcelMassActionReply = z.infer<typeof parcelMassActionReplySchema>;

/** Agenda jobs of parcels. */
export const PARCEL_JOBS = {
  /** Asks the carriers to cancel "to cancel" parcels (decision 0100); its result is a CancelParcelsResult. */
  cancel: 'parcels.cancel',
  /** Every 15 minutes: asks the carriers again about parcels left "to cancel" (decision 0100). */
  cancelSweep: 'parcels.cancelSweep',
  /** A large deleteShipments mass action. */
  deleteShipments: 'parcels.deleteShipments',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Socket events.

/** Payload of the `parcel:*` socket events to `client:<clientId>` (small: NOTIFY carries ~8 kB). */
export interface ParcelEventPayload {
  id: string;
  clientId: string;
  internalNumber: string;
  status: ParcelStatus;
  updatedAt: string;
}

export interface ParcelStatusChangedPayload extends ParcelEventPayload {
  previousStatus: ParcelStatus | null;
  source: StatusChangeSource;
}
