import {
  MESSAGES,
  type CountryCode,
  type MatrixConditionView,
  type NamedRef,
  type RouteSkipped,
  type RouteTestOutcome,
} from '@depot/contracts';
import type { RouteResult, RoutingMatrix, SkippedCandidate } from '@depot/domain';
import { Errors } from '../../common/errors';

/** A matrix with the condition rows the panel shows (a MatrixView, or the same built from rows in a transaction). */
export interface ExplainedMatrix {
  id: string;
  name: string;
  isDefault: boolean;
  conditions: MatrixConditionView[];
}

const ref = (m: { id: string; name: string }): NamedRef => ({ id: m.id, name: m.name });

/** The matrix as libs/domain resolveRoute reads it. */
export const routingMatrixOf = (m: ExplainedMatrix): RoutingMatrix => ({
  id: m.id,
  name: m.name,
  isDefault: m.isDefault,
  conditions: m.conditions.map((c) => ({
    id: c.id,
    pickupCountry: c.pickupCountry as CountryCode | null,
    destinationCountry: c.destinationCountry as CountryCode | null,
    maxWeightKg: c.maxWeightKg,
    operatorId: c.operatorId,
  })),
});

/**
 * The domain's routing result with names and the full condition rows the panel shows: the explanation the route
 * tester answers and a parcel stores (decision 0052). Pure, so the demo data (seed, inside its transaction) stores
 * exactly what the parcels module would.
 */
export function explainRoute(result: RouteResult, matrices: readonly ExplainedMatrix[]): RouteTestOutcome {
  const byId = new Map(matrices.map((m) => [m.id, m]));
  const matrixRef = (id: string): NamedRef => ref(byId.get(id)!);
  const conditionView = (matrixId: string, conditionId: string): MatrixConditionView =>
    byId.get(matrixId)!.conditions.find((c) => c.id === conditionId)!;
  const skipped = (list: SkippedCandidate[]): RouteSkipped[] =>
    list.map((s) => ({
      matrix: matrixRef(s.matrixId),
      condition: conditionView(s.matrixId, s.condition.id),
      cause: s.cause,
    }));
  switch (result.reason) {
    case 'invalidWeight':
      // The request schema refuses such weights; kept for completeness of the domain's answers.
      throw Errors.validation(MESSAGES.validation.routeWeightInvalid, [
        { path: 'weightKg', message: MESSAGES.validation.routeWeightInvalid },
      ]);
    case 'noMatch':
      return { ok: false, reason: 'noMatch', searchedMatrices: result.searchedMatrixIds.map(matrixRef) };
    case 'operatorInactive':
      return { ok: false, reason: 'operatorInactive', skipped: skipped(result.skipped) };
    case 'overWeight': {
      const condition = conditionView(result.matrixId, result.condition.id);
      return {
        ok: false,
        reason: 'overWeight',
        operator: { id: result.operatorId, name: condition.operatorName },
        matrix: matrixRef(result.matrixId),
        condition,
        weightKg: result.weightKg,
        limitKg: result.limitKg,
        skipped: skipped(result.skipped),
      };
    }
    default: {
      const condition = conditionView(result.matrixId, result.condition.id);
      return {
        ok: true,
        operator: { id: result.operatorId, name: condition.operatorName },
        matrix: matrixRef(result.matrixId),
        condition,
        specificity: result.specificity,
        fallback: result.fallback,
        skipped: skipped(result.skipped),
      };
    }
  }
}
