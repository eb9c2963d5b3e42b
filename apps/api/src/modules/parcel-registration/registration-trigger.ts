import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import type { DomainEvent } from '@depot/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { LOGGER } from '../../core/core.tokens';
import { EventBus } from '../../events/event-bus';
import { ParcelRegistrationRepository } from './parcel-registration.repository';
import { ParcelRegistrationService, type SendMode } from './parcel-registration.service';

/** New parcels heard within this long are sent together. */
const GATHER_MS = 50;

/**
 * Sends new parcels to their carriers once their creation committed (decision 0147): hears `parcel.created` on the
 * event bus in worker processes (never blocking the creation), gathers what comes within a moment, and sends it. An
 * edit of a parcel its carrier refused sends it again. Every worker hears every event: the claim in the database
 * makes one send. What a stopped process had not sent, the sweep sends a minute later.
 */
@Injectable()
export class RegistrationTrigger implements OnModuleInit, OnModuleDestroy {
  private unsubscribe: (() => void) | undefined;
  private readonly queued = new Map<string, SendMode>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly bus: EventBus,
    private readonly repo: ParcelRegistrationRepository,
    private readonly registration: ParcelRegistrationService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  onModuleInit(): void {
    if (!this.config.roles.includes('worker')) return;
    this.unsubscribe = this.bus.subscribe((event) => this.hear(event));
  }

  async onModuleDestroy(): Promise<void> {
    this.unsubscribe?.();
    clearTimeout(this.timer);
    this.queued.clear();
    await this.running;
  }

  private async hear(event: DomainEvent): Promise<void> {
    try {
      if (event.type === 'parcel.created' && this.config.carriers.registerOnCreate) {
        this.queue(event.payload.id, 'fresh');
      } else if (event.type === 'parcel.updated') {
        // Edited after its carrier refused it: sent again with what was corrected.
        const row = await this.repo.row(event.payload.id);
        const edited = row?.lastAttemptAt && new Date(event.payload.updatedAt) > row.lastAttemptAt;
        if (row?.state === 'rejected' && edited) this.queue(event.payload.id, 'retry');
      }
    } catch (err) {
      this.log.warn({ err, event: event.type }, 'parcel not queued for its carrier');
    }
  }

  private queue(id: string, mode: SendMode): void {
    this.queued.set(id, mode);
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      const batch = [...this.queued];
      this.queued.clear();
      this.running = this.running.then(() => this.send(batch));
    }, GATHER_MS);
  }

  private async send(batch: [string, SendMode][]): Promise<void> {
    for (const mode of ['fresh', 'retry'] as const) {
      const ids = batch.filter(([, m]) => m === mode).map(([id]) => id);
      if (ids.length === 0) continue;
      try {
        await this.registration.sendIds(null, ids, mode);
      } catch (err) {
        this.log.error({ err, context: 'carriers' }, 'new parcels not sent to their carriers');
      }
    }
  }
}
