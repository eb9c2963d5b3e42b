import { Controller } from '@nestjs/common';
import { contract, type Principal } from '@depot/contracts';
import { ContractInput, ContractRoute, type RouteInput } from '../../common/contract-route';
import { CurrentPrincipal, type SessionPrincipal } from '../auth/decorators';
import { ParcelCancellationService } from './cancel/parcel-cancellation.service';
import { ParcelReturnsService } from './status/parcel-returns.service';
import { ParcelStatusService } from './status/parcel-status.service';
import { ParcelsService } from './parcels.service';

const routes = contract.parcels;

/**
 * SPEC 7 order calls (and REST in their spirit where SPEC names none). A client user or API key: own parcels only.
 * The integrators' calls (decision 0085) are marked `external` in the contract: create, get, list, edit, cancel,
 * return; the mass action and the status by hand are for the panel.
 */
@Controller()
export class ParcelsController {
  constructor(
    private readonly parcels: ParcelsService,
    private readonly statuses: ParcelStatusService,
    private readonly cancellation: ParcelCancellationService,
    private readonly returns: ParcelReturnsService,
  ) {}

  @ContractRoute(routes.create)
  create(@CurrentPrincipal() p: Principal, @ContractInput() { body }: RouteInput<typeof routes.create>) {
    return this.parcels.create(p, body);
  }

  @ContractRoute(routes.list)
  list(@CurrentPrincipal() p: Principal, @ContractInput() { body }: RouteInput<typeof routes.list>) {
    return this.parcels.list(p, body);
  }

  @ContractRoute(routes.deleteShipment)
  deleteShipment(
    @CurrentPrincipal() p: Principal,
    @ContractInput() { body }: RouteInput<typeof routes.deleteShipment>,
  ) {
    return this.cancellation.deleteShipment(p, body.id);
  }

  @ContractRoute(routes.massAction)
  massAction(
    @CurrentPrincipal() p: SessionPrincipal,
    @ContractInput() { body }: RouteInput<typeof routes.massAction>,
  ) {
    return this.cancellation.massAction(p, body);
  }

  @ContractRoute(routes.get)
  get(@CurrentPrincipal() p: Principal, @ContractInput() { params }: RouteInput<typeof routes.get>) {
    return this.parcels.get(p, params.id);
  }

  @ContractRoute(routes.update)
  update(
    @CurrentPrincipal() p: Principal,
    @ContractInput() { params, body }: RouteInput<typeof routes.update>,
  ) {
    return this.parcels.update(p, params.id, body);
  }

  @ContractRoute(routes.changeStatus)
  changeStatus(
    @CurrentPrincipal() p: Principal,
    @ContractInput() { params, body }: RouteInput<typeof routes.changeStatus>,
  ) {
    return this.statuses.change(p, params.id, body);
  }

  @ContractRoute(routes.createReturn)
  createReturn(
    @CurrentPrincipal() p: Principal,
    @ContractInput() { params }: RouteInput<typeof routes.createReturn>,
  ) {
    return this.returns.create(p, params.id);
  }
}
