import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import type { DomainEvent, ParcelEventPayload, WebhookBody, WebhookDeliveryEvent } from '@depot/contracts';
import { planLabels } from '@depot/domain';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { LOGGER } from '../../core/core.tokens';
import { EventBus } from '../../events/event-bus';
import { LabelsService } from '../labels/labels.service';
import { publishDelivery, WebhookDispatcher } from './webhook-dispatcher';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';

/** The parcel as every parcel event's `data.parcel` carries it. */
const parcelOf = (p: ParcelEventPayload) => ({
  id: p.id,
  clientId: p.clientId,
  internalNumber: p.internalNumber,
  status: p.status,
  updatedAt: p.updatedAt,
});

/** The JSON body of an event: the same bytes for every endpoint and every attempt. */
export function webhookBody<D>(type: WebhookDeliveryEvent, createdAt: string, data: D): string {
  const body: WebhookBody<D> = { id: randomUUID(), type, createdAt, data };
  return JSON.stringify(body);
}

/**
 * Turns parcel events into webhook deliveries (decision 0146), in every process with the worker role. It hears the
 * event bus, so it runs after the change committed and apart from it: a failure here is logged and never reaches the
 * change. Every worker process hears every event; the delivery's event key (unique per endpoint) makes one row.
 * - `parcel.created` → `parcel.created`, and `label.ready` when the new parcel has a label to print;
 * - `parcel.status_changed` → `parcel.status_changed`;
 * - `parcel.updated` → `label.ready` when an edit made the label printable (once per parcel and endpoint).
 */
@Injectable()
export class WebhookEnqueuer implements OnModuleInit, OnModuleDestroy {
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly bus: EventBus,
    private readonly repo: WebhookDeliveriesRepository,
    private readonly dispatcher: WebhookDispatcher,
    private readonly labels: LabelsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  onModuleInit(): void {
    if (!this.config.roles.includes('worker')) return;
    this.unsubscribe = this.bus.subscribe((event) => this.hear(event));
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }

  private async hear(event: DomainEvent): Promise<void> {
    try {
      switch (event.type) {
        case 'parcel.created': {
          const p = event.payload;
          await this.enqueue(p.clientId, 'parcel.created', `parcel.created:${p.id}`, p.updatedAt, {
            parcel: parcelOf(p),
          });
          await this.labelReady(p);
          break;
        }
        case 'parcel.updated':
          await this.labelReady(event.payload);
          break;
        case 'parcel.status_changed': {
          const p = event.payload;
          await this.enqueue(
            p.clientId,
            'parcel.status_changed',
            `parcel.status_changed:${p.id}:${p.updatedAt}:${p.previousStatus ?? ''}:${p.status}`,
            p.updatedAt,
            { parcel: parcelOf(p), previousStatus: p.previousStatus, source: p.source },
          );
          break;
        }
        default:
          break;
      }
    } catch (err) {
      this.log.warn({ err, event: event.type }, 'webhook deliveries not enqueued for an event');
    }
  }

  /**
   * `label.ready`: the parcel has a label to print now (labels are rendered on request, decision 0057, so a label
   * is ready as soon as the rules give the parcel one); enqueued once per parcel and endpoint.
   */
  private async labelReady(p: ParcelEventPayload): Promise<void> {
    if (!(await this.repo.subscribed(p.clientId, 'label.ready'))) return;
    const [parcel] = await this.labels.parcels([p.id], { clientId: null });
    const labels = parcel ? planLabels(parcel).length : 0;
    if (labels === 0) return;
    await this.enqueue(p.clientId, 'label.ready', `label.ready:${p.id}`, p.updatedAt, {
      parcel: parcelOf(p),
      labels,
      formats: ['pdf', 'zpl'],
    });
  }

  private async enqueue(
    clientId: string,
    event: WebhookDeliveryEvent,
    eventKey: string,
    createdAt: string,
    data: unknown,
  ): Promise<void> {
    const body = webhookBody(event, createdAt, data);
    const created = await this.repo.enqueue({ clientId, event, eventKey, body });
    if (created.length === 0) return;
    this.dispatcher.wake();
    for (const row of created) await publishDelivery(this.bus, row, true);
  }
}
