import { MESSAGES, type MatrixView, type Role } from '@depot/contracts';
import { connected, eventMatching, nextEvent } from './harness';
import { expectError, expectValidation } from './expectations';
import {
  NO_ACCESS,
  READ_ONLY_OR_NONE,
  startMatricesKit,
  tag,
  UNKNOWN_ID,
  type MatricesKit,
} from './matrices.kit';

/** administration/matrixes: create, read, edit, clone, delete and list routing matrices. */

const v = MESSAGES.validation;

describe('routing matrices API', () => {
  let k: MatricesKit;
  let dpd: string;
  let gls: string;
  let inactive: string;
  const cond = (operatorId: string, over: Record<string, unknown> = {}) => ({
    pickupCountry: 'PL',
    destinationCountry: 'DE',
    maxWeightKg: 10,
    operatorId,
    ...over,
  });

  beforeAll(async () => {
    k = await startMatricesKit();
    dpd = await k.operator({ name: `DPD ${tag()}` });
    gls = await k.operator({ name: `GLS ${tag()}` });
    inactive = await k.operator({ name: `Old ${tag()}`, active: false });
  });
  afterAll(async () => {
    await k.close();
  });

  it('documents the matrix calls in OpenAPI, with bodies from the shared schemas', async () => {
    const res = await k.t.http().get('/api/docs-json');
    const paths = res.body.paths as Record<string, Record<string, { requestBody?: unknown }>>;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/matrix/get/list',
        '/api/matrix/create',
        '/api/matrix/{id}',
        '/api/matrix/{id}/default',
        '/api/matrix/{id}/clone',
        '/api/matrix/resolve',
        '/api/matrix/update/globalOperatorChange',
      ]),
    );
    expect(JSON.stringify(paths['/api/matrix/create'].post.requestBody)).toContain('maxWeightKg');
  });

  describe('POST /api/matrix/create', () => {
    it('the first matrix becomes the default; conditions keep their order; the log and the live list get it', async () => {
      expect(await k.defaults()).toEqual([]);
      const socket = k.t.socket({ token: k.tokens.operator });
      await connected(socket);
      await new Promise<void>((resolve) => socket.emit('subscribe', 'list:matrices', () => resolve()));
      const change = nextEvent(socket, 'list:change');

      const name = `First ${tag()}`;
      const res = await k.create('admin', {
        name: `  ${name} `,
        conditions: [
          cond(dpd, { pickupCountry: 'pl', destinationCountry: null, maxWeightKg: '31,5' }),
          cond(gls, { pickupCountry: '', destinationCountry: 'any', maxWeightKg: 5 }),
          cond(inactive, { destinationCountry: '*' }),
        ],
      });
      expect(res.status).toBe(201);
      const m = res.body as MatrixView;
      expect(m).toMatchObject({ name, isDefault: true, conditionCount: 3 });
      expect(
        m.conditions.map((c) => [c.position, c.pickupCountry, c.destinationCountry, c.maxWeightKg]),
      ).toEqual([
        [1, 'PL', null, 31.5],
        [2, null, null, 5],
        [3, 'PL', null, 10],
      ]);
      expect(m.conditions.map((c) => [c.operatorId, c.operatorActive])).toEqual([
        [dpd, true],
        [gls, true],
        [inactive, false],
      ]);
      expect(m.operatorNames).toEqual([...m.operatorNames].sort());
      expect(m.operatorNames).toHaveLength(3);
      expect(await k.defaults()).toEqual([m.id]);
      const audit = await k.lastAudit('matrix.create', m.id);
      expect(audit).toMatchObject({ created_by_id: k.ids.admin, before: null });
      expect(audit!.after).toEqual(m);
      expect(await k.lastAudit('matrix.setDefault', m.id)).toMatchObject({ after: { defaultId: m.id } });
      expect(await change).toMatchObject({
        list: 'matrices',
        op: 'upsert',
        created: true,
        actorId: k.ids.admin,
        row: { id: m.id, name, isDefault: true, conditionCount: 3 },
      });
      expect((await k.get('operator', m.id)).body).toEqual(m);
    });

    it('later matrices are not the default unless asked; asking moves the flag in one step', async () => {
      const [before] = await k.defaults();
      const plain = await k.created({ conditions: [cond(dpd)] });
      expect(plain.isDefault).toBe(false);
      expect(await k.defaults()).toEqual([before]);
      const chosen = await k.created({ isDefault: true, conditions: [] });
      expect(chosen).toMatchObject({ isDefault: true, conditionCount: 0, conditions: [], operatorNames: [] });
      expect(await k.defaults()).toEqual([chosen.id]);
      expect((await k.get('admin', before)).body.isDefault).toBe(false);
      expect(await k.lastAudit('matrix.setDefault', chosen.id)).toMatchObject({
        before: { defaultId: before },
        after: { defaultId: chosen.id },
      });
    });

    it.each([
      ['a missing name', { name: undefined }, v.nameRequired, 'name'],
      ['a blank name', { name: '   ' }, v.nameRequired, 'name'],
      [
        'an unsupported pickup country',
        { conditions: [{ pickupCountry: 'US' }] },
        v.routingCountryUnsupported,
        'conditions.0.pickupCountry',
      ],
      [
        'a country name instead of a code',
        { conditions: [{ destinationCountry: 'Niemcy' }] },
        v.routingCountryUnsupported,
        'conditions.0.destinationCountry',
      ],
      [
        'a missing max weight',
        { conditions: [{ maxWeightKg: '' }] },
        v.conditionMaxWeightRequired,
        'conditions.0.maxWeightKg',
      ],
      [
        'a zero max weight',
        { conditions: [{ maxWeightKg: 0 }] },
        v.conditionMaxWeightInvalid,
        'conditions.0.maxWeightKg',
      ],
      [
        'a negative max weight',
        { conditions: [{ maxWeightKg: -2 }] },
        v.conditionMaxWeightInvalid,
        'conditions.0.maxWeightKg',
      ],
      [
        'a max weight that is not a number',
        { conditions: [{ maxWeightKg: 'heavy' }] },
        v.conditionMaxWeightInvalid,
        'conditions.0.maxWeightKg',
      ],
      [
        'a max weight with 4 decimals',
        { conditions: [{ maxWeightKg: '1.2345' }] },
        v.conditionMaxWeightInvalid,
        'conditions.0.maxWeightKg',
      ],
      [
        'a missing operator',
        { conditions: [{ operatorId: '' }] },
        v.conditionOperatorRequired,
        'conditions.0.operatorId',
      ],
      ['conditions that are not a list', { conditions: 'PL→DE' }, v.conditionsInvalid, 'conditions'],
    ])('refuses %s: "%s", and writes nothing', async (_case, over, message, path) => {
      const o = over as { name?: string; conditions?: unknown };
      const body = {
        name: 'name' in o ? o.name : `Bad ${tag()}`,
        conditions: Array.isArray(o.conditions)
          ? (o.conditions as Record<string, unknown>[]).map((c) => cond(dpd, c))
          : (o.conditions ?? []),
      };
      expectValidation(await k.unchanged(() => k.create('admin', body)), message, path);
    });

    it('refuses unknown fields', async () => {
      const res = await k.unchanged(() => k.create('admin', { name: `X ${tag()}`, colour: 'red' }));
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('ValidationError');
    });

    it('refuses a condition naming an operator that does not exist, naming the row', async () => {
      const res = await k.unchanged(() =>
        k.create('admin', { name: `X ${tag()}`, conditions: [cond(dpd), cond(UNKNOWN_ID)] }),
      );
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        statusCode: 400,
        error: 'ValidationError',
        message: 'Condition 2: the operator does not exist.',
        details: [{ path: 'conditions.1.operatorId', message: MESSAGES.routingOperatorUnknown }],
      });
    });

    it('refuses a condition that repeats an earlier one (libs/domain validateMatrix)', async () => {
      const res = await k.unchanged(() =>
        k.create('admin', {
          name: `X ${tag()}`,
          conditions: [cond(dpd), cond(gls), cond(dpd, { maxWeightKg: '10.000' })],
        }),
      );
      expectValidation(res, MESSAGES.routingConditionDuplicate, 'conditions.2');
    });

    it('refuses a name another matrix holds, whatever the case and spaces (409)', async () => {
      const first = await k.created();
      const res = await k.unchanged(() => k.create('admin', { name: ` ${first.name.toUpperCase()}  ` }));
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: MESSAGES.matrixNameTaken,
        details: [{ path: 'name', message: MESSAGES.matrixNameTaken }],
      });
    });

    it('two concurrent creates of one name: one succeeds, the other is a 409 (never a 500)', async () => {
      const name = `Race ${tag()}`;
      const results = await Promise.all([
        k.create('admin', { name, conditions: [cond(dpd)] }),
        k.create('superAdmin', { name: name.toLowerCase(), conditions: [cond(gls)] }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(results.find((r) => r.status === 409)!.body.message).toBe(MESSAGES.matrixNameTaken);
    });

    it.each(READ_ONLY_OR_NONE)('refuses %s (403) and writes nothing', async (role) => {
      const res = await k.unchanged(() => k.create(role, { name: `X ${tag()}` }));
      expectError(res, 403, 'Forbidden', MESSAGES.forbidden);
    });
  });

  describe('GET /api/matrix/:id', () => {
    it.each(['superAdmin', 'admin', 'operator'] as Role[])(
      '%s reads a matrix with its conditions',
      async (role) => {
        const m = await k.created({ conditions: [cond(gls), cond(dpd, { maxWeightKg: 2 })] });
        const res = await k.get(role, m.id);
        expect(res.status).toBe(200);
        expect(res.body).toEqual(m);
        expect(res.body.conditions.map((c: { operatorName: string }) => c.operatorName)).toEqual([
          expect.stringMatching(/^GLS /),
          expect.stringMatching(/^DPD /),
        ]);
      },
    );

    it.each([UNKNOWN_ID, 'not-a-uuid'])('answers 404 for %s', async (id) => {
      expectError(await k.get('admin', id), 404, 'Not Found', MESSAGES.matrixNotFound);
    });

    it.each(NO_ACCESS)('refuses %s', async (role) => {
      const m = await k.created();
      expect((await k.get(role, m.id)).status).toBe(403);
    });
  });

  describe('PUT /api/matrix/:id', () => {
    it('renames and replaces the conditions in the given order; before and after are logged', async () => {
      const m = await k.created({ conditions: [cond(dpd), cond(gls)] });
      const name = `Renamed ${tag()}`;
      const res = await k.put('admin', m.id, {
        name,
        conditions: [cond(gls, { destinationCountry: 'FR' }), cond(dpd, { pickupCountry: null }), cond(gls)],
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
        [1, gls, 'PL', 'FR'],
        [2, dpd, null, 'DE'],
        [3, gls, 'PL', 'DE'],
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
      const m = await k.created({ conditions: [cond(dpd)] });
      const res = await k.unchanged(() =>
        k.put('admin', m.id, { name: m.name, conditions: [cond(dpd, { maxWeightKg: '10.0' })] }),
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
        await k.unchanged(() => k.put('admin', b.id, { conditions: [cond(dpd, { maxWeightKg: 0 })] })),
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
        conditions: [cond(gls), cond(dpd, { pickupCountry: null }), cond(inactive)],
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
      const m = await k.created({ conditions: [cond(dpd)] });
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
      const m = await k.created({ conditions: [cond(dpd), cond(gls)] });
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

  describe('POST /api/matrix/get/list', () => {
    it('pages by name with a cursor, counts all, and searches names and carrier names', async () => {
      const stem = `Paged${tag()}`;
      const carrier = await k.operator({ name: `Unique${stem}` });
      for (const n of ['c', 'a', 'b']) await k.created({ name: `${stem} ${n}`, conditions: [] });
      await k.created({ name: `Other ${tag()}`, conditions: [cond(carrier)] });

      const first = await k.list('operator', { filters: { search: stem.toLowerCase() }, limit: 2 });
      expect(first.status).toBe(200);
      expect(first.body.total).toBe(4);
      expect(first.body.items).toHaveLength(2);
      expect(first.body.nextCursor).toEqual(expect.any(String));
      const names = [...first.body.items];
      const second = await k.list('operator', {
        filters: { search: stem.toLowerCase() },
        limit: 2,
        cursor: first.body.nextCursor,
      });
      names.push(...second.body.items);
      expect(second.body.nextCursor).toBeNull();
      expect(names.map((m: { name: string }) => m.name)).toEqual([
        expect.stringMatching(/^Other /),
        `${stem} a`,
        `${stem} b`,
        `${stem} c`,
      ]);
      const byCarrier = await k.list('admin', { filters: { search: `unique${stem}` } });
      expect(byCarrier.body.items.map((m: { operatorNames: string[] }) => m.operatorNames)).toEqual([
        [`Unique${stem}`],
      ]);
      const desc = await k.list('admin', {
        filters: { search: stem },
        orderBy: { field: 'createdAt', direction: 'desc' },
      });
      expect(desc.body.items.map((m: { name: string }) => m.name).slice(0, 3)).toEqual([
        expect.stringMatching(/^Other /),
        `${stem} b`,
        `${stem} a`,
      ]);
    });

    it('refuses a bad cursor and unknown filters', async () => {
      expectError(await k.list('admin', { cursor: 'garbage' }), 400, 'Bad Request', MESSAGES.invalidCursor);
      expect((await k.list('admin', { filters: { colour: 'red' } })).status).toBe(400);
    });

    it.each(NO_ACCESS)('refuses %s', async (role) => {
      expect((await k.list(role)).status).toBe(403);
    });
  });
});
