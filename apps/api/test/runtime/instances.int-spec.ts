import type { DomainEvent } from '@depot/contracts';
import { EventBus } from '../../src/events/event-bus';
import { ADMIN, connected, nextEvent, serverUrl, startTestDepot, type TestDepot } from '../harness';

// Two processes on one database. On a PostgreSQL server they cooperate: an API+worker instance and a
// gateway-only instance (ROLE split), with domain events crossing through LISTEN/NOTIFY. On the embedded
// database a second instance must be refused, since the data directory is locked to one process.
describe('several instances on one database', () => {
  let api: TestDepot;
  beforeAll(async () => {
    api = await startTestDepot(serverUrl() ? { ROLE: 'api,worker' } : {}, { onDisk: true });
  });
  afterAll(async () => {
    await api.close();
  });

  if (serverUrl()) {
    describe('on a PostgreSQL server: ROLE=api,worker and ROLE=gateway', () => {
      let gateway: TestDepot;
      beforeAll(async () => {
        gateway = await startTestDepot({ ROLE: 'gateway' }, { sameDatabaseAs: api });
      });
      afterAll(async () => {
        await gateway.close();
      });

      it('each instance reports its own roles, and only the api instance serves REST', async () => {
        const a = await api.http().get('/api/health');
        expect(a.body).toMatchObject({
          status: 'ok',
          roles: ['api', 'worker'],
          realtime: { state: 'not in this process' },
        });
        const g = await gateway.http().get('/api/health');
        expect(g.body).toMatchObject({
          status: 'ok',
          roles: ['gateway'],
          events: { ok: true, kind: 'postgres' },
          jobs: { state: 'enqueue-only' },
          realtime: { ok: true, state: 'running', adapter: 'PostgresAdapter' },
        });
        expect(
          (
            await gateway
              .http()
              .post('/api/auth/email')
              .send({ email: ADMIN.email, password: ADMIN.password })
          ).status,
        ).toBe(404);
        expect((await api.http().get('/socket.io/?EIO=4&transport=polling')).status).toBe(404);
      });

      it('a user created through the api instance reaches a socket on the gateway instance', async () => {
        const token = await api.signIn(ADMIN.email, ADMIN.password);
        const socket = gateway.socket({ token });
        await connected(socket);
        const ack = await socket.emitWithAck('subscribe', 'list:users');
        expect(ack).toEqual({ ok: true });
        const change = nextEvent(socket, 'list:change');
        const res = await api
          .http()
          .post('/api/user/create')
          .set('Authorization', `Bearer ${token}`)
          .send({
            firstName: 'Cross',
            lastName: 'Instance',
            email: `cross-${Date.now()}@test.depot`,
            role: 'operator',
            lang: 'en',
            password: 'cross-instance-123',
            confirmPassword: 'cross-instance-123',
          });
        expect(res.status).toBe(201);
        await expect(change).resolves.toMatchObject({
          list: 'users',
          op: 'upsert',
          created: true,
          row: { id: res.body.id },
        });
      });

      it('survives the server ending the job wake-up connection (restart, failover), and keeps answering', async () => {
        const pool = api.depot.runtime.pool;
        const listeners = `select pid from pg_stat_activity
          where datname = current_database() and query like 'LISTEN "agenda%' and pid <> pg_backend_pid()`;
        const { rows } = await pool.query<{ pid: number; ended: boolean }>(
          `select pid, pg_terminate_backend(pid) as ended from (${listeners}) l`,
        );
        expect(rows.length).toBeGreaterThan(0);
        expect(rows.every((r) => r.ended)).toBe(true);
        // The channel heard the error and listens again on a new connection (Agenda reconnects after ~100 ms).
        const ended = rows.map((r) => r.pid);
        const until = Date.now() + 10_000;
        for (;;) {
          const now = (await pool.query<{ pid: number }>(listeners)).rows.map((r) => r.pid);
          if (now.filter((pid) => !ended.includes(pid)).length >= ended.length) break;
          if (Date.now() > until) throw new Error(`the job wake-up channel did not listen again: ${now}`);
          await new Promise((r) => setTimeout(r, 50));
        }
        const health = await api.http().get('/api/health');
        expect(health.status).toBe(200);
        expect(health.body.jobs).toMatchObject({ ok: true, state: 'processing' });
      });

      it('signing out on the api instance disconnects the socket on the gateway instance', async () => {
        const token = await api.signIn(ADMIN.email, ADMIN.password);
        const socket = gateway.socket({ token });
        await connected(socket);
        const ended = nextEvent(socket, 'session:ended');
        const gone = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
        await api.http().post('/api/auth/signout').set('Authorization', `Bearer ${token}`);
        await expect(ended).resolves.toEqual({ reason: 'signedOut' });
        await expect(gone).resolves.toBe('io server disconnect');
      });

      it('a thousand events published at once reach the other instance whole and in order (packed notifications)', async () => {
        const heard: DomainEvent[] = [];
        const jobIds = Array.from({ length: 1000 }, (_, i) => `packed-${i}`);
        const all = new Promise<void>((resolve) => {
          const stop = gateway.depot.app.get(EventBus).subscribe((event) => {
            if (event.type !== 'job.progress' || !event.payload.jobId.startsWith('packed-')) return;
            heard.push(event);
            if (event.payload.jobId === jobIds.at(-1)) {
              stop();
              resolve();
            }
          });
        });
        // Polish names on every third: packing counts bytes, not letters.
        const events: DomainEvent[] = jobIds.map((jobId, i) => ({
          type: 'job.progress',
          userId: null,
          payload: { jobId, jobName: i % 3 === 0 ? 'żółć'.repeat(60) : 'test.packed', progress: i / 10 },
        }));
        const bus = api.depot.app.get(EventBus);
        await Promise.all(events.map((e) => bus.publish(e)));
        await all;
        expect(heard).toEqual(events);
      });
    });
  } else {
    it('on the embedded database a second instance is refused: the data directory is locked', async () => {
      await expect(startTestDepot({}, { sameDatabaseAs: api })).rejects.toThrow(
        /is in use by another Depot process/,
      );
      // The first instance is unharmed.
      expect((await api.http().get('/api/health')).body.status).toBe('ok');
    });
  }
});
