import { setMaxListeners } from 'node:events';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { WEBHOOK_HEADERS, type WebhookDeliveryView } from '@depot/contracts';
import { nextWebhookAttempt } from '@depot/domain';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { LOGGER } from '../../core/core.tokens';
import { EventBus } from '../../events/event-bus';
import { clientListRooms } from '../../common/client-list-events';
import { SecretBox } from '../../secrets/secret-box';
import { WebhookDeliveriesRepository, type ClaimedDelivery } from './webhook-deliveries.repository';
import { WEBHOOK_POLICY, type WebhookPolicy } from './webhook-policy';
import { postWebhook, webhookAgents, type WebhookAgents } from './webhook-sender';
import { webhookSignatureHeader } from './webhook-signature';

/** A delivery's row changed: the live delivery logs of its client and of staff hear it (decision 0146). */
export async function publishDelivery(
  bus: EventBus,
  row: WebhookDeliveryView,
  created: boolean,
): Promise<void> {
  await bus.publish({
    type: 'list.changed',
    rooms: clientListRooms('webhookDeliveries', row.clientId),
    change: { list: 'webhookDeliveries', op: 'upsert', row, actorId: null, created },
  });
}

/**
 * Sends webhook deliveries (decision 0146), in every process with the worker role: claims due deliveries with
 * `FOR UPDATE SKIP LOCKED` (processes share the work, none sends one another has), POSTs each signed, at most
 * `concurrency` at once, and records the attempt: a 2xx is delivered; anything else is tried again by the schedule
 * until a day after the first attempt, then failed. It is woken at once when this process enqueues (or a person
 * replays) a delivery, and looks for due ones every `pollMs` otherwise (retries, deliveries other processes made).
 * At most `perEndpoint` attempts go to one endpoint at once, so a receiver that hangs slows its own deliveries only.
 * Nothing here runs inside a request: a receiver that hangs holds one of its slots, never a change.
 */
@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private running = false;
  private claiming = false;
  private again = false;
  private inFlight = 0;
  /** Attempts in flight per endpoint. */
  private readonly perEndpoint = new Map<string, number>();
  private readonly sends = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private agents: WebhookAgents | undefined;
  private stop = new AbortController();
  /** Decrypted secrets by their stored value (the same endpoint's secret is decrypted once). */
  private readonly secrets = new Map<string, string>();

  constructor(
    private readonly repo: WebhookDeliveriesRepository,
    private readonly box: SecretBox,
    private readonly bus: EventBus,
    @Inject(WEBHOOK_POLICY) private readonly policy: WebhookPolicy,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.roles.includes('worker')) return;
    this.running = true;
    this.stop = new AbortController();
    // Every attempt in flight listens for the stop.
    setMaxListeners(this.policy.concurrency + 10, this.stop.signal);
    this.agents = webhookAgents(this.policy.urls, this.policy.concurrency);
    this.tick();
    this.wake();
  }

  async onApplicationShutdown(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    // Attempts under way are cut off and not recorded: their lease makes them due again for the next process.
    this.stop.abort();
    await Promise.allSettled([...this.sends]);
    this.agents?.destroy();
  }

  /** Looks for due deliveries every `pollMs` (read each time: tests shorten it). */
  private tick(): void {
    this.timer = setTimeout(() => {
      this.wake();
      if (this.running) this.tick();
    }, this.policy.pollMs);
    this.timer.unref();
  }

  /** Whether this process sends webhooks (it has the worker role and has started). */
  get active(): boolean {
    return this.running;
  }

  /** Look for due deliveries now (coalesced: one claim at a time, another right after if asked meanwhile). */
  wake(): void {
    if (!this.running) return;
    if (this.claiming) {
      this.again = true;
      return;
    }
    void this.pump();
  }

  private async pump(): Promise<void> {
    this.claiming = true;
    try {
      do {
        this.again = false;
        const room = this.policy.concurrency - this.inFlight;
        // A finished attempt wakes the dispatcher again, so a full house waits for it.
        if (room <= 0 || !this.running) break;
        const batch = await this.repo.claim(
          room,
          this.policy.leaseMs,
          this.policy.perEndpoint,
          this.perEndpoint,
        );
        for (const d of batch) this.start(d);
        if (batch.length === room) this.again = true;
      } while (this.again && this.running);
    } catch (err) {
      if (this.running) this.log.warn({ err }, 'could not claim webhook deliveries; trying again shortly');
    } finally {
      this.claiming = false;
    }
  }

  private start(d: ClaimedDelivery): void {
    this.inFlight++;
    this.perEndpoint.set(d.endpointId, (this.perEndpoint.get(d.endpointId) ?? 0) + 1);
    const send = this.attempt(d)
      .catch((err: unknown) => this.log.warn({ err, deliveryId: d.id }, 'webhook attempt not recorded'))
      .finally(() => {
        this.inFlight--;
        const left = (this.perEndpoint.get(d.endpointId) ?? 1) - 1;
        if (left > 0) this.perEndpoint.set(d.endpointId, left);
        else this.perEndpoint.delete(d.endpointId);
        this.sends.delete(send);
        this.wake();
      });
    this.sends.add(send);
  }

  private secret(stored: string): string {
    let plain = this.secrets.get(stored);
    if (plain === undefined) {
      plain = this.box.decrypt(stored);
      if (this.secrets.size > 1000) this.secrets.clear();
      this.secrets.set(stored, plain);
    }
    return plain;
  }

  /** One attempt of a claimed delivery: sign, POST, record, announce. */
  private async attempt(d: ClaimedDelivery): Promise<void> {
    const startedAt = new Date();
    const secrets = [this.secret(d.secretEncrypted)];
    if (
      d.previousSecretEncrypted &&
      d.previousSecretExpiresAt &&
      new Date(d.previousSecretExpiresAt).getTime() > startedAt.getTime()
    )
      secrets.push(this.secret(d.previousSecretEncrypted));
    const timestamp = Math.floor(startedAt.getTime() / 1000);
    const result = await postWebhook(
      d.url,
      {
        'Content-Type': 'application/json',
        'User-Agent': 'Depot-Webhooks/1',
        [WEBHOOK_HEADERS.event]: d.event,
        [WEBHOOK_HEADERS.delivery]: d.id,
        [WEBHOOK_HEADERS.timestamp]: String(timestamp),
        [WEBHOOK_HEADERS.signature]: webhookSignatureHeader(secrets, timestamp, d.body),
      },
      d.body,
      {
        mode: this.policy.urls,
        timeoutMs: this.policy.timeoutMs,
        agents: this.agents!,
        signal: this.stop.signal,
      },
    );
    if (!this.running) return;
    const delivered = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    const next = delivered
      ? null
      : nextWebhookAttempt(d.attempt, new Date(d.firstAttemptAt), new Date(), this.policy.schedule);
    const row = await this.repo.record(d, {
      startedAt,
      ...result,
      state: delivered ? 'delivered' : next ? 'pending' : 'failed',
      nextAttemptAt: next,
    });
    if (row) await publishDelivery(this.bus, row, false);
  }
}
