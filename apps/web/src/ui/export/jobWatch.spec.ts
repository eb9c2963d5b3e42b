import type { ServerToClientEvents } from '@depot/contracts';
import type { RealtimeClient } from '../../realtime/socket';
import { fileNameOf } from '../../api/client';
import { watchJob, type JobHandlers } from './jobWatch';

/** A RealtimeClient stand-in: handlers by event, and a way to emit. */
function fakeRealtime() {
  const handlers = new Map<string, Set<(p: unknown) => void>>();
  const client = {
    on: (event: keyof ServerToClientEvents, h: (p: unknown) => void) => {
      const set = handlers.get(event) ?? new Set();
      set.add(h);
      handlers.set(event, set);
      return () => void set.delete(h);
    },
  } as unknown as RealtimeClient;
  const emit = (event: keyof ServerToClientEvents, payload: unknown) => {
    for (const h of [...(handlers.get(event) ?? [])]) h(payload);
  };
  const listeners = () => [...handlers.values()].reduce((n, s) => n + s.size, 0);
  return { client, emit, listeners };
}

function recording() {
  const seen: string[] = [];
  const h: JobHandlers = {
    progress: (p) => seen.push(`progress ${p.progress}`),
    finished: (p) => seen.push(`finished ${JSON.stringify(p.result)}`),
    failed: (p) => seen.push(`failed ${p.message}`),
  };
  return { seen, h };
}

describe('watchJob', () => {
  it('replays what arrived before the job id was known, then follows the job to its end', () => {
    const rt = fakeRealtime();
    const watch = watchJob(rt.client);
    rt.emit('job:progress', { jobId: 'j1', jobName: 'exports.xlsx', progress: 0 });
    rt.emit('job:progress', { jobId: 'other', jobName: 'exports.xlsx', progress: 50 });
    rt.emit('job:progress', { jobId: 'j1', jobName: 'exports.xlsx', progress: 40 });
    const { seen, h } = recording();
    watch.track('j1', h);
    expect(seen).toEqual(['progress 0', 'progress 40']);
    rt.emit('job:progress', { jobId: 'j1', jobName: 'exports.xlsx', progress: 99 });
    rt.emit('job:finished', { jobId: 'j1', jobName: 'exports.xlsx', result: { rows: 3 } });
    expect(seen).toEqual(['progress 0', 'progress 40', 'progress 99', 'finished {"rows":3}']);
    expect(rt.listeners()).toBe(0);
  });

  it('delivers a job that already finished before its id came back, and stops listening', () => {
    const rt = fakeRealtime();
    const watch = watchJob(rt.client);
    rt.emit('job:failed', { jobId: 'j2', jobName: 'exports.xlsx', message: 'Nope' });
    const { seen, h } = recording();
    watch.track('j2', h);
    expect(seen).toEqual(['failed Nope']);
    expect(rt.listeners()).toBe(0);
    rt.emit('job:progress', { jobId: 'j2', jobName: 'exports.xlsx', progress: 10 });
    expect(seen).toEqual(['failed Nope']);
  });

  it('ignores other jobs and stops on demand', () => {
    const rt = fakeRealtime();
    const watch = watchJob(rt.client);
    const { seen, h } = recording();
    watch.track('mine', h);
    rt.emit('job:finished', { jobId: 'theirs', jobName: 'exports.xlsx', result: null });
    expect(seen).toEqual([]);
    watch.stop();
    expect(rt.listeners()).toBe(0);
  });
});

describe('fileNameOf (Content-Disposition)', () => {
  it.each([
    [
      `attachment; filename="clients-2026-11-22.xlsx"; filename*=UTF-8''clients-2026-11-22.xlsx`,
      'clients-2026-11-22.xlsx',
    ],
    [
      `attachment; filename="matryce-routingu-_.xlsx"; filename*=UTF-8''matryce-routingu-%C5%BC.xlsx`,
      'matryce-routingu-ż.xlsx',
    ],
    ['attachment; filename="plain.xlsx"', 'plain.xlsx'],
    ['attachment; filename=bare.xlsx', 'bare.xlsx'],
    [`attachment; filename="fallback.xlsx"; filename*=UTF-8''%E0%A4%A`, 'fallback.xlsx'],
    ['attachment', null],
    [null, null],
  ])('%s → %s', (header, expected) => {
    expect(fileNameOf(header)).toBe(expected);
  });
});
