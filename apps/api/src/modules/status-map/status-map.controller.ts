import { Controller } from '@nestjs/common';
import { MESSAGES, STATUS_MAP_SAVE_MAX, contract, type Principal } from '@depot/contracts';
import { ContractInput, ContractRoute, type RouteInput } from '../../common/contract-route';
import { Errors } from '../../common/errors';
import { UploadedFileOf, type UploadedFileData } from '../../common/upload';
import { CurrentPrincipal } from '../auth/decorators';
import { codeListOf, sheetRows } from './code-list';
import { StatusMapService } from './status-map.service';

const routes = contract.statusMap;

/** The status map (SPEC 7 `/mapStatus/...`): carriers' status codes and the internal status each means. */
@Controller()
export class StatusMapController {
  constructor(private readonly statusMap: StatusMapService) {}

  @ContractRoute(routes.list)
  list(@ContractInput() { query }: RouteInput<typeof routes.list>) {
    return this.statusMap.list(query);
  }

  @ContractRoute(routes.operatorTypes)
  operatorTypes() {
    return this.statusMap.operatorTypes();
  }

  @ContractRoute(routes.create)
  create(@CurrentPrincipal() p: Principal, @ContractInput() { body }: RouteInput<typeof routes.create>) {
    return this.statusMap.create(p, body);
  }

  @ContractRoute(routes.save)
  save(@CurrentPrincipal() p: Principal, @ContractInput() { body }: RouteInput<typeof routes.save>) {
    return this.statusMap.save(p, body);
  }

  @ContractRoute(routes.impact)
  impact(@ContractInput() { body }: RouteInput<typeof routes.impact>) {
    return this.statusMap.impact(body);
  }

  @ContractRoute(routes.update)
  update(@CurrentPrincipal() p: Principal, @ContractInput() { body }: RouteInput<typeof routes.update>) {
    return this.statusMap.update(p, body);
  }

  @ContractRoute(routes.remove)
  async remove(
    @CurrentPrincipal() p: Principal,
    @ContractInput() { params }: RouteInput<typeof routes.remove>,
  ) {
    await this.statusMap.remove(p, params.id);
  }

  /** The workbook is read here (a header row and one row over the limit, to say so); any bad row refuses it. */
  @ContractRoute(routes.importCodes)
  async importCodes(
    @CurrentPrincipal() p: Principal,
    @ContractInput() { params }: RouteInput<typeof routes.importCodes>,
    @UploadedFileOf() file: UploadedFileData,
  ) {
    const rows = await sheetRows(file.buffer, STATUS_MAP_SAVE_MAX + 2);
    if (!rows) throw Errors.badRequest(MESSAGES.statusMapImportUnreadable);
    const list = codeListOf(rows);
    if (!list.ok) throw Errors.validation(list.message, [{ path: 'file', message: list.message }]);
    return this.statusMap.importCodes(p, params.type, list.entries, file.originalname);
  }
}
