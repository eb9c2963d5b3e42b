import { Module } from '@nestjs/common';
import { z } from 'zod';
import { JobHandler, type DepotJob } from '../../src/modules/jobs/job-definition';
import { serverUrl, startTestDepot, type TestDepot } from '../harness';

const runs: { at: number; data: unknown }[] = [];

/** A test-only recurring job: records each run. */
@JobHandler()
class TickJob implements DepotJob<z.ZodObject, { ticks: number }> {
  readonly name = 'test.tick';
  readonly schema = z.object({}).strict();
  readonly every = '1 second';

  async run(data: unknown): Promise<{ ticks: number }> {
    runs.push({ at: Date.now(), data });
    return { ticks: runs.length };
  }
}

const startRuns: number[] = [];

/** A test-only sweep: hourly, and once when a worker starts (`runAtStart`, decision 0153). */
@JobHandler()
class StartSweepJob implements DepotJob<z.ZodObject, null> {
  readonly name = 'test.startSweep';
  readonly schema = z.object({}).strict();
  readonly every = '1 hour';
  readonly runAtStart = true;

  async run(): Promise<null> {
    startRuns.push(Date.now());
    return null;
  }
}

@Module({ providers: [TickJob, StartSweepJob] })
class TickModule {}

/**
 * `DepotJob.every` (decision 0101): a recurring job is scheduled once, whatever the number of worker processes. On a
 * PostgreSQL server two workers share the database; the embedded runtime allows one process, so it runs one.
 */
describe('jobs: recurring', () => {
  let a: TestDepot;
  let b: TestDepot | undefined;
  const workers = serverUrl() ? 'two workers' : 'one worker (embedded)';
  beforeAll(async () => {
    a = await startTestDepot({}, { extraModules: [TickModule] });
    if (serverUrl()) b = await startTestDepot({}, { extraModules: [TickModule], sameDatabaseAs: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it(`${workers}, one schedule; the job runs again and again with {} as data`, async () => {
    const rows = (
      await a.depot.runtime.pool.query<{ type: string; repeat_interval: string }>(
        'select type, repeat_interval from agenda_jobs where name = $1',
        ['test.tick'],
      )
    ).rows;
    expect(rows).toEqual([{ type: 'single', repeat_interval: '1 second' }]);
    const deadline = Date.now() + 15_000;
    while (runs.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(runs.length).toBeGreaterThanOrEqual(2);
    expect(runs[0].data).toEqual({});
    expect(runs[1].at).toBeGreaterThan(runs[0].at);
  });

  it('a job that runs at start runs once per starting worker, long before its interval', async () => {
    const deadline = Date.now() + 15_000;
    const started = b ? 2 : 1;
    // Polls for the runs themselves (no event tells a test that Agenda ran a job), bounded by the deadline; a run more
    // than `started` would be one a worker's start should not make, and shows in the count and the rows below.
    while (startRuns.length < started && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(startRuns.length).toBe(started);
    const rows = (
      await a.depot.runtime.pool.query<{ type: string; repeat_interval: string | null }>(
        'select type, repeat_interval from agenda_jobs where name = $1 order by type',
        ['test.startSweep'],
      )
    ).rows;
    expect(rows).toEqual([
      ...Array.from({ length: started }, () => ({ type: 'normal', repeat_interval: null })),
      { type: 'single', repeat_interval: '1 hour' },
    ]);
  });
});
