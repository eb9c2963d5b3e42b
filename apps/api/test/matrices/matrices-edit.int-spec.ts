import { MESSAGES, type MatrixView } from '@depot/contracts';
import { connected, eventMatching } from '../harness';
import { expectError, expectValidation } from '../expectations';
import { cond, READ_ONLY_OR_NONE, tag, UNKNOWN_ID, matricesSuite } from './matrices.kit';

/** administration/matrixes, changing: PUT /api/matrix/:id, POST /api/matrix/:id/clone and DELETE /api/matrix/:id. */

const v = MESSAGES.validation;

describe('routing matrices API', () => {
  const k = matricesSuite();

  beforeAll(async () => {
    // As when these ran after the create tests: a default matrix exists before the first edit.
    await k.created();
  });

  describe('PUT /api/matrix/:id', () => {
    it('a rename takes along the clients that name the matrix (routing matches), each change logged', async () => {
      const m = await k.created({ conditions: [cond(k.dpd)] });
      const other = await k.created({ conditions: [cond(k.gls)] });
      const both = await k.t.createClient({
        domesticMatrixTitle: ` ${m.name.toUpperCase()} `,
        returnMatrixTitle: m.name,
      });
      const returnOnly = await k.t.createClient({
        domesticMatrixTitle: other.name,
        returnMatrixTitle: m.name,
      });
      const elsewhere = await k.t.createClient({ domesticMatrixTitle: other.name, returnMatrixTitle: null });
      const name = `Renamed ${tag()}`;
      expect((await k.put('admin', m.id, { name })).status).toBe(200);

      const titles = await k.query<{ id: string; domestic: string | null; ret: string | null }>(
        'select id, domestic_matrix_title as domestic, return_matrix_title as ret from clients where id = any($1)',
        [[both, returnOnly, elsewhere]],
      );
      expect(Object.fromEntries(titles.map((c) => [c.id, [c.domestic, c.ret]]))).toEqual({
        [both]: [name, name],
        [returnOnly]: [other.name, name],
        [elsewhere]: [other.name, null],
      });
      expect(await k.lastAudit('client.update', both)).toMatchObject({
        created_by_id: k.ids.admin,
        before: { domesticMatrixTitle: ` ${m.name.toUpperCase()} `, returnMatrixTitle: m.name },
        after: { domesticMatrixTitle: name, returnMatrixTitle: name },
        details: { matrixRenamed: m.id },
      });
      const onlyReturn = await k.lastAudit('client.update', returnOnly);
      expect([onlyReturn?.before, onlyReturn?.after]).toEqual([
        { returnMatrixTitle: m.name },
        { returnMatrixTitle: name },
      ]);
      expect(await k.lastAudit('client.update', elsewhere)).toBeUndefined();
      // The route tester still finds the renamed matrix for that client.
      const routed = await k.t
        .http()
        .post('/api/matrix/resolve')
        .set(k.bearer('admin'))
        .send({ pickupCountry: 'PL', destinationCountry: 'PL', weightKg: 1, clientId: both });
      expect(routed.body).toMatchObject({ clientMatrixTitle: name, clientMatrixMissing: false });
    });

    it('renames and replaces the conditions in the given order; before and after are logged', async () => {
      const m = await k.created({ conditions: [cond(k.dpd), cond(k.gls)] });
      const name = `Renamed ${tag()}`;
      const res = await k.put('admin', m.id, {
        name,
        conditions: [
          cond(k.gls, { destinationCountry: 'FR' }),
          cond(k.dpd, { pickupCountry: null }),
          cond(k.gls),
        ],
      });
      expect(res.status).toBe(200);
      expect(res.body.name).toBe(name);
      expect(
        res.body.conditions.map((c: MatrixView['conditions'][number]) => [
          c.position,
          c.operatorId,
          c.pickupCountry,
          c.destinationCountry,
        ]),
      ).toEqual([
        [1, k.gls, 'PL', 'FR'],
        [2, k.dpd, null, 'DE'],
        [3, k.gls, 'PL', 'DE'],
      ]);
      expect(Date.parse(res.body.updatedAt)).toBeGreaterThan(Date.parse(m.updatedAt));
      const audit = await k.lastAudit('matrix.update', m.id);
      expect(audit).toMatchObject({ created_by_id: k.ids.admin, before: m, after: res.body });
      const stored = await k.query('select count(*)::int as n from routing_conditions where matrix_id = $1', [
        m.id,
      ]);
      expect(stored).toEqual([{ n: 3 }]);
    });

    it('says "No value has changed" when nothing differs, and writes nothing', async () => {
      const m = await k.created({ conditions: [cond(k.dpd)] });
      const res = await k.unchanged(() =>
        k.put('admin', m.id, { name: m.name, conditions: [cond(k.dpd, { maxWeightKg: '10.0' })] }),
      );
      expectError(res, 400, 'Bad Request', MESSAGES.noValueChanged);
    });

    it('refuses a name another matrix holds, and bad conditions, changing nothing', async () => {
      const a = await k.created();
      const b = await k.created();
      const taken = await k.unchanged(() => k.put('admin', b.id, { name: a.name.toLowerCase() }));
      expect(taken.status).toBe(409);
      expect(taken.body.message).toBe(MESSAGES.matrixNameTaken);
      expectValidation(
        await k.unchanged(() => k.put('admin', b.id, { conditions: [cond(k.dpd, { maxWeightKg: 0 })] })),
        v.conditionMaxWeightInvalid,
        'conditions.0.maxWeightKg',
      );
      expectValidation(await k.unchanged(() => k.put('admin', b.id, { name: '' })), v.nameRequired, 'name');
    });

    it('refuses to take the flag off the default (make another default instead)', async () => {
      const [current] = await k.defaults();
      const res = await k.unchanged(() => k.put('admin', current, { isDefault: false }));
      expectError(res, 409, 'Conflict', MESSAGES.matrixDefaultRequired);
    });

    it('isDefault: true makes it the default and clears the previous one', async () => {
      const [previous] = await k.defaults();
      const m = await k.created();
      const res = await k.put('admin', m.id, { isDefault: true });
      expect(res.status).toBe(200);
      expect(res.body.isDefault).toBe(true);
      expect(await k.defaults()).toEqual([m.id]);
      expect((await k.get('admin', previous)).body.isDefault).toBe(false);
    });

    it.each([UNKNOWN_ID, 'nope'])('answers 404 for %s', async (id) => {
      expectError(await k.put('admin', id, { name: 'X' }), 404, 'Not Found', MESSAGES.matrixNotFound);
    });

    it.each(READ_ONLY_OR_NONE)('refuses %s (403) and changes nothing', async (role) => {
      const m = await k.created();
      const res = await k.unchanged(() => k.put(role, m.id, { name: `Other ${tag()}` }));
      expect(res.status).toBe(403);
    });
  });

  describe('POST /api/matrix/:id/clone', () => {
    it('copies the conditions in order under the new name; the copy is never the default', async () => {
      const [defaultId] = await k.defaults();
      const source = (await k.get('admin', defaultId)).body as MatrixView;
      await k.put('admin', defaultId, {
        conditions: [cond(k.gls), cond(k.dpd, { pickupCountry: null }), cond(k.inactive)],
      });
      const name = `Copy ${tag()}`;
      const res = await k.clone('admin', source.id, { name: ` ${name} ` });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ name, isDefault: false, conditionCount: 3 });
      const strip = (m: MatrixView) => m.conditions.map(({ id: _id, ...c }) => c);
      const reread = (await k.get('admin', source.id)).body as MatrixView;
      expect(strip(res.body)).toEqual(strip(reread));
      expect(res.body.conditions.map((c: { id: string }) => c.id)).not.toContain(reread.conditions[0].id);
      expect(await k.defaults()).toEqual([defaultId]);
      expect(await k.lastAudit('matrix.create', res.body.id)).toMatchObject({
        details: { clonedFromId: source.id },
      });
    });

    it('refuses a taken name (409), a blank one (400) and an unknown source (404)', async () => {
      const m = await k.created({ conditions: [cond(k.dpd)] });
      const taken = await k.unchanged(() => k.clone('admin', m.id, { name: m.name }));
      expect(taken.status).toBe(409);
      expect(taken.body.message).toBe(MESSAGES.matrixNameTaken);
      expectValidation(await k.unchanged(() => k.clone('admin', m.id, {})), v.nameRequired, 'name');
      expectError(
        await k.unchanged(() => k.clone('admin', UNKNOWN_ID, { name: `Y ${tag()}` })),
        404,
        'Not Found',
        MESSAGES.matrixNotFound,
      );
    });

    it.each(READ_ONLY_OR_NONE)('refuses %s', async (role) => {
      const m = await k.created();
      expect((await k.unchanged(() => k.clone(role, m.id, { name: `Z ${tag()}` }))).status).toBe(403);
    });
  });

  describe('DELETE /api/matrix/:id', () => {
    it('deletes a matrix that is not the default, with its conditions; logged and sent to the live list', async () => {
      const m = await k.created({ conditions: [cond(k.dpd), cond(k.gls)] });
      const socket = k.t.socket({ token: k.tokens.admin });
      await connected(socket);
      await new Promise<void>((resolve) => socket.emit('subscribe', 'list:matrices', () => resolve()));
      const gone = eventMatching(socket, 'list:change', (c) => c.op === 'delete' && c.id === m.id);
      const res = await k.remove('admin', m.id);
      expect(res.status).toBe(204);
      expect((await k.get('admin', m.id)).status).toBe(404);
      expect(await k.query('select * from routing_conditions where matrix_id = $1', [m.id])).toEqual([]);
      expect(await k.lastAudit('matrix.delete', m.id)).toMatchObject({ before: m, after: null });
      await gone;
    });

    it('refuses to delete the default (409) and an unknown matrix (404)', async () => {
      const [current] = await k.defaults();
      expectError(
        await k.unchanged(() => k.remove('admin', current)),
        409,
        'Conflict',
        MESSAGES.matrixDefaultNotDeletable,
      );
      expectError(await k.remove('admin', UNKNOWN_ID), 404, 'Not Found', MESSAGES.matrixNotFound);
    });

    it.each(READ_ONLY_OR_NONE)('refuses %s', async (role) => {
      const m = await k.created();
      expect((await k.unchanged(() => k.remove(role, m.id))).status).toBe(403);
    });
  });
});
