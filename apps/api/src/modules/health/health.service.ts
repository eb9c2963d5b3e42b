import { randomBytes } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { HealthReport } from '@depot/contracts';
import { DepotGateway } from '@depot/gateway';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { DATABASE_RUNTIME, LOGGER } from '../../core/core.tokens';
import type { DatabaseRuntime } from '../../db/database';
import { EventBus } from '../../events/event-bus';
import { AuthService } from '../auth/auth.service';
import { JobsService } from '../jobs/jobs.service';

/** How often the embedded runtime checks itself, so it recovers even when nobody asks /api/health. */
export const EMBEDDED_WATCHDOG_MS = 30_000;

/**
 * Embedded: a check that only times out may be a long transaction holding PGlite's one backend, which a reset would
 * kill; the reset waits until the database has not answered for this many probe timeouts (60 s by default).
 * A check that fails with an error resets at once.
 */
export const STUCK_AFTER_TIMEOUTS = 6;

type ProbeResult = 'ok' | 'failed' | 'timeout';

/** Runs `work` within `ms`: ok, failed (it threw) or timeout. */
async function probeOf(work: () => Promise<unknown>, ms: number): Promise<ProbeResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  try {
    return await Promise.race([work().then(() => 'ok' as const), timeout]);
  } catch {
    return 'failed';
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
  /** When the database last answered a probe (the start counts as an answer). */
  private answeredAt = Date.now();

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
    const { report, results } = await this.probe();
    if (report.status === 'ok' || this.runtime.mode !== 'embedded') return report;
    if (report.database.ok && report.auth.ok && report.jobs.ok) return report;
    const silentFor = Date.now() - this.answeredAt;
    const stuck = silentFor >= STUCK_AFTER_TIMEOUTS * this.config.healthProbeTimeoutMs;
    if (!results.includes('failed') && !stuck) {
      this.log.warn({ silentFor }, 'embedded database busy or stuck; reset if it stays silent');
      return report;
    }
    // An error must repeat before the reset, which cuts every connection (a running job's too): a one-off failure
    // is not a poisoned backend.
    if (!stuck) {
      const confirm = await this.probe();
      if (!confirm.results.includes('failed')) return confirm.report;
    }
    this.log.error(
      { health: report, silentFor },
      'embedded database check failed; resetting its connections',
    );
    try {
      await this.runtime.recover();
      this.recoveredAt = new Date();
    } catch (err) {
      this.log.error({ err }, 'resetting the embedded database failed');
      return report;
    }
    const again = (await this.probe()).report;
    this.log.warn({ status: again.status }, 'embedded database checked again after the reset');
    return again;
  }

  private async probe(): Promise<{ report: HealthReport; results: ProbeResult[] }> {
    const ms = this.config.healthProbeTimeoutMs;
    // A token nobody holds: the guard's lookup runs in full and finds nothing.
    const token = randomBytes(32).toString('base64url');
    const results = await Promise.all([
      probeOf(async () => {
        if (!(await this.runtime.ping())) throw new Error('database ping failed');
      }, ms),
      probeOf(async () => {
        if ((await this.auth.authenticateToken(token)) !== null) throw new Error('unknown token accepted');
      }, ms),
      probeOf(() => this.jobs.probe(), ms),
    ]);
    const [dbOk, authOk, jobsStoreOk] = results.map((r) => r === 'ok');
    if (dbOk) this.answeredAt = Date.now();
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
    return { report, results };
  }

  private gateway(): DepotGateway | undefined {
    try {
      return this.moduleRef.get(DepotGateway, { strict: false });
    } catch {
      return undefined;
    }
  }
}
