import { z } from 'zod';
import { COUNTRY_CODES } from '../countries';
import { requiredString } from '../fields';
import { MESSAGES } from '../messages';
import { parseDecimalText } from '../numbers';
import { listRequestBase, sortDirectionSchema } from '../pagination';

/**
 * Routing matrices (administration/matrixes) and the global carrier change (administration/operators/replacement).
 * Resolution rules live in libs/domain routing.ts; these are the shapes the API and the panel share.
 */

const v = MESSAGES.validation;

/** Most conditions one matrix may hold (a matrix is a few dozen rows in practice). */
export const MATRIX_MAX_CONDITIONS = 500;

/** What the panel and the API take for "any country" besides null. */
const ANY_COUNTRY = new Set(['', '*', 'ANY']);

/** A condition's country: a supported code (any case), or null / blank / "*" / "any" for any country. */
export const conditionCountryField = z.preprocess(
  (x) => {
    if (x === null || x === undefined) return null;
    if (typeof x !== 'string') return x;
    const s = x.trim().toUpperCase();
    return ANY_COUNTRY.has(s) ? null : s;
  },
  z.enum(COUNTRY_CODES, { error: v.routingCountryUnsupported }).nullable(),
);

/** A country the route tester needs: a supported code, any case. */
const requiredCountryField = z.preprocess(
  (x) => {
    if (typeof x !== 'string') return x ?? undefined;
    const s = x.trim().toUpperCase();
    return s === '' ? undefined : s;
  },
  z.enum(COUNTRY_CODES, {
    error: (iss) => (iss.input === undefined ? v.countryRequired : v.routingCountryUnsupported),
  }),
);

/**
 * A positive weight in kg typed in a form: a number or a decimal string ("1,5" is 1.5), more than 0, at most
 * 9 999 999.999 with at most 3 decimal places (what numeric(10,3) stores exactly).
 */
const weightField = (requiredMessage: string, invalidMessage: string) =>
  z.preprocess(
    (x) => {
      if (x === null || x === undefined) return undefined;
      if (typeof x === 'number') return Number.isFinite(x) ? String(x) : 'x';
      if (typeof x !== 'string') return x;
      return x.trim() === '' ? undefined : (parseDecimalText(x) ?? x);
    },
    z
      .string({ error: (iss) => (iss.input === undefined ? requiredMessage : invalidMessage) })
      .regex(/^\d{1,7}(\.\d{1,3})?$/, { error: invalidMessage })
      .transform(Number)
      .refine((n) => n > 0, { error: invalidMessage }),
  );

export const matrixConditionSchema = z
  .object({
    pickupCountry: conditionCountryField,
    destinationCountry: conditionCountryField,
    maxWeightKg: weightField(v.conditionMaxWeightRequired, v.conditionMaxWeightInvalid),
    operatorId: z.uuid({ error: v.conditionOperatorRequired }),
  })
  .strict();
export type MatrixConditionInput = z.input<typeof matrixConditionSchema>;

const conditionsField = z
  .array(matrixConditionSchema, { error: v.conditionsInvalid })
  .max(MATRIX_MAX_CONDITIONS, { error: `At most ${MATRIX_MAX_CONDITIONS} conditions` });

/** POST /matrix/create. The first matrix ever created becomes the default whatever `isDefault` says. */
export const createMatrixSchema = z
  .object({
    name: requiredString(v.nameRequired, 255),
    /** true: this matrix becomes the default (the previous default loses the flag in the same transaction). */
    isDefault: z.boolean().default(false),
    /** In order: the order breaks ties in resolution. */
    conditions: conditionsField.default([]),
  })
  .strict();
export type CreateMatrixRequest = z.input<typeof createMatrixSchema>;

/**
 * PUT /matrix/{id}: any subset. `conditions`, when given, replace the matrix's conditions whole (in order).
 * `isDefault: true` makes it the default; `isDefault: false` on the default is refused (make another default).
 */
export const updateMatrixSchema = z
  .object({
    name: requiredString(v.nameRequired, 255).optional(),
    isDefault: z.boolean().optional(),
    conditions: conditionsField.optional(),
  })
  .strict();
