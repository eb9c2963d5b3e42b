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

/** What routing reads of matrices and carriers (the repository, or a memo of it). */
type RouteReads = Pick<
  MatricesRepository,
  'clientMatrixTitles' | 'idByName' | 'findById' | 'defaultId' | 'operatorsById'
>;

/**
 * The route tester (POST /matrix/resolve): which carrier a parcel would get and why, by libs/domain resolveRoute,
 * with the names the panel shows. Searches the tested matrix (or the client's, decision 0036) and the default.
 */
@Injectable()
export class RouteTesterService {
  constructor(private readonly repo: MatricesRepository) {}

  /** One route test, its matrices and carriers read now. */
  resolve(body: RouteTest): Promise<RouteTestReply> {
    return this.resolveWith(this.repo, body);
  }

  /**
   * A resolver for many parcels (an import's rows, decision 0150): each matrix, title and carrier list is read once
   * and kept while it is used, so routing a file costs a few queries, not a few per row.
   */
  resolver(): (body: RouteTest) => Promise<RouteTestReply> {
    const memo = new Map<string, Promise<unknown>>();
    const once = <T>(key: string, load: () => Promise<T>): Promise<T> => {
      if (!memo.has(key)) memo.set(key, load());
      return memo.get(key) as Promise<T>;
    };
    const reads: RouteReads = {
      clientMatrixTitles: (id) => once(`client:${id}`, () => this.repo.clientMatrixTitles(id)),
      idByName: (name) => once(`name:${name}`, () => this.repo.idByName(name)),
      findById: (id) => once(`matrix:${id}`, () => this.repo.findById(id)),
      defaultId: () => once('default', () => this.repo.defaultId()),
      operatorsById: (ids) =>
        once(`operators:${[...ids].sort().join(',')}`, () => this.repo.operatorsById(ids)),
    };
    return (body) => this.resolveWith(reads, body);
  }

  private async resolveWith(reads: RouteReads, body: RouteTest): Promise<RouteTestReply> {
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
      const client = await reads.clientMatrixTitles(body.clientId);
      if (!client) throw Errors.notFound(MESSAGES.clientNotFound);
      context.clientMatrixTitle = clientMatrixTitle(client, body);
      if (context.clientMatrixTitle !== null) {
        primaryId = await reads.idByName(context.clientMatrixTitle);
        context.clientMatrixMissing = primaryId === undefined;
      }
    }
    const primary = primaryId ? await reads.findById(primaryId) : undefined;
    if (body.matrixId && !primary) throw matrixNotFound();
    const defaultId = await reads.defaultId();
    const fallback = defaultId && defaultId !== primary?.id ? await reads.findById(defaultId) : undefined;
    const defaultMatrix = defaultId === primary?.id ? primary : fallback;
    context.primaryMatrix = primary ? ref(primary) : null;
    context.defaultMatrix = defaultMatrix ? ref(defaultMatrix) : null;

    const matrices = [primary, fallback].filter((m): m is MatrixView => m !== undefined);
    const operatorIds = matrices.flatMap((m) => m.conditions.map((c) => c.operatorId));
    const operators = await reads.operatorsById(operatorIds);
    const result = resolveRoute({
      clientMatrix: primary ? routingMatrixOf(primary) : null,
      defaultMatrix: defaultMatrix ? routingMatrixOf(defaultMatrix) : null,
      parcel: body,
      operators: operators.map((o) => ({ operatorId: o.id, active: o.active, maxWeightKg: o.maxWeightKg })),
    });
    return { ...context, ...explainRoute(result, matrices) };
  }
}
