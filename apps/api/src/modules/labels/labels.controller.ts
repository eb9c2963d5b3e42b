import { Controller, HttpCode, HttpStatus, Post, Res, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  bulkLabelsRequestSchema,
  LABEL_NOTICES_HEADER,
  PDF_MIME,
  singleLabelRequestSchema,
  ZPL_MIME,
  type LabelsStartedReply,
  type Principal,
} from '@depot/contracts';
import type { z } from 'zod';
import { BodySchema, ValidBody } from '../../common/zod';
import { CurrentPrincipal, RequirePermission, type SessionPrincipal } from '../auth/decorators';
import { contentDisposition } from '../exports/exports.controller';
import { ExternalApi } from '../external-api/decorators';
import { ErrorReplies } from '../../common/openapi';
import { LabelsService } from './labels.service';
import type { LabelFile } from './render/label-files';

/** The file, streamed, with the SPEC 8 notices as JSON in a header (decision 0058). */
function send(res: Response, file: LabelFile): StreamableFile {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader(LABEL_NOTICES_HEADER, JSON.stringify(file.notices));
  res.setHeader('X-Label-Count', String(file.labels));
  res.setHeader('Access-Control-Expose-Headers', `${LABEL_NOTICES_HEADER}, X-Label-Count`);
  // A failure half-way ends the stream with an error (the reply is cut); it is not left unheard.
  file.done.catch(() => undefined);
  return new StreamableFile(file.body, {
    type: file.mimeType,
    disposition: contentDisposition(file.fileName),
  });
}

/** Labels of parcels (SPEC 7 orders): one parcel, or a selection (large ones as the bulk label job). */
@ApiTags('labels')
@Controller('order')
export class LabelsController {
  constructor(private readonly labels: LabelsService) {}

  @Post('generateLabelsForSinglePackage')
  @HttpCode(200)
  @RequirePermission('parcels.label')
  @ExternalApi()
  @ApiOperation({
    summary:
      'Labels of one parcel (isReturn: of its return parcel) as an A6 PDF, or ZPL with format "zpl"; one label per package. Notices in X-Label-Notices',
  })
  @BodySchema(singleLabelRequestSchema)
  @ApiResponse({
    status: 200,
    description: `The label file. ${LABEL_NOTICES_HEADER}: the notices as a JSON array; X-Label-Count: labels in it`,
    content: {
      [PDF_MIME]: { schema: { type: 'string', format: 'binary' } },
      [ZPL_MIME]: { schema: { type: 'string' }, example: '^XA\n^FO40,40^A0N,40,40^FDZIEL000000123^FS\n^XZ' },
    },
  })
  @ErrorReplies(
    [404, 'No package found (no such parcel of your company), or no return parcel'],
    [409, 'No package has been created, so no label has been generated'],
  )
  async single(
    @CurrentPrincipal() p: Principal,
    @ValidBody(singleLabelRequestSchema) body: z.output<typeof singleLabelRequestSchema>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    return send(res, await this.labels.single(p, body.id, body.isReturn, body.format));
  }

  @Post('labels')
  @HttpCode(200)
  @RequirePermission('parcels.label')
  @ApiOperation({
    summary:
      'Labels of picked parcels in one file (PDF, ZIP of PDFs for clients that do not combine labels, or ZPL); large selections answer 202 { jobId }',
  })
  @BodySchema(bulkLabelsRequestSchema)
  async bulk(
    @CurrentPrincipal() p: SessionPrincipal,
    @ValidBody(bulkLabelsRequestSchema) body: z.output<typeof bulkLabelsRequestSchema>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile | LabelsStartedReply> {
    const outcome = await this.labels.bulk(p, body.ids, body.format);
    if (outcome.kind === 'file') return send(res, outcome.file);
    res.status(HttpStatus.ACCEPTED);
    return { jobId: outcome.jobId };
  }
}
