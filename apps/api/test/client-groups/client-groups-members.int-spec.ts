import type { Response } from 'supertest';
import {
  CLIENT_GROUP_ERROR_CODES,
  MESSAGES,
  type ClientGroupView,
  type ClientOption,
  type Role,
} from '@depot/contracts';
import { startTestDepot, type TestDepot } from '../harness';
import { expectError, expectValidation } from '../expectations';
import { groupCalls, uniqueName, UNKNOWN_ID, type GroupCalls } from './client-groups.kit';

/**
 * Members of client groups: FV and AREA are exclusive and share one pool (a client is in at most one group), the
 * server enforces it whatever the picker offered; a client added again is an info (SPEC 8), not an error.
 */

describe('client group members', () => {
  let t: TestDepot;
  let c: GroupCalls;
  const query = async <R extends object>(text: string, params: unknown[] = []) =>
    (await t.depot.runtime.pool.query<R>(text, params)).rows;
  const companyName = async (id: string) =>
    (await query<{ company_name: string }>('select company_name from clients where id = $1', [id]))[0]
      .company_name;
  const members = async (groupId: string) =>
    ((await c.getOne('admin', groupId)).body as ClientGroupView).clients.map((m) => m.id).sort();
  const memberships = () =>
    query('select group_id, client_id from client_group_members order by client_id, group_id');

  /** 409 naming the group that holds the client. */
  const expectRefusal = async (res: Response, clientId: string, groupId: string, groupName: string) => {
    expect(res.status).toBe(409);
    const company = await companyName(clientId);
    expect(res.body).toEqual({
      statusCode: 409,
      error: CLIENT_GROUP_ERROR_CODES.clientInOtherGroup,
      message: MESSAGES.clientInOtherGroup(company, groupName),
      details: {
        refused: [
          {
            client: { id: clientId, companyName: company, shortName: expect.any(String) },
            groupId,
            groupName,
          },
        ],
      },
    });
    expect(res.body.message).toContain(groupName);
  };

  beforeAll(async () => {
    t = await startTestDepot();
    c = await groupCalls(t);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('exclusivity, enforced by the server even when the picker is bypassed', () => {
    it.each([
      ['AREA', 'FV'],
      ['FV', 'AREA'],
      ['FV', 'FV'],
      ['AREA', 'AREA'],
    ] as const)(
      'a client in an %s group is refused by a new %s group, which is not created',
      async (held, wanted) => {
        const client = await c.client();
        const holderName = uniqueName('Holder');
        const holder = await c.group(held, [client], holderName);
        const before = await memberships();
        const name = uniqueName();
        const res = await c.create('admin', { name, type: wanted, clients: [await c.client(), client] });
        await expectRefusal(res, client, holder, holderName);
        expect(await memberships()).toEqual(before);
        expect(await query('select id from client_groups where name = $1', [name])).toEqual([]);
      },
    );

    it('adding a client another group holds to an existing group is refused and changes nothing', async () => {
      const client = await c.client();
      const holderName = uniqueName('Holder');
      const holder = await c.group('AREA', [client], holderName);
      const free = await c.client();
      const id = await c.group('FV');
      const res = await c.update('admin', id, { newName: uniqueName(), addClients: [free, client] });
      await expectRefusal(res, client, holder, holderName);
      expect(await members(id)).toEqual([]);
      expect(await members(holder)).toEqual([client]);
    });

    it('a client removed from one group may then join another', async () => {
      const client = await c.client();
      const first = await c.group('AREA', [client]);
      const second = await c.group('FV');
      expect((await c.update('admin', first, { removeClients: [client] })).status).toBe(200);
      const res = await c.update('admin', second, { addClients: [client] });
      expect(res.status).toBe(200);
      expect(res.body.group.clients.map((m: { id: string }) => m.id)).toEqual([client]);
    });

    it('two groups adding the same free client at once: one gets it, the other is refused naming it', async () => {
      const client = await c.client();
      const names = [uniqueName('A'), uniqueName('B')];
      const ids = [await c.group('FV', [], names[0]), await c.group('AREA', [], names[1])];
      const replies = await Promise.all(ids.map((id) => c.update('admin', id, { addClients: [client] })));
      expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = replies.findIndex((r) => r.status === 200);
      await expectRefusal(replies[1 - winner], client, ids[winner], names[winner]);
      expect(await query('select group_id from client_group_members where client_id = $1', [client])).toEqual(
        [{ group_id: ids[winner] }],
      );
    });
  });

  describe('a client already in the group is an info (SPEC 8)', () => {
    it('adding a member again answers 200 with the info list and changes nothing (no log entry)', async () => {
      const client = await c.client();
      const id = await c.group('FV', [client]);
      const audit = await query('select count(*)::int as n from audit_log');
      const res = await c.update('admin', id, { addClients: [client] });
      expect(res.status).toBe(200);
      expect(res.body.info).toEqual([
        {
          message: MESSAGES.clientAlreadyInGroup,
          client: { id: client, companyName: await companyName(client), shortName: expect.any(String) },
        },
      ]);
      expect(await members(id)).toEqual([client]);
      expect(await query('select count(*)::int as n from audit_log')).toEqual(audit);
    });

    it('a mix adds the new client and reports the member', async () => {
      const [old, fresh] = [await c.client(), await c.client()];
      const id = await c.group('AREA', [old]);
      const res = await c.update('admin', id, { addClients: [old, fresh] });
      expect(res.status).toBe(200);
      expect(res.body.info.map((i: { client: { id: string } }) => i.client.id)).toEqual([old]);
      expect(await members(id)).toEqual([old, fresh].sort());
    });

    it('a client listed twice on create is added once and reported once', async () => {
      const client = await c.client();
      const res = await c.create('admin', { name: uniqueName(), type: 'FV', clients: [client, client] });
      expect(res.status).toBe(201);
      expect(res.body.group.clients.map((m: { id: string }) => m.id)).toEqual([client]);
      expect(res.body.info).toEqual([expect.objectContaining({ message: MESSAGES.clientAlreadyInGroup })]);
    });
  });

  describe('type change', () => {
    it('a group with members may change type (they are re-validated); the log records it', async () => {
      const client = await c.client();
      const id = await c.group('FV', [client]);
      const res = await c.update('admin', id, { type: 'AREA' });
      expect(res.status).toBe(200);
      expect(res.body.group).toMatchObject({
        type: 'AREA',
        clients: [expect.objectContaining({ id: client })],
      });
      const [log] = await query<{ before: { type: string }; after: { type: string } }>(
        "select before, after from audit_log where type = 'clientGroup.update' and entity_id = $1",
        [id],
      );
      expect([log.before.type, log.after.type]).toEqual(['FV', 'AREA']);
    });

    it('rename, type, remove and add in one call', async () => {
      const [a, b] = [await c.client(), await c.client()];
      const id = await c.group('AREA', [a]);
      const name = uniqueName('All');
      const res = await c.update('admin', id, {
        newName: name,
        type: 'FV',
        removeClients: [a],
        addClients: [b],
      });
      expect(res.status).toBe(200);
      expect(res.body.group).toMatchObject({
        name,
        type: 'FV',
        clients: [expect.objectContaining({ id: b })],
      });
    });
  });

  describe('GET /api/clientGroup/get/eligibleClients', () => {
    const eligibleIds = async (q: Record<string, string>) => {
      const res = await c.eligible('admin', q);
      expect(res.status).toBe(200);
      return (res.body as ClientOption[]).map((o) => o.id);
    };

    it('offers only clients in no FV or AREA group, by company name; the edited group keeps its members', async () => {
      const prefix = uniqueName('Pick').replace(/\s/g, '');
      const inArea = await c.client(`${prefix} C`);
      const inFv = await c.client(`${prefix} D`);
      const free1 = await c.client(`${prefix} B`);
      const free2 = await c.client(`${prefix} A`);
      await c.group('AREA', [inArea]);
      const fv = await c.group('FV', [inFv]);
      for (const type of ['FV', 'AREA']) {
        expect(await eligibleIds({ type, search: prefix })).toEqual([free2, free1]);
      }
      expect(await eligibleIds({ type: 'FV', search: prefix, groupId: fv })).toEqual([free2, free1, inFv]);
      const first = await c.eligible('admin', { type: 'FV', search: prefix, limit: '1' });
      expect(first.body).toEqual([
        {
          id: free2,
          companyName: expect.stringContaining(prefix),
          shortName: expect.any(String),
          active: true,
        },
      ]);
    });

    it('fills a page past more taken clients than one scan batch', async () => {
      const prefix = uniqueName('Many').replace(/\s/g, '');
      const taken: string[] = [];
      for (let i = 0; i < 205; i++) taken.push(await c.client(`${prefix} A${String(i).padStart(3, '0')}`));
      await c.group('AREA', taken);
      const free = await c.client(`${prefix} Z`);
      expect(await eligibleIds({ type: 'FV', search: prefix })).toEqual([free]);
    });

    it.each<[Record<string, string>, string, string]>([
      [{}, MESSAGES.validation.typeRequired, 'type'],
      [{ type: 'X' }, MESSAGES.validation.typeRequired, 'type'],
      [{ type: 'FV', groupId: 'x' }, MESSAGES.clientGroupNotFound, 'groupId'],
    ])('refuses %j with its message', async (q, message, path) => {
      expectValidation(await c.eligible('admin', q), message, path);
    });

    it('answers 404 for an unknown group', async () => {
      expectError(
        await c.eligible('admin', { type: 'FV', groupId: UNKNOWN_ID }),
        404,
        'Not Found',
        MESSAGES.clientGroupNotFound,
      );
    });

    it.each<Role>(['salesman', 'operator', 'magazyn', 'user'])('refuses a %s with 403', async (role) => {
      expectError(await c.eligible(role, { type: 'FV' }), 403, 'Forbidden', MESSAGES.forbidden);
    });
  });
});
