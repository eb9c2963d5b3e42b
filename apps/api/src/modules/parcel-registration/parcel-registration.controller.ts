import { Controller, Inject, StreamableFile } from '@nestjs/common';
import { contract, MESSAGES, PDF_MIME, ZPL_MIME, type Principal } from '@depot/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import {
  ContractFileRoute,
  ContractInput,
  ContractRoute,
  type RouteInput,
} from '../../common/contract-route';
import { contentDisposition } from '../exports/exports.controller';
import { Errors } from '../../common/errors';
import { CurrentPrincipal } from '../auth/decorators';
import { ParcelRegistrationRepository } from './parcel-registration.repository';
import { ParcelRegistrationService } from './parcel-registration.service';
import { ParcelRegistrationStarter } from './parcel-registration-starter';

/** Registration at the carrier (decision 0147): send, read how it went, the carrier's label. */
@Controller()
export class ParcelRegistrationController {
  constructor(
    private readonly starter: ParcelRegistrationStarter,
    private readonly registration: ParcelRegistrationService,
    private readonly repo: ParcelRegistrationRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @ContractRoute(contract.carrierRegistration.sendSelection)
  sendSelection(
    @CurrentPrincipal() p: Principal,
    @ContractInput() { body }: RouteInput<typeof contract.carrierRegistration.sendSelection>,
  ) {
    return this.starter.start(p, body);
  }

  @ContractRoute(contract.carrierRegistration.sendOne)
  sendOne(
    @CurrentPrincipal() p: Principal,
    @ContractInput() { params }: RouteInput<typeof contract.carrierRegistration.sendOne>,
  ) {
    return this.registration.sendOne(p, params.id);
  }

  @ContractRoute(contract.carrierRegistration.get)
  get(@ContractInput() { params }: RouteInput<typeof contract.carrierRegistration.get>) {
    return this.registration.view(params.id);
  }

  @ContractRoute(contract.carrierRegistration.sandboxes)
  async sandboxes() {
    const types = [...this.config.carriers.sandbox];
    return { types, operatorIds: await this.repo.operatorsOfTypes(types) };
  }

  @ContractFileRoute(contract.carrierRegistration.label)
  async label(
    @ContractInput() { params }: RouteInput<typeof contract.carrierRegistration.label>,
  ): Promise<StreamableFile> {
    const label = await this.repo.label(params.id);
    if (!label) {
      if (!(await this.repo.candidate(params.id))) throw Errors.notFound(MESSAGES.parcelNotFound);
      throw Errors.conflict(MESSAGES.carrierLabelMissing);
    }
    const zpl = label.format === 'zpl';
    return new StreamableFile(label.data, {
      type: zpl ? ZPL_MIME : PDF_MIME,
      disposition: contentDisposition(`${label.internalNumber}-carrier.${zpl ? 'zpl' : 'pdf'}`),
      length: label.data.length,
    });
  }
}
