import { catalogueText, MESSAGES, type Principal, type Role } from '@depot/contracts';
import { ExportRegistry, type ExportCell, type ExportSource } from '../../src/modules/exports/export-source';
import { expectError, expectValidation } from '../expectations';
import { UNKNOWN_ID, dpdBody, startOperatorsKit, tag, upsBody, type OperatorsKit } from './operators.kit';

/** Additional services of an operator, and the operators export source. */

const v = MESSAGES.validation;
const REFUSED: Role[] = ['salesman', 'operator', 'magazyn', 'user'];

describe('operator additional services', () => {
  let k: OperatorsKit;
  const add = (role: Role, body: Record<string, unknown>) =>
    k.t.http().post('/api/operator/additionalService').set(k.bearer(role)).send(body);
  const change = (role: Role, id: string, body: Record<string, unknown>) =>
    k.t.http().put(`/api/operator/additionalService/${id}`).set(k.bearer(role)).send(body);
  const remove = (role: Role, id: string) =>
    k.t.http().delete(`/api/operator/additionalService/${id}`).set(k.bearer(role));
  const listOf = (role: Role, operatorId: string) =>
    k.t.http().get(`/api/operator/${operatorId}/additionalServices`).set(k.bearer(role));

  beforeAll(async () => {
    k = await startOperatorsKit();
  });
  afterAll(async () => {
    await k.close();
  });

  it('an admin adds services; they are listed by name and logged under the operator', async () => {
    const op = await k.created();
    const res = await add('admin', { operatorId: op.id, name: ' Cash on delivery ', code: 'COD' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      operatorId: op.id,
      name: 'Cash on delivery',
      code: 'COD',
      active: true,
      createdAt: expect.any(String),
    });
    const audit = await k.lastAudit('operator.additionalService.create', op.id);
    expect(audit).toMatchObject({ created_by_id: k.ids.admin, before: null, after: res.body });
    await add('superAdmin', { operatorId: op.id, name: 'Append insurance', code: 'INS', active: false });
    const listed = await listOf('operator', op.id);
    expect(listed.status).toBe(200);
    expect(listed.body.map((s: { code: string }) => s.code)).toEqual(['INS', 'COD']);
  });

  it('refuses a code the operator already has, whatever the case (409), but another operator may use it', async () => {
    const [a, b] = [await k.created(), await k.created()];
    expect((await add('admin', { operatorId: a.id, name: 'Saturday', code: 'SAT' })).status).toBe(201);
    const dup = await k.unchanged(() => add('admin', { operatorId: a.id, name: 'Saturday 2', code: 'sat' }));
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: MESSAGES.additionalServiceCodeTaken,
      details: [{ path: 'code', message: MESSAGES.additionalServiceCodeTaken }],
    });
    expect((await add('admin', { operatorId: b.id, name: 'Saturday', code: 'SAT' })).status).toBe(201);
    const race = await Promise.all([
      add('admin', { operatorId: b.id, name: 'X', code: 'RACE' }),
      add('admin', { operatorId: b.id, name: 'Y', code: 'race' }),
    ]);
    expect(race.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it.each([
    [{ name: 'COD' }, v.codeRequired, 'code'],
    [{ code: 'COD' }, v.nameRequired, 'name'],
    [{ name: 'COD', code: 'C O D' }, v.codeInvalid, 'code'],
  ])('refuses %j: "%s"', async (over, message, path) => {
    const op = await k.created();
    const res = await k.unchanged(() => add('admin', { operatorId: op.id, ...over }));
    expectValidation(res, message, path);
  });

  it('refuses an unknown or malformed operator id', async () => {
    expectError(
      await k.unchanged(() => add('admin', { operatorId: UNKNOWN_ID, name: 'COD', code: 'COD' })),
      404,
      'Not Found',
      MESSAGES.operatorNotFound,
    );
    expectValidation(
      await k.unchanged(() => add('admin', { operatorId: 'x', name: 'COD', code: 'COD' })),
      MESSAGES.operatorNotFound,
      'operatorId',
    );
    expectError(await listOf('admin', UNKNOWN_ID), 404, 'Not Found', MESSAGES.operatorNotFound);
  });

  it('switches a service off and renames it; a change of nothing is refused', async () => {
    const op = await k.created();
    const svc = (await add('admin', { operatorId: op.id, name: 'COD', code: 'COD' })).body;
    const off = await change('admin', svc.id, { active: false });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ ...svc, active: false });
    const renamed = await change('admin', svc.id, { name: 'Cash on delivery' });
    expect(renamed.body.name).toBe('Cash on delivery');
    const audit = await k.lastAudit('operator.additionalService.update', op.id);
    expect(audit).toMatchObject({ before: { ...svc, active: false }, after: renamed.body });
    expectError(
      await k.unchanged(() => change('admin', svc.id, { active: false })),
      400,
      'Bad Request',
      MESSAGES.noValueChanged,
    );
    expectValidation(await k.unchanged(() => change('admin', svc.id, { name: ' ' })), v.nameRequired, 'name');
    expectError(
      await change('admin', UNKNOWN_ID, { active: true }),
      404,
      'Not Found',
      MESSAGES.additionalServiceNotFound,
    );
  });

  it('removes a service (204, logged); removing it again is 404', async () => {
    const op = await k.created();
    const svc = (await add('admin', { operatorId: op.id, name: 'COD', code: 'COD' })).body;
    const res = await remove('admin', svc.id);
    expect(res.status).toBe(204);
    expect((await listOf('admin', op.id)).body).toEqual([]);
    expect((await k.lastAudit('operator.additionalService.delete', op.id)).before).toEqual(svc);
    expectError(await remove('admin', svc.id), 404, 'Not Found', MESSAGES.additionalServiceNotFound);
  });

  it.each(REFUSED)('refuses a %s adding, changing or removing (403), and writes nothing', async (role) => {
    const op = await k.created();
    const svc = (await add('admin', { operatorId: op.id, name: 'COD', code: 'COD' })).body;
    for (const call of [
      () => add(role, { operatorId: op.id, name: 'X', code: 'X' }),
      () => change(role, svc.id, { active: false }),
      () => remove(role, svc.id),
    ]) {
      expectError(await k.unchanged(call), 403, 'Forbidden', MESSAGES.forbidden);
    }
    const listed = await listOf(role, op.id);
    // The operator role reads operators (and their services) without changing them.
    expect(listed.status).toBe(role === 'operator' ? 200 : 403);
  });
});

