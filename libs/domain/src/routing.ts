import { isCountryCode, type CountryCode } from '@depot/contracts';

/**
 * Routing matrices: which carrier (operator) a parcel gets, and why (SPEC 3 "Routing matrix"; SPEC 5 and 9
 * "only one default routing"; administration issue "Routing matrices").
 *
 * Resolution rules, including decisions where the issue is silent:
 * 1. Weight: a weight that is not a finite number > 0 is refused ('invalidWeight') before anything else.
 * 2. Matrices: the client's own matrix is searched first, then the default matrix as fallback. When the client
 *    has no matrix, or its matrix is the default, only the default is searched (once).
 * 3. A condition matches when its pickup country equals the parcel's or is null (= any), the same for the
 *    destination, and parcel weight <= maxWeightKg (boundary inclusive: weight == max matches).
 * 4. Within one matrix, candidates are ranked: most specific first, exact pickup + destination, then exact
 *    destination only, then exact pickup only, then any/any (destination outranks pickup, since the
 *    destination decides the last-mile carrier); then the smallest maxWeightKg; then list order (the
 *    condition listed first wins a full tie, so a repeated row with another carrier acts as a backup).
 *    All candidates of the client's matrix rank above all candidates of the default matrix.
 * 5. Candidates whose operator is inactive, or unknown (absent from `operators`), are skipped in favour of the
 *    next candidate, across the fallback to the default matrix too. If no candidate remains, the result is
 *    'operatorInactive' with the skipped list; if nothing matched at all, 'noMatch'.
 * 6. The first usable candidate decides. If the parcel is heavier than that operator's own limit
 *    (OperatorLimit.maxWeightKg, inclusive), it is refused with 'overWeight'; there is no silent fall-through
 *    to a later candidate, because the matrix names this carrier and the admin has to fix the matrix.
 *    An operator limit that is null, not finite or <= 0 means "no limit".
 * 7. Weights are compared as given (kg, no rounding).
 *
 * Matrix rules: names are required and unique among matrices (trimmed, case-insensitive), because clients
 * refer to matrices by title (SPEC 3 returnMatrixTitle/domesticMatrixTitle); only null means "any country";
 * stored countries must be exact supported codes (map user input with toCountryCode first); two conditions
 * equal in pickup, destination, max weight and operator are duplicates; exactly one matrix is the default, so
 * the default can neither be deleted nor have its flag cleared: another matrix is made default instead.
 * A clone is never the default and keeps the condition order (which breaks ties).
 */

/** One row of a matrix: parcels from pickupCountry to destinationCountry up to maxWeightKg go to operatorId. */
export interface RoutingCondition {
  id: string;
  /** null = any pickup country. */
  pickupCountry: CountryCode | null;
  /** null = any destination country. */
  destinationCountry: CountryCode | null;
  /** Inclusive upper bound, kg. */
  maxWeightKg: number;
  operatorId: string;
}

/** A named list of conditions; exactly one matrix is the default. */
export interface RoutingMatrix {
  id: string;
  name: string;
  isDefault: boolean;
  conditions: RoutingCondition[];
}

/** What resolution needs to know about a carrier. maxWeightKg null = no limit of its own. */
export interface OperatorLimit {
  operatorId: string;
  active: boolean;
  maxWeightKg: number | null;
}

/** The parcel facts that routing looks at. */
export interface RouteParcel {
  pickupCountry: CountryCode;
  destinationCountry: CountryCode;
  weightKg: number;
}

/** How a condition matched, most specific first. */
export type ConditionSpecificity = 'exact' | 'destination' | 'pickup' | 'any';

/** A condition that matched the parcel, with the matrix it came from. */
export interface RouteCandidate {
  matrixId: string;
  condition: RoutingCondition;
  specificity: ConditionSpecificity;
}

/** A candidate passed over during resolution, and why. */
export interface SkippedCandidate extends RouteCandidate {
  cause: 'inactive' | 'unknownOperator';
}

/** Input of resolveRoute; pickMatrices builds the two matrices from a list. */
export interface ResolveRouteInput {
  /** The client's own matrix, or null when the client has none. */
  clientMatrix: RoutingMatrix | null;
  /** The default matrix, or null when none exists. */
  defaultMatrix: RoutingMatrix | null;
  parcel: RouteParcel;
  operators: readonly OperatorLimit[];
}

/** The outcome of resolveRoute: the carrier with the condition that explains it, or why there is none. */
export type RouteResult =
  | {
      ok: true;
      operatorId: string;
      matrixId: string;
      /** The matching condition: the explanation shown to the user. */
      condition: RoutingCondition;
      specificity: ConditionSpecificity;
      /** Which matrix decided. */
      reason: 'clientMatrix' | 'defaultMatrix';
      /** True when the client has its own matrix but the default matrix decided. */
      fallback: boolean;
      /** Better-ranked candidates passed over (inactive or unknown operator). */
      skipped: SkippedCandidate[];
    }
  | { ok: false; reason: 'invalidWeight'; weightKg: number }
  | { ok: false; reason: 'noMatch'; searchedMatrixIds: string[]; parcel: RouteParcel }
  | { ok: false; reason: 'operatorInactive'; skipped: SkippedCandidate[] }
  | {
      ok: false;
      reason: 'overWeight';
      operatorId: string;
      matrixId: string;
      condition: RoutingCondition;
      weightKg: number;
      limitKg: number;
      skipped: SkippedCandidate[];
    };

