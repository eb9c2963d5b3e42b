import { z } from 'zod';
import { COUNTRY_CODES, type CountryCode } from './countries';
import { requiredString } from './fields';
import { MESSAGES } from './messages';
import { listRequestBase, sortDirectionSchema } from './pagination';

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
      const s = x.trim().replace(',', '.');
      return s === '' ? undefined : s;
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
export interface MatrixListItem {
  id: string;
  name: string;
  isDefault: boolean;
  conditionCount: number;
  /** Names of the carriers its conditions use, alphabetically, each once. */
  operatorNames: string[];
  createdAt: string;
  updatedAt: string;
}

/** One condition as the form and the route tester show it. */
export interface MatrixConditionView {
  id: string;
  /** 1-based row number within the matrix. */
  position: number;
  pickupCountry: CountryCode | null;
  destinationCountry: CountryCode | null;
  maxWeightKg: number;
  operatorId: string;
  operatorName: string;
  operatorActive: boolean;
}

/** GET /matrix/{id}: the matrix with its conditions in order. */
export interface MatrixView extends MatrixListItem {
  conditions: MatrixConditionView[];
}

/** A carrier offered in the condition and replacement pickers. */
export interface MatrixOperatorOption {
  id: string;
  name: string;
  type: string;
  active: boolean;
  /** The carrier's own weight limit, kg (null = none). */
  maxWeightKg: number | null;
}

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

export interface NamedRef {
  id: string;
  name: string;
}

/** A better-ranked condition passed over because its carrier is inactive or gone. */
export interface RouteSkipped {
  matrix: NamedRef;
  condition: MatrixConditionView;
  cause: 'inactive' | 'unknownOperator';
}

/** Which matrices the tester searched, and why. */
export interface RouteTestContext {
  /** The matrix searched before the default (the tested one, or the client's), or null. */
  primaryMatrix: NamedRef | null;
  defaultMatrix: NamedRef | null;
  /** With a client: the matrix title it names for this parcel (domestic or return), or null when none applies. */
  clientMatrixTitle: string | null;
  /** With a client whose title names no matrix: true (the default decides alone). */
  clientMatrixMissing: boolean;
}

/** The carrier with the condition that explains it, or why there is none. */
export type RouteTestOutcome =
  | {
      ok: true;
      operator: NamedRef;
      matrix: NamedRef;
      condition: MatrixConditionView;
      specificity: 'exact' | 'destination' | 'pickup' | 'any';
      /** True when a primary matrix was searched but the default decided. */
      fallback: boolean;
      skipped: RouteSkipped[];
    }
  | { ok: false; reason: 'noMatch'; searchedMatrices: NamedRef[] }
  | { ok: false; reason: 'operatorInactive'; skipped: RouteSkipped[] }
  | {
      ok: false;
      reason: 'overWeight';
      operator: NamedRef;
      matrix: NamedRef;
      condition: MatrixConditionView;
      weightKg: number;
      limitKg: number;
      skipped: RouteSkipped[];
    };

/** The tester's answer: what was searched, and the outcome. */
export type RouteTestReply = RouteTestContext & RouteTestOutcome;

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

export interface GlobalOperatorChangeReply {
  movedConditions: number;
  /** Parcels not yet sent (status new) moved to the new carrier (decisions 0037, 0052). */
  movedParcels: number;
}

/** GET /matrix/get/operatorUsage/{operatorId}: what a global change from this carrier would move. */
export interface OperatorRoutingUsage {
  operatorId: string;
  conditions: number;
  matrices: number;
}