export type UpdateMatrixRequest = z.input<typeof updateMatrixSchema>;

/** POST /matrix/{id}/clone: the copy's name (the copy is never the default). */
export const cloneMatrixSchema = z.object({ name: requiredString(v.nameRequired, 255) }).strict();
export type CloneMatrixRequest = z.input<typeof cloneMatrixSchema>;

export const MATRIX_SORT_FIELDS = ['name', 'createdAt'] as const;
export type MatrixSortField = (typeof MATRIX_SORT_FIELDS)[number];

export const matrixListFiltersSchema = z
  .object({
    /** Matrix name or one of its carriers' names contains this (case-insensitive). */
    search: z.string().trim().max(100).optional(),
  })
  .strict();
export type MatrixListFilters = z.infer<typeof matrixListFiltersSchema>;

export const matrixListOrderSchema = z
  .object({ field: z.enum(MATRIX_SORT_FIELDS), direction: sortDirectionSchema })
  .default({ field: 'name', direction: 'asc' });

export const matrixListRequestSchema = listRequestBase.extend({
  filters: matrixListFiltersSchema.default({}),
  orderBy: matrixListOrderSchema,
});
export type MatrixListRequest = z.input<typeof matrixListRequestSchema>;

/** A row of the matrices list (and of its live updates on `list:matrices`). */
export const matrixListItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  isDefault: z.boolean(),
  conditionCount: z.number().int(),
  /** Names of the carriers its conditions use, alphabetically, each once. */
  operatorNames: z.array(z.string()),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type MatrixListItem = z.infer<typeof matrixListItemSchema>;

/** One condition as the form and the route tester show it. */
export const matrixConditionViewSchema = z.object({
  id: z.uuid(),
  /** 1-based row number within the matrix. */
  position: z.number().int(),
  pickupCountry: z.enum(COUNTRY_CODES).nullable(),
  destinationCountry: z.enum(COUNTRY_CODES).nullable(),
  maxWeightKg: z.number(),
  operatorId: z.uuid(),
  operatorName: z.string(),
  operatorActive: z.boolean(),
});
export type MatrixConditionView = z.infer<typeof matrixConditionViewSchema>;

/** GET /matrix/{id}: the matrix with its conditions in order. */
export const matrixViewSchema = matrixListItemSchema.extend({
  conditions: z.array(matrixConditionViewSchema),
});
export type MatrixView = z.infer<typeof matrixViewSchema>;

/** A carrier offered in the condition and replacement pickers. */
export const matrixOperatorOptionSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.string(),
  active: z.boolean(),
  /** The carrier's own weight limit, kg (null = none). */
  maxWeightKg: z.number().nullable(),
});
export type MatrixOperatorOption = z.infer<typeof matrixOperatorOptionSchema>;

// ---------------------------------------------------------------------------------------------------------------
// The route tester (POST /matrix/resolve).

export const routeTestSchema = z
  .object({
    pickupCountry: requiredCountryField,
    destinationCountry: requiredCountryField,
    weightKg: weightField(v.routeWeightRequired, v.routeWeightInvalid),
    /** Test this matrix (with the default as fallback), e.g. the one being edited. */
    matrixId: z.uuid({ error: MESSAGES.matrixNotFound }).nullish(),
    /** Route as this client's parcel would be routed (its matrix by title, then the default). */
    clientId: z.uuid({ error: MESSAGES.clientNotFound }).nullish(),
    /** A return parcel: the client's return matrix applies. */
    isReturn: z.boolean().default(false),
  })
  .strict()
  .refine((b) => !(b.matrixId && b.clientId), {
    error: v.routeMatrixOrClient,
    path: ['clientId'],
  });
export type RouteTestRequest = z.input<typeof routeTestSchema>;

/** A matrix or a carrier named in the tester's answer. */
export const namedRefSchema = z.object({ id: z.uuid(), name: z.string() });
export type NamedRef = z.infer<typeof namedRefSchema>;

