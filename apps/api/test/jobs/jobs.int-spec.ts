import { Body, Controller, HttpCode, Inject, Module, Param, Post } from '@nestjs/common';
import {
  ERROR_CODES,
  MESSAGES,
  type JobProgress,
  type Principal,
  type ServerToClientEvents,
} from '@depot/contracts';
import { z } from 'zod';
import { CurrentPrincipal, RequirePermission } from '../../src/modules/auth/decorators';
import { JobHandler, type DepotJob, type JobContext } from '../../src/modules/jobs/job-definition';
import { JobsService } from '../../src/modules/jobs/jobs.service';
import { connected, startTestDepot, type DepotSocket, type TestDepot } from '../harness';

// ---------------------------------------------------------------------------------------------
// Test-only jobs (the jobs module has no real job yet). They live here, never in src.
// ---------------------------------------------------------------------------------------------

const countSchema = z.object({
  steps: z.number({ error: 'Steps must be a number' }).int().min(1, { error: 'At least one step' }).max(10),
  label: z.string({ error: 'Label is required' }).min(1, { error: 'Label is required' }),
});
interface CountResult {
  label: string;
  counted: number;
}

/** Counts to `steps`, reporting progress after each step, and returns what it counted. */
@JobHandler()
class CountJob implements DepotJob<typeof countSchema, CountResult> {
  readonly name = 'test.count';
  readonly schema = countSchema;

  async run(data: z.output<typeof countSchema>, ctx: JobContext): Promise<CountResult> {
    for (let i = 1; i <= data.steps; i++)
      await ctx.progress((i / data.steps) * 100, `step ${i} of ${data.steps}`);
    return { label: data.label, counted: data.steps };
  }
}

const explodeSchema = z.object({ message: z.string().min(1) });

/** Reports a little progress, then fails with the given message. */
@JobHandler()
class ExplodeJob implements DepotJob<typeof explodeSchema, never> {
  readonly name = 'test.explode';
  readonly schema = explodeSchema;

  async run(data: z.output<typeof explodeSchema>, ctx: JobContext): Promise<never> {
    await ctx.progress(10);
    throw new Error(data.message);
  }
}

/** What a feature controller would do: start a job for the signed-in user. */
@Controller('test-jobs')
class TestJobsController {
  constructor(@Inject(JobsService) private readonly jobs: JobsService) {}

  @Post(':name')
  @HttpCode(202)
  @RequirePermission('jobs.read')
  start(
    @CurrentPrincipal() p: Principal,
    @Param('name') name: string,
    @Body() body: unknown,
  ): Promise<{ jobId: string }> {
    return this.jobs.start(name, body, p.userId);
  }
}

@Module({ providers: [CountJob, ExplodeJob], controllers: [TestJobsController] })
class TestJobsModule {}

// ---------------------------------------------------------------------------------------------

/** Job events can wait for the worker to pick the job up: allow a few seconds. */
const JOB_WAIT_MS = 10_000;

type JobEvent = 'job:progress' | 'job:finished' | 'job:failed';
interface Entry {
  event: string;
  payload: unknown;
}
type JobPayload<E extends JobEvent> = Parameters<ServerToClientEvents[E]>[0];

/**
 * Records every event a socket gets, in order, and waits on them. A job can start (and report) before
 * the HTTP reply carrying its id arrives, so waits look at what was already recorded too.
 */
