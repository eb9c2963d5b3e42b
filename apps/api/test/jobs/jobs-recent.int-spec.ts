import {
  EXPORT_JOB_NAME,
  LABELS_JOB_NAME,
  MESSAGES,
  type JobFailed,
  type JobFinished,
  type RecentJob,
} from '@depot/contracts';
import { JobRunsRepository } from '../../src/modules/jobs/job-runs.repository';
import { expectError } from '../expectations';
import { binary, jsonOf } from '../exports/exports.kit';
import { connected, startTestDepot, type TestDepot } from '../harness';
import { labelKit } from '../labels/labels.kit';
import { dbProbe, ROLES, UNKNOWN_ID } from '../role-kit';

type Ended = { event: 'job:finished'; payload: JobFinished } | { event: 'job:failed'; payload: JobFailed };

/** GET /api/job/recent (decision 0121): the caller's own label and export jobs, as the Recent jobs menu lists them. */
describe('recent jobs', () => {
  let t: TestDepot;
  const kit = labelKit(() => t);
  const probe = dbProbe(() => t, ['job_runs']);
  let carrier: string;

  beforeAll(async () => {
    // Two parcels already run the label job, and every export runs the export job.
    t = await startTestDepot({ LABELS_DIRECT_MAX_PARCELS: '1', EXPORT_DIRECT_MAX_ROWS: '0' });
    carrier = await kit.carrier();
  });
  afterAll(() => t.close());

  const recent = (token: string, query: Record<string, unknown> = {}) =>
    t.http().get('/api/job/recent').query(query).set('Authorization', `Bearer ${token}`);

  /** A signed-in user with a socket that hears its jobs end (listening from before anything starts). */
  async function signedIn(role: 'admin' | 'user' | 'operator') {
    const u = await t.userWithToken(role);
    const socket = t.socket({ token: u.token });
    await connected(socket);
    const seen = new Map<string, Ended>();
    const waiting = new Map<string, (e: Ended) => void>();
    const heard = (e: Ended) => {
      seen.set(e.payload.jobId, e);
      waiting.get(e.payload.jobId)?.(e);
    };
    socket.on('job:finished', (payload) => heard({ event: 'job:finished', payload }));
    socket.on('job:failed', (payload) => heard({ event: 'job:failed', payload }));
    const ended = (jobId: string) =>
      new Promise<Ended>((resolve) => {
        const done = seen.get(jobId);
        if (done) resolve(done);
        else waiting.set(jobId, resolve);
      });
    return { ...u, ended };
  }

  async function labelsJob(token: string, clientId: string): Promise<string> {
    const ids = [
      (await kit.parcel(clientId, { operatorId: carrier })).id,
      (await kit.parcel(clientId, { operatorId: carrier, packageCount: 2 })).id,
    ];
    const res = await kit.bulk(token, { ids });
    expect(res.status).toBe(202);
    return (jsonOf(res) as { jobId: string }).jobId;
  }

  it("lists the caller's finished label and export jobs, newest first, with their files", async () => {
    const admin = await signedIn('admin');
    const labels = await labelsJob(admin.token, await kit.client());
    expect((await admin.ended(labels)).event).toBe('job:finished');
    const exported = await t
      .http()
      .post('/api/client/exportToXlsx')
      .set('Authorization', `Bearer ${admin.token}`)
      .send({ id: 'all' })
      .buffer(true)
      .parse(binary);
    expect(exported.status).toBe(202);
    const exportJob = (jsonOf(exported) as { jobId: string }).jobId;
    expect((await admin.ended(exportJob)).event).toBe('job:finished');

    const res = await recent(admin.token);
    expect(res.status).toBe(200);
    const jobs = res.body as RecentJob[];
    expect(jobs.map((j) => j.id)).toEqual([exportJob, labels]);
    expect(jobs[1]).toEqual({
      id: labels,
      name: LABELS_JOB_NAME,
      state: 'finished',
      progress: 100,
      entity: null,
      count: 3,
      file: {
        fileName: 'labels.pdf',
        url: expect.stringMatching(/^\/api\/export\/file\//),
        expiresAt: expect.any(String),
      },
      message: null,
      startedAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(jobs[0]).toMatchObject({ name: EXPORT_JOB_NAME, state: 'finished', entity: 'clients' });
    expect(jobs[0].file?.fileName).toMatch(/\.xlsx$/);

    // The link downloads the file.
    const file = await kit.download(admin.token, jobs[1].file!.url);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');

    expect((await recent(admin.token, { limit: 1 })).body).toEqual([jobs[0]]);
  });

  it("never lists another user's jobs", async () => {
    const owner = await signedIn('user');
    const jobId = await labelsJob(owner.token, owner.clientId!);
    await owner.ended(jobId);
    expect((await recent(owner.token)).body.map((j: RecentJob) => j.id)).toEqual([jobId]);
    // Another user, of the same client or staff, sees none of them.
    const colleague = await t.createUser('user', { clientId: owner.clientId! });
    const colleagueToken = await t.sessionFor(colleague.email);
    expect((await recent(colleagueToken)).body).toEqual([]);
    const admin = await t.userWithToken('admin');
    expect((await recent(admin.token)).body).toEqual([]);
  });

  it('shows a failed job with its reason', async () => {
    const user = await signedIn('user');
    const parcel = await kit.parcel(user.clientId!, { operatorId: carrier });
    const jobId = await kit.jobOfDisabledClient(user, [parcel.id]);
    expect((await user.ended(jobId)).event).toBe('job:failed');
    await t.depot.runtime.pool.query('update clients set disable_access = false where id = $1', [
      user.clientId,
    ]);
    expect((await recent(user.token)).body).toEqual([
      expect.objectContaining({ id: jobId, state: 'failed', file: null, message: MESSAGES.forbidden }),
    ]);
  });

  it('follows a job through its states; a late report never takes an ended job back', async () => {
    const user = await t.userWithToken('operator');
    const runs = t.depot.app.get(JobRunsRepository);
    const id = `test-${Date.now()}`;
    const state = async () => ((await recent(user.token)).body as RecentJob[]).find((j) => j.id === id);
    await runs.record(id, user.id, LABELS_JOB_NAME, { state: 'queued' });
    expect(await state()).toMatchObject({ state: 'queued', progress: 0, file: null, count: null });
    await runs.record(id, user.id, LABELS_JOB_NAME, { state: 'running', progress: 40 });
    expect(await state()).toMatchObject({ state: 'running', progress: 40 });
    // A file that has expired is no longer offered.
    const result = {
      fileId: UNKNOWN_ID,
      fileName: 'labels.pdf',
      url: `/api/export/file/${UNKNOWN_ID}`,
      labels: 2,
      notices: [],
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    };
    await runs.record(id, user.id, LABELS_JOB_NAME, { state: 'finished', progress: 100, result });
    await runs.record(id, user.id, LABELS_JOB_NAME, { state: 'running', progress: 50 });
    await runs.record(id, user.id, LABELS_JOB_NAME, { state: 'queued' });
    expect(await state()).toMatchObject({ state: 'finished', progress: 100, count: 2, file: null });
  });

  it('lists only the last 24 hours, and only label and export jobs', async () => {
    const user = await t.userWithToken('operator');
    const runs = t.depot.app.get(JobRunsRepository);
    await runs.record('old-job', user.id, LABELS_JOB_NAME, { state: 'queued' });
    await runs.record('other-kind', user.id, 'parcels.generate', { state: 'queued' });
    await runs.record('new-job', user.id, EXPORT_JOB_NAME, { state: 'queued' });
    await probe.query(`update job_runs set created_at = now() - interval '25 hours' where id = 'old-job'`);
    expect(((await recent(user.token)).body as RecentJob[]).map((j) => j.id)).toEqual(['new-job']);
  });

  it.each([
    [{ limit: 0 }, MESSAGES.recentJobsLimitInvalid],
    [{ limit: 51 }, MESSAGES.recentJobsLimitInvalid],
    [{ limit: 'many' }, MESSAGES.recentJobsLimitInvalid],
    [{ limit: 1.5 }, MESSAGES.recentJobsLimitInvalid],
    [{ limit: 1, extra: 'x' }, expect.stringContaining('extra')],
  ])('refuses %j with a clear message, changing nothing', async (query, message) => {
    const admin = await t.userWithToken('admin');
    const res = await probe.unchanged(() => recent(admin.token, query));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'ValidationError', message });
  });

  it.each(ROLES.filter((r) => r !== 'superAdmin'))(
    'answers a %s (every role sees its own jobs)',
    async (role) => {
      const u = await t.userWithToken(role);
      const res = await recent(u.token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    },
  );

  it('is refused without a session, to API keys, and to a client whose access is disabled', async () => {
    expectError(await t.http().get('/api/job/recent'), 401, 'Unauthorized', MESSAGES.notSignedIn);
    const clientId = await t.createClient();
    const key = await t.createApiKey(clientId);
    expect((await t.http().get('/api/job/recent').set('X-Api-Key', key)).status).toBe(403);
    const user = await t.userWithToken('user');
    await probe.query('update clients set disable_access = true where id = $1', [user.clientId]);
    const res = await recent(user.token);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('AccessDisabled');
  });
});
