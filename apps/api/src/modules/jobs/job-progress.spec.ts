import type { JobContext } from './job-definition';
import { fileJobProgress } from './job-progress';

describe('fileJobProgress', () => {
  const context = () => {
    const reported: number[] = [];
    const ctx: JobContext = {
      jobId: 'j',
      startedBy: null,
      progress: (p) => {
        reported.push(p);
        return Promise.resolve();
      },
    };
    return { ctx, reported };
  };

  it('reports a percentage when it grows, never 100 (that is for the stored file)', async () => {
    const { ctx, reported } = context();
    const progress = fileJobProgress(ctx, 60_000);
    for (const done of [0, 1, 2, 10, 10, 50, 99, 100]) await progress(done, 100);
    expect(reported).toEqual([0, 1, 2, 10, 50, 99]);
  });

  it('reports again after `everyMs` even without growth (it renews the lock), and 99 for an unknown total', async () => {
    const { ctx, reported } = context();
    let now = 1_000;
    const spy = jest.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      const progress = fileJobProgress(ctx, 2000);
      await progress(5, 10);
      await progress(5, 10);
      now += 2000;
      await progress(5, 10);
      await progress(3, 0);
    } finally {
      spy.mockRestore();
    }
    expect(reported).toEqual([50, 50, 99]);
  });
});