describe('operators export source', () => {
  let k: OperatorsKit;
  let source: ExportSource;
  let admin: Principal;

  const collect = async (sel: Parameters<ExportSource['rows']>[0]) => {
    const out: Record<string, ExportCell>[] = [];
    for await (const batch of source.rows(sel, admin)) out.push(...batch);
    return out;
  };

  beforeAll(async () => {
    k = await startOperatorsKit();
    source = k.t.depot.app.get(ExportRegistry).get('operators')!;
    admin = {
      kind: 'session',
      userId: k.ids.admin,
      role: 'admin',
      clientId: null,
      sessionId: 's',
      expiresAt: '2099-01-01T00:00:00.000Z',
    };
  });
  afterAll(async () => {
    await k.close();
  });

  it('is registered for entity operators with operators.read and the agreed columns', () => {
    expect(source).toBeDefined();
    expect(source.permission).toBe('operators.read');
    expect(source.columns.map((c) => c.key)).toEqual([
      'operatorName',
      'operatorType',
      'active',
      'exchangeRateEUR',
      'description',
      'createdAt',
    ]);
    for (const c of source.columns) expect(catalogueText('pl', c.header)).not.toBe('');
  });

  it('honours select-all with exceptions and the list filters, in list order; or picked ids', async () => {
    const mark = tag();
    const a = await k.created(dpdBody({ operatorName: `Exp ${mark} A`, description: 'first' }));
    const b = await k.created(upsBody({ operatorName: `Exp ${mark} B` }));
    const c = await k.created(dpdBody({ operatorName: `Exp ${mark} C`, active: false }));
    await k.created(dpdBody({ operatorName: `Other ${mark}` }));
    const all = {
      selectedAll: true,
      ids: [],
      exceptId: [b.id],
      filters: { search: `Exp ${mark}` },
      orderBy: undefined,
    };
    expect(await source.count(all, admin)).toBe(2);
    const rows = await collect(all);
    expect(rows).toEqual([
      {
        operatorName: a.operatorName,
        operatorType: 'DPD',
        active: true,
        exchangeRateEUR: null,
        description: 'first',
        createdAt: new Date(a.createdAt),
      },
      {
        operatorName: c.operatorName,
        operatorType: 'DPD',
        active: false,
        exchangeRateEUR: null,
        description: null,
        createdAt: new Date(c.createdAt),
      },
    ]);
    const desc = { ...all, exceptId: [], orderBy: { field: 'operatorName', direction: 'desc' } };
    expect((await collect(desc)).map((r) => r.operatorName)).toEqual([c, b, a].map((o) => o.operatorName));
    expect(
      (await collect({ ...all, exceptId: [], filters: { search: `Exp ${mark}`, type: 'UPS' } }))[0],
    ).toMatchObject({
      operatorName: b.operatorName,
      exchangeRateEUR: 4.3125,
    });
    const picked = { selectedAll: false, ids: [c.id, a.id], exceptId: [], filters: {}, orderBy: undefined };
    expect(await source.count(picked, admin)).toBe(2);
    expect((await collect(picked)).map((r) => r.operatorName)).toEqual([a.operatorName, c.operatorName]);
    expect(await source.count({ ...picked, ids: [] }, admin)).toBe(0);
  });

  it('refuses filters the operators list does not take', async () => {
    const bad = { selectedAll: true, ids: [], exceptId: [], filters: { type: 'ACME' }, orderBy: undefined };
    await expect(source.count(bad, admin)).rejects.toMatchObject({
      response: { statusCode: 400, message: MESSAGES.exportFiltersInvalid },
    });
  });

  it('is reachable through the mass export call of the operators list', async () => {
    const op = await k.created();
    const res = await k.t
      .http()
      .post('/api/operator/mass/action')
      .set(k.bearer('operator'))
      .send({ actionName: 'selectedOperatorsExportToXls', selectedAll: false, ids: [op.id] });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const refused = await k.t
      .http()
      .post('/api/operator/mass/action')
      .set(k.bearer('salesman'))
      .send({ actionName: 'selectedOperatorsExportToXls', selectedAll: false, ids: [op.id] });
    expect(refused.status).toBe(403);
  });
});
