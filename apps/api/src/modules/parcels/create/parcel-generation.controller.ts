import { Controller } from '@nestjs/common';
import { contract, type Principal } from '@depot/contracts';
import { ContractInput, ContractRoute, type RouteInput } from '../../../common/contract-route';
import { CurrentPrincipal } from '../../auth/decorators';
import { ParcelGenerationService } from './parcel-generation.service';

const routes = contract.parcels;

/** Parcel generation (issue item 8, decision 0096): copies of a parcel made by a job. Panel only. */
@Controller()
export class ParcelGenerationController {
  constructor(private readonly generation: ParcelGenerationService) {}

  @ContractRoute(routes.generate)
  generate(@CurrentPrincipal() p: Principal, @ContractInput() { body }: RouteInput<typeof routes.generate>) {
    return this.generation.start(p, body);
  }
}