const SPECIFICITY_RANK: Record<ConditionSpecificity, number> = {
  exact: 0,
  destination: 1,
  pickup: 2,
  any: 3,
};

/** How specific a condition is: 'exact' (both countries set) … 'any' (both null). */
export function conditionSpecificity(
  condition: Pick<RoutingCondition, 'pickupCountry' | 'destinationCountry'>,
): ConditionSpecificity {
  const p = condition.pickupCountry !== null;
  const d = condition.destinationCountry !== null;
  return p && d ? 'exact' : d ? 'destination' : p ? 'pickup' : 'any';
}

/** Is the weight usable for routing (finite and > 0)? */
export function isValidParcelWeight(weightKg: number): boolean {
  return Number.isFinite(weightKg) && weightKg > 0;
}

/** Does the condition cover the parcel (countries, with null = any, and weight <= max, inclusive)? */
export function conditionMatches(condition: RoutingCondition, parcel: RouteParcel): boolean {
  return (
    (condition.pickupCountry === null || condition.pickupCountry === parcel.pickupCountry) &&
    (condition.destinationCountry === null || condition.destinationCountry === parcel.destinationCountry) &&
    parcel.weightKg <= condition.maxWeightKg
  );
}

/** The matrix's conditions that match the parcel, best first (specificity, then smallest max, then order). */
export function rankCandidates(matrix: RoutingMatrix, parcel: RouteParcel): RouteCandidate[] {
  return matrix.conditions
    .map((condition, index) => ({ condition, index }))
    .filter(({ condition }) => conditionMatches(condition, parcel))
    .map(({ condition, index }) => ({ condition, index, specificity: conditionSpecificity(condition) }))
    .sort(
      (a, b) =>
        SPECIFICITY_RANK[a.specificity] - SPECIFICITY_RANK[b.specificity] ||
        a.condition.maxWeightKg - b.condition.maxWeightKg ||
        a.index - b.index,
    )
    .map(({ condition, specificity }) => ({ matrixId: matrix.id, condition, specificity }));
}

/**
 * Picks the client's matrix (by id; null or an unknown id gives none) and the default matrix from a list.
 * With several flagged defaults (which the database forbids), the first one listed is used.
 */
export function pickMatrices(
  matrices: readonly RoutingMatrix[],
  clientMatrixId: string | null,
): Pick<ResolveRouteInput, 'clientMatrix' | 'defaultMatrix'> {
  return {
    clientMatrix: clientMatrixId === null ? null : (matrices.find((m) => m.id === clientMatrixId) ?? null),
    defaultMatrix: matrices.find((m) => m.isDefault) ?? null,
  };
}

const effectiveLimit = (limit: number | null): number | null =>
  limit !== null && Number.isFinite(limit) && limit > 0 ? limit : null;

/**
 * Resolves the carrier for a parcel. See the rules at the top of this file: client matrix first, default as
 * fallback; most specific condition, then smallest sufficient max weight (inclusive); inactive or unknown
 * carriers skipped; the chosen carrier's own weight limit refuses heavier parcels ('overWeight').
 */
export function resolveRoute(input: ResolveRouteInput): RouteResult {
  const { clientMatrix, defaultMatrix, parcel, operators } = input;
  if (!isValidParcelWeight(parcel.weightKg))
    return { ok: false, reason: 'invalidWeight', weightKg: parcel.weightKg };

  const searched: RoutingMatrix[] = [];
  if (clientMatrix) searched.push(clientMatrix);
  if (defaultMatrix && defaultMatrix.id !== clientMatrix?.id) searched.push(defaultMatrix);
  const candidates = searched.flatMap((m) => rankCandidates(m, parcel));
  if (candidates.length === 0) {
    return { ok: false, reason: 'noMatch', searchedMatrixIds: searched.map((m) => m.id), parcel };
  }

  const byId = new Map<string, OperatorLimit>();
  for (const op of operators) if (!byId.has(op.operatorId)) byId.set(op.operatorId, op);

  const skipped: SkippedCandidate[] = [];
  for (const candidate of candidates) {
    const operator = byId.get(candidate.condition.operatorId);
    if (!operator || !operator.active) {
      skipped.push({ ...candidate, cause: operator ? 'inactive' : 'unknownOperator' });
      continue;
    }
    const { condition, matrixId, specificity } = candidate;
    const limitKg = effectiveLimit(operator.maxWeightKg);
    if (limitKg !== null && parcel.weightKg > limitKg) {
      const { operatorId } = condition;
      return {
        ok: false,
        reason: 'overWeight',
        operatorId,
        matrixId,
        condition,
        weightKg: parcel.weightKg,
        limitKg,
        skipped,
      };
    }
    const fromClient = clientMatrix !== null && matrixId === clientMatrix.id;
    return {
      ok: true,
      operatorId: condition.operatorId,
      matrixId,
      condition,
      specificity,
      reason: fromClient ? 'clientMatrix' : 'defaultMatrix',
      fallback: clientMatrix !== null && !fromClient,
      skipped,
    };
  }
  return { ok: false, reason: 'operatorInactive', skipped };
}

