import { Module } from '@nestjs/common';
import { ClientOwnedRecordsFactory } from '../../common/client-owned-records';
import { WebhooksController } from './webhooks.controller';
import { WebhooksModule } from './webhooks.module';
import { WebhooksRepository } from './webhooks.repository';
import { WebhooksService } from './webhooks.service';

/** The webhook calls (api role): endpoints, secrets, the delivery log, test events and replays. */
@Module({
  imports: [WebhooksModule],
  controllers: [WebhooksController],
  providers: [WebhooksService, WebhooksRepository, ClientOwnedRecordsFactory],
})
export class WebhooksHttpModule {}
