import type { CountryCode, ParcelRouting } from '@depot/contracts';
import {
  clientMatrixTitle,
  matrixNameKey,
  resolveRoute,
  type ClientMatrixTitles,
  type OperatorLimit,
} from '@depot/domain';
import { explainRoute, routingMatrixOf, type ExplainedMatrix } from '../matrices/route-explanation';

/** The demo matrices (with their condition rows) and carriers, as inserted in the seeding transaction. */
export interface DemoRoutingInput {
  matrices: ExplainedMatrix[];
  operators: readonly OperatorLimit[];
}

export interface RouteColumns {
  operatorId: string | null;
  isCorrect: boolean;
  routing: ParcelRouting;
}

/**
 * The route tester's resolution (matrices module) over the demo matrices: the client's matrix by title (returns: the
 * return matrix; domestic: the domestic one), then the default; stored as the parcels module stores it (decision
 * 0052). No carrier (or one that refuses the weight) leaves the parcel without one, not correct.
 */
export function routeParcel(
  input: DemoRoutingInput,
  client: ClientMatrixTitles,
  parcel: {
    pickupCountry: CountryCode;
    destinationCountry: CountryCode;
    weightKg: number;
    isReturn: boolean;
  },
  at: number,
): RouteColumns {
  const title = clientMatrixTitle(client, parcel);
  const primary =
    title === null ? undefined : input.matrices.find((m) => matrixNameKey(m.name) === matrixNameKey(title));
  const defaultMatrix = input.matrices.find((m) => m.isDefault);
  const fallback = defaultMatrix && defaultMatrix.id !== primary?.id ? defaultMatrix : undefined;
  const result = resolveRoute({
    clientMatrix: primary ? routingMatrixOf(primary) : null,
    defaultMatrix: defaultMatrix ? routingMatrixOf(defaultMatrix) : null,
    parcel,
    operators: input.operators,
  });
  const searched = [primary, fallback].filter((m): m is ExplainedMatrix => m !== undefined);
  const ref = (m: ExplainedMatrix | undefined) => (m ? { id: m.id, name: m.name } : null);
  const routing: ParcelRouting = {
    primaryMatrix: ref(primary),
    defaultMatrix: ref(defaultMatrix),
    clientMatrixTitle: title,
    clientMatrixMissing: title !== null && primary === undefined,
    ...explainRoute(result, searched),
    routedAt: new Date(at).toISOString(),
  };
  return routing.ok
    ? { operatorId: routing.operator.id, isCorrect: true, routing }
    : { operatorId: null, isCorrect: false, routing };
}
