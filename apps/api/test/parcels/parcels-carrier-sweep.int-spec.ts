import { PARCEL_JOBS } from '@depot/contracts';
import { JobsService } from '../../src/modules/jobs/jobs.service';
import { startCarrierKit, type CarrierKit } from './parcels-carrier.kit';

/**
 * A carrier that never answers (decision 0100): the job gives up after its retries and leaves the parcel "to
 * cancel"; the recurring parcels.cancelSweep asks again about parcels idle for 10 minutes.
 */
describe('parcels: carrier unavailable, and the to-cancel sweep', () => {
  let c: CarrierKit;
  const del = (id: string) =>
    c.k.t.http().post('/api/order/deleteShipment').set(c.k.auth('admin')).send({ id });
  /** Makes the parcel's history look `minutes` older. */
  const age = (id: string, minutes: number) =>
    c.k.query(
      `update parcel_status_history set created_at = created_at - make_interval(mins => $2) where parcel_id = $1`,
      [id, minutes],
    );

  beforeAll(async () => {
    c = await startCarrierKit();
  });
  afterAll(async () => {
    await c.close();
  });

  it('the sweep is scheduled once as a recurring job, every 15 minutes, first run one interval away', async () => {
    const rows = await c.k.query<{ type: string; repeat_interval: string; in_minutes: number }>(
      `select type, repeat_interval, extract(epoch from next_run_at - now()) / 60 as in_minutes
         from agenda_jobs where name = $1`,
      [PARCEL_JOBS.cancelSweep],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 'single', repeat_interval: '15 minutes' });
    expect(Number(rows[0].in_minutes)).toBeGreaterThan(14);
  });

  it('unavailable to the end (no reply within the timeout): stays "to cancel", then the sweep finishes it', async () => {
    c.inpost.mode = 'hang';
    const id = await c.handedTo(c.operatorIds.INPOST, 'INP-SLOW');
    const fresh = await c.handedTo(c.operatorIds.INPOST, 'INP-FRESH');
    const seen = c.inpost.requests.length;
    const res = await del(id);
    expect((await c.finished(res.body.jobId)).result).toEqual({
      canceled: 0,
      refused: 0,
      failed: 1,
      notAsked: 0,
    });
    expect(c.inpost.requests.length - seen).toBe(3);
    expect(await c.statusOf(id)).toBe('toCancel');
    expect(await c.lastHistory(id)).toMatchObject({
      status: 'toCancel',
      previousStatus: 'toCancel',
      source: 'job',
      note: 'carrier.unavailable:TIMEOUT',
    });
    // Another parcel went "to cancel" just now (the fake answers again): too fresh for the sweep.
    c.inpost.mode = 'answer';
    await c.k.query("update parcels set status = 'toCancel' where id = $1", [fresh]);
    await c.k.query(
      "insert into parcel_status_history (parcel_id, status, previous_status, source) values ($1, 'toCancel', 'pickup', 'panel')",
      [fresh],
    );
    await age(id, 9);
    const jobs = c.k.t.depot.app.get(JobsService);
    const asked = c.inpost.requests.length;
    // 9 minutes idle: not yet. The sweep ran to its end (its job:finished) and asked nobody about either parcel.
    const early = await jobs.start(PARCEL_JOBS.cancelSweep, {}, c.k.ids.admin);
    expect((await c.finished(early.jobId)).result).toEqual({
      canceled: 0,
      refused: 0,
      failed: 0,
      notAsked: 0,
    });
    expect(c.inpost.requests.length).toBe(asked);
    expect(await c.statusOf(id)).toBe('toCancel');
    expect(await c.statusOf(fresh)).toBe('toCancel');
    await age(id, 2);
    await jobs.start(PARCEL_JOBS.cancelSweep, {}, null);
    await c.reaches(id, 'canceled');
    expect(await c.lastHistory(id)).toMatchObject({ source: 'carrier', note: 'carrier.canceled' });
    expect(await c.statusOf(fresh)).toBe('toCancel');
  });

  it('bad credentials count as no answer (not a refusal): UPS token refused, the parcel stays "to cancel"', async () => {
    c.ups.mode = 'badCredentials';
    const id = await c.handedTo(c.operatorIds.UPS, '1Z999AA10123456784');
    const res = await del(id);
    expect((await c.finished(res.body.jobId)).result).toEqual({
      canceled: 0,
      refused: 0,
      failed: 1,
      notAsked: 0,
    });
    expect(c.ups.voidRequests()).toHaveLength(0);
    expect((await c.lastHistory(id)).note).toBe('carrier.unavailable:AUTH_FAILED');
    expect(await c.statusOf(id)).toBe('toCancel');

    // The sweep asks again and gets the same failure: logged, not another history row each 15 minutes.
    await age(id, 11);
    const tokens = c.ups.tokenRequests().length;
    const jobs = c.k.t.depot.app.get(JobsService);
    const sweep = await jobs.start(PARCEL_JOBS.cancelSweep, {}, c.k.ids.admin);
    expect((await c.finished(sweep.jobId)).result).toMatchObject({ failed: 1, canceled: 0 });
    expect(c.ups.tokenRequests().length).toBeGreaterThan(tokens);
    const notes = await c.k.query<{ note: string | null }>(
      'select note from parcel_status_history where parcel_id = $1 order by created_at',
      [id],
    );
    expect(notes.filter((n) => n.note === 'carrier.unavailable:AUTH_FAILED')).toHaveLength(1);
    expect(await c.statusOf(id)).toBe('toCancel');

    // A different answer is new information: it is added.
    c.ups.mode = 'error500';
    await age(id, 11);
    const again = await jobs.start(PARCEL_JOBS.cancelSweep, {}, c.k.ids.admin);
    await c.finished(again.jobId);
    expect((await c.lastHistory(id)).note).not.toBe('carrier.unavailable:AUTH_FAILED');
    expect((await c.lastHistory(id)).note).toMatch(/^carrier\.unavailable:/);
    c.ups.mode = 'answer';
  });
});
