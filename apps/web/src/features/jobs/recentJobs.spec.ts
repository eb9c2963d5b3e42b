import type { RecentJob } from '@depot/contracts';
import { activeJobCount, withJobProgress } from './recentJobs';

const job = (id: string, over: Partial<RecentJob> = {}): RecentJob => ({
  id,
  name: 'labels.bulk',
  state: 'queued',
  progress: 0,
  entity: null,
  count: null,
  file: null,
  message: null,
  startedAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:00:00.000Z',
  ...over,
});

describe('recent jobs in the panel', () => {
  it('a listed job reports progress: it is running at that percentage', () => {
    const jobs = [job('a'), job('b')];
    expect(withJobProgress(jobs, { jobId: 'b', jobName: 'labels.bulk', progress: 40 })).toEqual([
      job('a'),
      job('b', { state: 'running', progress: 40 }),
    ]);
  });

  it('an unlisted job: the list must be read again', () => {
    expect(withJobProgress([job('a')], { jobId: 'z', jobName: 'labels.bulk', progress: 1 })).toBeNull();
  });

  it('a late report leaves an ended job as it is', () => {
    const done = job('a', { state: 'finished', progress: 100 });
    expect(withJobProgress([done], { jobId: 'a', jobName: 'labels.bulk', progress: 50 })).toEqual([done]);
  });

  it('counts the jobs still to end', () => {
    expect(activeJobCount(undefined)).toBe(0);
    expect(
      activeJobCount([
        job('a'),
        job('b', { state: 'running' }),
        job('c', { state: 'finished' }),
        job('d', { state: 'failed' }),
      ]),
    ).toBe(2);
  });
});
