import { MESSAGES, PARCEL_JOBS, type ParcelView } from '@depot/contracts';
import { JobsService } from '../../src/modules/jobs/jobs.service';
import { ParcelCancellationService } from '../../src/modules/parcels/cancel/parcel-cancellation.service';
import { serverUrl, startTestDepot, type TestDepot } from '../harness';
import { startParcelsKit, UNKNOWN_ID, type ParcelsKit } from './parcels.kit';

interface JobRow {
  locked_at: Date | null;
  last_finished_at: Date | null;
  failed_at: Date | null;
  fail_reason: string | null;
}

/** Waits until the Agenda job has ended (finished or failed) on `t`'s database; fails the test after `ms`. */
async function jobEnded(t: TestDepot, jobId: string, ms: number): Promise<JobRow> {
  const until = Date.now() + ms;
  for (;;) {
    const { rows } = await t.depot.runtime.pool.query<JobRow>(
      'select locked_at, last_finished_at, failed_at, fail_reason from agenda_jobs where id = $1',
      [jobId],
    );
    if (rows[0]?.last_finished_at) return rows[0];
    if (Date.now() > until) throw new Error(`job ${jobId} still not ended: ${JSON.stringify(rows[0])}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const selectionOf = (ids: string[]) => ({
  selectedAll: false,
  ids,
  exceptId: [],
  filters: { dateFrom: '2000-01-01', dateTo: '2999-12-31' },
  orderBy: { field: 'createdAt', direction: 'desc' },
});

/**
 * Parcels jobs and follow-ups (decisions 0087–0089): the cancel jobs re-check their caller when they run, the
 * global carrier change notes the replacement in the routing explanation, and a job whose server stops mid-way
 * is run to its end by another instance instead of staying "running".
 */
describe('parcels jobs', () => {
  let k: ParcelsKit;
  beforeAll(async () => {
    k = await startParcelsKit();
  });
  afterAll(async () => {
    await k.close();
  });
  const jobs = () => k.t.depot.app.get(JobsService);
  const statusOf = async (id: string) =>
    (await k.query<{ status: string }>('select status from parcels where id = $1', [id]))[0].status;

  it('deleteShipments fails visibly when its user lost the right to cancel before it ran; nothing changes', async () => {
    const staff = await k.t.createUser('operator');
    const p = await k.created(k.own.id);
    await k.query(`update users set role = 'salesman' where id = $1`, [staff.id]);
    const principal = {
      kind: 'session',
      userId: staff.id,
      role: 'operator',
      clientId: null,
      sessionId: UNKNOWN_ID,
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    };
    const { jobId } = await jobs().start(
      PARCEL_JOBS.deleteShipments,
      { principal, selection: selectionOf([p.id]) },
      staff.id,
    );
    const row = await jobEnded(k.t, jobId, 20_000);
    expect(row).toMatchObject({ fail_reason: MESSAGES.forbidden, locked_at: null });
    expect(row.failed_at).not.toBeNull();
    expect(await statusOf(p.id)).toBe('new');
  });

  it('the cancel job fails when the API key that asked was deactivated; the parcel stays "to cancel"', async () => {
    const c = await k.newClient();
    const p = await k.created(c.id);
    await k.setStatus(p.id, 'pickup');
    const cancel = await k.t
      .http()
      .post('/api/order/deleteShipment')
      .set(k.auth({ token: c.userToken }))
      .send({ id: p.id });
    expect(cancel.body).toMatchObject({ status: 'toCancel' });
    await jobEnded(k.t, cancel.body.jobId, 20_000);
    expect(await statusOf(p.id)).toBe('canceled');

    const q = await k.created(c.id);
    await k.setStatus(q.id, 'pickup');
    await k.query(`update parcels set status = 'toCancel' where id = $1`, [q.id]);
    const [key] = await k.query<{ id: string }>('select id from api_keys where client_id = $1', [c.id]);
    await k.query('update api_keys set active = false where id = $1', [key.id]);
    const principal = {
      kind: 'apiKey',
      apiKeyId: key.id,
      role: 'user',
      clientId: c.id,
      userId: null,
      sessionId: null,
      expiresAt: null,
    };
    const { jobId } = await jobs().start(PARCEL_JOBS.cancel, { principal, parcelIds: [q.id] }, null);
    expect(await jobEnded(k.t, jobId, 20_000)).toMatchObject({ fail_reason: MESSAGES.forbidden });
    expect(await statusOf(q.id)).toBe('toCancel');
  });

  it("after a global carrier change the moved parcel's routing names the new carrier and who replaced it", async () => {
    const from = await k.operator();
    const to = await k.operator();
    const p = await k.created(k.own.id);
    await k.query('update parcels set operator_id = $1 where id = $2', [from, p.id]);
    const names = Object.fromEntries(
      (
        await k.query<{ id: string; name: string }>('select id, name from operators where id = any($1)', [
          [from, to],
        ])
      ).map((o) => [o.id, o.name]),
    );
    const before = Date.now();
    const res = await k.t
      .http()
      .put('/api/matrix/update/globalOperatorChange')
      .set(k.auth('admin'))
      .send({ fromOperatorId: from, toOperatorId: to });
    expect(res.body).toMatchObject({ movedParcels: 1 });

    const view = (await k.t.http().get(`/api/order/${p.id}`).set(k.auth('admin'))).body as ParcelView;
    expect(view.operatorId).toBe(to);
    expect(view.routing).toMatchObject({
      ok: true,
      operator: { id: to, name: names[to] },
      condition: { operatorId: to, operatorName: names[to] },
      carrierChange: {
        from: { id: from, name: names[from] },
        to: { id: to, name: names[to] },
        changedById: k.ids.admin,
        changedByName: 'Test admin',
      },
    });
    expect(Date.parse(view.routing!.carrierChange!.changedAt)).toBeGreaterThanOrEqual(before - 1000);
  });
});

describe('a parcels job whose server stops mid-way', () => {
  it('is run to its end by the next instance on the same database, never left running', async () => {
    const k = await startParcelsKit({}, { onDisk: true });
    let b: TestDepot | undefined;
    const stopA = k.t.depot.close.bind(k.t.depot);
    try {
      const ids: string[] = [];
      for (let i = 0; i < 14; i++) ids.push((await k.created(k.own.id)).id);
      // Instance A "dies" after three parcels: the fourth call never returns (no database work is pending).
      const service = k.t.depot.app.get(ParcelCancellationService);
      const real = service.markCounted.bind(service);
      let calls = 0;
      let stuck!: () => void;
      const fourthCall = new Promise<void>((resolve) => (stuck = resolve));
      jest.spyOn(service, 'markCounted').mockImplementation((...args) => {
        calls++;
        if (calls <= 3) return real(...args);
        stuck();
        return new Promise(() => undefined);
      });
      const mass = await k.t
        .http()
        .post('/api/order/massAction')
        .set(k.auth('user'))
        .send({ actionName: 'deleteShipments', ids });
      expect(mass.body).toMatchObject({ selected: 14, jobId: expect.any(String) });
      const jobId = mass.body.jobId as string;
      await fourthCall;

      // Agenda takes a job over once its lock lifetime (20 s here) has passed without a sign of life. Rather than
      // wait that out, A's lock is made to look 20 s older, as if A had been silent that long; then A stops.
      const aged = await k.query(
        `update agenda_jobs set locked_at = locked_at - interval '20 seconds'
          where id = $1 and locked_at is not null returning id`,
        [jobId],
      );
      expect(aged).toHaveLength(1);
      await stopA();
      k.t.depot.close = async () => undefined;
      b = await startTestDepot({}, { sameDatabaseAs: k.t });
      const row = await jobEnded(b, jobId, 60_000);
      expect(row).toMatchObject({ failed_at: null, locked_at: null });
      const { rows } = await b.depot.runtime.pool.query<{ n: number }>(
        `select count(*)::int as n from parcels where id = any($1) and status = 'canceled' and deleted_at is null`,
        [ids],
      );
      expect(rows[0].n).toBe(14);
    } finally {
      await b?.close();
      await k.close();
    }
  }, 120_000);
});

// Decision 0096: generation creates parcels with routing, and runs wherever jobs run — not only beside the API.
(serverUrl() ? describe : describe.skip)('a generation job on a ROLE split (PostgreSQL server)', () => {
  it('started on an api-only instance, is run by a worker-only instance: copies numbered and routed', async () => {
    const k = await startParcelsKit({ ROLE: 'api' });
    let worker: TestDepot | undefined;
    try {
      const health = await k.t.http().get('/api/health');
      expect(health.body).toMatchObject({ roles: ['api'], jobs: { state: 'enqueue-only' } });
      worker = await startTestDepot({ ROLE: 'worker' }, { sameDatabaseAs: k.t });
      const template = await k.created(k.own.id);
      const res = await k.t
        .http()
        .post('/api/order/generate')
        .set(k.auth('admin'))
        .send({ templateId: template.id, count: 2 });
      expect(res.status).toBe(202);
      const row = await jobEnded(worker, res.body.jobId as string, 30_000);
      expect(row).toMatchObject({ failed_at: null, fail_reason: null });
      const copies = await k.query<{ internal_number: string; operator_id: string | null }>(
        `select internal_number, operator_id from parcels where client_id = $1 and id <> $2 and created_at >= $3`,
        [k.own.id, template.id, template.createdAt],
      );
      expect(copies).toHaveLength(2);
      for (const c of copies) {
        expect(c.operator_id).toBe(k.operatorId);
        expect(c.internal_number.startsWith(k.own.prefix)).toBe(true);
      }
    } finally {
      await worker?.close();
      await k.close();
    }
  }, 60_000);
});
