import { LABELS_JOB_NAME, type JobFinished, type JobProgress, type LabelsJobResult } from '@depot/contracts';
import { connected, startTestDepot, type TestDepot } from '../harness';
import { expectErrorOf, jsonOf, UNKNOWN_ID } from '../exports/exports.kit';
import { labelKit } from './labels.kit';
import { readPdf } from './pdf-inspect';
import { MESSAGES } from '@depot/contracts';

/** Label requests over LABELS_DIRECT_MAX_PARCELS (2 here) run the bulk label job. */
describe('bulk labels through the labels.bulk job', () => {
  let t: TestDepot;
  const kit = labelKit(() => t);
  let carrier: string;

  beforeAll(async () => {
    t = await startTestDepot({ LABELS_DIRECT_MAX_PARCELS: '2' });
    carrier = await kit.carrier();
  });
  afterAll(async () => {
    await t.close();
  });

  async function signedIn(role: 'admin' | 'user' | 'magazyn') {
    const u = await t.userWithToken(role);
    const socket = t.socket({ token: u.token });
    await connected(socket);
    const events: { event: string; payload: { jobId?: string } & Record<string, unknown> }[] = [];
    socket.onAny((event: string, payload: { jobId?: string }) => {
      if (event.startsWith('job:')) events.push({ event, payload });
    });
    const ended = (jobId: string) =>
      new Promise<(typeof events)[number]>((resolve, reject) => {
        const started = Date.now();
        const check = () => {
          const hit = events.find((e) => e.payload.jobId === jobId && e.event !== 'job:progress');
          if (hit) return resolve(hit);
          if (Date.now() - started > 30_000) return reject(new Error(`job ${jobId} did not end`));
          setTimeout(check, 50);
        };
        check();
      });
    return { ...u, events, ended };
  }

  it('renders a large selection in a job with progress, and the owner downloads the PDF', async () => {
    const admin = await signedIn('admin');
    // Clients that do not combine labels get one PDF too (decision 0121).
    const client = await kit.client({ combineLabels: false });
    const ids: string[] = [];
    for (let i = 0; i < 4; i++)
      ids.push((await kit.parcel(client, { operatorId: carrier, packageCount: 2 })).id);
    const res = await kit.bulk(admin.token, { ids: [...ids, UNKNOWN_ID] });
    expect(res.status).toBe(202);
    const { jobId } = jsonOf(res) as { jobId: string };
    const end = await admin.ended(jobId);
    expect(end.event).toBe('job:finished');
    const finished = end.payload as unknown as JobFinished;
    expect(finished.jobName).toBe(LABELS_JOB_NAME);
    const result = finished.result as LabelsJobResult;
    expect(result).toEqual({
      fileId: expect.any(String),
      fileName: 'labels.pdf',
      url: `/api/export/file/${result.fileId}`,
      labels: 8,
      notices: [
        { code: 'notFound', count: 1 },
        { code: 'labelCount', count: 8 },
      ],
      expiresAt: expect.any(String),
    });
    const progress = admin.events
      .filter((e) => e.payload.jobId === jobId && e.event === 'job:progress')
      .map((e) => (e.payload as unknown as JobProgress).progress);
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(100);
    for (let i = 1; i < progress.length; i++) expect(progress[i]).toBeGreaterThanOrEqual(progress[i - 1]);

    const file = await kit.download(admin.token, result.url);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect((await readPdf(file.body as Buffer)).pages).toBe(8);

    // Only its owner may download it.
    const other = await t.userWithToken('admin');
    expectErrorOf(await kit.download(other.token, result.url), 404, 'Not Found', MESSAGES.exportFileNotFound);
    const { rows } = await t.depot.runtime.pool.query(
      `select entity, job_id from export_files where id = $1`,
      [result.fileId],
    );
    expect(rows).toEqual([{ entity: 'labels', job_id: jobId }]);
  });

  it("a client user's job prints only its own parcels", async () => {
    const user = await signedIn('user');
    const own = [];
    for (let i = 0; i < 3; i++) own.push((await kit.parcel(user.clientId!, { operatorId: carrier })).id);
    const foreign = await kit.parcel(await kit.client(), { operatorId: carrier });
    const res = await kit.bulk(user.token, { ids: [...own, foreign.id], format: 'zpl' });
    expect(res.status).toBe(202);
    const end = await user.ended((jsonOf(res) as { jobId: string }).jobId);
    const result = (end.payload as unknown as JobFinished).result as LabelsJobResult;
    expect(result.notices).toEqual([
      { code: 'notFound', count: 1 },
      { code: 'labelCount', count: 3 },
    ]);
    const file = await kit.download(user.token, result.url);
    expect(file.headers['content-type']).toBe('application/zpl');
    expect((file.body as Buffer).toString('utf8').match(/\^XA/g)).toHaveLength(3);
  });

  it("fails a client user's job when the client's access was disabled meanwhile (the caller is read again)", async () => {
    const user = await signedIn('user');
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await kit.parcel(user.clientId!, { operatorId: carrier })).id);
    const jobId = await kit.jobOfDisabledClient(user, ids);
    expect(await user.ended(jobId)).toEqual({
      event: 'job:failed',
      payload: { jobId, jobName: LABELS_JOB_NAME, message: MESSAGES.forbidden },
    });
    const files = await t.depot.runtime.pool.query('select id from export_files where job_id = $1', [jobId]);
    expect(files.rows).toEqual([]);
  });
});
