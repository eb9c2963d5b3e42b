import {
  ERROR_CODES,
  MESSAGES,
  PARCEL_GENERATE_JOB,
  type JobFailed,
  type JobFinished,
  type ParcelGenerateResult,
  type Role,
} from '@depot/contracts';
import { JobsService } from '../../src/modules/jobs/jobs.service';
import { connected, eventMatching, type DepotSocket } from '../harness';
import { expectError, expectValidation } from '../expectations';
import { startParcelsKit, UNKNOWN_ID, type ParcelsKit } from './parcels.kit';

/**
 * POST /api/order/generate (decision 0096): copies of a parcel made by the `parcels.generate` job through the
 * create path (numbering, routing, defaults, ordering blocked), with progress and a result for the starting user.
 */
describe('parcels: generation', () => {
  let k: ParcelsKit;
  let adminSocket: DepotSocket;

  const generate = (who: Parameters<ParcelsKit['auth']>[0], body: Record<string, unknown>) =>
    k.t.http().post('/api/order/generate').set(k.auth(who)).send(body);
  const ended = <E extends 'job:finished' | 'job:failed'>(socket: DepotSocket, event: E, jobId: string) =>
    eventMatching(socket, event, (e) => e.jobId === jobId, 20_000);
  /** The parcels of the client made since the template (the template itself left out). */
  const copiesOf = async (clientId: string, template: { id: string; createdAt: string }) =>
    k.query<{ internal_number: string; operator_id: string | null; weight_kg: string; content: string }>(
      `select internal_number, operator_id, weight_kg::text, content from parcels
        where client_id = $1 and created_at >= $2 and id <> $3 order by internal_number`,
      [clientId, template.createdAt, template.id],
    );

  beforeAll(async () => {
    k = await startParcelsKit();
    adminSocket = k.t.socket({ token: k.tokens.admin });
    await connected(adminSocket);
  });
  afterAll(async () => {
    adminSocket.disconnect();
    await k.close();
  });

  it('makes the copies as new parcels, numbered and routed, with progress and a result', async () => {
    const template = await k.created(k.own.id, { content: 'Template goods', referenceNumber: 'REF-1' });
    const since = template.createdAt;
    const progress: number[] = [];
    const onProgress = (e: { jobId: string; progress: number }) => progress.push(e.progress);
    adminSocket.on('job:progress', onProgress);
    const res = await generate('admin', { templateId: template.id, count: 3 });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ jobId: expect.any(String), count: 3 });
    const done = (await ended(adminSocket, 'job:finished', res.body.jobId)) as JobFinished;
    adminSocket.off('job:progress', onProgress);
    expect(done.result as ParcelGenerateResult).toEqual({ created: 3, failed: 0, errors: [] });
    expect(progress.at(-1)).toBe(100);
    const copies = await copiesOf(k.own.id, template);
    expect(copies).toHaveLength(3);
    for (const c of copies) {
      expect(c).toMatchObject({ operator_id: k.operatorId, weight_kg: '2.500', content: 'Template goods' });
      expect(c.internal_number.startsWith(k.own.prefix)).toBe(true);
    }
    expect(new Set(copies.map((c) => c.internal_number)).size).toBe(3);
    const refs = await k.query<{ n: number }>(
      `select count(*)::int as n from parcels where client_id = $1 and reference_number = 'REF-1'`,
      [k.own.id],
    );
    expect(refs[0].n).toBe(1);
    const audit = await k.query<{ n: number }>(
      `select count(*)::int as n from audit_log where type = 'parcel.create' and created_by_id = $1 and created_at >= $2 and entity_id <> $3`,
      [k.ids.admin, since, template.id],
    );
    expect(audit[0].n).toBe(3);
  });

  it('a client user generates from its own parcel; the job reports to that user', async () => {
    const template = await k.created(k.own.id);
    const socket = k.t.socket({ token: k.tokens.user });
    await connected(socket);
    try {
      const res = await generate('user', { templateId: template.id, count: 2 });
      expect(res.status).toBe(202);
      const done = (await ended(socket, 'job:finished', res.body.jobId)) as JobFinished;
      expect(done.result).toEqual({ created: 2, failed: 0, errors: [] });
      expect(await copiesOf(k.own.id, template)).toHaveLength(2);
    } finally {
      socket.disconnect();
    }
  });

  it.each([
    [{}, MESSAGES.parcelNotFound, 'templateId'],
    [{ templateId: 'nope', count: 1 }, MESSAGES.parcelNotFound, 'templateId'],
    [{ templateId: UNKNOWN_ID }, MESSAGES.parcelGenerateCount, 'count'],
    [{ templateId: UNKNOWN_ID, count: 0 }, MESSAGES.parcelGenerateCount, 'count'],
    [{ templateId: UNKNOWN_ID, count: 501 }, MESSAGES.parcelGenerateCount, 'count'],
    [{ templateId: UNKNOWN_ID, count: 2.5 }, MESSAGES.parcelGenerateCount, 'count'],
    [{ templateId: UNKNOWN_ID, count: '3' }, MESSAGES.parcelGenerateCount, 'count'],
  ])('refuses %j with the field message', async (body, message, path) => {
    expectValidation(await generate('admin', body), message, path);
  });

  it('refuses unknown fields and changes nothing', async () => {
    const res = await generate('admin', { templateId: UNKNOWN_ID, count: 1, status: 'new' });
    expect(res.status).toBe(400);
  });

  it('an unknown template, or another client’s for a client user or key, reads as not found', async () => {
    expectError(
      await generate('admin', { templateId: UNKNOWN_ID, count: 1 }),
      404,
      'Not Found',
      MESSAGES.parcelNotFound,
    );
    const foreign = await k.created(k.other.id);
    expectError(
      await generate('user', { templateId: foreign.id, count: 1 }),
      404,
      'Not Found',
      MESSAGES.parcelNotFound,
    );
    expect(await copiesOf(k.other.id, foreign)).toHaveLength(0);
  });

  it.each<Role>(['salesman', 'magazyn'])('refuses %s (no parcels.create)', async (role) => {
    const template = await k.created(k.own.id);
    expectError(
      await generate(role, { templateId: template.id, count: 1 }),
      403,
      'Forbidden',
      MESSAGES.forbidden,
    );
  });

  it('is not offered to API keys (panel only)', async () => {
    const template = await k.created(k.own.id);
    const res = await generate({ apiKey: k.own.apiKey }, { templateId: template.id, count: 1 });
    expect(res.status).toBe(403);
  });

  it('refuses at once when the client may not order', async () => {
    const c = await k.newClient({ disableNewOrders: true });
    await k.query('update clients set disable_new_orders = false where id = $1', [c.id]);
    const template = await k.created(c.id);
    await k.query('update clients set disable_new_orders = true where id = $1', [c.id]);
    expectError(
      await generate('admin', { templateId: template.id, count: 2 }),
      403,
      ERROR_CODES.ordersBlocked,
      MESSAGES.ordersBlocked,
    );
    expect(await copiesOf(c.id, template)).toHaveLength(0);
  });

  it('fails visibly when ordering was blocked before the job ran; no copies are made', async () => {
    const c = await k.newClient();
    const template = await k.created(c.id);
    await k.query('update clients set disable_new_orders = true where id = $1', [c.id]);
    const principal = {
      kind: 'session',
      userId: k.ids.admin,
      role: 'admin',
      clientId: null,
      sessionId: UNKNOWN_ID,
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    };
    const waiting = eventMatching(adminSocket, 'job:failed', () => true, 20_000);
    const { jobId } = await k.t.depot.app
      .get(JobsService)
      .start(PARCEL_GENERATE_JOB, { principal, templateId: template.id, count: 2 }, k.ids.admin);
    const failed = (await waiting) as JobFailed;
    expect(failed).toMatchObject({ jobId, jobName: PARCEL_GENERATE_JOB, message: MESSAGES.ordersBlocked });
    expect(await copiesOf(c.id, template)).toHaveLength(0);
  });
});
