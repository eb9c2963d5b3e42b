import { Controller, Get, HttpCode, HttpStatus, Param, Post, Res, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  clientExportRequestSchema,
  exportSelectionSchema,
  massExportRequestSchema,
  MESSAGES,
  parcelExportRequestSchema,
  type ExportFormat,
  type ExportStartedReply,
} from '@depot/contracts';
import type { z } from 'zod';
import { BodySchema, ValidBody } from '../../common/zod';
import { uuidParam } from '../../common/pipes';
import { CheckFirst, CurrentPrincipal, RequirePermission, type SessionPrincipal } from '../auth/decorators';
import { ExportsService, type ExportOutcome } from './exports.service';

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
const reply = (res: Response, outcome: ExportOutcome): StreamableFile | ExportStartedReply => {
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
@ApiTags('exports')
@Controller()
export class ExportsController {
  constructor(private readonly exports: ExportsService) {}

  @Post('client/exportToXlsx')
  @HttpCode(200)
  @RequirePermission('clients.export')
  @ApiOperation({
    summary: 'Clients to xlsx: id "all" (every client) or one id; large exports answer 202 { jobId }',
  })
  @BodySchema(clientExportRequestSchema)
  clients(
    @CurrentPrincipal() p: SessionPrincipal,
    @ValidBody(clientExportRequestSchema) body: z.output<typeof clientExportRequestSchema>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile | ExportStartedReply> {
    return this.exports.clients(p, body).then((o) => reply(res, o));
  }

  @Post(':entity/mass/action')
  @HttpCode(200)
  @RequirePermission('clients.export', 'matrices.read', 'operators.read')
  @CheckFirst(ExportsService, (exports, p, params) => exports.assertMayExport(p, params.entity))
  @ApiOperation({
    summary:
      'Mass export of a list (client, matrix, operator) by actionName and selection; large ones answer 202 { jobId }',
  })
  @BodySchema(massExportRequestSchema)
  massAction(
    @CurrentPrincipal() p: SessionPrincipal,
    @Param('entity') entity: string,
    @ValidBody(massExportRequestSchema) body: z.output<typeof massExportRequestSchema>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile | ExportStartedReply> {
    return this.exports.action(p, entity, body.actionName, body.selection).then((o) => reply(res, o));
  }

  @Post(':entity/export/:actionName')
  @HttpCode(200)
  @RequirePermission('clients.export', 'matrices.read', 'operators.read')
  @CheckFirst(ExportsService, (exports, p, params) => exports.assertMayExport(p, params.entity))
  @ApiOperation({ summary: 'The same mass export with the action in the path' })
  @BodySchema(exportSelectionSchema)
  exportAction(
    @CurrentPrincipal() p: SessionPrincipal,
    @Param('entity') entity: string,
    @Param('actionName') actionName: string,
    @ValidBody(exportSelectionSchema) body: z.output<typeof exportSelectionSchema>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile | ExportStartedReply> {
    return this.exports.action(p, entity, actionName, body).then((o) => reply(res, o));
  }

  @Post('order/selectedOrders')
  @HttpCode(200)
  @RequirePermission('parcels.export')
  @ApiOperation({
    summary:
      'Parcels to xlsx: { id } or the list selection (filters, orderBy, select-all with exceptId); large ones answer 202 { jobId }',
  })
  @BodySchema(parcelExportRequestSchema)
  parcelsXlsx(
    @CurrentPrincipal() p: SessionPrincipal,
    @ValidBody(parcelExportRequestSchema) body: z.output<typeof parcelExportRequestSchema>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile | ExportStartedReply> {
    return this.parcels(p, body, 'xlsx', res);
  }

  @Post('order/exportCSV')
  @HttpCode(200)
  @RequirePermission('parcels.export')
  @ApiOperation({
    summary: 'Parcels to CSV (streamed): { id } or the list selection; large ones answer 202 { jobId }',
  })
  @BodySchema(parcelExportRequestSchema)
  parcelsCsv(
    @CurrentPrincipal() p: SessionPrincipal,
    @ValidBody(parcelExportRequestSchema) body: z.output<typeof parcelExportRequestSchema>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile | ExportStartedReply> {
    return this.parcels(p, body, 'csv', res);
  }

  @Get('export/file/:id')
  @RequirePermission('jobs.read')
  @ApiOperation({ summary: 'Download the file of a finished export job (its owner only, for 24 hours)' })
  async download(
    @CurrentPrincipal() p: SessionPrincipal,
    @Param('id', uuidParam(MESSAGES.exportFileNotFound)) id: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const file = await this.exports.download(p, id);
    res.setHeader('Cache-Control', 'no-store');
    return new StreamableFile(file.content, {
      type: file.mimeType,
      disposition: contentDisposition(file.fileName),
      length: file.size,
    });
  }

  private parcels(
    p: SessionPrincipal,
    body: z.output<typeof parcelExportRequestSchema>,
    format: ExportFormat,
    res: Response,
  ): Promise<StreamableFile | ExportStartedReply> {
    return this.exports.parcels(p, body, format).then((o) => reply(res, o));
  }
}
