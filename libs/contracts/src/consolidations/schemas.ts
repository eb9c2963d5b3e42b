import { z } from 'zod';
import { MESSAGES } from '../messages';
import { PAGE_SIZE } from '../constants';
import { sortDirectionSchema } from '../pagination';
import { CONSOLIDATION_TYPES } from '../countries';
import { PARCEL_STATUSES } from '../parcels/constants';
import { DEFAULT_TERMINAL, scannedNumberField } from '../scans/schemas';

/**
 * What a consolidation is for the rules (libs/domain consolidations.ts): a car (holds parcels and other
 * consolidations, never Landmark and other parcels together), a Landmark consolidation (Landmark parcels only) or a
 * normal one (no Landmark parcel).
 */
export const CONSOLIDATION_KINDS = ['car', 'landmark', 'normal'] as const;
export type ConsolidationKind = (typeof CONSOLIDATION_KINDS)[number];

/** Barcodes the server makes: "CS" and ten digits (Code128, no character a keyboard-wedge scanner could mangle). */
export const CONSOLIDATION_BARCODE = /^CS\d{10}$/;

const consolidationIdField = z.uuid({ error: MESSAGES.consolidationIdInvalid });

const optionalText = (max: number) =>
  z
    .string({ error: `At most ${max} characters` })
    .trim()
    .max(max, { error: `At most ${max} characters` })
    .optional()
    .transform((s) => (s ? s : undefined));

/**
 * POST /operatingModule/consolidation/create (SPEC 3 "Consolidation: type (car or normal), isBlocked, barcode, driver
 * and registrationNumber (car only), isDefaultStatus, isVirtualScan"). A car needs its driver and registration
 * number; a normal one may be marked Landmark (it then holds only Landmark parcels). The barcode is made by the server.
 */
export const createConsolidationSchema = z
  .object({
    type: z.enum(CONSOLIDATION_TYPES, { error: MESSAGES.consolidationTypeInvalid }),
    isLandmark: z.boolean().default(false),
    driver: optionalText(100),
    registrationNumber: optionalText(20),
    isDefaultStatus: z.boolean().default(false),
    isVirtualScan: z.boolean().default(false),
    terminal: z
      .string({ error: MESSAGES.validation.terminalRequired })
      .trim()
      .min(1, { error: MESSAGES.validation.terminalRequired })
      .max(100, { error: 'At most 100 characters' })
      .default(DEFAULT_TERMINAL),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.type !== 'car') return;
    if (!body.driver)
      ctx.addIssue({ code: 'custom', path: ['driver'], message: MESSAGES.consolidationDriverRequired });
    if (!body.registrationNumber)
      ctx.addIssue({
        code: 'custom',
        path: ['registrationNumber'],
        message: MESSAGES.consolidationRegistrationRequired,
      });
    if (body.isLandmark)
      ctx.addIssue({ code: 'custom', path: ['isLandmark'], message: MESSAGES.consolidationCarLandmark });
  });
export type CreateConsolidationRequest = z.input<typeof createConsolidationSchema>;
export type CreateConsolidation = z.output<typeof createConsolidationSchema>;

/**
 * POST …/addPackage: a scanned number into the consolidation: any of a parcel's numbers, or (into a car) another
 * consolidation's barcode.
 */
export const addToConsolidationSchema = z
  .object({ consolidationId: consolidationIdField, externalNumber: scannedNumberField })
  .strict();
export type AddToConsolidationRequest = z.input<typeof addToConsolidationSchema>;

/** POST …/deletePackage: a parcel, or a consolidation a car holds, out of the consolidation (exactly one of them). */
export const removeFromConsolidationSchema = z
  .object({
    consolidationId: consolidationIdField,
    parcelId: z.uuid({ error: MESSAGES.consolidationItemAbsent }).optional(),
    childConsolidationId: z.uuid({ error: MESSAGES.consolidationItemAbsent }).optional(),
  })
  .strict()
  .refine((b) => (b.parcelId === undefined) !== (b.childConsolidationId === undefined), {
    path: ['parcelId'],
    message: MESSAGES.consolidationItemAbsent,
  });
export type RemoveFromConsolidationRequest = z.input<typeof removeFromConsolidationSchema>;