/** A better-ranked condition passed over because its carrier is inactive or gone. */
export const routeSkippedSchema = z.object({
  matrix: namedRefSchema,
  condition: matrixConditionViewSchema,
  cause: z.enum(['inactive', 'unknownOperator']),
});
export type RouteSkipped = z.infer<typeof routeSkippedSchema>;

/** Which matrices the tester searched, and why. */
export const routeTestContextSchema = z.object({
  /** The matrix searched before the default (the tested one, or the client's), or null. */
  primaryMatrix: namedRefSchema.nullable(),
  defaultMatrix: namedRefSchema.nullable(),
  /** With a client: the matrix title it names for this parcel (domestic or return), or null when none applies. */
  clientMatrixTitle: z.string().nullable(),
  /** With a client whose title names no matrix: true (the default decides alone). */
  clientMatrixMissing: z.boolean(),
});
export type RouteTestContext = z.infer<typeof routeTestContextSchema>;

const routeFound = z.object({
  ok: z.literal(true),
  operator: namedRefSchema,
  matrix: namedRefSchema,
  condition: matrixConditionViewSchema,
  specificity: z.enum(['exact', 'destination', 'pickup', 'any']),
  /** True when a primary matrix was searched but the default decided. */
  fallback: z.boolean(),
  skipped: z.array(routeSkippedSchema),
});
const routeNoMatch = z.object({
  ok: z.literal(false),
  reason: z.literal('noMatch'),
  searchedMatrices: z.array(namedRefSchema),
});
const routeOperatorInactive = z.object({
  ok: z.literal(false),
  reason: z.literal('operatorInactive'),
  skipped: z.array(routeSkippedSchema),
});
const routeOverWeight = z.object({
  ok: z.literal(false),
  reason: z.literal('overWeight'),
  operator: namedRefSchema,
  matrix: namedRefSchema,
  condition: matrixConditionViewSchema,
  weightKg: z.number(),
  limitKg: z.number(),
  skipped: z.array(routeSkippedSchema),
});

/** The carrier with the condition that explains it, or why there is none. */
export const routeTestOutcomeSchema = z.union([
  routeFound,
  routeNoMatch,
  routeOperatorInactive,
  routeOverWeight,
]);
export type RouteTestOutcome = z.infer<typeof routeTestOutcomeSchema>;

/** The tester's answer: what was searched, and the outcome. */
export const routeTestReplySchema = z.union([
  routeTestContextSchema.extend(routeFound.shape),
  routeTestContextSchema.extend(routeNoMatch.shape),
  routeTestContextSchema.extend(routeOperatorInactive.shape),
  routeTestContextSchema.extend(routeOverWeight.shape),
]);
export type RouteTestReply = z.infer<typeof routeTestReplySchema>;

// ---------------------------------------------------------------------------------------------------------------
// Global carrier change (SPEC 7 PUT /matrix/update/globalOperatorChange).

export const globalOperatorChangeSchema = z
  .object({
    fromOperatorId: z.uuid({ error: v.replacementFromRequired }),
    toOperatorId: z.uuid({ error: v.replacementToRequired }),
  })
  .strict()
  .refine((b) => b.fromOperatorId !== b.toOperatorId, {
    error: MESSAGES.replacementSameOperator,
    path: ['toOperatorId'],
  });
export type GlobalOperatorChangeRequest = z.input<typeof globalOperatorChangeSchema>;

export const globalOperatorChangeReplySchema = z.object({
  movedConditions: z.number().int(),
  /** Parcels not yet sent (status new) moved to the new carrier (decisions 0037, 0052). */
  movedParcels: z.number().int(),
});
export type GlobalOperatorChangeReply = z.infer<typeof globalOperatorChangeReplySchema>;

/** GET /matrix/get/operatorUsage/{operatorId}: what a global change from this carrier would move. */
export const operatorRoutingUsageSchema = z.object({
  operatorId: z.uuid(),
  conditions: z.number().int(),
  matrices: z.number().int(),
  /** Its parcels not yet sent (status new), which the change moves too (decision 0037). */
  parcels: z.number().int(),
});
export type OperatorRoutingUsage = z.infer<typeof operatorRoutingUsageSchema>;
