import { Controller, HttpStatus, Res, StreamableFile } from '@nestjs/common';
import type { Response } from 'express';
import { contract, type ExportFormat, type ExportStartedReply } from '@depot/contracts';
import { ContractFileRoute, ContractInput, type RouteInput } from '../../common/contract-route';
import { CheckFirst, CurrentPrincipal, type SessionPrincipal } from '../auth/decorators';
import { ExportsService, type ExportOutcome } from './exports.service';

const routes = contract.exports;

/** `attachment` with an ASCII fallback name and the real (UTF-8, RFC 5987) one. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

const fileOf = (res: Response, name: string, mimeType: string, content: Buffer, rows?: number) => {
  res.setHeader('Cache-Control', 'no-store');
  if (rows !== undefined) res.setHeader('X-Export-Rows', String(rows));
  return new StreamableFile(content, {
    type: mimeType,
    disposition: contentDisposition(name),
    length: content.length,
  });
};

/** 200 with the file (xlsx, or CSV streamed), or 202 `{ jobId }` when the export runs as a job. */
const reply = (res: Response, outcome: ExportOutcome): ExportStartedReply | StreamableFile => {
  if (outcome.kind === 'file')
    return fileOf(res, outcome.fileName, outcome.mimeType, outcome.content, outcome.rows);
  if (outcome.kind === 'stream') {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Export-Rows', String(outcome.rows));
    return new StreamableFile(outcome.stream, {
      type: outcome.mimeType,
      disposition: contentDisposition(outcome.fileName),
    });
  }
  res.status(HttpStatus.ACCEPTED);
  return { jobId: outcome.jobId };
};

/** The exports of SPEC §7 (xlsx): clients, and the mass export of the clients, matrices and operators lists. */
@Controller()
export class ExportsController {
  constructor(private readonly exports: ExportsService) {}

  @ContractFileRoute(routes.clients)
  clients(
    @CurrentPrincipal() p: SessionPrincipal,
    @ContractInput() { body }: RouteInput<typeof routes.clients>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ExportStartedReply | StreamableFile> {
    return this.exports.clients(p, body).then((o) => reply(res, o));
  }

  @ContractFileRoute(routes.massAction)
  @CheckFirst(ExportsService, (exports, p, params) => exports.assertMayExport(p, params.entity))
  massAction(
    @CurrentPrincipal() p: SessionPrincipal,
    @ContractInput() { params, body }: RouteInput<typeof routes.massAction>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ExportStartedReply | StreamableFile> {
    return this.exports.action(p, params.entity, body.actionName, body.selection).then((o) => reply(res, o));
  }

  @ContractFileRoute(routes.exportAction)
  @CheckFirst(ExportsService, (exports, p, params) => exports.assertMayExport(p, params.entity))
  exportAction(
    @CurrentPrincipal() p: SessionPrincipal,
    @ContractInput() { params, body }: RouteInput<typeof routes.exportAction>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ExportStartedReply | StreamableFile> {
    return this.exports.action(p, params.entity, params.actionName, body).then((o) => reply(res, o));
  }

  @ContractFileRoute(routes.parcelsXlsx)
  parcelsXlsx(
    @CurrentPrincipal() p: SessionPrincipal,
    @ContractInput() { body }: RouteInput<typeof routes.parcelsXlsx>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ExportStartedReply | StreamableFile> {
    return this.parcels(p, body, 'xlsx', res);
  }

  @ContractFileRoute(routes.parcelsCsv)
  parcelsCsv(
    @CurrentPrincipal() p: SessionPrincipal,
    @ContractInput() { body }: RouteInput<typeof routes.parcelsCsv>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ExportStartedReply | StreamableFile> {
    return this.parcels(p, body, 'csv', res);
  }

  @ContractFileRoute(routes.download)
  async download(
    @CurrentPrincipal() p: SessionPrincipal,
    @ContractInput() { params }: RouteInput<typeof routes.download>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const file = await this.exports.download(p, params.id);
    res.setHeader('Cache-Control', 'no-store');
    return new StreamableFile(file.content, {
      type: file.mimeType,
      disposition: contentDisposition(file.fileName),
      length: file.size,
    });
  }

  private parcels(
    p: SessionPrincipal,
    body: RouteInput<typeof routes.parcelsXlsx>['body'],
    format: ExportFormat,
    res: Response,
  ): Promise<ExportStartedReply | StreamableFile> {
    return this.exports.parcels(p, body, format).then((o) => reply(res, o));
  }
}
