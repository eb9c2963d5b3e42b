import {
  catalogueText,
  EXPORT_JOB_NAME,
  MESSAGES,
  type ExportJobResult,
  type JobFinished,
  type JobProgress,
  type Role,
} from '@depot/contracts';
import { clients } from '../../src/db/schema';
import type { ExportJobData } from '../../src/modules/exports/jobs/export-xlsx.job';
import { JobsService } from '../../src/modules/jobs/jobs.service';
import { connected, startTestDepot, type DepotSocket, type TestDepot } from '../harness';
import { columnOf, expectErrorOf, exportCalls, jsonOf, sheetOf, UNKNOWN_ID, XLSX_TYPE } from './exports.kit';

const JOB_WAIT_MS = 20_000;

interface Entry {
  event: string;
  payload: { jobId?: string } & Record<string, unknown>;
}

/** Every job event a socket gets, in order, and a wait for one job's end. */
function recorder(socket: DepotSocket) {
  const entries: Entry[] = [];
  const waiters = new Set<() => void>();
  socket.onAny((event: string, payload: Entry['payload']) => {
    if (!event.startsWith('job:')) return;
    entries.push({ event, payload });
    for (const w of [...waiters]) w();
  });
  const ofJob = (jobId: string) => entries.filter((e) => e.payload.jobId === jobId);
  return {
    ofJob,
    ended(jobId: string): Promise<Entry> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = ofJob(jobId).find((e) => e.event !== 'job:progress');
          if (!hit) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(hit);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`job ${jobId} did not end within ${JOB_WAIT_MS} ms`));
        }, JOB_WAIT_MS);
        waiters.add(check);
        check();
      });
    },
  };
}

/**
 * Exports over EXPORT_DIRECT_MAX_ROWS (3 here) run as a job: 202 { jobId }, progress and the result by socket, the
 * file stored for its owner only, for 24 hours.
 */
