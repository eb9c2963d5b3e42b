import { MESSAGES, warsawDay, type DashboardSummary, type Role } from '@depot/contracts';
import { expectError, expectValidation } from '../expectations';
import { ROLES, startParcelsKit, type ClientSetup, type ParcelsKit } from '../parcels/parcels.kit';

/**
 * GET /api/dashboard/summary (decision 0123): a Warsaw day's parcels by status, what is stuck, ordering blocked and
 * the jobs under way, counted in SQL and scoped to the caller (a client user: its own client only).
 */
describe('dashboard: summary', () => {
  let k: ParcelsKit;
  const today = () => warsawDay(new Date());
  const summary = async (who: Parameters<ParcelsKit['auth']>[0], query: Record<string, string> = {}) => {
    const res = await k.t.http().get('/api/dashboard/summary').query(query).set(k.auth(who));
    expect(res.status).toBe(200);
    return res.body as DashboardSummary;
  };
  const countOf = (s: DashboardSummary, status: string) =>
    s.parcelsByStatus.find((c) => c.status === status)?.count ?? 0;

  beforeAll(async () => {
    k = await startParcelsKit();
  });
  afterAll(async () => {
    await k.close();
  });

  it("counts the day's parcels by status, in SPEC 4's order, each a new parcel moves from new to its status", async () => {
    const before = await summary('admin');
    expect(before.day).toBe(today());
    const a = await k.created(k.own.id);
    await k.created(k.other.id);
    expect((await k.setStatus(a.id, 'pickup')).status).toBe(200);
    const after = await summary('admin');
    expect(countOf(after, 'new')).toBe(countOf(before, 'new') + 1);
    expect(countOf(after, 'pickup')).toBe(countOf(before, 'pickup') + 1);
    expect(after.parcelsTotal).toBe(before.parcelsTotal + 2);
    expect(after.parcelsTotal).toBe(after.parcelsByStatus.reduce((n, c) => n + c.count, 0));
    const order = after.parcelsByStatus.map((c) => c.status);
    expect(order).toEqual(['new', 'pickup']);
  });

  it('counts a Warsaw day: a parcel created just before midnight in Warsaw belongs to that day', async () => {
    const c = await k.newClient();
    const p = await k.created(c.id);
    // 2026-03-09 23:30 in Warsaw (UTC+1) is 22:30 UTC; 00:30 the next day is 23:30 UTC.
    await k.query('update parcels set created_at = $2 where id = $1', [p.id, '2026-03-09T22:30:00Z']);
    const q = await k.created(c.id);
    await k.query('update parcels set created_at = $2 where id = $1', [q.id, '2026-03-09T23:30:00Z']);
    const first = await summary({ token: c.userToken }, { day: '2026-03-09' });
    const next = await summary({ token: c.userToken }, { day: '2026-03-10' });
    expect(first).toMatchObject({ day: '2026-03-09', parcelsTotal: 1 });
    expect(next).toMatchObject({ day: '2026-03-10', parcelsTotal: 1 });
    expect((await summary({ token: c.userToken })).parcelsTotal).toBe(0);
  });

  it("a client user sees only its own client's counts, never another client's", async () => {
    const mine: ClientSetup = await k.newClient();
    const theirs: ClientSetup = await k.newClient();
    await k.created(mine.id);
    for (let i = 0; i < 3; i++) await k.created(theirs.id);
    const p = await k.created(theirs.id);
    await k.query("update parcels set is_correct = false, status = 'new' where id = $1", [p.id]);
    const own = await summary({ token: mine.userToken });
    expect(own.parcelsByStatus).toEqual([{ status: 'new', count: 1 }]);
    expect(own.parcelsTotal).toBe(1);
    expect(own.attention).toEqual({ unroutable: 0, problem: 0 });
    const other = await summary({ token: theirs.userToken });
    expect(other.parcelsTotal).toBe(4);
    expect(other.attention).toEqual({ unroutable: 1, problem: 0 });
    // Staff see both clients' parcels in their counts.
    const staff = await summary('admin');
    expect(staff.parcelsTotal).toBeGreaterThanOrEqual(5);
    expect(staff.attention.unroutable).toBeGreaterThanOrEqual(1);
  });

  it('attention: new parcels routing could not place and parcels with a problem, of the current year', async () => {
    const c = await k.newClient();
    const stuck = await k.created(c.id);
    const problem = await k.created(c.id);
    const old = await k.created(c.id);
    await k.query('update parcels set is_correct = false, operator_id = null where id = $1', [stuck.id]);
    expect((await k.setStatus(problem.id, 'problem')).status).toBe(200);
    await k.query(
      "update parcels set is_correct = false, created_at = now() - interval '2 years' where id = $1",
      [old.id],
    );
    const s = await summary({ token: c.userToken });
    expect(s.attention).toEqual({ unroutable: 1, problem: 1 });
  });

  it("ordering blocked: the user's own flag and its client's", async () => {
    const c = await k.newClient({ disableNewOrders: true });
    expect((await summary({ token: c.userToken })).ordersBlocked).toEqual({ user: false, client: true });
    const u = await k.t.createUser('user', { clientId: k.own.id });
    await k.query('update users set disable_new_orders = true where id = $1', [u.id]);
    const token = await k.t.signIn(u.email);
    expect((await summary({ token })).ordersBlocked).toEqual({ user: true, client: false });
    expect((await summary('operator')).ordersBlocked).toEqual({ user: false, client: false });
  });

  it("jobs under way: staff see everyone's, a client user only its client's users'; finished ones are gone", async () => {
    const c = await k.newClient();
    const insert = async (startedBy: string, over: string) => {
      const [row] = await k.query<{ id: string }>(
        `insert into agenda_jobs (name, type, next_run_at, data ${over ? ', locked_at, progress' : ''})
         values ('dashboard.test', 'normal', now() + interval '1 day',
           jsonb_build_object('data', '{}'::jsonb, 'startedBy', $1::text) ${over}) returning id::text as id`,
        [startedBy],
      );
      return row.id;
    };
    const queued = await insert(c.userId, '');
    const running = await insert(k.ids.admin, ', now(), 40');
    const done = await insert(c.userId, '');
    await k.query('update agenda_jobs set last_finished_at = now() where id = $1', [done]);

    const staff = await summary('salesman');
    const staffJob = (id: string) => staff.jobs.find((j) => j.jobId === id);
    expect(staffJob(queued)).toMatchObject({ jobName: 'dashboard.test', state: 'queued', progress: null });
    expect(staffJob(running)).toMatchObject({ state: 'running', progress: 40 });
    expect(staffJob(running)?.startedByName).toEqual(expect.any(String));
    expect(staffJob(done)).toBeUndefined();

    const client = await summary({ token: c.userToken });
    expect(client.jobs.map((j) => j.jobId)).toEqual([queued]);
    expect((await summary({ token: k.other.userToken })).jobs).toEqual([]);
  });

  it.each<Role>(ROLES)('%s may read its dashboard (200)', async (role) => {
    const s = await summary(role);
    expect(s.day).toBe(today());
  });

  it.each([
    ['2026-13-01', 'not a month'],
    ['2026-02-30', 'not a day of the month'],
    ['today', 'not a date'],
    ['', 'empty'],
  ])('a day %s (%s) is refused with 400', async (day) => {
    const res = await k.t.http().get('/api/dashboard/summary').query({ day }).set(k.auth('admin'));
    expectValidation(res, MESSAGES.validation.dateInvalid, 'day');
  });

  it('without a session 401; an API key is refused (the dashboard is the panel’s)', async () => {
    const anonymous = await k.t.http().get('/api/dashboard/summary');
    expect(anonymous.status).toBe(401);
    const key = await k.t
      .http()
      .get('/api/dashboard/summary')
      .set(k.auth({ apiKey: k.own.apiKey }));
    expect(key.status).toBe(403);
    expectError(key, 403, key.body.error as string, key.body.message as string);
  });
});
