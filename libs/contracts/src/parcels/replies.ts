import { z } from 'zod';
import { namedRefSchema, type RouteTestReply } from '../matrices/schemas';
import { ORDER_TYPES, PARCEL_SOURCES, PARCEL_STATUSES, STATUS_CHANGE_SOURCES } from './constants';

/**
 * The replies of the parcel calls (decisions 0062, 0086, 0108): the route contracts' reply schemas, which the API's
 * reply check and the panel's client hold the replies to and the OpenAPI document shows, and the views' types made
 * from them. Each documented reply carries a real-looking example (decision 0086).
 */

const isoDate = z.iso.datetime().meta({ description: 'ISO 8601 date-time, UTC' });
const decimal = (places: number) => z.string().meta({ description: `Decimal string with ${places} places` });

/** A parcel address as stored and shown. */
export const parcelAddressViewSchema = z.object({
  name: z.string(),
  street: z.string(),
  building: z.string(),
  city: z.string(),
  zipCode: z.string(),
  country: z.string().meta({ description: 'ISO 3166 two-letter code' }),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type ParcelAddressView = z.infer<typeof parcelAddressViewSchema>;

/**
 * A global carrier change moved the parcel (decisions 0037, 0088): the routing's carrier was replaced by `to`,
 * by whom and when. The explanation then names the new carrier; `from` is the one routing had chosen.
 */
export const parcelCarrierChangeSchema = z.object({
  from: namedRefSchema,
  to: namedRefSchema,
  changedAt: isoDate,
  /** The person who made the change (null for a key or the system), and their name when it was made. */
  changedById: z.uuid().nullable(),
  changedByName: z.string().nullable(),
});
export type ParcelCarrierChange = z.infer<typeof parcelCarrierChangeSchema>;

/** Why the parcel has its carrier: the routing answer when it was routed (the route tester's shape). */
export type ParcelRouting = RouteTestReply & { routedAt: string; carrierChange?: ParcelCarrierChange };

/**
 * The routing explanation as documented and checked: its main fields, the rest of the route tester's answer passed
 * through (it is stored as the tester answered when the parcel was routed, so older parcels keep older shapes). It
 * is typed as the whole answer, `ParcelRouting`, which the API writes and the panel reads.
 */
const parcelRoutingReplySchema = z
  .looseObject({
    ok: z
      .boolean()
      .meta({ description: 'False when routing found no carrier (the parcel is then not correct)' }),
    operator: namedRefSchema.optional(),
    matrix: namedRefSchema.optional(),
    reason: z.enum(['noMatch', 'operatorInactive', 'overWeight']).optional(),
    routedAt: isoDate,
    carrierChange: parcelCarrierChangeSchema
      .optional()
      .meta({ description: 'Set when a global carrier change moved the parcel to another carrier' }),
  })
  .meta({
    description: "Why the parcel has its carrier (the route tester's answer when it was routed)",
  }) as unknown as z.ZodType<ParcelRouting>;

/** One row of the parcels list (and of its live updates on `list:parcels`). */
export const parcelListItemReplySchema = z.object({
  id: z.uuid(),
  clientId: z.uuid(),
  clientName: z.string(),
  orderType: z.enum(ORDER_TYPES),
  source: z.enum(PARCEL_SOURCES),
  status: z.enum(PARCEL_STATUSES),
  internalNumber: z.string(),
  referenceNumber: z.string().nullable(),
  externalNumber: z.string().nullable(),
  firstMileNumber: z.string().nullable(),
  lastMileNumber: z.string().nullable(),
  alternativeNumber: z.string().nullable(),
  barcode: z.string().nullable(),
  operatorId: z.uuid().nullable(),
  operatorName: z.string().nullable(),
  isCorrect: z.boolean(),
  weightKg: decimal(3),
  packageCount: z.number().int(),
  pickupCountry: z.string(),
  destinationCountry: z.string(),
  destinationName: z.string(),
  destinationCity: z.string(),
  codAmount: decimal(2).nullable(),
  codCurrency: z.string().nullable(),
  returnOfId: z.uuid().nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type ParcelListItem = z.infer<typeof parcelListItemReplySchema>;

export const parcelStatusHistoryReplySchema = z.object({
  id: z.number().int(),
  status: z.enum(PARCEL_STATUSES),
  previousStatus: z.enum(PARCEL_STATUSES).nullable(),
  source: z.enum(STATUS_CHANGE_SOURCES),
  changedById: z.uuid().nullable(),
  /** "First Last" of the person, null for an API key, a job or the system. */
  changedByName: z.string().nullable(),
  apiKeyId: z.uuid().nullable(),
  note: z.string().nullable(),
  /** A change made by a scan (source scan): where, and the car it was loaded on (issue 14). */
  scan: z
    .object({
      terminal: z.string(),
      driver: z.string().nullable(),
      registrationNumber: z.string().nullable(),
    })
    .nullable(),
  /** A change the carrier's tracking made (source carrier): its code, its words and when it says it happened. */
  carrier: z
    .object({ code: z.string(), description: z.string().nullable(), at: isoDate.nullable() })
    .nullable(),
  createdAt: isoDate,
});
export type ParcelStatusHistoryEntry = z.infer<typeof parcelStatusHistoryReplySchema>;

/** GET /order/{id}: the whole parcel with its status history (oldest first). */
const parcelViewSchema = parcelListItemReplySchema.extend({
  sizeCmL: z.number().int().nullable(),
  sizeCmW: z.number().int().nullable(),
  sizeCmD: z.number().int().nullable(),
  value: decimal(2).nullable(),
  valueCurrency: z.string().nullable(),
  content: z.string().nullable(),
  note1: z.string().nullable(),
  note2: z.string().nullable(),
  pickupAddress: parcelAddressViewSchema,
  destinationAddress: parcelAddressViewSchema,
  cod: z.object({ amountCOD: decimal(2), codCurrency: z.string().nullable() }).nullable(),
  insurance: z.object({ amount: decimal(2) }).nullable(),
  dropOffPoint: z.string().nullable(),
  routing: parcelRoutingReplySchema.nullable(),
  /** The return parcel made from this one, if any. */
  returnParcelId: z.uuid().nullable(),
  createdById: z.uuid().nullable(),
  apiKeyId: z.uuid().nullable(),
  deliveryDate: isoDate.nullable(),
  firstScanAt: isoDate.nullable(),
  /** The carrier's measured weight, from accounting's real-weight files (decision 0151); null until one names it. */
  realWeightKg: decimal(3).nullable(),
  /** The carrier's dimensional (volumetric) weight, when its file gives one. */
  dimensionalWeightKg: decimal(3).nullable(),
  /** When the real weight was last recorded. */
  realWeightAt: isoDate.nullable(),
  statusHistory: z.array(parcelStatusHistoryReplySchema).meta({ description: 'Oldest first' }),
});
export type ParcelView = z.infer<typeof parcelViewSchema>;

/**
 * POST /order/get/list: a keyset page. `total` is counted on the first page up to `PARCELS_TOTAL_CAP` and repeated
 * on the pages after it; `totalCapped` says more parcels match (decision 0084).
 */
const parcelListReplyShape = z.object({
  items: z.array(parcelListItemReplySchema),
  nextCursor: z.string().nullable().meta({
    description: 'Send back as `cursor` (same filters and order) for the next page; null at the end',
  }),
  total: z.number().int().meta({
    description:
      'Parcels matching the filters, counted up to 10,000 when the first page is read (no cursor) and repeated on the pages after it',
  }),
  totalCapped: z.boolean().meta({
    description: 'True when more than `total` (10,000) parcels match: `total` is then a lower bound',
  }),
});
export type ParcelListReply = z.infer<typeof parcelListReplyShape>;

/** POST /order/deleteShipment. */
const deleteShipmentReplyShape = z.object({
  id: z.uuid(),
  status: z
    .enum(PARCEL_STATUSES)
    .meta({ description: '`canceled` at once, or `toCancel` until the carrier confirms' }),
  deleted: z.boolean().meta({
    description: 'Always false: a cancelled parcel is kept (it was true for a parcel in status new before).',
  }),
  jobId: z.string().nullable().meta({ description: 'The background job finishing a `toCancel` parcel' }),
});
export type DeleteShipmentReply = z.infer<typeof deleteShipmentReplyShape>;

// ---------------------------------------------------------------------------------------------------------------
// Examples (decision 0086), shown in the OpenAPI document.

const PARCEL_ID = '3f2b8c1e-1d2a-4c5b-9e8f-0a1b2c3d4e5f';
const CLIENT_ID = '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d';
const OPERATOR_ID = '1c6e2f7a-8b9d-4e0f-a1b2-c3d4e5f60718';
const API_KEY_ID = '6ec0bd7f-11c0-43da-975e-2a8ad9ebae0b';

/** A parcel row as the list and its live updates show it. */
export const PARCEL_LIST_ITEM_EXAMPLE: ParcelListItem = {
  id: PARCEL_ID,
  clientId: CLIENT_ID,
  clientName: 'Sklep Zielony sp. z o.o.',
  orderType: 'internal',
  source: 'api',
  status: 'new',
  internalNumber: 'ZIEL000000123',
  referenceNumber: 'SHOP-100231',
  externalNumber: null,
  firstMileNumber: null,
  lastMileNumber: null,
  alternativeNumber: null,
  barcode: null,
  operatorId: OPERATOR_ID,
  operatorName: 'DPD Polska',
  isCorrect: true,
  weightKg: '1.500',
  packageCount: 1,
  pickupCountry: 'PL',
  destinationCountry: 'DE',
  destinationName: 'Anna Nowak',
  destinationCity: 'Berlin',
  codAmount: '120.00',
  codCurrency: 'EUR',
  returnOfId: null,
  createdAt: '2026-03-02T09:15:27.412Z',
  updatedAt: '2026-03-02T09:15:27.412Z',
};

const pickup: ParcelAddressView = {
  name: 'Sklep Zielony',
  street: 'Długa',
  building: '5',
  city: 'Gdańsk',
  zipCode: '80-001',
  country: 'PL',
  phone: '+48 600 100 200',
  email: 'wysylki@zielony.example',
};
const destination: ParcelAddressView = {
  name: 'Anna Nowak',
  street: 'Hauptstraße',
  building: '12',
  city: 'Berlin',
  zipCode: '10115',
  country: 'DE',
  phone: '+49301234567',
  email: 'anna@example.com',
};

/** GET /order/{id} and the create and edit replies. */
export const PARCEL_VIEW_EXAMPLE: ParcelView = {
  ...PARCEL_LIST_ITEM_EXAMPLE,
  sizeCmL: 30,
  sizeCmW: 20,
  sizeCmD: 10,
  value: '100.00',
  valueCurrency: 'EUR',
  content: 'Książki',
  note1: null,
  note2: null,
  pickupAddress: pickup,
  destinationAddress: destination,
  cod: { amountCOD: '120.00', codCurrency: 'EUR' },
  insurance: null,
  dropOffPoint: null,
  routing: {
    primaryMatrix: null,
    defaultMatrix: { id: '0d9a1c52-5a7e-4d3b-8f4e-7c2b1a0e9d8c', name: 'Default' },
    clientMatrixTitle: null,
    clientMatrixMissing: false,
    ok: true,
    operator: { id: OPERATOR_ID, name: 'DPD Polska' },
    matrix: { id: '0d9a1c52-5a7e-4d3b-8f4e-7c2b1a0e9d8c', name: 'Default' },
    condition: {
      id: 'c3b5e0a2-7d41-4f6b-9a8e-2d1c0b9f8e7a',
      position: 2,
      pickupCountry: 'PL',
      destinationCountry: 'DE',
      maxWeightKg: 31.5,
      operatorId: OPERATOR_ID,
      operatorName: 'DPD Polska',
      operatorActive: true,
    },
    specificity: 'exact',
    fallback: false,
    skipped: [],
    routedAt: '2026-03-02T09:15:27.401Z',
  },
  returnParcelId: null,
  createdById: null,
  apiKeyId: API_KEY_ID,
  deliveryDate: null,
  firstScanAt: null,
  realWeightKg: null,
  dimensionalWeightKg: null,
  realWeightAt: null,
  statusHistory: [
    {
      id: 4711,
      status: 'new',
      previousStatus: null,
      source: 'api',
      changedById: null,
      changedByName: null,
      apiKeyId: API_KEY_ID,
      note: null,
      scan: null,
      carrier: null,
      createdAt: '2026-03-02T09:15:27.412Z',
    },
  ],
};

export const parcelViewReplySchema = parcelViewSchema.meta({ examples: [PARCEL_VIEW_EXAMPLE] });

export const PARCEL_LIST_REPLY_EXAMPLE: ParcelListReply = {
  items: [PARCEL_LIST_ITEM_EXAMPLE],
  nextCursor: 'eyJ2IjpbIjIwMjYtMDMtMDJUMDk6MTU6MjcuNDEyWiIsIjNmMmI4YzFlIl19',
  total: 312,
  totalCapped: false,
};

export const parcelListReplySchema = parcelListReplyShape.meta({ examples: [PARCEL_LIST_REPLY_EXAMPLE] });

export const DELETE_SHIPMENT_REPLY_EXAMPLE: DeleteShipmentReply = {
  id: PARCEL_ID,
  status: 'canceled',
  deleted: false,
  jobId: null,
};

export const deleteShipmentReplySchema = deleteShipmentReplyShape.meta({
  examples: [DELETE_SHIPMENT_REPLY_EXAMPLE],
});
