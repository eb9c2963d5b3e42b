import { Controller, StreamableFile } from '@nestjs/common';
import { contract, type Principal } from '@depot/contracts';
import {
  ContractFileRoute,
  ContractInput,
  ContractRoute,
  type RouteInput,
} from '../../common/contract-route';
import { UploadedFileOf, type UploadedFileData } from '../../common/upload';
import { contentDisposition } from '../exports/exports.controller';
import { CurrentPrincipal } from '../auth/decorators';
import { WeightReport } from './weight-report';
import { WeightsService } from './weights.service';

const routes = contract.weights;

/** Real weights from carriers' files (issue 16 item 4, decision 0151). */
@Controller()
export class WeightsController {
  constructor(
    private readonly weights: WeightsService,
    private readonly report: WeightReport,
  ) {}

  @ContractRoute(routes.upload)
  upload(@CurrentPrincipal() p: Principal, @UploadedFileOf() file: UploadedFileData) {
    return this.weights.upload(p, file);
  }

  @ContractRoute(routes.list)
  list(@ContractInput() { body }: RouteInput<typeof routes.list>) {
    return this.weights.list(body);
  }

  @ContractRoute(routes.get)
  get(@ContractInput() { params }: RouteInput<typeof routes.get>) {
    return this.weights.get(params.id);
  }

  @ContractRoute(routes.lines)
  lines(@ContractInput() { params, body }: RouteInput<typeof routes.lines>) {
    return this.weights.lines(params.id, body);
  }

  @ContractFileRoute(routes.report)
  async reportFile(
    @CurrentPrincipal() p: Principal,
    @ContractInput() { params, query }: RouteInput<typeof routes.report>,
  ): Promise<StreamableFile> {
    const file = await this.report.file(await this.weights.get(params.id), query.lang, p);
    return new StreamableFile(file.content, {
      type: file.mimeType,
      disposition: contentDisposition(file.fileName),
      length: file.content.length,
    });
  }
}
