import { HttpException, Injectable } from '@nestjs/common';
import {
  copyOfParcel,
  createParcelSchema,
  PARCEL_GENERATE_JOB,
  type ParcelGenerateBody,
  type ParcelGenerateReply,
  type ParcelGenerateResult,
  type Principal,
} from '@depot/contracts';
import { JobsService } from '../../jobs/jobs.service';
import { ParcelsRepository } from '../parcels.repository';
import { ParcelsService } from '../parcels.service';

/** The most distinct refusal messages a generation's result lists. */
const MAX_ERRORS = 20;

/**
 * Parcel generation (decision 0096): `count` copies of a parcel ("clone parcel" copies), each made by the same
 * create path as a parcel entered by hand — the client's defaults, numbering, routing, audit and live events.
 * The request is checked at once (template visible to the caller, ordering allowed); the copies are made by the
 * `parcels.generate` job, which checks again when it runs.
 */
@Injectable()
export class ParcelGenerationService {
  constructor(
    private readonly parcels: ParcelsService,
    private readonly repo: ParcelsRepository,
    private readonly jobs: JobsService,
  ) {}

  /** POST /order/generate: 404 for a template the caller cannot see, 403 when the client may not order. */
  async start(principal: Principal, body: ParcelGenerateBody): Promise<ParcelGenerateReply> {
    const template = await this.parcels.get(principal, body.templateId);
    await this.parcels.assertMayOrder(principal, (await this.repo.clientFacts(template.clientId))!);
    const { jobId } = await this.jobs.start(
      PARCEL_GENERATE_JOB,
      { principal, templateId: template.id, count: body.count },
      principal.userId,
    );
    return { jobId, count: body.count };
  }

  /**
   * The job's work, for a caller already re-checked: the template is read again (gone or foreign → fails), the
   * client's right to order is checked once more, then each copy is created; a refused copy is counted with its
   * message and the next is tried. `progress` gets each copy made.
   */
  async generate(
    principal: Principal,
    templateId: string,
    count: number,
    progress: (done: number) => Promise<void>,
  ): Promise<ParcelGenerateResult> {
    const template = await this.parcels.get(principal, templateId);
    await this.parcels.assertMayOrder(principal, (await this.repo.clientFacts(template.clientId))!);
    const body = createParcelSchema.parse(copyOfParcel(template, 'parcel'));
    const result: ParcelGenerateResult = { created: 0, failed: 0, errors: [] };
    for (let done = 1; done <= count; done++) {
      try {
        await this.parcels.create(principal, body);
        result.created++;
      } catch (err) {
        if (!(err instanceof HttpException) || err.getStatus() >= 500) throw err;
        result.failed++;
        if (result.errors.length < MAX_ERRORS && !result.errors.includes(err.message))
          result.errors.push(err.message);
      }
      await progress(done);
    }
    return result;
  }
}
