import { randomBytes } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { DepotGateway } from '@depot/gateway';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { DATABASE_RUNTIME, LOGGER } from '../../core/core.tokens';
import type { DatabaseRuntime } from '../../db/database';
import { EventBus } from '../../events/event-bus';
import { AuthService } from '../auth/auth.service';
import { JobsService } from '../jobs/jobs.service';

export interface HealthReport {
  status: 'ok' | 'degraded';
  roles: string[];
  database: { ok: boolean; mode: 'server' | 'embedded' };
  /** The path every signed-in request takes: a session lookup by token. */
  auth: { ok: boolean };
  events: { ok: boolean; kind: string };
  jobs: { ok: boolean; state: string; types: string[] };
  realtime: { ok: boolean; state: 'running' | 'not in this process'; sockets?: number; adapter?: string };
  /** Embedded runtime: when the database was last reset after a failed check (decision 0104). */
  recoveredAt?: string;
}

/** How often the embedded runtime checks itself, so it recovers even when nobody asks /api/health. */
export const EMBEDDED_WATCHDOG_MS = 30_000;

/** Resolves true when `work` finishes within `ms` without throwing. */
async function succeeds(work: () => Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work().then(() => true as const), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Health that tells the truth: it asks the database through the same paths requests take (a session lookup as the
 * guard does, Agenda's own job query) and, on the embedded runtime, resets the database connection when a check
 * fails, then checks again. A watchdog runs the same check there every 30 s.
 */
@Injectable()
export class HealthService implements OnApplicationBootstrap, OnApplicationShutdown {
  private watchdog: NodeJS.Timeout | undefined;
  private running: Promise<HealthReport> | undefined;
  private recoveredAt: Date | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE_RUNTIME) private readonly runtime: DatabaseRuntime,
    @Inject(LOGGER) private readonly log: Logger,
    private readonly bus: EventBus,
    private readonly jobs: JobsService,
    private readonly auth: AuthService,
    private readonly moduleRef: ModuleRef,
  ) {}

  onApplicationBootstrap(): void {
    if (this.runtime.mode !== 'embedded') return;
    this.watchdog = setInterval(() => void this.check().catch(() => undefined), EMBEDDED_WATCHDOG_MS);
    this.watchdog.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.watchdog);
  }

  /** One check at a time: concurrent callers share the running one. */
  check(): Promise<HealthReport> {
    this.running ??= this.checkAndRecover().finally(() => (this.running = undefined));
    return this.running;
  }

  private async checkAndRecover(): Promise<HealthReport> {
    const report = await this.probe();
    if (report.status === 'ok' || this.runtime.mode !== 'embedded') return report;
    if (report.database.ok && report.auth.ok && report.jobs.ok) return report;
    this.log.error({ health: report }, 'embedded database check failed; resetting its connections');
    try {
      await this.runtime.recover();
      this.recoveredAt = new Date();
    } catch (err) {
      this.log.error({ err }, 'resetting the embedded database failed');
      return report;
    }
    const again = await this.probe();
    this.log.warn({ status: again.status }, 'embedded database checked again after the reset');
    return again;
  }

  private async probe(): Promise<HealthReport> {
    const ms = this.config.healthProbeTimeoutMs;
    // A token nobody holds: the guard's lookup runs in full and finds nothing.
    const token = randomBytes(32).toString('base64url');
    const [dbOk, authOk, jobsStoreOk] = await Promise.all([
      succeeds(async () => {
        if (!(await this.runtime.ping())) throw new Error('database ping failed');
      }, ms),
      succeeds(async () => {
        if ((await this.auth.authenticateToken(token)) !== null) throw new Error('unknown token accepted');
      }, ms),
      succeeds(() => this.jobs.probe(), ms),
    ]);
    const jobs = this.jobs.status();
    const gateway = this.gateway();
    const gatewayStatus = gateway?.status();
    const report: HealthReport = {
      status: 'ok',
      roles: this.config.roles,
      database: { ok: dbOk, mode: this.runtime.mode },
      auth: { ok: authOk },
      events: { ok: this.bus.isHealthy(), kind: this.bus.kind },
      jobs: { ok: jobs.state !== 'stopped' && jobsStoreOk, ...jobs },
      realtime: gateway
        ? { ok: !!gatewayStatus && gatewayStatus.adapter !== 'none', state: 'running', ...gatewayStatus }
        : { ok: true, state: 'not in this process' },
      ...(this.recoveredAt ? { recoveredAt: this.recoveredAt.toISOString() } : {}),
    };
    const parts = [report.database, report.auth, report.events, report.jobs, report.realtime];
    if (parts.some((p) => !p.ok)) report.status = 'degraded';
    return report;
  }

  private gateway(): DepotGateway | undefined {
    try {
      return this.moduleRef.get(DepotGateway, { strict: false });
    } catch {
      return undefined;
    }
  }
}
