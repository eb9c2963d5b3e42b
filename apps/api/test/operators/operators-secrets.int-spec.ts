import { MESSAGES } from '@depot/contracts';
import { SecretBox } from '../../src/secrets/secret-box';
import { TEST_SECRETS_KEY } from '../harness';
import { expectValidation } from '../expectations';
import { DPD_CONFIG, dpdBody, startOperatorsKit, tag, type OperatorsKit } from './operators.kit';

/** Secret configuration fields: encrypted at rest, never sent back, masked in replies, hidden in the log. */

const box = SecretBox.fromKey(Buffer.from(TEST_SECRETS_KEY, 'base64'));
const INPOST_CONFIG = {
  organizationId: 4711,
  apiToken: 'inpost-token-abcdef-0042',
  webhookSecret: 'hook-secret-7777',
  defaultService: 'inpost_locker_standard',
  environment: 'production',
  labelFormat: 'PDF',
};
const { apiToken: _t, webhookSecret: _w, ...INPOST_PLAIN } = INPOST_CONFIG;
const inpostBody = (over: Record<string, unknown> = {}) => ({
  operatorName: `InPost ${tag()}`,
  operatorType: 'INPOST',
  config: INPOST_CONFIG,
  ...over,
});

describe('operator secrets', () => {
  let k: OperatorsKit;
  const row = async (id: string) =>
    (
      await k.query<{ config: unknown; secret_config: string | null }>(
        'select * from operators where id = $1',
        [id],
      )
    )[0];
  const auditText = async (id: string) =>
    (
      await k.query<{ t: string }>(
        `select coalesce(string_agg(a::text, '|'), '') as t from audit_log a where entity_id = $1`,
        [id],
      )
    )[0].t;

  beforeAll(async () => {
    k = await startOperatorsKit();
  });
  afterAll(async () => {
    await k.close();
  });

  it('are stored encrypted (not in the config column), never returned, and masked in replies', async () => {
    const res = await k.create('admin', inpostBody());
    expect(res.status).toBe(201);
    expect(res.body.secrets).toEqual({
      apiToken: { set: true, masked: '••••0042' },
      webhookSecret: { set: true, masked: '••••7777' },
    });
    expect(res.body.config).toEqual(INPOST_PLAIN);

    const stored = await row(res.body.id);
    expect(stored.config).toEqual(INPOST_PLAIN);
    expect(stored.secret_config).toMatch(/^v1:/);
    expect(stored.secret_config).not.toContain('inpost-token');
    expect(box.decryptJson(stored.secret_config!)).toEqual({
      apiToken: INPOST_CONFIG.apiToken,
      webhookSecret: INPOST_CONFIG.webhookSecret,
    });

    for (const reply of [
      res,
      await k.getOne('operator', res.body.id),
      await k.list('admin', { filters: { search: res.body.operatorName } }),
    ]) {
      const text = JSON.stringify(reply.body);
      expect(text).not.toContain(INPOST_CONFIG.apiToken);
      expect(text).not.toContain(INPOST_CONFIG.webhookSecret);
      expect(text).not.toContain(stored.secret_config!);
    }
    const log = await auditText(res.body.id);
    expect(log).toContain('operator.create');
    expect(log).not.toContain(INPOST_CONFIG.apiToken);
    expect(log).not.toContain('••••0042');
    expect(log).not.toContain(stored.secret_config!);
  });

  it('a save without the secrets keeps them (the stored value is not even re-encrypted)', async () => {
    const op = (await k.create('admin', inpostBody())).body;
    const before = await row(op.id);
    const res = await k.put('admin', op.id, {
      operatorName: op.operatorName,
      operatorType: 'INPOST',
      description: 'changed',
      config: INPOST_PLAIN,
    });
    expect(res.status).toBe(200);
    expect(res.body.secrets).toEqual(op.secrets);
    expect((await row(op.id)).secret_config).toBe(before.secret_config);
  });

  it('a blank secret in the form also keeps it', async () => {
    const op = (await k.create('admin', dpdBody())).body;
    const before = await row(op.id);
    const res = await k.put('admin', op.id, {
      operatorName: op.operatorName,
      operatorType: 'DPD',
      description: 'x',
      config: { ...DPD_CONFIG, password: '' },
    });
    expect(res.status).toBe(200);
    expect((await row(op.id)).secret_config).toBe(before.secret_config);
  });

  it('a new secret replaces the stored one; the log says a secret changed but not what it is', async () => {
    const op = (await k.create('admin', inpostBody())).body;
    const res = await k.put('admin', op.id, {
      operatorName: op.operatorName,
      operatorType: 'INPOST',
      config: { ...INPOST_PLAIN, apiToken: 'brand-new-token-9191' },
    });
    expect(res.status).toBe(200);
    expect(res.body.secrets.apiToken).toEqual({ set: true, masked: '••••9191' });
    expect(box.decryptJson((await row(op.id)).secret_config!)).toEqual({
      apiToken: 'brand-new-token-9191',
      webhookSecret: INPOST_CONFIG.webhookSecret,
    });
    expect((await k.lastAudit('operator.update', op.id)).details).toEqual({ apiTokenChanged: true });
    const log = await auditText(op.id);
    expect(log).toContain('operator.update');
    expect(log).not.toContain('brand-new-token');
    expect(log).not.toContain('••••9191');
  });

  it('a secret changed to the same value is no change', async () => {
    const op = (await k.create('admin', inpostBody())).body;
    const res = await k.unchanged(() =>
      k.put('admin', op.id, {
        operatorName: op.operatorName,
        operatorType: 'INPOST',
        config: { ...INPOST_PLAIN, apiToken: INPOST_CONFIG.apiToken },
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.noValueChanged);
  });

  it('clearing is explicit (null): allowed for an optional secret, refused for a required one', async () => {
    const op = (await k.create('admin', inpostBody())).body;
    const refused = await k.unchanged(() =>
      k.put('admin', op.id, {
        operatorName: op.operatorName,
        operatorType: 'INPOST',
        config: { ...INPOST_PLAIN, apiToken: null },
      }),
    );
    expectValidation(refused, MESSAGES.validation.configRequired, 'config.apiToken');
    const res = await k.put('admin', op.id, {
      operatorName: op.operatorName,
      operatorType: 'INPOST',
      config: { ...INPOST_PLAIN, webhookSecret: null },
    });
    expect(res.status).toBe(200);
    expect(res.body.secrets).toEqual({
      apiToken: { set: true, masked: '••••0042' },
      webhookSecret: { set: false, masked: null },
    });
    expect(box.decryptJson((await row(op.id)).secret_config!)).toEqual({ apiToken: INPOST_CONFIG.apiToken });
    expect((await k.lastAudit('operator.update', op.id)).details).toEqual({ webhookSecretChanged: true });
  });

  it('an operator created without its optional secret stores only the required one', async () => {
    const { webhookSecret: _x, ...config } = INPOST_CONFIG;
    const res = await k.create('admin', inpostBody({ config }));
    expect(res.body.secrets.webhookSecret).toEqual({ set: false, masked: null });
    expect(box.decryptJson((await row(res.body.id)).secret_config!)).toEqual({
      apiToken: INPOST_CONFIG.apiToken,
    });
  });
});
