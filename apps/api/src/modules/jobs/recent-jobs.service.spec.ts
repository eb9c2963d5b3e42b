import { EXPORT_JOB_NAME, LABELS_JOB_NAME } from '@depot/contracts';
import type { JobRunRow } from './job-runs.repository';
import { recentJobOf } from './recent-jobs.service';

const NOW = new Date('2026-11-27T12:00:00.000Z');
const row = (over: Partial<JobRunRow> = {}): JobRunRow => ({
  id: 'job-1',
  userId: 'user-1',
  name: LABELS_JOB_NAME,
  state: 'finished',
  progress: 100,
  result: null,
  message: null,
  createdAt: new Date('2026-11-27T11:00:00.000Z'),
  updatedAt: new Date('2026-11-27T11:00:05.000Z'),
  ...over,
});
const file = (expiresAt: string) => ({
  fileId: 'f',
  fileName: 'labels.pdf',
  url: '/api/export/file/f',
  expiresAt,
});

describe('recentJobOf: a job as the Recent jobs menu lists it', () => {
  it('a finished label job: its label count and its file while it lasts', () => {
    const result = { ...file('2026-11-28T11:00:05.000Z'), labels: 7, notices: [] };
    expect(recentJobOf(row({ result }), NOW)).toEqual({
      id: 'job-1',
      name: LABELS_JOB_NAME,
      state: 'finished',
      progress: 100,
      entity: null,
      count: 7,
      file: { fileName: 'labels.pdf', url: '/api/export/file/f', expiresAt: '2026-11-28T11:00:05.000Z' },
      message: null,
      startedAt: '2026-11-27T11:00:00.000Z',
      updatedAt: '2026-11-27T11:00:05.000Z',
    });
  });

  it('a finished export: what it exported and how many rows', () => {
    const result = { ...file('2026-11-28T11:00:05.000Z'), entity: 'clients', rows: 2500 };
    expect(recentJobOf(row({ name: EXPORT_JOB_NAME, result }), NOW)).toMatchObject({
      entity: 'clients',
      count: 2500,
    });
  });

  it('an expired file is no longer offered', () => {
    const result = { ...file('2026-11-27T11:59:59.000Z'), labels: 1, notices: [] };
    expect(recentJobOf(row({ result }), NOW)).toMatchObject({ count: 1, file: null });
  });

  it('a job still running, or failed, has no file and no count', () => {
    expect(recentJobOf(row({ state: 'running', progress: 40 }), NOW)).toMatchObject({
      state: 'running',
      progress: 40,
      count: null,
      file: null,
    });
    expect(recentJobOf(row({ state: 'failed', message: 'Nope' }), NOW)).toMatchObject({
      file: null,
      message: 'Nope',
    });
  });

  it('a job that makes no file is not listed', () => {
    expect(recentJobOf(row({ name: 'parcels.generate' }), NOW)).toBeNull();
  });
});
