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

@Module({ providers: [TickJob] })
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
});
