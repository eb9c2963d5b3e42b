import { MESSAGES, type ListChange, type MatrixView } from '@depot/contracts';
import { connected, eventMatching } from '../harness';
import { expectError } from '../expectations';
import { READ_ONLY_OR_NONE, startMatricesKit, tag, UNKNOWN_ID, type MatricesKit } from './matrices.kit';

/** PUT /api/matrix/:id/default: exactly one default, also when admins choose at the same time. */
describe('the default routing matrix', () => {
  let k: MatricesKit;
  let carrier: string;

  beforeAll(async () => {
    k = await startMatricesKit();
    carrier = await k.operator();
  });
  afterAll(async () => {
    await k.close();
  });

  it('moves the flag: the new default gets it, the old one loses it, both rows go to the live list', async () => {
    const first = await k.created({ conditions: [] });
    const second = await k.created({
      conditions: [{ pickupCountry: 'PL', destinationCountry: 'DE', maxWeightKg: 1, operatorId: carrier }],
    });
    expect([first.isDefault, second.isDefault]).toEqual([true, false]);
    const socket = k.t.socket({ token: k.tokens.operator });
    await connected(socket);
    await new Promise<void>((resolve) => socket.emit('subscribe', 'list:matrices', () => resolve()));
    const upsertOf = (id: string, isDefault: boolean) =>
      eventMatching(
        socket,
        'list:change',
        (c: ListChange) =>
          c.op === 'upsert' && c.row.id === id && 'isDefault' in c.row && c.row.isDefault === isDefault,
      );
    const gained = upsertOf(second.id, true);
    const lost = upsertOf(first.id, false);

    const res = await k.setDefault('admin', second.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: second.id, isDefault: true, conditionCount: 1 });
    expect(await k.defaults()).toEqual([second.id]);
    expect((await k.get('admin', first.id)).body.isDefault).toBe(false);
    await gained;
    await lost;
    expect(await k.lastAudit('matrix.setDefault', second.id)).toMatchObject({
      created_by_id: k.ids.admin,
      before: { defaultId: first.id },
      after: { defaultId: second.id },
    });
  });

  it('making the default the default again changes nothing (no log entry)', async () => {
    const [current] = await k.defaults();
    const res = await k.unchanged(() => k.setDefault('superAdmin', current));
    expect(res.status).toBe(200);
    expect(res.body.isDefault).toBe(true);
  });

  it('the old default may then be deleted, the new one may not', async () => {
    const old = await k.created();
    await k.setDefault('admin', old.id);
    const fresh = await k.created();
    await k.setDefault('admin', fresh.id);
    expect((await k.remove('admin', old.id)).status).toBe(204);
    expectError(await k.remove('admin', fresh.id), 409, 'Conflict', MESSAGES.matrixDefaultNotDeletable);
  });

  it('two admins setting different defaults at the same time leave exactly one default', async () => {
    for (let round = 0; round < 5; round++) {
      const candidates: MatrixView[] = [];
      for (let i = 0; i < 4; i++) candidates.push(await k.created({ name: `Concurrent ${tag()}` }));
      const results = await Promise.all(
        candidates.map((m, i) => k.setDefault(i % 2 === 0 ? 'admin' : 'superAdmin', m.id)),
      );
      for (const r of results) expect([200, 409]).toContain(r.status);
      for (const r of results.filter((x) => x.status === 409)) {
        expect(r.body.message).toBe(MESSAGES.matrixDefaultConflict);
      }
      const defaults = await k.defaults();
      expect(defaults).toHaveLength(1);
      expect(candidates.map((m) => m.id)).toContain(defaults[0]);
    }
  });

  it('creates racing to become the first or the chosen default also leave exactly one', async () => {
    const results = await Promise.all(
      [0, 1, 2].map(() => k.create('admin', { name: `Racer ${tag()}`, isDefault: true })),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201]);
    const defaults = await k.defaults();
    expect(defaults).toHaveLength(1);
    expect(results.map((r) => r.body.id)).toContain(defaults[0]);
  });

  it('answers 404 for an unknown matrix', async () => {
    expectError(await k.setDefault('admin', UNKNOWN_ID), 404, 'Not Found', MESSAGES.matrixNotFound);
    expectError(await k.setDefault('admin', 'x'), 404, 'Not Found', MESSAGES.matrixNotFound);
  });

  it.each(READ_ONLY_OR_NONE)('refuses %s and changes nothing', async (role) => {
    const m = await k.created();
    expect((await k.unchanged(() => k.setDefault(role, m.id))).status).toBe(403);
  });
});
