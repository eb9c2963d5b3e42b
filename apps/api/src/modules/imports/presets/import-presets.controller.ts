import { Controller } from '@nestjs/common';
import { contract, type Principal } from '@depot/contracts';
import { ContractInput, ContractRoute, type RouteInput } from '../../../common/contract-route';
import { UploadedFileOf, type UploadedFileData } from '../../../common/upload';
import { CurrentPrincipal } from '../../auth/decorators';
import { ImportPresetsService } from './import-presets.service';

const routes = contract.importPresets;

/** The import's mapping step: a file's headers, and the clients' column presets (decision 0152). */
@Controller()
export class ImportPresetsController {
  constructor(private readonly presets: ImportPresetsService) {}

  @ContractRoute(routes.headers)
  headers(
    @CurrentPrincipal() p: Principal,
    @ContractInput() { body }: RouteInput<typeof routes.headers>,
    @UploadedFileOf() file: UploadedFileData,
  ) {
    return this.presets.headers(p, file, body);
  }

  @ContractRoute(routes.list)
  list(@CurrentPrincipal() p: Principal, @ContractInput() { query }: RouteInput<typeof routes.list>) {
    return this.presets.list(p, query);
  }

  @ContractRoute(routes.save)
  save(@CurrentPrincipal() p: Principal, @ContractInput() { body }: RouteInput<typeof routes.save>) {
    return this.presets.save(p, body);
  }

  @ContractRoute(routes.remove)
  remove(@CurrentPrincipal() p: Principal, @ContractInput() { params }: RouteInput<typeof routes.remove>) {
    return this.presets.remove(p, params.id);
  }
}
