import { HIDDEN_SECRET, MESSAGES, OPERATOR_CONFIG_MODELS, OPERATOR_TYPES, type Role } from '@depot/contracts';
import { expectError, expectValidation } from '../expectations';
import {
  DPD_CONFIG,
  ROLES,
  UNKNOWN_ID,
  dpdBody,
  startOperatorsKit,
  tag,
  upsBody,
  type OperatorsKit,
} from './operators.kit';

/** administration/operators: configuration models, create, read, edit and list (secrets: operators-secrets). */

const v = MESSAGES.validation;
const READERS: Role[] = ['superAdmin', 'admin', 'operator'];
/** A UPS configuration without its (required) secret. */
const UPS_NO_SECRET = { shipperNumber: 'S1', clientId: 'cid', environment: 'sandbox', labelFormat: 'PDF' };

describe('operators API', () => {
  let k: OperatorsKit;

  beforeAll(async () => {
    k = await startOperatorsKit();
  });
  afterAll(async () => {
    await k.close();
  });

  it('documents the operator calls in OpenAPI, with bodies from the shared schemas', async () => {
    const res = await k.t.http().get('/api/docs-json');
    const paths = res.body.paths as Record<string, Record<string, { requestBody?: unknown }>>;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/operator/getConfig/model',
        '/api/operator/get/list',
        '/api/operator/create',
        '/api/operator/{id}',
        '/api/operator/additionalService',
      ]),
    );
    expect(JSON.stringify(paths['/api/operator/create'].post.requestBody)).toContain('exchangeRateEUR');
  });

  describe('GET /api/operator/getConfig/model', () => {
    it('gives every type its model; ?type= gives one', async () => {
      const all = await k.t.http().get('/api/operator/getConfig/model').set(k.bearer('operator'));
      expect(all.status).toBe(200);
      expect(all.body.map((m: { type: string }) => m.type)).toEqual([...OPERATOR_TYPES]);
      const ups = await k.t.http().get('/api/operator/getConfig/model?type=UPS').set(k.bearer('admin'));
      expect(ups.body).toEqual([OPERATOR_CONFIG_MODELS.UPS]);
      expect(ups.body[0]).toMatchObject({
        needsExchangeRate: true,
        importanceOfTheConfigFields: ['shipperNumber', 'clientId', 'clientSecret'],
      });
    });

    it('refuses an unknown type, and roles without operators.read', async () => {
      const bad = await k.t.http().get('/api/operator/getConfig/model?type=ACME').set(k.bearer('admin'));
      expectValidation(bad, v.operatorTypeInvalid, 'type');
      for (const role of ['salesman', 'magazyn', 'user'] as Role[]) {
        const res = await k.t.http().get('/api/operator/getConfig/model').set(k.bearer(role));
        expectError(res, 403, 'Forbidden', MESSAGES.forbidden);
      }
    });
  });

  describe('POST /api/operator/create', () => {
    it('an admin creates an operator with every field; values are normalised and the log holds it', async () => {
      const address = {
        name: 'Hub Poznań',
        street: 'Polna',
        building: '1',
        city: 'Poznań',
        zipCode: '60-001',
        country: 'pl',
      };
      const body = upsBody({
        description: ' Main UPS account ',
        active: false,
        maxWeightKg: '70,5',
        pickupAddress: address,
        returnAddress: { ...address, name: 'Returns' },
        domesticAddress: null,
        packageSettings: { lengthCm: '40', widthCm: 30, heightCm: 20, weightKg: '1,5' },
        config: {
          shipperNumber: ' A1B2C3 ',
          clientId: 'cid',
          clientSecret: 'topsecret-4321',
          environment: 'sandbox',
          labelFormat: 'PDF',
          saturdayDelivery: true,
        },
      });
      const res = await k.create('admin', body);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(String),
        operatorName: body.operatorName,
        operatorType: 'UPS',
        description: 'Main UPS account',
        active: false,
        exchangeRateEUR: '4.312500',
        maxWeightKg: '70.500',
        pickupAddress: { ...address, country: 'PL', phone: null, email: null },
        returnAddress: { ...address, name: 'Returns', country: 'PL', phone: null, email: null },
        domesticAddress: null,
        packageSettings: { lengthCm: 40, widthCm: 30, heightCm: 20, weightKg: '1.500' },
        config: {
          shipperNumber: 'A1B2C3',
          clientId: 'cid',
          environment: 'sandbox',
          labelFormat: 'PDF',
          saturdayDelivery: true,
        },
        secrets: { clientSecret: { set: true, masked: '••••4321' } },
        routingConditions: 0,
        routingMatrices: 0,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      const audit = await k.lastAudit('operator.create', res.body.id);
      expect(audit).toMatchObject({ created_by_id: k.ids.admin, before: null, details: null });
      // The log hides anything named like a secret, even masked (administration/logs).
      expect(audit.after).toEqual({ ...res.body, secrets: HIDDEN_SECRET });
      expect((await k.getOne('operator', res.body.id)).body).toEqual(res.body);
    });

    it('a superAdmin creates a DPD operator with the required fields only', async () => {
      const res = await k.create('superAdmin', dpdBody());
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        active: true,
        description: null,
        exchangeRateEUR: null,
        maxWeightKg: null,
        pickupAddress: null,
        packageSettings: null,
        config: {
          login: 'depot-dpd',
          masterFid: 1495,
          fid: 1496,
          environment: 'sandbox',
          labelFormat: 'PDF',
          pudoDelivery: false,
        },
        secrets: { password: { set: true, masked: '••••5678' } },
      });
    });

    it.each(['UPS', 'PACKETA', 'CARGUS'] as const)(
      'refuses a %s operator without the Euro exchange rate',
      async (type) => {
        const model = OPERATOR_CONFIG_MODELS[type];
        const config = Object.fromEntries(
          model.config.map((f) => [
            f.key,
            f.type === 'number' ? 7 : f.type === 'boolean' ? false : (f.options?.[0].value ?? 'x'),
          ]),
        );
        const body = { operatorName: `${type} ${tag()}`, operatorType: type, config };
        const res = await k.unchanged(() => k.create('admin', body));
        expectValidation(res, `Euro exchange rate is required for operator ${type}`, 'exchangeRateEUR');
        expect((await k.create('admin', { ...body, exchangeRateEUR: '0,25' })).status).toBe(201);
      },
    );

    it('keeps SPEC 5 wording for UPS exactly', async () => {
      const res = await k.unchanged(() => k.create('admin', upsBody({ exchangeRateEUR: '' })));
      expect(res.body.message).toBe('Euro exchange rate is required for operator UPS');
    });

    it.each([
      [{ operatorName: '  ' }, v.nameRequired, 'operatorName'],
      [{ operatorType: '' }, v.operatorTypeRequired, 'operatorType'],
      [{ operatorType: 'ACME' }, v.operatorTypeInvalid, 'operatorType'],
      [{ config: { ...DPD_CONFIG, login: '' } }, v.configRequired, 'config.login'],
      [{ config: { ...DPD_CONFIG, password: undefined } }, v.configRequired, 'config.password'],
      [{ config: { ...DPD_CONFIG, fid: 'abc' } }, v.atLeastOneDigit, 'config.fid'],
      [{ config: { ...DPD_CONFIG, environment: 'staging' } }, v.configOptionInvalid, 'config.environment'],
      [{ config: { ...DPD_CONFIG, apiToken: 'x' } }, v.configUnknownField, 'config.apiToken'],
      [{ exchangeRateEUR: '0' }, v.mustBePositive, 'exchangeRateEUR'],
      [{ exchangeRateEUR: 'abc' }, v.atLeastOneDigit, 'exchangeRateEUR'],
      [{ maxWeightKg: '-2' }, v.atLeastOneDigit, 'maxWeightKg'],
      [
        { pickupAddress: { name: 'X', street: 'S', building: '1', zipCode: '1', country: 'PL' } },
        v.cityRequired,
        'pickupAddress.city',
      ],
      [{ packageSettings: { weightKg: 'heavy' } }, v.atLeastOneDigit, 'packageSettings.weightKg'],
    ])('refuses %j: "%s" at %s, and writes nothing', async (over, message, path) => {
      expectValidation(await k.unchanged(() => k.create('admin', dpdBody(over))), message, path);
    });

    it('refuses an empty body with a message per missing field', async () => {
      const res = await k.unchanged(() => k.create('admin', {}));
      expectValidation(res, v.nameRequired, 'operatorName');
      expect(res.body.details).toEqual([
        { path: 'operatorName', message: v.nameRequired },
        { path: 'operatorType', message: v.operatorTypeRequired },
      ]);
    });

    it('refuses a name another operator holds, whatever the case and spaces (409), and never answers 500 to a race', async () => {
      const first = await k.created();
      const res = await k.unchanged(() =>
        k.create('admin', dpdBody({ operatorName: ` ${first.operatorName.toLowerCase()} ` })),
      );
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: MESSAGES.operatorNameTaken,
        details: [{ path: 'operatorName', message: MESSAGES.operatorNameTaken }],
      });
      const name = `Race ${tag()}`;
      const results = await Promise.all([
        k.create('admin', dpdBody({ operatorName: name })),
        k.create('admin', dpdBody({ operatorName: name.toUpperCase() })),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    });

    it.each(['salesman', 'operator', 'magazyn', 'user'] as Role[])(
      'refuses a %s (403) and writes nothing',
      async (role) => {
        expectError(await k.unchanged(() => k.create(role, dpdBody())), 403, 'Forbidden', MESSAGES.forbidden);
      },
    );

    it('refuses a call without a session (401)', async () => {
      const res = await k.unchanged(() => k.t.http().post('/api/operator/create').send(dpdBody()));
      expect(res.status).toBe(401);
    });
  });

  describe('GET and PUT /api/operator/{id}', () => {
    it.each(READERS)('a %s reads an operator', async (role) => {
      const op = await k.created();
      expect((await k.getOne(role, op.id)).body).toEqual(op);
    });

    it.each(ROLES.filter((r) => !READERS.includes(r)))(
      'a %s may not read an operator (403)',
      async (role) => {
        const op = await k.created();
        expectError(await k.getOne(role, op.id), 403, 'Forbidden', MESSAGES.forbidden);
      },
    );

    it('answers 404 for an unknown or malformed id', async () => {
      expectError(await k.getOne('admin', UNKNOWN_ID), 404, 'Not Found', MESSAGES.operatorNotFound);
      expectError(await k.getOne('admin', 'nope'), 404, 'Not Found', MESSAGES.operatorNotFound);
      expectError(
        await k.unchanged(() => k.put('admin', UNKNOWN_ID, dpdBody())),
        404,
        'Not Found',
        MESSAGES.operatorNotFound,
      );
    });

    it('saves the form, logs before and after, and refuses a save that changes nothing', async () => {
      const op = await k.created(dpdBody({ description: 'old' }));
      const { password: _p, ...config } = DPD_CONFIG;
      const body = {
        operatorName: op.operatorName,
        operatorType: 'DPD',
        description: 'new',
        config: { ...config, fid: 2000 },
      };
      const res = await k.put('admin', op.id, body);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        description: 'new',
        config: { fid: 2000 },
        secrets: { password: { set: true } },
      });
      const audit = await k.lastAudit('operator.update', op.id);
      expect(audit.before).toEqual({ ...op, secrets: HIDDEN_SECRET });
      expect(audit.after).toEqual({ ...res.body, secrets: HIDDEN_SECRET });
      expectError(
        await k.unchanged(() => k.put('admin', op.id, body)),
        400,
        'Bad Request',
        MESSAGES.noValueChanged,
      );
    });

    it('switches the type: the new model is checked, and the old type’s secrets go', async () => {
      const op = await k.created();
      const toUps = {
        operatorName: op.operatorName,
        operatorType: 'UPS',
        exchangeRateEUR: '4.2',
        config: { ...UPS_NO_SECRET },
      };
      expectValidation(
        await k.unchanged(() => k.put('admin', op.id, toUps)),
        v.configRequired,
        'config.clientSecret',
      );
      const res = await k.put('admin', op.id, {
        ...toUps,
        config: { ...UPS_NO_SECRET, clientSecret: 'abcd-9999' },
      });
      expect(res.status).toBe(200);
      expect(res.body.secrets).toEqual({ clientSecret: { set: true, masked: '••••9999' } });
    });

    it('refuses a name another operator holds', async () => {
      const [a, b] = [await k.created(), await k.created()];
      const res = await k.unchanged(() =>
        k.put('admin', b.id, { ...dpdBody(), operatorName: a.operatorName.toUpperCase() }),
      );
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(MESSAGES.operatorNameTaken);
    });

    it('deactivates an operator (no parcels exist yet, issue #5) and logs how many routing conditions will skip it', async () => {
      const op = await k.created();
      const [matrix] = await k.query<{ id: string }>(
        `insert into routing_matrices (name) values ($1) returning id`,
        [`M ${tag()}`],
      );
      await k.query(
        `insert into routing_conditions (matrix_id, position, pickup_country, destination_country, max_weight_kg, operator_id)
         values ($1, 0, 'PL', 'DE', 10, $2), ($1, 1, null, null, 30, $2)`,
        [matrix.id, op.id],
      );
      const viewed = (await k.getOne('admin', op.id)).body;
      expect(viewed).toMatchObject({ routingConditions: 2, routingMatrices: 1 });
      const { password: _p, ...config } = DPD_CONFIG;
      const res = await k.put('admin', op.id, {
        operatorName: op.operatorName,
        operatorType: 'DPD',
        active: false,
        config,
      });
      expect(res.status).toBe(200);
      expect(res.body.active).toBe(false);
      expect((await k.lastAudit('operator.update', op.id)).details).toEqual({ skippedByRouting: 2 });
    });

    it.each(['salesman', 'operator', 'magazyn', 'user'] as Role[])(
      'refuses a %s editing (403)',
      async (role) => {
        const op = await k.created();
        expectError(
          await k.unchanged(() => k.put(role, op.id, dpdBody())),
          403,
          'Forbidden',
          MESSAGES.forbidden,
        );
      },
    );
  });
});
