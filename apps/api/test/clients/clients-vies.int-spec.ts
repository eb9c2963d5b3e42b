import type { Response } from 'supertest';
import { MESSAGES, type ClientSaveReply, type VatCheckReport } from '@depot/contracts';
import { startFakeVies, type FakeVies } from '../fakes/fake-vies';
import { ADMIN, startTestDepot, type TestDepot } from '../harness';
import { expectValidation } from '../expectations';
import { dbProbe } from '../role-kit';

/**
 * The VIES check of client VAT IDs (decision 0021) on POST /client/create and PUT /client/{id}, against a local
 * fake VIES speaking the REST API's shape: valid, invalid, outage (500, member state unavailable), hang (timeout),
 * non-EU numbers, and the strict check.
 */

const TIMEOUT_MS = 400;

let seq = 0;
const tag = () =>
  `${process.pid.toString(36)}${Date.now().toString(36)}${(seq++).toString(36)}`.toUpperCase();
const validClient = (over: Record<string, unknown> = {}) => {
  const id = tag();
  return {
    companyName: `Vies ${id} Sp. z o.o.`,
    shortName: `VI-${id}`,
    vatId: 'PL5260001246',
    phone: '+48 22 100 20 30',
    country: 'PL',
    city: 'Warszawa',
    street: 'Długa',
    zipCode: '00-001',
    building: '5',
    currency: 'PLN',
    uniquePrefix: `V${id}`,
    debtBlockDays: 14,
    viesCheck: true,
    ...over,
  };
};

const UNAVAILABLE_WARNING = {
  code: 'vatCheckUnavailable',
  path: 'vatId',
  message: MESSAGES.vatCheckUnavailable,
};
const NOT_EU_WARNING = { code: 'vatCheckNotEu', path: 'vatId', message: MESSAGES.vatCheckNotEu };