function recorder(socket: DepotSocket) {
  const entries: Entry[] = [];
  const waiters = new Set<() => void>();
  socket.onAny((event: string, payload: unknown) => {
    entries.push({ event, payload });
    for (const w of [...waiters]) w();
  });
  return {
    entries,
    /** Events about one job, in order. */
    ofJob: (jobId: string) =>
      entries.filter((e) => (e.payload as { jobId?: unknown } | undefined)?.jobId === jobId),
    /** The first `event` about `jobId`, recorded already or arriving within `ms`. */
    jobEvent<E extends JobEvent>(event: E, jobId: string, ms = JOB_WAIT_MS): Promise<JobPayload<E>> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = entries.find(
            (e) => e.event === event && (e.payload as { jobId?: unknown }).jobId === jobId,
          );
          if (!hit) return;
          done();
          resolve(hit.payload as JobPayload<E>);
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no ${event} for job ${jobId} within ${ms} ms`));
        }, ms);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
  };
}

/** A round trip: whatever the server sent this socket before answering has arrived after it. */
async function barrier(socket: DepotSocket): Promise<void> {
  await socket.timeout(5000).emitWithAck('unsubscribe', 'barrier:none');
}

describe('jobs', () => {
  let t: TestDepot;
  beforeAll(async () => {
    t = await startTestDepot({}, { extraModules: [TestJobsModule] });
  });
  afterAll(async () => {
    await t.close();
  });

  const open = async (token: string): Promise<DepotSocket> => {
    const s = t.socket({ token });
    await connected(s);
    return s;
  };
  const queued = async (): Promise<number> =>
    Number(
      (await t.depot.runtime.pool.query<{ n: string }>('select count(*) as n from agenda_jobs')).rows[0].n,
    );

  it('/api/health reports the worker processing and lists the job types', async () => {
    const res = await t.http().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body.jobs).toEqual({
      ok: true,
      state: 'processing',
      types: expect.arrayContaining(['test.count', 'test.explode']),
    });
  });

  it("starts a job, returns its id, and streams increasing progress then the result to the starter's socket only", async () => {
    const starter = await t.userWithToken('operator');
    const other = await t.userWithToken('operator');
    const s = await open(starter.token);
    const os = await open(other.token);
    const log = recorder(s);
    const otherLog = recorder(os);

    const res = await t
      .http()
      .post('/api/test-jobs/test.count')
      .set('Authorization', `Bearer ${starter.token}`)
      .send({ steps: 4, label: 'parcels' });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ jobId: expect.any(String) });
    const jobId = res.body.jobId as string;
    expect(jobId.length).toBeGreaterThan(0);

    expect(await log.jobEvent('job:finished', jobId)).toEqual({
      jobId,
      jobName: 'test.count',
      result: { label: 'parcels', counted: 4 },
    });
    // One socket receives in emit order, so by now every progress event has arrived.
    const mine = log.ofJob(jobId);
    expect(mine.map((e) => e.event)).toEqual([
      'job:progress',
      'job:progress',
      'job:progress',
      'job:progress',
      'job:finished',
    ]);
    const progress = mine.filter((e) => e.event === 'job:progress').map((e) => e.payload as JobProgress);
    expect(progress.map((p) => p.progress)).toEqual([25, 50, 75, 100]);
    for (let i = 1; i < progress.length; i++)
      expect(progress[i].progress).toBeGreaterThan(progress[i - 1].progress);
    expect(progress[0]).toEqual({ jobId, jobName: 'test.count', progress: 25, message: 'step 1 of 4' });

    await barrier(os);
    expect(otherLog.entries).toEqual([]);
  });

  it("delivers job:failed with the error message to the starter's socket only", async () => {
    const starter = await t.userWithToken('admin');
    const other = await t.userWithToken('admin');
    const s = await open(starter.token);
    const os = await open(other.token);
    const log = recorder(s);
    const otherLog = recorder(os);

    const res = await t
      .http()
      .post('/api/test-jobs/test.explode')
      .set('Authorization', `Bearer ${starter.token}`)
      .send({ message: 'The carrier did not answer.' });
    expect(res.status).toBe(202);
    const jobId = res.body.jobId as string;

    expect(await log.jobEvent('job:failed', jobId)).toEqual({
      jobId,
      jobName: 'test.explode',
      message: 'The carrier did not answer.',
    });
    expect(log.ofJob(jobId)).toEqual([
      { event: 'job:progress', payload: { jobId, jobName: 'test.explode', progress: 10 } },
      {
        event: 'job:failed',
        payload: { jobId, jobName: 'test.explode', message: 'The carrier did not answer.' },
      },
    ]);

    await barrier(os);
    expect(otherLog.entries).toEqual([]);
  });

  it('refuses invalid job data with a 400 validation error before anything is queued', async () => {
    const u = await t.userWithToken('operator');
    const s = await open(u.token);
    const log = recorder(s);
    const before = await queued();

    for (const [body, message] of [
      [{ steps: 0, label: 'x' }, 'At least one step'],
      [{ steps: 'three', label: 'x' }, 'Steps must be a number'],
      [{ steps: 2 }, 'Label is required'],
    ] as const) {
      const res = await t
        .http()
        .post('/api/test-jobs/test.count')
        .set('Authorization', `Bearer ${u.token}`)
        .send(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ statusCode: 400, error: ERROR_CODES.validation, message });
    }

    expect(await queued()).toBe(before);
    await barrier(s);
    expect(log.entries).toEqual([]);
  });

  it('answers a job type nobody defined with a clear 400, queueing nothing', async () => {
    const u = await t.userWithToken('operator');
    const before = await queued();
    const res = await t
      .http()
      .post('/api/test-jobs/test.nothing')
      .set('Authorization', `Bearer ${u.token}`)
      .send({});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, error: 'Bad Request', message: MESSAGES.unknownJobType });
    expect(await queued()).toBe(before);
  });

  it('lets only signed-in users start jobs', async () => {
    const res = await t.http().post('/api/test-jobs/test.count').send({ steps: 1, label: 'x' });
    expect(res.status).toBe(401);
  });
});
