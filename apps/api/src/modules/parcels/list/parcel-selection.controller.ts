import { Controller } from '@nestjs/common';
import { contract, type Principal } from '@depot/contracts';
import { ContractInput, ContractRoute, type RouteInput } from '../../../common/contract-route';
import { CurrentPrincipal } from '../../auth/decorators';
import { ParcelSelectionService } from './parcel-selection.service';

const routes = contract.parcels;

/** The parcels list's selection resolved to ids, for calls that take ids (bulk labels; decision 0071). */
@Controller()
export class ParcelSelectionController {
  constructor(private readonly selection: ParcelSelectionService) {}

  @ContractRoute(routes.selectionIds)
  ids(@CurrentPrincipal() p: Principal, @ContractInput() { body }: RouteInput<typeof routes.selectionIds>) {
    return this.selection.ids(p, body);
  }
}
