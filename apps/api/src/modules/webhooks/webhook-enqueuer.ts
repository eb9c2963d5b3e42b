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

/** New parcels heard within this long are enqueued together. */
const GATHER_MS = 20;
/** New parcels' deliveries per statement. */
const ENQUEUE_BATCH = 1000;

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
 * - `parcel.created` → `parcel.created`, and `label.ready` when the new parcel has a label to print (gathered for a
 *   moment and enqueued many at once);
 * - `parcel.status_changed` → `parcel.status_changed`;
 * - `parcel.updated` → `label.ready` when an edit made the label printable (once per parcel and endpoint).
 */
@Injectable()
export class WebhookEnqueuer implements OnModuleInit, OnModuleDestroy {
  private unsubscribe: (() => void) | undefined;
  private readonly created: ParcelEventPayload[] = [];
  private createdTimer: NodeJS.Timeout | undefined;
  private enqueuing: Promise<void> = Promise.resolve();

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

  async onModuleDestroy(): Promise<void> {
    this.unsubscribe?.();
    // What was heard is still enqueued: the changes committed, their deliveries are owed.
    if (this.createdTimer) {
      clearTimeout(this.createdTimer);
      this.createdTimer = undefined;
      const batch = this.created.splice(0);
      this.enqueuing = this.enqueuing.then(() => this.enqueueCreated(batch));
    }
    await this.enqueuing;
  }

  private async hear(event: DomainEvent): Promise<void> {
    try {
      switch (event.type) {
        case 'parcel.created':
          this.gatherCreated(event.payload);
          break;
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

  /** New parcels heard within a moment are enqueued together (an approved import announces thousands at once). */
  private gatherCreated(p: ParcelEventPayload): void {
    this.created.push(p);
    this.createdTimer ??= setTimeout(() => {
      this.createdTimer = undefined;
      const batch = this.created.splice(0);
      this.enqueuing = this.enqueuing.then(() => this.enqueueCreated(batch));
    }, GATHER_MS);
  }

  /**
   * `parcel.created` for each new parcel, and `label.ready` for those with a label: per client, what its endpoints
   * subscribe to is read once, and the deliveries of many parcels go in one statement (nothing at all is read or
   * written per parcel for a client without endpoints).
   */
  private async enqueueCreated(batch: readonly ParcelEventPayload[]): Promise<void> {
    const byClient = new Map<string, ParcelEventPayload[]>();
    for (const p of batch) byClient.set(p.clientId, [...(byClient.get(p.clientId) ?? []), p]);
    for (const [clientId, created] of byClient) {
      try {
        const events = await this.repo.subscribedEvents(clientId);
        for (let i = 0; i < created.length; i += ENQUEUE_BATCH) {
          const part = created.slice(i, i + ENQUEUE_BATCH);
          if (events.has('parcel.created')) {
            await this.enqueueMany(
              clientId,
              'parcel.created',
              part.map((p) => ({
                eventKey: `parcel.created:${p.id}`,
                body: webhookBody('parcel.created', p.updatedAt, { parcel: parcelOf(p) }),
              })),
            );
          }
          if (events.has('label.ready')) await this.labelsReady(clientId, part);
        }
      } catch (err) {
        this.log.warn({ err, event: 'parcel.created' }, 'webhook deliveries not enqueued for new parcels');
      }
    }
  }

  /** `label.ready` of many new parcels of one client: their labels planned from one read. */
  private async labelsReady(clientId: string, created: readonly ParcelEventPayload[]): Promise<void> {
    const parcels = await this.labels.parcels(
      created.map((p) => p.id),
      { clientId: null },
    );
    const labelsOf = new Map(parcels.map((p) => [p.id, planLabels(p).length]));
    await this.enqueueMany(
      clientId,
      'label.ready',
      created
        .filter((p) => (labelsOf.get(p.id) ?? 0) > 0)
        .map((p) => ({
          eventKey: `label.ready:${p.id}`,
          body: webhookBody('label.ready', p.updatedAt, {
            parcel: parcelOf(p),
            labels: labelsOf.get(p.id)!,
            formats: ['pdf', 'zpl'],
          }),
        })),
    );
  }

  private async enqueueMany(
    clientId: string,
    event: WebhookDeliveryEvent,
    items: readonly { eventKey: string; body: string }[],
  ): Promise<void> {
    const created = await this.repo.enqueueMany(clientId, event, items);
    if (created.length === 0) return;
    this.dispatcher.wake();
    for (const row of created) await publishDelivery(this.bus, row, true);
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