describe('clients: VIES check of the VAT ID', () => {
  let t: TestDepot;
  let vies: FakeVies;
  let token: string;
  const admin = () => ({ Authorization: `Bearer ${token}` });
  const create = (body: Record<string, unknown>) =>
    t.http().post('/api/client/create').set(admin()).send(body);
  const put = (id: string, body: Record<string, unknown>) =>
    t.http().put(`/api/client/${id}`).set(admin()).send(body);
  /** Every client row and the size of the log: what a refused call must leave alone. */
  const { query, unchanged } = dbProbe(() => t, ['clients']);
  const lastAuditDetails = async (type: string, entityId: string) =>
    (
      await query<{ details: { vatCheck?: VatCheckReport } | null }>(
        'select details from audit_log where type = $1 and entity_id = $2 order by id desc limit 1',
        [type, entityId],
      )
    )[0].details;
  /** A client saved without the check (viesCheck off), to edit. */
  const plainClient = async (over: Record<string, unknown> = {}) => {
    const res = await create(validClient({ viesCheck: false, ...over }));
    expect(res.status).toBe(201);
    return res.body as ClientSaveReply;
  };
  const expectUnavailable503 = (res: Response) => {
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: MESSAGES.vatCheckUnavailable,
      details: [{ path: 'vatId', message: MESSAGES.vatCheckUnavailable }],
    });
  };

  beforeAll(async () => {
    vies = await startFakeVies();
    t = await startTestDepot({ VIES_URL: vies.url, VIES_TIMEOUT_MS: String(TIMEOUT_MS) });
    token = await t.sessionFor(ADMIN.email);
    vies.register('PL', '5260001246', {
      name: 'ACME SPÓŁKA Z O.O.',
      address: 'UL. DŁUGA 5\n00-001 WARSZAWA',
    });
    vies.register('DE', '136695976');
    vies.register('EL', '094259216', { name: 'ELLINIKI AE', address: 'ATHINA' });
  });
  beforeEach(() => {
    vies.mode = 'answer';
    vies.requests.length = 0;
  });
  afterAll(async () => {
    await t?.close();
    await vies?.close();
  });

  describe('POST /api/client/create', () => {
    it('a valid number is saved; the reply and the log carry what VIES said', async () => {
      const res = await create(validClient({ vatId: 'pl 526-000-12-46' }));
      expect(res.status).toBe(201);
      expect(vies.requests).toEqual([{ countryCode: 'PL', vatNumber: '5260001246' }]);
      const body = res.body as ClientSaveReply;
      expect(body.warnings).toBeUndefined();
      expect(body.vatCheck).toEqual({
        vatId: 'pl 526-000-12-46',
        outcome: 'valid',
        countryCode: 'PL',
        vatNumber: '5260001246',
        name: 'ACME SPÓŁKA Z O.O.',
        address: 'UL. DŁUGA 5\n00-001 WARSZAWA',
        requestDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}/),
        requestIdentifier: expect.stringMatching(/^WAPIFAKE\d+$/),
        reason: null,
      });
      expect(await lastAuditDetails('client.create', body.id)).toEqual({ vatCheck: body.vatCheck });
      const stored = (await t.http().get(`/api/client/${body.id}`).set(admin())).body;
      expect(stored).not.toHaveProperty('vatCheck');
      expect(stored.vatId).toBe('pl 526-000-12-46');
    });

    it('an invalid number is refused on the vatId field and nothing is saved', async () => {
      const res = await unchanged(() => create(validClient({ vatId: 'PL1234563218' })));
      expectValidation(res, MESSAGES.vatIdInvalid, 'vatId');
      expect(vies.requests).toEqual([{ countryCode: 'PL', vatNumber: '1234563218' }]);
    });

    it('something that cannot be a VAT number is refused without asking VIES', async () => {
      expectValidation(
        await unchanged(() => create(validClient({ vatId: 'PL1' }))),
        MESSAGES.vatIdInvalid,
        'vatId',
      );
      expectValidation(
        await unchanged(() => create(validClient({ vatId: 'PL 52#6' }))),
        MESSAGES.vatIdInvalid,
        'vatId',
      );
      expect(vies.requests).toEqual([]);
    });

    it('VIES is not asked when viesCheck is off, whatever the number', async () => {
      const res = await create(validClient({ viesCheck: false, vatId: 'PL1234563218' }));
      expect(res.status).toBe(201);
      expect(res.body).not.toHaveProperty('vatCheck');
      expect(res.body).not.toHaveProperty('warnings');
      expect(vies.requests).toEqual([]);
      expect(await lastAuditDetails('client.create', res.body.id)).toBeNull();
    });

    it.each<[FakeVies['mode'], string]>([
      ['error500', 'SERVICE_UNAVAILABLE'],
      ['msUnavailable', 'MS_UNAVAILABLE'],
      ['hang', 'TIMEOUT'],
    ])('VIES %s: saved with the "unreachable" warning, the log records why (%s)', async (mode, reason) => {
      vies.mode = mode;
      const res = await create(validClient());
      expect(res.status).toBe(201);
      const body = res.body as ClientSaveReply;
      expect(body.warnings).toEqual([UNAVAILABLE_WARNING]);
      expect(body.vatCheck).toMatchObject({ outcome: 'unavailable', reason, countryCode: 'PL' });
      expect(await lastAuditDetails('client.create', body.id)).toEqual({ vatCheck: body.vatCheck });
    });

    it('a VIES that never answers is given up after VIES_TIMEOUT_MS, not waited for', async () => {
      vies.mode = 'hang';
      const started = Date.now();
      const res = await create(validClient());
      const took = Date.now() - started;
      expect(res.status).toBe(201);
      expect(took).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
      expect(took).toBeLessThan(TIMEOUT_MS + 4000);
      expect(vies.requests).toHaveLength(1);
    });

    it.each<FakeVies['mode']>(['error500', 'msUnavailable', 'hang'])(
      'VIES %s with strictVatCheck: refused with 503 and nothing is saved',
      async (mode) => {
        vies.mode = mode;
        expectUnavailable503(await unchanged(() => create(validClient({ strictVatCheck: true }))));
        expect(vies.requests).toHaveLength(1);
      },
    );

    it('strictVatCheck with VIES answering saves as usual (it is not stored)', async () => {
      const res = await create(validClient({ strictVatCheck: true }));
      expect(res.status).toBe(201);
      expect(res.body.vatCheck.outcome).toBe('valid');
      expect((await t.http().get(`/api/client/${res.body.id}`).set(admin())).body).not.toHaveProperty(
        'strictVatCheck',
      );
    });

    it.each([
      ['GB123456789', 'GB'],
      ['RU7707083893', 'RU'],
      ['123456789', 'GB'],
    ])(
      '%s (client in %s) is not an EU number: saved unchecked with a warning, even when strict',
      async (vatId, country) => {
        for (const strictVatCheck of [false, true]) {
          const res = await create(validClient({ vatId, country, strictVatCheck }));
          expect(res.status).toBe(201);
          expect(res.body.warnings).toEqual([NOT_EU_WARNING]);
          expect(res.body.vatCheck).toMatchObject({ outcome: 'notEu', countryCode: null, vatNumber: null });
        }
        expect(vies.requests).toEqual([]);
      },
    );

    it('asks with the client country when the number has no prefix, and as EL for Greece', async () => {
      expect((await create(validClient({ vatId: '136695976', country: 'DE' }))).status).toBe(201);
      expect((await create(validClient({ vatId: 'GR094259216', country: 'GR' }))).status).toBe(201);
      expect(vies.requests).toEqual([
        { countryCode: 'DE', vatNumber: '136695976' },
        { countryCode: 'EL', vatNumber: '094259216' },
      ]);
    });

    it('refuses a strictVatCheck that is not a boolean', async () => {
      const res = await unchanged(() => create(validClient({ strictVatCheck: 'yes' })));
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('ValidationError');
      expect(res.body.details[0].path).toBe('strictVatCheck');
      expect(vies.requests).toEqual([]);
    });
  });

  describe('PUT /api/client/:id', () => {
    it('a changed VAT ID under viesCheck is checked; other edits are not', async () => {
      const c = await create(validClient({ vatId: 'DE136695976', country: 'DE' }));
      expect(c.status).toBe(201);
      vies.requests.length = 0;

      const city = await put(c.body.id, { city: 'Berlin' });
      expect(city.status).toBe(200);
      expect(city.body).not.toHaveProperty('vatCheck');
      expect(vies.requests).toEqual([]);
      expect(await lastAuditDetails('client.update', c.body.id)).toBeNull();

      const changed = await put(c.body.id, { vatId: 'PL5260001246', country: 'PL' });
      expect(changed.status).toBe(200);
      expect(changed.body.vatCheck).toMatchObject({ outcome: 'valid', vatNumber: '5260001246' });
      expect(vies.requests).toEqual([{ countryCode: 'PL', vatNumber: '5260001246' }]);
      expect(await lastAuditDetails('client.update', c.body.id)).toEqual({ vatCheck: changed.body.vatCheck });
    });

    it('turning viesCheck on checks the VAT ID the client already has', async () => {
      const c = await plainClient({ vatId: 'PL1234563218' });
      expectValidation(await unchanged(() => put(c.id, { viesCheck: true })), MESSAGES.vatIdInvalid, 'vatId');
      const fixed = await put(c.id, { viesCheck: true, vatId: 'PL5260001246' });
      expect(fixed.status).toBe(200);
      expect(fixed.body).toMatchObject({ viesCheck: true, vatId: 'PL5260001246' });
      expect(vies.requests).toHaveLength(2);
    });

    it('an invalid new VAT ID is refused and the client stays as it was', async () => {
      const c = await create(validClient());
      expectValidation(
        await unchanged(() => put(c.body.id, { vatId: 'PL1234563218' })),
        MESSAGES.vatIdInvalid,
        'vatId',
      );
    });

    it('an outage saves with the warning, or refuses with 503 when strict', async () => {
      const c = await create(validClient());
      vies.mode = 'hang';
      expectUnavailable503(
        await unchanged(() => put(c.body.id, { vatId: 'PL1234563218', strictVatCheck: true })),
      );
      vies.mode = 'error500';
      const saved = await put(c.body.id, { vatId: 'PL1234563218' });
      expect(saved.status).toBe(200);
      expect(saved.body.vatId).toBe('PL1234563218');
      expect(saved.body.warnings).toEqual([UNAVAILABLE_WARNING]);
      expect(await lastAuditDetails('client.update', c.body.id)).toEqual({ vatCheck: saved.body.vatCheck });
    });

    it('with viesCheck turned off in the same save, the new VAT ID is not checked', async () => {
      const c = await create(validClient());
      vies.requests.length = 0;
      const res = await put(c.body.id, { viesCheck: false, vatId: 'PL1234563218' });
      expect(res.status).toBe(200);
      expect(vies.requests).toEqual([]);
    });
  });
});
