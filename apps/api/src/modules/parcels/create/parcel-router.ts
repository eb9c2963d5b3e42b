import { Injectable } from '@nestjs/common';
import { MESSAGES, type CountryCode, type ParcelRouting } from '@depot/contracts';
import { Errors } from '../../../common/errors';
import { RouteTesterService } from '../../matrices/route-tester.service';

/** What a parcel is routed by. */
export interface RouteRequest {
  clientId: string;
  pickupCountry: string;
  destinationCountry: string;
  weightKg: string;
  isReturn: boolean;
  /** False for automatic returns: a parcel too heavy for the carrier is kept without one (not correct). */
  refuseOverWeight?: boolean;
}

/** Where a parcel goes: the carrier and why, or no carrier (the parcel is kept, marked not correct). */
export interface ParcelRoute {
  operatorId: string | null;
  isCorrect: boolean;
  routing: ParcelRouting;
}

/**
 * Routing of real parcels (decision 0052): the route tester's resolution (libs/domain resolveRoute with the
 * client's domestic or return matrix first, then the default) stored as the explanation. No carrier found (no
 * matching condition, or every candidate inactive) still creates the parcel, without a carrier and with
 * isCorrect=false, so nothing the client entered is lost; a parcel heavier than the chosen carrier takes is refused.
 * Runs before the saving transaction (it reads matrices on the pool).
 */
@Injectable()
export class ParcelRouter {
  constructor(private readonly tester: RouteTesterService) {}

  route(p: RouteRequest): Promise<ParcelRoute> {
    return this.routeWith((body) => this.tester.resolve(body), p);
  }

  /** A router for many parcels: matrices and carriers read once (an import, decision 0150). */
  many(): (p: RouteRequest) => Promise<ParcelRoute> {
    const resolve = this.tester.resolver();
    return (p) => this.routeWith(resolve, p);
  }

  private async routeWith(resolve: RouteTesterService['resolve'], p: RouteRequest): Promise<ParcelRoute> {
    const reply = await resolve({
      clientId: p.clientId,
      pickupCountry: p.pickupCountry as CountryCode,
      destinationCountry: p.destinationCountry as CountryCode,
      weightKg: Number(p.weightKg),
      isReturn: p.isReturn,
      matrixId: undefined,
    });
    if (!reply.ok && reply.reason === 'overWeight' && p.refuseOverWeight !== false) {
      throw Errors.validation(MESSAGES.parcelOverWeight, [
        { path: 'weightKg', message: MESSAGES.parcelOverWeight },
      ]);
    }
    const routing: ParcelRouting = { ...reply, routedAt: new Date().toISOString() };
    return reply.ok
      ? { operatorId: reply.operator.id, isCorrect: true, routing }
      : { operatorId: null, isCorrect: false, routing };
  }
}
