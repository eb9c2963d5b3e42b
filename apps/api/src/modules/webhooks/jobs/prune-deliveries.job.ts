import { Inject } from '@nestjs/common';
import { WEBHOOK_DELIVERY_RETENTION_DAYS } from '@depot/contracts';
import { z } from 'zod';
import { JobHandler, type DepotJob } from '../../jobs/job-definition';
import { WebhookDeliveriesRepository } from '../webhook-deliveries.repository';

const schema = z.object({}).strict();

/** Rows deleted per statement, so one run never holds many locks or a long transaction. */
export const PRUNE_BATCH = 5000;
/** At most this many batches per run; the rest wait for the next one. */
const PRUNE_BATCHES = 20;

/**
 * `webhooks.prune`, every hour (decision 0146): delivered and failed deliveries (with their attempts) older than
 * WEBHOOK_DELIVERY_RETENTION_DAYS are deleted, so the delivery log does not grow without end.
 */
@JobHandler()
export class PruneWebhookDeliveriesJob implements DepotJob<typeof schema, { deleted: number }> {
  readonly name = 'webhooks.prune';
  readonly schema = schema;
  readonly lockLifetimeMs = 60_000;
  readonly every = '1 hour';

  constructor(@Inject(WebhookDeliveriesRepository) private readonly repo: WebhookDeliveriesRepository) {}

  async run(): Promise<{ deleted: number }> {
    const before = new Date(Date.now() - WEBHOOK_DELIVERY_RETENTION_DAYS * 86_400_000);
    let deleted = 0;
    for (let i = 0; i < PRUNE_BATCHES; i++) {
      const n = await this.repo.prune(before, PRUNE_BATCH);
      deleted += n;
      if (n < PRUNE_BATCH) break;
    }
    return { deleted };
  }
}
