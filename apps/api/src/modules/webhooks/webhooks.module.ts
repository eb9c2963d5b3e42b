import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { LabelsModule } from '../labels/labels.module';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhookDispatcher } from './webhook-dispatcher';
import { WebhookEnqueuer } from './webhook-enqueuer';
import { PruneWebhookDeliveriesJob } from './jobs/prune-deliveries.job';
import { WEBHOOK_POLICY, webhookPolicyOf } from './webhook-policy';

/**
 * Webhooks, the part every process loads (decision 0146): the policy, the deliveries' SQL, and — in processes with
 * the worker role — the enqueuer that hears parcel events and the dispatcher that sends, and the hourly prune of old
 * deliveries. The calls are in WebhooksHttpModule.
 */
@Module({
  imports: [LabelsModule],
  providers: [
    {
      provide: WEBHOOK_POLICY,
      useFactory: (config: AppConfig) => webhookPolicyOf(config),
      inject: [APP_CONFIG],
    },
    WebhookDeliveriesRepository,
    WebhookDispatcher,
    WebhookEnqueuer,
    PruneWebhookDeliveriesJob,
  ],
  exports: [WEBHOOK_POLICY, WebhookDeliveriesRepository, WebhookDispatcher],
})
export class WebhooksModule {}
