import { MESSAGES, type Role } from '@depot/contracts';
import { connected, eventMatching } from '../harness';
import { expectError, expectValidation } from '../expectations';
import { dpdBody, startOperatorsKit, tag, upsBody, type OperatorsKit } from './operators.kit';
import { recorder, settled } from '../realtime/realtime.kit';

/** administration/operators: the keyset list and its live updates. */

const v = MESSAGES.validation;

describe('operators list', () => {
  let k: OperatorsKit;

  beforeAll(async () => {
    k = await startOperatorsKit();
  });
  afterAll(async () => {
    await k.close();
  });

  describe('POST /api/operator/get/list', () => {
    it('filters by search, type and active, pages by keyset and sorts', async () => {
      const mark = tag();
      const made = [];
      for (const [i, over] of [
        [0, { operatorType: 'DPD' }],
        [1, { active: false }],
        [2, {}],
      ] as const) {
        made.push(await k.created(dpdBody({ operatorName: `List ${mark} ${i}`, ...over })));
      }
      made.push(await k.created(upsBody({ operatorName: `List ${mark} 3`, description: 'express' })));
      const names = (r: { body: { items: { operatorName: string }[] } }) =>
        r.body.items.map((o) => o.operatorName);

      const all = await k.list('operator', { filters: { search: mark } });
      expect(all.status).toBe(200);
      expect(all.body.total).toBe(4);
      expect(names(all)).toEqual(made.map((o) => o.operatorName));
      expect(Object.keys(all.body.items[0]).sort()).toEqual(
        [
          'active',
          'createdAt',
          'description',
          'exchangeRateEUR',
          'id',
          'maxWeightKg',
          'operatorName',
          'operatorType',
          'updatedAt',
        ].sort(),
      );
      expect(names(await k.list('admin', { filters: { search: mark, type: 'UPS' } }))).toEqual([
        `List ${mark} 3`,
      ]);
      expect(names(await k.list('admin', { filters: { search: mark, active: false } }))).toEqual([
        `List ${mark} 1`,
      ]);
      expect(names(await k.list('admin', { filters: { search: 'EXPRESS' } }))).toContain(`List ${mark} 3`);

      const first = await k.list('admin', {
        filters: { search: mark },
        limit: 3,
        orderBy: { field: 'operatorName', direction: 'desc' },
      });
      expect(names(first)).toEqual([3, 2, 1].map((i) => `List ${mark} ${i}`));
      const second = await k.list('admin', {
        filters: { search: mark },
        limit: 3,
        cursor: first.body.nextCursor,
        orderBy: { field: 'operatorName', direction: 'desc' },
      });
      expect(names(second)).toEqual([`List ${mark} 0`]);
      expect(second.body.nextCursor).toBeNull();
    });

    it('refuses bad filters and roles without operators.read', async () => {
      expectValidation(
        await k.list('admin', { filters: { type: 'ACME' } }),
        v.operatorTypeInvalid,
        'filters.type',
      );
      expectError(await k.list('admin', { cursor: 'garbage' }), 400, 'Bad Request', MESSAGES.invalidCursor);
      for (const role of ['salesman', 'magazyn', 'user'] as Role[]) {
        expectError(await k.list(role), 403, 'Forbidden', MESSAGES.forbidden);
      }
    });
  });

  describe('live list', () => {
    it('sends a created or changed operator to list:operators as its list row, to readers only', async () => {
      const watcher = k.t.socket({ token: await k.t.signIn((await k.t.createUser('operator')).email) });
      await connected(watcher);
      await new Promise<void>((resolve, reject) =>
        watcher.emit('subscribe', 'list:operators', (a) => (a.ok ? resolve() : reject(new Error(a.error)))),
      );
      const outsider = k.t.socket({ token: await k.t.signIn((await k.t.createUser('salesman')).email) });
      await connected(outsider);
      const refused = await new Promise<boolean>((resolve) =>
        outsider.emit('subscribe', 'list:operators', (a) => resolve(a.ok)),
      );
      expect(refused).toBe(false);
      const outsiderLog = recorder(outsider);

      const name = `Live ${tag()}`;
      const event = eventMatching(
        watcher,
        'list:change',
        (c) => c.list === 'operators' && c.op === 'upsert' && c.row.operatorName === name,
      );
      const res = await k.create('admin', dpdBody({ operatorName: name }));
      const change = await event;
      expect(change).toMatchObject({ list: 'operators', op: 'upsert', actorId: k.ids.admin, created: true });
      expect(change.op === 'upsert' && change.row).toEqual({
        id: res.body.id,
        operatorName: name,
        operatorType: 'DPD',
        description: null,
        active: true,
        exchangeRateEUR: null,
        maxWeightKg: null,
        createdAt: res.body.createdAt,
        updatedAt: res.body.updatedAt,
      });
      await settled(k.t, outsider);
      expect(outsiderLog.events).not.toContain('list:change');
    });
  });
});