describe('xlsx exports through the export job', () => {
  let t: TestDepot;
  const call = exportCalls(() => t);
  const BULK = 1_234;

  beforeAll(async () => {
    t = await startTestDepot({ EXPORT_DIRECT_MAX_ROWS: '3' });
    // Two pages of the export's keyset reads (1,000 a page).
    await t.depot.runtime.db.insert(clients).values(
      Array.from({ length: BULK }, (_, i) => ({
        companyName: `Bulk ${String(i).padStart(5, '0')}`,
        debtBlockDays: i % 30,
        active: i % 10 !== 0,
      })),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const signedIn = async (role: Role = 'admin') => {
    const u = await t.userWithToken(role);
    const socket = t.socket({ token: u.token });
    await connected(socket);
    return { ...u, log: recorder(socket) };
  };
  const count = async (where = 'true') =>
    Number(
      (await t.depot.runtime.pool.query<{ n: string }>(`select count(*) as n from clients where ${where}`))
        .rows[0].n,
    );

  /** Starts an export that must become a job, waits for it, and returns its progress and result. */
  async function throughJob(
    user: Awaited<ReturnType<typeof signedIn>>,
    start: () => ReturnType<typeof call.mass>,
  ) {
    const res = await start();
    expect(res.status).toBe(202);
    const { jobId } = jsonOf(res) as { jobId: string };
    expect(typeof jobId).toBe('string');
    const end = await user.log.ended(jobId);
    expect(end.event).toBe('job:finished');
    const progress = user.log
      .ofJob(jobId)
      .filter((e) => e.event === 'job:progress')
      .map((e) => (e.payload as unknown as JobProgress).progress);
    return { jobId, progress, result: (end.payload as unknown as JobFinished).result as ExportJobResult };
  }

  it('exports every client of "all" in a job, with rising progress, and lets the owner download the file', async () => {
    const admin = await signedIn('admin');
    const total = await count();
    const { jobId, progress, result } = await throughJob(admin, () =>
      call.clients(admin.token, { id: 'all' }),
    );

    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(100);
    expect(progress.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < progress.length; i++) expect(progress[i]).toBeGreaterThanOrEqual(progress[i - 1]);
    expect(progress.slice(0, -1).every((p) => p < 100)).toBe(true);
    expect(result).toEqual({
      entity: 'clients',
      fileId: expect.any(String),
      fileName: expect.stringMatching(/^clients-\d{4}-\d{2}-\d{2}\.xlsx$/),
      url: `/api/export/file/${result.fileId}`,
      rows: total,
      expiresAt: expect.any(String),
    });
    const hours = (Date.parse(result.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    const file = await call.download(admin.token, result.url);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe(XLSX_TYPE);
    expect(file.headers['content-disposition']).toContain(`filename="${result.fileName}"`);
    const ws = await sheetOf(file.body as Buffer);
    expect(ws.rowCount).toBe(total + 1);
    const names = await columnOf(file.body as Buffer, catalogueText('en', 'clients.field.companyName'));
    expect(names.filter((n) => String(n).startsWith('Bulk '))).toHaveLength(BULK);
    expect(names.slice(0, 2)).toEqual(['Bulk 00000', 'Bulk 00001']);

    const { rows } = await t.depot.runtime.pool.query<{ job_id: string; entity: string; size: number }>(
      'select job_id, entity, size from export_files where id = $1',
      [result.fileId],
    );
    expect(rows).toEqual([{ job_id: jobId, entity: 'clients', size: (file.body as Buffer).length }]);
    const audit = await t.depot.runtime.pool.query(
      `select entity, entity_id, details->>'rows' as rows from audit_log where type = 'export.xlsx' and entity_id = $1`,
      [result.fileId],
    );
    expect(audit.rows).toEqual([{ entity: 'clients', entity_id: result.fileId, rows: String(total) }]);
  });

  it('runs a large select-all with a filter and exceptions, and the file holds exactly those rows', async () => {
    const salesman = await signedIn('salesman');
    const [first] = (
      await t.depot.runtime.pool.query<{ id: string }>(
        `select id from clients where company_name = 'Bulk 00001'`,
      )
    ).rows;
    const { result } = await throughJob(salesman, () =>
      call.mass(salesman.token, {
        actionName: 'selectedClientsExportToXls',
        selectedAll: true,
        ids: [],
        exceptId: [first.id],
        filters: { search: 'bulk', active: false },
        orderBy: { field: 'companyName', direction: 'desc' },
      }),
    );
    // Every tenth bulk client is inactive: 124 of 1,234, less the excepted one (which is active anyway: still 124).
    const inactive = await count(`company_name like 'Bulk %' and not active`);
    expect(result.rows).toBe(inactive);
    const names = (await columnOf(
      (await call.download(salesman.token, result.url)).body as Buffer,
      catalogueText('en', 'clients.field.companyName'),
    )) as string[];
    expect(names).toHaveLength(inactive);
    expect(names[0]).toBe('Bulk 01230');
    expect(names.at(-1)).toBe('Bulk 00000');
    expect(names.every((n) => Number(n.slice(5)) % 10 === 0)).toBe(true);
  });

  it("writes the job's file in the language of a Polish user", async () => {
    const pl = await signedIn('salesman');
    await t.depot.runtime.pool.query(`update users set lang = 'pl' where id = $1`, [pl.id]);
    const { result } = await throughJob(pl, () =>
      call.mass(pl.token, {
        actionName: 'selectedClientsExportToXls',
        selectedAll: true,
        filters: { search: 'bulk 0001' },
      }),
    );
    expect(result.fileName).toMatch(/^klienci-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const file = await call.download(pl.token, result.url);
    expect(file.headers['content-disposition']).toContain(`filename="${result.fileName}"`);
    const ws = await sheetOf(file.body as Buffer);
    expect(ws.name).toBe(catalogueText('pl', 'clients.title'));
    expect(
      await columnOf(file.body as Buffer, catalogueText('pl', 'clients.field.companyName')),
    ).toHaveLength(10);
    expect(new Set(await columnOf(file.body as Buffer, catalogueText('pl', 'clients.field.active')))).toEqual(
      new Set(['Tak', 'Nie']),
    );
  });

  it('lets nobody but the owner download, and nobody after expiry', async () => {
    const owner = await signedIn('admin');
    const { result } = await throughJob(owner, () =>
      call.generic(owner.token, { selectedAll: true, filters: { search: 'bulk 0000' } }),
    );
    expect(result.rows).toBe(10);
    for (const role of ['admin', 'superAdmin', 'salesman', 'operator', 'user'] as Role[]) {
      const other = await t.userWithToken(role);
      const res = await call.download(other.token, result.url);
      expectErrorOf(res, 404, 'Not Found', MESSAGES.exportFileNotFound);
    }
    expect((await t.http().get(result.url)).status).toBe(401);
    expectErrorOf(
      await call.download(owner.token, '/api/export/file/nope'),
      404,
      'Not Found',
      MESSAGES.exportFileNotFound,
    );
    expectErrorOf(
      await call.download(owner.token, `/api/export/file/${UNKNOWN_ID}`),
      404,
      'Not Found',
      MESSAGES.exportFileNotFound,
    );

    expect((await call.download(owner.token, result.url)).status).toBe(200);
    await t.depot.runtime.pool.query(
      `update export_files set expires_at = now() - interval '1 second' where id = $1`,
      [result.fileId],
    );
    expectErrorOf(
      await call.download(owner.token, result.url),
      404,
      'Not Found',
      MESSAGES.exportFileNotFound,
    );
    // Expired files are removed when files are next looked at.
    const left = await t.depot.runtime.pool.query('select id from export_files where id = $1', [
      result.fileId,
    ]);
    expect(left.rows).toEqual([]);
  });

  it('fails the job, with the reason on the socket, when its owner lost the right to export meanwhile', async () => {
    const salesman = await signedIn('salesman');
    await t.depot.runtime.pool.query(`update users set role = 'magazyn' where id = $1`, [salesman.id]);
    // What the service queued while the user was still a salesman (the job reads the user's role again).
    const data: ExportJobData = {
      entity: 'clients',
      selection: { selectedAll: true, ids: [], exceptId: [], filters: {}, orderBy: undefined },
      lang: 'en',
      total: 10,
      principal: {
        kind: 'session',
        userId: salesman.id,
        role: 'salesman',
        clientId: null,
        sessionId: UNKNOWN_ID,
        expiresAt: new Date(Date.now() + 60_000).toISOString(),
      },
    };
    const { jobId } = await t.depot.app.get(JobsService).start(EXPORT_JOB_NAME, data, salesman.id);
    const end = await salesman.log.ended(jobId);
    expect(end).toEqual({
      event: 'job:failed',
      payload: { jobId, jobName: EXPORT_JOB_NAME, message: MESSAGES.forbidden },
    });
    const files = await t.depot.runtime.pool.query('select id from export_files where job_id = $1', [jobId]);
    expect(files.rows).toEqual([]);
  });
});