/** A condition as submitted, before its countries are known to be supported codes. */
export interface RoutingConditionDraft {
  id: string;
  pickupCountry: string | null;
  destinationCountry: string | null;
  maxWeightKg: number;
  operatorId: string;
}

/** A matrix as submitted (create, update or clone). `id` is null for a new matrix. */
export interface RoutingMatrixDraft {
  id: string | null;
  name: string;
  conditions: readonly RoutingConditionDraft[];
}

/** One reason a matrix cannot be saved. */
export type MatrixProblem =
  | { code: 'emptyName' }
  | { code: 'nameTaken'; takenById: string }
  | { code: 'invalidMaxWeight'; conditionId: string; value: number }
  | {
      code: 'unsupportedCountry';
      conditionId: string;
      field: 'pickupCountry' | 'destinationCountry';
      value: string;
    }
  | { code: 'missingOperator'; conditionId: string }
  | { code: 'duplicateCondition'; conditionId: string; duplicateOfId: string };

/** Trimmed, case-folded name, for uniqueness checks. */
export const matrixNameKey = (name: string): string => name.normalize('NFC').trim().toLowerCase();

/**
 * Problems that block saving a matrix, in condition order (empty list = valid): empty name; name held by
 * another matrix in `existing` (trimmed, case-insensitive); max weight not a finite number > 0; a country
 * that is neither null (any) nor an exact supported code; empty operator; a condition identical to an
 * earlier one (same pickup, destination, max weight and operator).
 */
export function validateMatrix(
  matrix: RoutingMatrixDraft,
  existing: readonly { id: string; name: string }[] = [],
): MatrixProblem[] {
  const problems: MatrixProblem[] = [];
  const key = matrixNameKey(matrix.name);
  if (key === '') problems.push({ code: 'emptyName' });
  else {
    const holder = existing.find((m) => m.id !== matrix.id && matrixNameKey(m.name) === key);
    if (holder) problems.push({ code: 'nameTaken', takenById: holder.id });
  }

  const seen = new Map<string, string>();
  for (const c of matrix.conditions) {
    if (!Number.isFinite(c.maxWeightKg) || c.maxWeightKg <= 0) {
      problems.push({ code: 'invalidMaxWeight', conditionId: c.id, value: c.maxWeightKg });
    }
    for (const field of ['pickupCountry', 'destinationCountry'] as const) {
      const value = c[field];
      if (value !== null && !isCountryCode(value)) {
        problems.push({ code: 'unsupportedCountry', conditionId: c.id, field, value });
      }
    }
    if (c.operatorId.trim() === '') problems.push({ code: 'missingOperator', conditionId: c.id });
    const signature = JSON.stringify([c.pickupCountry, c.destinationCountry, c.maxWeightKg, c.operatorId]);
    const first = seen.get(signature);
    if (first !== undefined)
      problems.push({ code: 'duplicateCondition', conditionId: c.id, duplicateOfId: first });
    else seen.set(signature, c.id);
  }
  return problems;
}

/** What making `newDefaultId` the default changes, so that exactly one matrix stays default. */
export type DefaultChange =
  | { ok: true; defaultId: string; unsetIds: string[]; changed: boolean }
  | { ok: false; reason: 'unknownMatrix' };

/**
 * Making one matrix the default: every other flagged matrix loses the flag (`unsetIds`, list order).
 * `changed` is false when the matrix already was the only default. An id not in the list is refused.
 */
export function ensureSingleDefault(
  matrices: readonly Pick<RoutingMatrix, 'id' | 'isDefault'>[],
  newDefaultId: string,
): DefaultChange {
  const target = matrices.find((m) => m.id === newDefaultId);
  if (!target) return { ok: false, reason: 'unknownMatrix' };
  const unsetIds = matrices.filter((m) => m.isDefault && m.id !== newDefaultId).map((m) => m.id);
  return { ok: true, defaultId: newDefaultId, unsetIds, changed: !target.isDefault || unsetIds.length > 0 };
}

/**
 * May the matrix be deleted, or its default flag cleared? Not while it is the default: exactly one default
 * must exist, so another matrix is made default first (ensureSingleDefault).
 */
export function checkDefaultRemoval(matrix: Pick<RoutingMatrix, 'isDefault'>): 'ok' | 'isDefault' {
  return matrix.isDefault ? 'isDefault' : 'ok';
}

/**
 * Copies a matrix under a new (trimmed) name and id. Conditions are copied in order with fresh ids from
 * `idFactory`; the clone is never the default. Validate the result with validateMatrix (name uniqueness).
 */
export function cloneMatrix(
  matrix: RoutingMatrix,
  newName: string,
  newId: string,
  idFactory: () => string,
): RoutingMatrix {
  return {
    id: newId,
    name: newName.trim(),
    isDefault: false,
    conditions: matrix.conditions.map((c) => ({ ...c, id: idFactory() })),
  };
}
