import { MESSAGES, type MatrixView } from '@depot/contracts';
import { connected, nextEvent } from '../harness';
import { expectError, expectValidation } from '../expectations';
import { cond, READ_ONLY_OR_NONE, tag, UNKNOWN_ID, matricesSuite } from './matrices.kit';

/** administration/matrixes, creating: POST /api/matrix/create (the first default, validation, names) and OpenAPI. */

const v = MESSAGES.validation;

describe('routing matrices API', () => {
  const k = matricesSuite();

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
          cond(k.dpd, { pickupCountry: 'pl', destinationCountry: null, maxWeightKg: '31,5' }),
          cond(k.gls, { pickupCountry: '', destinationCountry: 'any', maxWeightKg: 5 }),
          cond(k.inactive, { destinationCountry: '*' }),
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
        [k.dpd, true],
        [k.gls, true],
        [k.inactive, false],
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
      const plain = await k.created({ conditions: [cond(k.dpd)] });
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
          ? (o.conditions as Record<string, unknown>[]).map((c) => cond(k.dpd, c))
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
        k.create('admin', { name: `X ${tag()}`, conditions: [cond(k.dpd), cond(UNKNOWN_ID)] }),
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
          conditions: [cond(k.dpd), cond(k.gls), cond(k.dpd, { maxWeightKg: '10.000' })],
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
        k.create('admin', { name, conditions: [cond(k.dpd)] }),
        k.create('superAdmin', { name: name.toLowerCase(), conditions: [cond(k.gls)] }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(results.find((r) => r.status === 409)!.body.message).toBe(MESSAGES.matrixNameTaken);
    });

    it.each(READ_ONLY_OR_NONE)('refuses %s (403) and writes nothing', async (role) => {
      const res = await k.unchanged(() => k.create(role, { name: `X ${tag()}` }));
      expectError(res, 403, 'Forbidden', MESSAGES.forbidden);
    });
  });
});
