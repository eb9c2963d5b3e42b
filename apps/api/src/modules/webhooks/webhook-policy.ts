import { WEBHOOK_RETRY_SCHEDULE, type WebhookRetrySchedule, type WebhookUrlMode } from '@depot/domain';
import type { AppConfig } from '../../config/config';

/** The DI token of the running policy (tests change its fields, like the carriers' retry policy). */
export const WEBHOOK_POLICY = Symbol('WEBHOOK_POLICY');

/** How webhooks are sent (decision 0146); made from the configuration, one object per app. */
export interface WebhookPolicy {
  /** Which URLs and resolved addresses are allowed (WEBHOOK_URLS). */
  urls: WebhookUrlMode;
  /** One attempt's timeout (WEBHOOK_TIMEOUT_MS). */
  timeoutMs: number;
  /** Attempts in flight at once in this process (WEBHOOK_CONCURRENCY). */
  concurrency: number;
  /** Attempts in flight at once to one endpoint in this process (a slow receiver holds no more slots). */
  perEndpoint: number;
  /** When a failed delivery is tried again. */
  schedule: WebhookRetrySchedule;
  /** How often the dispatcher looks for due deliveries when nothing woke it (retries, other processes' work). */
  pollMs: number;
  /**
   * A claimed delivery is due again this long after its claim unless its attempt is recorded first: a process that
   * died while sending leaves it to another.
   */
  leaseMs: number;
}

export function webhookPolicyOf(config: AppConfig): WebhookPolicy {
  return {
    urls: config.webhooks.urls,
    timeoutMs: config.webhooks.timeoutMs,
    concurrency: config.webhooks.concurrency,
    perEndpoint: Math.max(1, Math.ceil(config.webhooks.concurrency / 4)),
    schedule: { ...WEBHOOK_RETRY_SCHEDULE, delaysMs: [...WEBHOOK_RETRY_SCHEDULE.delaysMs] },
    pollMs: 1000,
    leaseMs: config.webhooks.timeoutMs + 30_000,
  };
}
