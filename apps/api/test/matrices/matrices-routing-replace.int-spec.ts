import { MESSAGES, type MatrixView, type Role } from '@depot/contracts';
import { expectError, expectValidation } from '../expectations';
import { NO_ACCESS, READ_ONLY_OR_NONE, tag, UNKNOWN_ID, routingSuite } from './matrices.kit';

/** The global carrier change: GET operatorUsage and PUT update/globalOperatorChange (moves, refusals, roles). */

const v = MESSAGES.validation;

describe('routing: tester, carrier replacement, export', () => {
  const k = routingSuite();

  const change = (role: Role, body: Record<string, unknown>) =>
    k.t.http().put('/api/matrix/update/globalOperatorChange').set(k.bearer(role)).send(body);
  const usage = (role: Role, id: string) =>
    k.t.http().get(`/api/matrix/get/operatorUsage/${id}`).set(k.bearer(role));

  describe('global carrier change', () => {
    it('GET operatorUsage counts the conditions and matrices naming a carrier (and its new parcels)', async () => {
      const res = await usage('operator', k.op.gls);
      expect(res.body).toEqual({ operatorId: k.op.gls, conditions: 2, matrices: 2, parcels: 0 });
      expectError(await usage('admin', UNKNOWN_ID), 404, 'Not Found', MESSAGES.operatorNotFound);
      for (const role of NO_ACCESS) expect((await usage(role, k.op.gls)).status).toBe(403);
    });

    it('moves every condition in one step, audited with the count; parcels are not there yet (0)', async () => {
      const target = await k.operator({ name: `Target ${tag()}` });
      const res = await change('admin', { fromOperatorId: k.op.gls, toOperatorId: target });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ movedConditions: 2, movedParcels: 0 });
      expect((await usage('admin', k.op.gls)).body).toMatchObject({ conditions: 0, matrices: 0 });
      expect((await usage('admin', target)).body).toMatchObject({ conditions: 2, matrices: 2 });
      const after = (await k.get('admin', k.main.id)).body as MatrixView;
      expect(after.conditions.map((x) => x.operatorId)).toEqual([
        k.op.old,
        k.op.dpd,
        target,
        k.op.light,
        k.op.ups,
      ]);
      const audit = await k.lastAudit('matrix.globalOperatorChange', k.op.gls);
      expect(audit).toMatchObject({
        created_by_id: k.ids.admin,
        before: { operatorId: k.op.gls },
        after: { operatorId: target },
        details: { movedConditions: 2, movedParcels: 0, matrixIds: [k.main.id, k.domestic.id].sort() },
      });
      // Nothing left to move: 0, still a success.
      expect((await change('superAdmin', { fromOperatorId: k.op.gls, toOperatorId: target })).body).toEqual({
        movedConditions: 0,
        movedParcels: 0,
      });
    });

    it('an inactive carrier may be replaced', async () => {
      const res = await change('admin', { fromOperatorId: k.op.old, toOperatorId: k.op.dpd });
      expect(res.body).toEqual({ movedConditions: 1, movedParcels: 0 });
    });

    it.each([
      [
        'the same carrier twice',
        () => ({ fromOperatorId: k.op.dpd, toOperatorId: k.op.dpd }),
        MESSAGES.replacementSameOperator,
        'toOperatorId',
      ],
      ['no source', () => ({ toOperatorId: k.op.dpd }), v.replacementFromRequired, 'fromOperatorId'],
      [
        'no target',
        () => ({ fromOperatorId: k.op.dpd, toOperatorId: '' }),
        v.replacementToRequired,
        'toOperatorId',
      ],
      [
        'an unknown source',
        () => ({ fromOperatorId: UNKNOWN_ID, toOperatorId: k.op.dpd }),
        MESSAGES.routingOperatorUnknown,
        'fromOperatorId',
      ],
      [
        'an unknown target',
        () => ({ fromOperatorId: k.op.dpd, toOperatorId: UNKNOWN_ID }),
        MESSAGES.routingOperatorUnknown,
        'toOperatorId',
      ],
      [
        'an inactive target',
        () => ({ fromOperatorId: k.op.dpd, toOperatorId: k.op.old }),
        MESSAGES.replacementTargetInactive,
        'toOperatorId',
      ],
    ])('refuses %s, changing nothing', async (_name, body, message, path) => {
      expectValidation(await k.unchanged(() => change('admin', body())), message, path);
    });

    it.each(READ_ONLY_OR_NONE)('refuses %s, changing nothing', async (role) => {
      const res = await k.unchanged(() => change(role, { fromOperatorId: k.op.dpd, toOperatorId: k.op.ups }));
      expect(res.status).toBe(403);
    });
  });
});
