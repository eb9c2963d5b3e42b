import type { Response } from 'supertest';
import { MESSAGES, type ClientView, type Role } from '@depot/contracts';
import { expectError } from '../expectations';
import { clientsKit, tag } from './clients.kit';

/** administration/clients, the list: POST /api/client/get/list (search, order, paging, filters, roles). */

const LIST_ITEM_KEYS = [
  'active',
  'city',
  'clientName',
  'companyName',
  'country',
  'createdAt',
  'currency',
  'disableAccess',
  'disableNewOrders',
  'email',
  'id',
  'masterAccount',
  'masterId',
  'masterName',
  'phone',
  'shortName',
  'uniquePrefix',
  'updatedAt',
  'vatId',
].sort();

describe('clients administration API', () => {
  const k = clientsKit();
  const { list, created } = k;

  describe('POST /api/client/get/list', () => {
    const family = `Fam${tag()}`;
    const members: ClientView[] = [];
    let master: ClientView;
    beforeAll(async () => {
      const names = ['delta', 'Alpha', 'charlie', 'Echo', 'bravo', 'foxtrot', 'Golf'];
      for (const [i, name] of names.entries()) {
        members.push(
          await created({
            companyName: `${name} ${family}`,
            shortName: `${family}-${String.fromCharCode(90 - i)}`,
            active: i !== 2,
            disableAccess: i === 3,
            masterAccount: i === 0,
          }),
        );
      }
      master = members[0];
      members.push(await created({ companyName: `hotel ${family}`, masterId: master.id }));
    });

    const names = (res: Response) => (res.body.items as { companyName: string }[]).map((c) => c.companyName);
    const all = (order: string[]) => order.map((n) => `${n} ${family}`);

    it('searches, orders by company name case-insensitively and pages with the cursor', async () => {
      const first = await list('admin', { filters: { search: family }, limit: 3 });
      expect(first.status).toBe(200);
      expect(first.body.total).toBe(8);
      expect(Object.keys(first.body.items[0]).sort()).toEqual(LIST_ITEM_KEYS);
      expect(names(first)).toEqual(all(['Alpha', 'bravo', 'charlie']));
      const second = await list('admin', {
        filters: { search: family },
        limit: 3,
        cursor: first.body.nextCursor,
      });
      expect(names(second)).toEqual(all(['delta', 'Echo', 'foxtrot']));
      const third = await list('admin', {
        filters: { search: family },
        limit: 3,
        cursor: second.body.nextCursor,
      });
      expect(names(third)).toEqual(all(['Golf', 'hotel']));
      expect(third.body.nextCursor).toBeNull();
    });

    it('orders by short name and by creation, both ways', async () => {
      const byShort = await list('admin', {
        filters: { search: family },
        orderBy: { field: 'shortName', direction: 'asc' },
      });
      // The short names run Z, Y, X, ... in creation order; hotel's starts with AC-.
      expect(names(byShort)[0]).toBe(`hotel ${family}`);
      expect(names(byShort).slice(1)).toEqual(
        all(['Golf', 'foxtrot', 'bravo', 'Echo', 'charlie', 'Alpha', 'delta']),
      );
      const newest = await list('admin', {
        filters: { search: family },
        orderBy: { field: 'createdAt', direction: 'desc' },
        limit: 2,
      });
      expect(names(newest)).toEqual(all(['hotel', 'Golf']));
      const next = await list('admin', {
        filters: { search: family },
        orderBy: { field: 'createdAt', direction: 'desc' },
        limit: 2,
        cursor: newest.body.nextCursor,
      });
      expect(names(next)).toEqual(all(['foxtrot', 'bravo']));
      const desc = await list('admin', {
        filters: { search: family },
        orderBy: { field: 'companyName', direction: 'desc' },
      });
      expect(names(desc)).toEqual(
        all(['hotel', 'Golf', 'foxtrot', 'Echo', 'delta', 'charlie', 'bravo', 'Alpha']),
      );
    });

    it('filters by active, disableAccess, master accounts and the accounts of one master', async () => {
      const inactive = await list('admin', { filters: { search: family, active: false } });
      expect(names(inactive)).toEqual(all(['charlie']));
      const disabled = await list('admin', { filters: { search: family, disableAccess: true } });
      expect(names(disabled)).toEqual(all(['Echo']));
      const masters = await list('admin', { filters: { search: family, masterOnly: true } });
      expect(names(masters)).toEqual(all(['delta']));
      const linked = await list('admin', { filters: { masterId: master.id } });
      expect(names(linked)).toEqual(all(['hotel']));
      expect(linked.body.items[0]).toMatchObject({ masterId: master.id, masterName: master.companyName });
      expect(linked.body.total).toBe(1);
    });

    it('searches short name, prefix, VAT ID and e-mail too, with % and _ taken literally', async () => {
      const c = await created({ vatId: `DE${tag()}`, email: `find-${tag().toLowerCase()}@x.test` });
      for (const term of [c.shortName!, c.uniquePrefix!, c.vatId!, c.email!]) {
        const res = await list('admin', { filters: { search: term.toLowerCase() } });
        expect(res.body.items.map((i: { id: string }) => i.id)).toEqual([c.id]);
      }
      expect((await list('admin', { filters: { search: `${family}%` } })).body.total).toBe(0);
      expect((await list('admin', { filters: { search: '_' } })).body.total).toBe(0);
    });

    it('a salesman reads the whole list, like an admin', async () => {
      const admin = await list('admin', { filters: { search: family } });
      const salesman = await list('salesman', { filters: { search: family } });
      expect(salesman.status).toBe(200);
      expect(salesman.body).toEqual(admin.body);
      expect((await list('salesman')).body.total).toBe((await list('admin')).body.total);
    });

    it('defaults to 50 a page and refuses a larger page', async () => {
      const res = await list('admin');
      expect(res.body.items.length).toBeLessThanOrEqual(50);
      expect((await list('admin', { limit: 51 })).status).toBe(400);
    });

    it('refuses a bad cursor, unknown filters and unknown sort fields', async () => {
      expectError(await list('admin', { cursor: 'garbage' }), 400, 'Bad Request', MESSAGES.invalidCursor);
      const tampered = Buffer.from(JSON.stringify({ k: 'a', id: 'not-a-uuid' })).toString('base64url');
      expectError(await list('admin', { cursor: tampered }), 400, 'Bad Request', MESSAGES.invalidCursor);
      expect((await list('admin', { filters: { role: 'x' } })).body.error).toBe('ValidationError');
      expect((await list('admin', { orderBy: { field: 'vatId', direction: 'asc' } })).body.error).toBe(
        'ValidationError',
      );
    });

    it.each(['operator', 'magazyn', 'user'] as Role[])('refuses a %s', async (role) => {
      expectError(await list(role), 403, 'Forbidden', MESSAGES.forbidden);
    });

    it('refuses a call without a session', async () => {
      expect((await k.t.http().post('/api/client/get/list').send({})).status).toBe(401);
    });
  });
});
