import { Injectable } from '@nestjs/common';
import {
  MESSAGES,
  type MatrixConditionView,
  type MatrixView,
  type NamedRef,
  type RouteSkipped,
  type RouteTestContext,
  type RouteTestOutcome,
  type RouteTestReply,
  type routeTestSchema,
} from '@depot/contracts';
import {
  clientMatrixTitle,
  resolveRoute,
  type RouteResult,
  type RoutingMatrix,
  type SkippedCandidate,
} from '@depot/domain';
import type { z } from 'zod';
import { Errors } from '../../common/errors';
import { matrixNotFound } from './matrix-errors';
import { MatricesRepository } from './matrices.repository';

type RouteTest = z.output<typeof routeTestSchema>;

const ref = (m: { id: string; name: string }): NamedRef => ({ id: m.id, name: m.name });

const toDomain = (m: MatrixView): RoutingMatrix => ({
  id: m.id,
  name: m.name,
  isDefault: m.isDefault,
  conditions: m.conditions.map((c) => ({
    id: c.id,
    pickupCountry: c.pickupCountry,
    destinationCountry: c.destinationCountry,
    maxWeightKg: c.maxWeightKg,
    operatorId: c.operatorId,
  })),
});

/**
 * The route tester (POST /matrix/resolve): which carrier a parcel would get and why, by libs/domain resolveRoute,
 * with the names the panel shows. Searches the tested matrix (or the client's, decision 0036) and the default.
 */
@Injectable()
export class RouteTesterService {
  constructor(private readonly repo: MatricesRepository) {}

  async resolve(body: RouteTest): Promise<RouteTestReply> {
    const context: RouteTestContext = {
      primaryMatrix: null,
      defaultMatrix: null,
      clientMatrixTitle: null,
      clientMatrixMissing: false,
    };
    let primaryId: string | undefined;
    if (body.matrixId) {
      primaryId = body.matrixId;
    } else if (body.clientId) {
      const client = await this.repo.clientMatrixTitles(body.clientId);
      if (!client) throw Errors.notFound(MESSAGES.clientNotFound);
      context.clientMatrixTitle = clientMatrixTitle(client, body);
      if (context.clientMatrixTitle !== null) {
        primaryId = await this.repo.idByName(context.clientMatrixTitle);
        context.clientMatrixMissing = primaryId === undefined;
      }
    }
    const primary = primaryId ? await this.repo.findById(primaryId) : undefined;
    if (body.matrixId && !primary) throw matrixNotFound();
    const defaultId = await this.repo.defaultId();
    const fallback = defaultId && defaultId !== primary?.id ? await this.repo.findById(defaultId) : undefined;
    const defaultMatrix = defaultId === primary?.id ? primary : fallback;
    context.primaryMatrix = primary ? ref(primary) : null;
    context.defaultMatrix = defaultMatrix ? ref(defaultMatrix) : null;

    const matrices = [primary, fallback].filter((m): m is MatrixView => m !== undefined);
    const operatorIds = matrices.flatMap((m) => m.conditions.map((c) => c.operatorId));
    const operators = await this.repo.operatorsById(operatorIds);
    const result = resolveRoute({
      clientMatrix: primary ? toDomain(primary) : null,
      defaultMatrix: defaultMatrix ? toDomain(defaultMatrix) : null,
      parcel: body,
      operators: operators.map((o) => ({ operatorId: o.id, active: o.active, maxWeightKg: o.maxWeightKg })),
    });
    return { ...context, ...this.explain(result, matrices) };
  }

  /** The domain's result with names and the full condition rows the panel shows. */
  private explain(result: RouteResult, matrices: MatrixView[]): RouteTestOutcome {
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
}