/** POST …/getLabel, …/block and …/unblock: one consolidation. */
export const consolidationIdBodySchema = z.object({ consolidationId: consolidationIdField }).strict();

/** POST …/isExternalNumberInDB: what a scanned number names, for adding it. */
export const consolidationLookupSchema = z.object({ externalNumber: scannedNumberField }).strict();

/** A parcel as a consolidation shows it. */
export const consolidationParcelSchema = z.object({
  id: z.uuid(),
  internalNumber: z.string(),
  externalNumber: z.string().nullable(),
  status: z.enum(PARCEL_STATUSES),
  destinationCountry: z.string(),
  operatorName: z.string().nullable(),
  /** Its carrier is of type LANDMARK (Landmark Global). */
  isLandmark: z.boolean(),
  /** The consolidation it is in now (null: none). */
  consolidation: z.object({ id: z.uuid(), barcode: z.string() }).nullable(),
});
export type ConsolidationParcel = z.infer<typeof consolidationParcelSchema>;

/** A consolidation as a list row, and as one a car holds. */
export const consolidationListItemSchema = z.object({
  id: z.uuid(),
  type: z.enum(CONSOLIDATION_TYPES),
  kind: z.enum(CONSOLIDATION_KINDS),
  isLandmark: z.boolean(),
  barcode: z.string(),
  isBlocked: z.boolean(),
  driver: z.string().nullable(),
  registrationNumber: z.string().nullable(),
  isDefaultStatus: z.boolean(),
  isVirtualScan: z.boolean(),
  terminal: z.string().nullable(),
  /** Parcels in it, with those of the consolidations it holds. */
  parcelCount: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ConsolidationListItem = z.infer<typeof consolidationListItemSchema>;

/** GET /operatingModule/consolidation/{id} (SPEC 7, with isBlocked) and the replies of the changes. */
export const consolidationViewSchema = consolidationListItemSchema.extend({
  blockedAt: z.iso.datetime().nullable(),
  /** The car consolidation that holds it. */
  parent: z.object({ id: z.uuid(), barcode: z.string() }).nullable(),
  parcels: z.array(consolidationParcelSchema),
  consolidations: z.array(consolidationListItemSchema),
});
export type ConsolidationView = z.infer<typeof consolidationViewSchema>;

/** …/isExternalNumberInDB's reply: the parcel or the consolidation the number names (404 when neither). */
export const consolidationLookupReplySchema = z.object({
  parcel: consolidationParcelSchema.nullable(),
  consolidation: consolidationListItemSchema.nullable(),
});
export type ConsolidationLookupReply = z.infer<typeof consolidationLookupReplySchema>;

/**
 * …/getLabel's reply (SPEC 7 "reply has pdf and an error object with isBlank and errorList"): the A6 label as base64
 * PDF; `isBlank` when it lists no parcel, `errorList` the notices (server messages) of what it could not list.
 */
export const consolidationLabelReplySchema = z.object({
  pdf: z.string(),
  fileName: z.string(),
  error: z.object({ isBlank: z.boolean(), errorList: z.array(z.string()) }),
});
export type ConsolidationLabelReply = z.infer<typeof consolidationLabelReplySchema>;

export const CONSOLIDATION_SORT_FIELDS = ['createdAt', 'barcode'] as const;
export type ConsolidationSortField = (typeof CONSOLIDATION_SORT_FIELDS)[number];

/** GET /operatingModule/consolidation/list?search=&type=&isBlocked=&sort=&direction=&cursor=&limit= (newest first). */
export const consolidationListQuerySchema = z
  .object({
    /** The barcode, driver or registration number contains this (any case). */
    search: z.string().trim().max(100).optional(),
    type: z.enum(CONSOLIDATION_TYPES, { error: MESSAGES.consolidationTypeInvalid }).optional(),
    isBlocked: z.enum(['true', 'false']).optional(),
    sort: z.enum(CONSOLIDATION_SORT_FIELDS).default('createdAt'),
    direction: sortDirectionSchema.default('desc'),
    cursor: z.string().max(2000).optional(),
    limit: z.coerce.number().int().min(1).max(PAGE_SIZE).default(PAGE_SIZE),
  })
  .strict();
export type ConsolidationListQuery = z.input<typeof consolidationListQuerySchema>;
