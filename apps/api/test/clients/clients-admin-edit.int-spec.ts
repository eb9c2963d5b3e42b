import { MESSAGES, type ClientSaveReply, type Role } from '@depot/contracts';
import { expectError, expectValidation } from '../expectations';
import { CLIENT_VIEW_KEYS, clientsKit, tag, UNKNOWN_ID } from './clients.kit';

/** administration/clients, one client: GET /api/client/:id and PUT /api/client/:id (edits, conflicts, master links). */

const v = MESSAGES.validation;

describe('clients administration API', () => {
  const k = clientsKit();
  const { ids, put, getOne, created, unchanged, lastAudit } = k;

  describe('GET /api/client/:id', () => {
    it.each(['superAdmin', 'admin', 'salesman'] as Role[])(
      'answers a %s with the whole client',
      async (role) => {
        const c = await created({ note: 'Internal note' });
        const res = await getOne(role, c.id);
        expect(res.status).toBe(200);
        expect(res.body).toEqual(c);
      },
    );

    it.each(['operator', 'magazyn', 'user'] as Role[])('refuses a %s', async (role) => {
      const c = await created();
      expectError(await getOne(role, c.id), 403, 'Forbidden', MESSAGES.forbidden);
    });

    it('answers 404 for an unknown id and for an id that is not a UUID', async () => {
      expectError(await getOne('admin', UNKNOWN_ID), 404, 'Not Found', MESSAGES.clientNotFound);
      expectError(await getOne('admin', 'abc'), 404, 'Not Found', MESSAGES.clientNotFound);
    });

    it('refuses a call without a session', async () => {
      expect((await k.t.http().get(`/api/client/${UNKNOWN_ID}`)).status).toBe(401);
    });
  });

  describe('PUT /api/client/:id', () => {
    it('an admin edits fields; the log holds before and after', async () => {
      const c = await created();
      const res = await put('admin', c.id, {
        companyName: 'Renamed Sp. z o.o.',
        city: 'Kraków',
        debtBlockDays: 0,
        viesCheck: true,
        note: 'Changed',
        parcelSettings: { weightKg: '2' },
      });
      expect(res.status).toBe(200);
      // Turning viesCheck on checks the VAT ID; this depot has no VIES_URL: saved, with a warning.
      const { vatCheck, warnings, ...view } = res.body as ClientSaveReply;
      expect(warnings).toHaveLength(1);
      expect(Object.keys(view).sort()).toEqual(CLIENT_VIEW_KEYS);
      expect(view).toMatchObject({
        id: c.id,
        companyName: 'Renamed Sp. z o.o.',
        city: 'Kraków',
        debtBlockDays: 0,
        viesCheck: true,
        note: 'Changed',
        shortName: c.shortName,
        parcelSettings: { weightKg: '2.000', content: null, value: null },
      });
      expect(new Date(res.body.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(c.updatedAt).getTime());
      const audit = await lastAudit('client.update', c.id);
      expect(audit).toMatchObject({ entity: 'client', created_by_id: ids.admin, details: { vatCheck } });
      expect(audit.before).toEqual(c);
      expect(audit.after).toEqual(view);
    });

    it('clears optional fields with null or blank text', async () => {
      const c = await created({ note: 'Something', clientName: 'Jan' });
      const res = await put('admin', c.id, { note: null, clientName: '  ' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ note: null, clientName: null });
    });

    it('answers "No value has changed" when nothing differs, including after normalisation', async () => {
      const c = await created({ note: 'Same' });
      for (const body of [
        {},
        { companyName: c.companyName, note: 'Same' },
        { country: 'pl', currency: 'pln', debtBlockDays: '14' },
        { shortName: c.shortName, active: true, confirmLinked: true },
      ]) {
        const res = await unchanged(() => put('admin', c.id, body));
        expectError(res, 400, 'Bad Request', MESSAGES.noValueChanged);
      }
    });

    it.each([
      ['shortName', '', v.shortNameRequired],
      ['companyName', ' ', v.nameRequired],
      ['vatId', '', v.vatIdRequired],
      ['uniquePrefix', '', v.prefixRequired],
      ['debtBlockDays', 'x', v.atLeastOneDigit],
      ['debtBlockDays', null, v.debtBlockDaysRequired],
      ['country', 'Polska', v.countryInvalid],
    ])('refuses %s = %j: "%s"', async (field, value, message) => {
      const c = await created();
      expectValidation(await unchanged(() => put('admin', c.id, { [field]: value })), message, field);
    });

    it('refuses unknown fields and bank details without the account number', async () => {
      const c = await created();
      const unknown = await unchanged(() => put('admin', c.id, { id: UNKNOWN_ID }));
      expect(unknown.body.error).toBe('ValidationError');
      expectValidation(
        await unchanged(() => put('admin', c.id, { bankName: 'PKO' })),
        v.bankAccountRequired,
        'iban',
      );
      const withIban = await put('admin', c.id, { bankName: 'PKO', iban: '61109010140000071219812874' });
      expect(withIban.status).toBe(200);
      expectValidation(
        await unchanged(() => put('admin', c.id, { iban: null })),
        v.bankAccountRequired,
        'iban',
      );
    });

    it('refuses a short name or prefix another client holds (409), but lets a client change the case of its own', async () => {
      const a = await created();
      const b = await created();
      const short = await unchanged(() => put('admin', b.id, { shortName: a.shortName!.toLowerCase() }));
      expect(short.status).toBe(409);
      expect(short.body.message).toBe(MESSAGES.clientShortNameTaken);
      const prefix = await unchanged(() =>
        put('admin', b.id, { uniquePrefix: a.uniquePrefix!.toLowerCase() }),
      );
      expect(prefix.status).toBe(409);
      expect(prefix.body.message).toBe(MESSAGES.clientPrefixTaken);
      const own = await put('admin', a.id, { shortName: a.shortName!.toLowerCase() });
      expect(own.status).toBe(200);
      expect(own.body.shortName).toBe(a.shortName!.toLowerCase());
    });

    it('two clients renamed to one short name at once: one succeeds, the other is a 409 (never a 500)', async () => {
      const a = await created();
      const b = await created();
      const shortName = `SAME-${tag()}`;
      const results = await Promise.all([
        put('admin', a.id, { shortName }),
        put('admin', b.id, { shortName: shortName.toLowerCase() }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.status === 409)!.body.message).toBe(MESSAGES.clientShortNameTaken);
    });

    it('refuses to link a client to a non-master or to itself, and a linked client cannot become a master', async () => {
      const plain = await created();
      const c = await created();
      for (const masterId of [plain.id, c.id, UNKNOWN_ID]) {
        expectValidation(
          await unchanged(() => put('admin', c.id, { masterId })),
          MESSAGES.masterAccountInvalid,
          'masterId',
        );
      }
      const selfMaster = await put('admin', c.id, { masterAccount: true });
      expect(selfMaster.status).toBe(200);
      expectValidation(
        await unchanged(() => put('admin', c.id, { masterId: c.id })),
        MESSAGES.masterCannotBeLinked,
        'masterId',
      );
      const linked = await created({ masterId: c.id });
      expectValidation(
        await unchanged(() => put('admin', linked.id, { masterAccount: true })),
        MESSAGES.masterCannotBeLinked,
        'masterId',
      );
      // Leaving the master and becoming one in the same save is fine.
      const promoted = await put('admin', linked.id, { masterAccount: true, masterId: null });
      expect(promoted.status).toBe(200);
      expect(promoted.body).toMatchObject({ masterAccount: true, masterId: null, masterName: null });
    });

    it.each(['salesman', 'operator', 'magazyn', 'user'] as Role[])(
      'refuses a %s and changes nothing',
      async (role) => {
        const c = await created();
        expectError(
          await unchanged(() => put(role, c.id, { note: 'nope', active: false })),
          403,
          'Forbidden',
          MESSAGES.forbidden,
        );
      },
    );

    it('answers 404 for an unknown client', async () => {
      expectError(
        await unchanged(() => put('admin', UNKNOWN_ID, { note: 'x' })),
        404,
        'Not Found',
        MESSAGES.clientNotFound,
      );
      expectError(await put('admin', 'not-a-uuid', { note: 'x' }), 404, 'Not Found', MESSAGES.clientNotFound);
    });
  });
});
