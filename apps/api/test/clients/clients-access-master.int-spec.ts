import type { Response } from 'supertest';
import { CLIENT_ERROR_CODES, MESSAGES, type ClientView } from '@depot/contracts';
import { PASSWORD } from '../harness';
import { expectError } from '../expectations';
import { clientsKit } from './clients.kit';

/** Master accounts and their linked accounts: changes that reach the linked accounts need confirmLinked. */

describe('clients: own client, master accounts and flag effects', () => {
  const k = clientsKit();
  const { as, query, clientRow, auditCount, clientUser, currentUser, created: createClient, edit: put } = k;

  describe('master accounts', () => {
    const confirmation = (res: Response, linkedAccounts: number, fields: string[]) => {
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        statusCode: 409,
        error: CLIENT_ERROR_CODES.linkedAccountsConfirmation,
        message: MESSAGES.linkedAccountsConfirm,
        details: { linkedAccounts, fields },
      });
    };

    it('a change that reaches linked accounts needs confirmLinked, and then applies to them, each logged', async () => {
      const master = await createClient({ masterAccount: true });
      const linked = [
        await createClient({ masterId: master.id }),
        await createClient({ masterId: master.id }),
      ];
      expect((await k.t.http().get(`/api/client/${master.id}`).set(as('admin'))).body.linkedAccounts).toBe(2);

      const before = await clientRow(linked[0].id);
      const audits = await auditCount();
      const refused = await put(master.id, { disableNewOrders: true });
      confirmation(refused, 2, ['disableNewOrders']);
      expect(await clientRow(linked[0].id)).toEqual(before);
      expect((await clientRow(master.id)).disable_new_orders).toBe(false);
      expect(await auditCount()).toBe(audits);
      confirmation(await put(master.id, { disableNewOrders: true, confirmLinked: false }), 2, [
        'disableNewOrders',
      ]);

      const ok = await put(master.id, { disableNewOrders: true, confirmLinked: true });
      expect(ok.status).toBe(200);
      expect(ok.body.disableNewOrders).toBe(true);
      for (const l of linked) {
        const row = (await k.t.http().get(`/api/client/${l.id}`).set(as('admin'))).body as ClientView;
        expect(row).toMatchObject({ disableNewOrders: true, masterId: master.id });
        const [audit] = await query<{ details: unknown; created_by_id: string | null; after: ClientView }>(
          `select * from audit_log where type = 'client.update' and entity_id = $1 order by id desc limit 1`,
          [l.id],
        );
        expect(audit.details).toEqual({ viaMasterId: master.id });
        expect(audit.after).toEqual(row);
      }
    });

    it('other changes of a master need no confirmation and leave the linked accounts alone', async () => {
      const master = await createClient({ masterAccount: true });
      const linked = await createClient({ masterId: master.id });
      const before = await clientRow(linked.id);
      const res = await put(master.id, { note: 'Renegotiated', city: 'Sopot', viesCheck: true });
      expect(res.status).toBe(200);
      expect(await clientRow(linked.id)).toEqual(before);
      // A master without linked accounts changes its flags freely.
      const lonely = await createClient({ masterAccount: true });
      expect((await put(lonely.id, { active: false })).status).toBe(200);
    });

    it('turning masterAccount off needs confirmation and unlinks the linked accounts', async () => {
      const master = await createClient({ masterAccount: true });
      const linked = await createClient({ masterId: master.id });
      confirmation(await put(master.id, { masterAccount: false }), 1, ['masterAccount']);
      confirmation(await put(master.id, { masterAccount: false, active: false }), 1, [
        'active',
        'masterAccount',
      ]);
      const ok = await put(master.id, { masterAccount: false, confirmLinked: true });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ masterAccount: false, linkedAccounts: 0 });
      const row = (await k.t.http().get(`/api/client/${linked.id}`).set(as('admin'))).body as ClientView;
      expect(row).toMatchObject({ masterId: null, masterName: null, active: true });
    });

    it("deactivating a master (confirmed) signs out the linked accounts' users too", async () => {
      const master = await createClient({ masterAccount: true });
      const linked = await createClient({ masterId: master.id });
      const masterUser = await clientUser(master.id);
      const linkedUser = await clientUser(linked.id);
      const res = await put(master.id, { active: false, confirmLinked: true });
      expect(res.status).toBe(200);
      expect((await currentUser(masterUser.token)).status).toBe(401);
      expect((await currentUser(linkedUser.token)).status).toBe(401);
      const signIn = await k.t
        .http()
        .post('/api/auth/email')
        .send({ email: linkedUser.email, password: PASSWORD });
      expectError(signIn, 401, 'Unauthorized', MESSAGES.clientInactive);
    });
  });
});
