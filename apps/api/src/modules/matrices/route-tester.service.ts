import { Injectable } from '@nestjs/common';
import {
  MESSAGES,
  type MatrixView,
  type NamedRef,
  type RouteTestContext,
  type RouteTestReply,
  type routeTestSchema,
} from '@depot/contracts';
import { clientMatrixTitle, resolveRoute } from '@depot/domain';
import type { z } from 'zod';
import { Errors } from '../../common/errors';
import { matrixNotFound } from './matrix-errors';
import { MatricesRepository } from './matrices.repository';
import { explainRoute, routingMatrixOf } from './route-explanation';

type RouteTest = z.output<typeof routeTestSchema>;

const ref = (m: { id: string; name: string }): NamedRef => ({ id: m.id, name: m.name });

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
      clientMatrix: primary ? routingMatrixOf(primary) : null,
      defaultMatrix: defaultMatrix ? routingMatrixOf(defaultMatrix) : null,
      parcel: body,
      operators: operators.map((o) => ({ operatorId: o.id, active: o.active, maxWeightKg: o.maxWeightKg })),
    });
    return { ...context, ...explainRoute(result, matrices) };
  }
}
