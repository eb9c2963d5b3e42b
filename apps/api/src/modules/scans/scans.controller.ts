import { Controller, Res, StreamableFile } from '@nestjs/common';
import type { Response } from 'express';
import { contract, XLSX_MIME, type Principal } from '@depot/contracts';
import {
  ContractFileRoute,
  ContractInput,
  ContractRoute,
  type RouteInput,
} from '../../common/contract-route';
import { CurrentPrincipal } from '../auth/decorators';
import { contentDisposition } from '../exports/exports.controller';
import { ScanReportService } from './scan-report.service';
import { ScansService } from './scans.service';

const routes = contract.scans;

/** Scanning (SPEC 7 `/operatingModule/...`): lookups, status changes by scan, a terminal's scans, the daily report. */
@Controller()
export class ScansController {
  constructor(
    private readonly scans: ScansService,
    private readonly reports: ScanReportService,
  ) {}

  @ContractRoute(routes.lookup)
  lookup(@ContractInput() { body }: RouteInput<typeof routes.lookup>) {
    return this.scans.lookup(body.externalNumber);
  }

  @ContractRoute(routes.lookupSince)
  lookupSince(@ContractInput() { body }: RouteInput<typeof routes.lookupSince>) {
    return this.scans.lookup(body.externalNumber, body.timestamp);
  }

  @ContractRoute(routes.setStatus)
  setStatus(
    @CurrentPrincipal() p: Principal,
    @ContractInput() { body }: RouteInput<typeof routes.setStatus>,
  ) {
    return this.scans.setStatus(p, body);
  }

  @ContractRoute(routes.recent)
  recent(@ContractInput() { query }: RouteInput<typeof routes.recent>) {
    return this.scans.recent(query.terminal, query.afterSeq, query.limit);
  }

  @ContractFileRoute(routes.report)
  async report(
    @CurrentPrincipal() p: Principal,
    @ContractInput() { body }: RouteInput<typeof routes.report>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const file = await this.reports.report(p.userId, body.date);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Export-Rows', String(file.rows));
    return new StreamableFile(file.content, {
      type: XLSX_MIME,
      disposition: contentDisposition(file.fileName),
      length: file.content.length,
    });
  }
}
