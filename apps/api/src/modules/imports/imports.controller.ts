import { Controller, StreamableFile } from '@nestjs/common';
import { contract, type Principal } from '@depot/contracts';
import {
  ContractFileRoute,
  ContractInput,
  ContractRoute,
  type RouteInput,
} from '../../common/contract-route';
import { contentDisposition } from '../exports/exports.controller';
import { ImportFiles, type ImportFile } from './import-files';
import { UploadedFileOf, type UploadedFileData } from '../../common/upload';
import { CurrentPrincipal } from '../auth/decorators';
import { ImportsService } from './imports.service';
import { LargeImportService } from './large-import.service';

const routes = contract.imports;

const fileOf = (file: ImportFile) =>
  new StreamableFile(file.content, {
    type: file.mimeType,
    disposition: contentDisposition(file.fileName),
    length: file.content.length,
  });

/** Imports of shipments from files (SPEC 7 `/import/...`; decision 0150). */
@Controller()
export class ImportsController {
  constructor(
    private readonly imports: ImportsService,
    private readonly largeImports: LargeImportService,
    private readonly files: ImportFiles,
  ) {}

  @ContractFileRoute(routes.template)
  async template(@ContractInput() { query }: RouteInput<typeof routes.template>): Promise<StreamableFile> {
    return fileOf(await this.files.template(query.format, query.lang));
  }

  @ContractFileRoute(routes.failedRows)
  async failedRows(
    @CurrentPrincipal() p: Principal,
    @ContractInput() { params, query }: RouteInput<typeof routes.failedRows>,
  ): Promise<StreamableFile> {
    const view = await this.imports.get(p, params.id);
    return fileOf(await this.files.failedRows(view, query.format, query.lang, p));
  }

  @ContractRoute(routes.upload)
  upload(
    @CurrentPrincipal() p: Principal,
    @ContractInput() { body }: RouteInput<typeof routes.upload>,
    @UploadedFileOf() file: UploadedFileData,
  ) {
    return this.imports.upload(p, file, body);
  }

  @ContractRoute(routes.large)
  large(
    @CurrentPrincipal() p: Principal,
    @ContractInput() { body }: RouteInput<typeof routes.large>,
    @UploadedFileOf() file: UploadedFileData,
  ) {
    return this.largeImports.importAndApprove(p, file, body);
  }

  @ContractRoute(routes.list)
  list(@CurrentPrincipal() p: Principal, @ContractInput() { body }: RouteInput<typeof routes.list>) {
    return this.imports.list(p, body);
  }

  @ContractRoute(routes.get)
  get(@CurrentPrincipal() p: Principal, @ContractInput() { params }: RouteInput<typeof routes.get>) {
    return this.imports.get(p, params.id);
  }

  @ContractRoute(routes.rows)
  rows(@CurrentPrincipal() p: Principal, @ContractInput() { params, body }: RouteInput<typeof routes.rows>) {
    return this.imports.rows(p, params.id, body);
  }

  @ContractRoute(routes.fixRow)
  fixRow(
    @CurrentPrincipal() p: Principal,
    @ContractInput() { params, body }: RouteInput<typeof routes.fixRow>,
  ) {
    return this.imports.fixRow(p, params.id, params.rowId, body);
  }

  @ContractRoute(routes.approve)
  approve(@CurrentPrincipal() p: Principal, @ContractInput() { params }: RouteInput<typeof routes.approve>) {
    return this.imports.approve(p, params.id);
  }

  @ContractRoute(routes.cancel)
  cancel(@CurrentPrincipal() p: Principal, @ContractInput() { params }: RouteInput<typeof routes.cancel>) {
    return this.imports.cancel(p, params.id);
  }
}
