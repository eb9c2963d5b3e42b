import { EventEmitter } from 'node:events';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { PostgresBackend } from '@agendajs/postgres-backend';
import { Agenda, InMemoryNotificationChannel, type Job } from 'agenda';
import type { Logger } from 'pino';
import { isRecentJobName, MESSAGES, RECENT_JOBS_WINDOW_MS } from '@depot/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { DATABASE_RUNTIME, LOGGER } from '../../core/core.tokens';
import type { DatabaseRuntime } from '../../db/database';
import { EventBus } from '../../events/event-bus';
import { Errors } from '../../common/errors';
import { JOB_HANDLER, type DepotJob, type JobContext, type StoredJobData } from './job-definition';
import { JobRunsRepository, type JobRunChange } from './job-runs.repository';

export interface JobsStatus {
  state: 'processing' | 'enqueue-only' | 'stopped';
  types: string[];
}

/**
 * Agenda 6 on PostgreSQL. Every process can start jobs; only processes with the worker role run them.
 * Embedded mode has no cross-connection NOTIFY, so Agenda's wake-up is in-process there.
 */
@Injectable()
export class JobsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private agenda: Agenda | undefined;
  private readonly handlers = new Map<string, DepotJob>();
  private processing = false;

  constructor(
    private readonly discovery: DiscoveryService,
    @Inject(DATABASE_RUNTIME) private readonly runtime: DatabaseRuntime,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly log: Logger,
    private readonly bus: EventBus,
    private readonly runs: JobRunsRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const embedded = this.runtime.mode === 'embedded';
    const backend = new PostgresBackend({ pool: this.runtime.pool, disableNotifications: embedded });
    // The wake-up channel's LISTEN connection emits 'error' when the server ends it (restart, failover, a dropped
    // database); unheard, that event would crash the process. The channel reconnects by itself, so log it.
    const channel = backend.notificationChannel;
    if (channel instanceof EventEmitter) {
      channel.on('error', (err: unknown) =>
        this.log.warn({ err }, 'job wake-up channel error; it reconnects'),
      );
    }
    this.agenda = new Agenda({
      name: `depot-${process.pid}`,
      backend,
      ...(embedded ? { notificationChannel: new InMemoryNotificationChannel() } : {}),
      processEvery: '5 seconds',
    });
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as DepotJob | undefined;
      if (!instance || !wrapper.metatype || !Reflect.getMetadata(JOB_HANDLER, wrapper.metatype)) continue;
      this.handlers.set(instance.name, instance);
      this.agenda.define(
        instance.name,
        // agenda's second overload takes a processor that returns a promise (it awaits it); the rule reads the first.
        // oxlint-disable-next-line typescript/no-misused-promises
        (job: Job<StoredJobData>) => this.execute(instance, job),
        instance.lockLifetimeMs ? { lockLifetime: instance.lockLifetimeMs } : {},
      );
    }
    await this.agenda.ready;
    if (this.config.roles.includes('worker')) {
      await this.scheduleRecurring(this.agenda);
      await this.agenda.start();
      this.processing = true;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.processing = false;
    await this.agenda?.stop();
  }

  /** Validates the data and queues the job to run now; returns its id for `job:*` events. */
  async start(name: string, data: unknown, startedBy: string | null): Promise<{ jobId: string }> {
    if (!this.agenda) throw new Error('The jobs module has not started');
    const handler = this.handlers.get(name);
    // A caller naming a job type this process does not know is the caller's error, not the server's.
    if (!handler) throw Errors.badRequest(MESSAGES.unknownJobType);
    const parsed = handler.schema.safeParse(data);
    if (!parsed.success)
      throw Errors.validation(parsed.error.issues[0]?.message ?? MESSAGES.enterCorrectData);
    const job = await this.agenda.now<StoredJobData>(name, { data: parsed.data, startedBy });
    const jobId = String(job.attrs._id);
    if (startedBy && isRecentJobName(name)) {
      await this.runs.deleteStartedBefore(new Date(Date.now() - RECENT_JOBS_WINDOW_MS));
      await this.track(jobId, startedBy, name, { state: 'queued' });
    }
    return { jobId };
  }

  /**
   * Keeps a file job's row of its starter's recent jobs up to date (decision 0121), before the event that reports the
   * same change, so a panel that reads the list on hearing the event sees it. Bookkeeping: a failure to write it is
   * logged and does not stop the job.
   */
  private async track(
    jobId: string,
    userId: string | null,
    name: string,
    change: JobRunChange,
  ): Promise<void> {
    if (!userId || !isRecentJobName(name)) return;
    try {
      await this.runs.record(jobId, userId, name, change);
    } catch (err) {
      this.log.warn({ err, jobId, job: name }, "could not record the job among its starter's recent jobs");
    }
  }

  /** Schedules (or re-schedules) every recurring job type; Agenda keeps one record per name for `every`. */
  private async scheduleRecurring(agenda: Agenda): Promise<void> {
    for (const handler of this.handlers.values()) {
      if (!handler.every) continue;
      const data: StoredJobData = { data: handler.schema.parse({}), startedBy: null };
      await agenda.every(handler.every, handler.name, data, { skipImmediate: true });
      if (handler.runAtStart) await agenda.now(handler.name, data);
    }
  }

  /** Health: the job store answers through Agenda's own path (a one-row query of its table). */
  async probe(): Promise<void> {
    if (!this.agenda) throw new Error('The jobs module has not started');
    await this.agenda.queryJobs({ limit: 1 });
  }

  status(): JobsStatus {
    return {
      state: !this.agenda ? 'stopped' : this.processing ? 'processing' : 'enqueue-only',
      types: [...this.handlers.keys()],
    };
  }

  private async execute(handler: DepotJob, job: Job<StoredJobData>): Promise<void> {
    const jobId = String(job.attrs._id);
    const { data, startedBy } = job.attrs.data;
    const ctx: JobContext = {
      jobId,
      startedBy,
      progress: async (percent, message) => {
        const progress = Math.max(0, Math.min(100, Math.round(percent)));
        await job.touch(progress);
        await this.track(jobId, startedBy, handler.name, { state: 'running', progress });
        await this.bus.publish({
          type: 'job.progress',
          userId: startedBy,
          payload: { jobId, jobName: handler.name, progress, ...(message ? { message } : {}) },
        });
      },
    };
    try {
      const result = await handler.run(data, ctx);
      await this.track(jobId, startedBy, handler.name, { state: 'finished', progress: 100, result });
      await this.bus.publish({
        type: 'job.finished',
        userId: startedBy,
        payload: { jobId, jobName: handler.name, result },
      });
    } catch (err) {
      const message = err instanceof Error ? err.message : MESSAGES.somethingWentWrong;
      this.log.error({ err, jobId, job: handler.name }, 'job failed');
      await this.track(jobId, startedBy, handler.name, { state: 'failed', message });
      await this.bus.publish({
        type: 'job.failed',
        userId: startedBy,
        payload: { jobId, jobName: handler.name, message },
      });
      throw err;
    }
  }
}
