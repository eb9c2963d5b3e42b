import { Controller, HttpStatus, Res, StreamableFile } from '@nestjs/common';
import type { Response } from 'express';
import { contract, LABEL_NOTICES_HEADER, type LabelsStartedReply, type Principal } from '@depot/contracts';
import { ContractFileRoute, ContractInput, type RouteInput } from '../../common/contract-route';
import { CurrentPrincipal, type SessionPrincipal } from '../auth/decorators';
import { contentDisposition } from '../exports/exports.controller';
import { LabelsService } from './labels.service';
import type { LabelFile } from './render/label-files';

const routes = contract.labels;

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
@Controller()
export class LabelsController {
  constructor(private readonly labels: LabelsService) {}

  @ContractFileRoute(routes.single)
  async single(
    @CurrentPrincipal() p: Principal,
    @ContractInput() { body }: RouteInput<typeof routes.single>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    return send(res, await this.labels.single(p, body.id, body.isReturn, body.format));
  }

  @ContractFileRoute(routes.bulk)
  async bulk(
    @CurrentPrincipal() p: SessionPrincipal,
    @ContractInput() { body }: RouteInput<typeof routes.bulk>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LabelsStartedReply | StreamableFile> {
    const outcome = await this.labels.bulk(p, body.ids, body.format);
    if (outcome.kind === 'file') return send(res, outcome.file);
    res.status(HttpStatus.ACCEPTED);
    return { jobId: outcome.jobId };
  }
}
