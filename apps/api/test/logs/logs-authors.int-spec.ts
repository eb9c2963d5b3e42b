import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { rooms, type LogListItem } from '@depot/contracts';
import { eventMatching, PASSWORD, startTestDepot, type TestDepot } from '../harness';

/**
 * administration/logs: who made a change. A sign-in names the person who signed in (it named no one, so the panel
 * said "System"); entries written before are named by migration 0006; a blank name leaves the e-mail to show.
 */

const MIGRATION = join(__dirname, '..', '..', 'migrations', '0006_sign_in_authors.sql');

describe('logs: authors', () => {
  let t: TestDepot;
  let adminToken: string;
  const query = async <R extends object>(text: string, params: unknown[] = []) =>
    (await t.depot.runtime.pool.query<R>(text, params)).rows;
  const signInsOf = async (userId: string): Promise<LogListItem[]> => {
    const res = await t
      .http()
      .post('/api/log/get/list')
      .set('Authorization', `Bearer ${adminToken}`)
      .send({ filters: { type: 'session.signIn', entityId: userId } });
    expect(res.status).toBe(200);
    return res.body.items;
  };

  beforeAll(async () => {
    t = await startTestDepot();
    adminToken = (await t.userWithToken('admin')).token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('a sign-in is written by the person who signed in, with the session it opened', async () => {
    const user = await t.createUser('salesman');
    await t.signIn(user.email, PASSWORD);
    const [entry] = await signInsOf(user.id);
    expect(entry).toMatchObject({
      type: 'session.signIn',
      entity: 'user',
      entityId: user.id,
      createdById: user.id,
      authorName: 'Test salesman',
      authorEmail: user.email,
      apiKeyId: null,
    });
    const [session] = await query<{ id: string }>(
      'select id from sessions where user_id = $1 order by created_at desc limit 1',
      [user.id],
    );
    const view = await t.http().get(`/api/log/${entry.id}`).set('Authorization', `Bearer ${adminToken}`);
    expect(view.body).toMatchObject({ createdById: user.id, details: { sessionId: session.id } });
  });

  it('the live list announces a sign-in as the signed-in person’s own', async () => {
    const s = t.socket({ token: adminToken });
    const ack = await new Promise<{ ok: boolean }>((resolve) =>
      s.emit('subscribe', rooms.list('logs'), resolve),
    );
    expect(ack.ok).toBe(true);
    const user = await t.createUser('operator');
    const heard = eventMatching(
      s,
      'list:change',
      (ch) => ch.list === 'logs' && ch.op === 'upsert' && ch.row.entityId === user.id,
    );
    await t.signIn(user.email, PASSWORD);
    expect(await heard).toMatchObject({
      actorId: user.id,
      row: { type: 'session.signIn', createdById: user.id, authorName: 'Test operator' },
    });
  });

  it('a failed sign-in writes nothing', async () => {
    const user = await t.createUser('magazyn');
    const res = await t
      .http()
      .post('/api/auth/email')
      .send({ email: user.email, password: 'wrong-password-1' });
    expect(res.status).toBe(401);
    expect(await signInsOf(user.id)).toEqual([]);
  });

  it('migration 0006 names the person on sign-ins written without an author, and nothing else', async () => {
    const user = await t.createUser('magazyn');
    const write = async (type: string, entityId: string) =>
      (
        await query<{ id: string }>(
          `insert into audit_log (type, entity, entity_id, created_by_id) values ($1, 'user', $2, null)
           returning id::text`,
          [type, entityId],
        )
      )[0].id;
    const old = await write('session.signIn', user.id);
    const other = await write('user.update', user.id);
    const nobody = await write('session.signIn', '6f1c4f0e-3b8a-4c1e-9d7a-2b4f5e6a7c8d');
    await t.depot.runtime.pool.query(readFileSync(MIGRATION, 'utf8'));
    const authors = await query<{ id: string; created_by_id: string | null }>(
      'select id::text, created_by_id from audit_log where id = any($1::bigint[]) order by id',
      [[old, other, nobody]],
    );
    expect(authors).toEqual([
      { id: old, created_by_id: user.id },
      { id: other, created_by_id: null },
      { id: nobody, created_by_id: null },
    ]);
    const [entry] = await signInsOf(user.id);
    expect(entry).toMatchObject({ id: old, createdById: user.id, authorName: 'Test magazyn' });
  });

  it('an author whose name is blank is given by e-mail only (no name of spaces)', async () => {
    const user = await t.createUser('salesman');
    await t.signIn(user.email, PASSWORD);
    await query(`update users set first_name = ' ', last_name = '' where id = $1`, [user.id]);
    const [entry] = await signInsOf(user.id);
    expect(entry).toMatchObject({ createdById: user.id, authorName: null, authorEmail: user.email });
  });
});
