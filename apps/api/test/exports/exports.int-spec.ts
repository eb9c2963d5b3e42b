import { catalogueText, MESSAGES, type Language, type Role } from '@depot/contracts';
import { CLIENT_EXPORT_COLUMNS } from '../../src/modules/clients/clients.export-source';
import { startTestDepot, type TestDepot } from '../harness';
import {
  columnOf,
  expectErrorOf,
  expectXlsx,
  exportCalls,
  sheetOf,
  ROLES_ALL,
  UNKNOWN_ID,
} from './exports.kit';

/** The header of an exported client field in the reader's language: the panel's label for it, from the catalogue. */
const headerOf = (key: string, lang: Language = 'en'): string =>
  catalogueText(lang, CLIENT_EXPORT_COLUMNS.find((c) => c.key === key)!.header);

/**
 * Exports answered with the file (selections at most EXPORT_DIRECT_MAX_ROWS rows; 3 in this suite), their
 * validation and who may call them. Large exports (jobs) are in exports-jobs.int-spec.ts.
 */
describe('xlsx exports answered directly', () => {
  let t: TestDepot;
  const tokens = {} as Record<Role, string>;
  const ids = {} as Record<'alpha' | 'beta' | 'gamma' | 'delta' | 'other', string>;
  const call = exportCalls(() => t);
  const NAME = headerOf('companyName');

  beforeAll(async () => {
    t = await startTestDepot({ EXPORT_DIRECT_MAX_ROWS: '3' });
    for (const role of ROLES_ALL) tokens[role] = (await t.userWithToken(role)).token;
    ids.alpha = await t.createClient({
      companyName: 'Xport Alpha',
      shortName: 'XPA',
      uniquePrefix: 'XPA1',
      vatId: 'PL5260001246',
      debtBlockDays: 7,
      masterAccount: true,
      createdAt: new Date('2026-07-01T08:05:00Z'),
    });
    ids.beta = await t.createClient({ companyName: 'Xport Beta', shortName: 'XPB', active: false });
    ids.gamma = await t.createClient({
      companyName: 'Xport Gamma',
      disableAccess: true,
      masterId: ids.alpha,
    });
    ids.delta = await t.createClient({ companyName: 'xport delta' });
    ids.other = await t.createClient({ companyName: 'Another Company' });
  });
  afterAll(async () => {
    await t.close();
  });

  const selectAll = (filters: Record<string, unknown>, exceptId: string[] = [], orderBy?: unknown) => ({
    actionName: 'selectedClientsExportToXls',
    selectedAll: true,
    ids: [],
    exceptId,
    filters,
    orderBy,
  });

  describe('POST /api/client/exportToXlsx', () => {
    it('exports one client with every column typed: text, numbers, yes/no, Warsaw dates, master by name', async () => {
      const res = await call.clients(tokens.admin, { id: ids.alpha });
      const ws = await sheetOf(expectXlsx(res, 'clients'));
      expect(res.headers['x-export-rows']).toBe('1');
      expect(ws.name).toBe(catalogueText('en', 'clients.title'));
      expect(ws.rowCount).toBe(2);
      const header = (ws.getRow(1).values as unknown[]).slice(1);
      expect(header.slice(0, 5)).toEqual(
        ['companyName', 'clientName', 'shortName', 'uniquePrefix', 'vatId'].map((key) => headerOf(key)),
      );
      expect(header).toEqual(
        expect.arrayContaining(
          ['active', 'masterAccount', 'debtBlockDays', 'createdAt'].map((key) => headerOf(key)),
        ),
      );
      expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
      expect(ws.views[0]).toEqual(expect.objectContaining({ state: 'frozen', ySplit: 1 }));

      const cell = (key: string) => ws.getRow(2).getCell(header.indexOf(headerOf(key)) + 1);
      expect(cell('companyName').value).toBe('Xport Alpha');
      expect(cell('vatId').value).toBe('PL5260001246');
      expect(cell('debtBlockDays').value).toBe(7);
      expect(cell('active').value).toBe('Yes');
      expect(cell('masterAccount').value).toBe('Yes');
      expect(cell('disableAccess').value).toBe('No');
      expect(cell('clientName').value).toBeNull();
      expect((cell('createdAt').value as Date).toISOString()).toBe('2026-07-01T10:05:00.000Z');
      expect(cell('id').value).toBe(ids.alpha);

      const gamma = await call.clients(tokens.admin, { id: ids.gamma });
      expect(await columnOf(expectXlsx(gamma, 'clients'), headerOf('masterName'))).toEqual(['Xport Alpha']);
    });

    it('heads the sheet in the language of a Polish user, with tak/nie and a Polish file name', async () => {
      const pl = await t.userWithToken('salesman');
      await t.depot.runtime.pool.query(`update users set lang = 'pl' where id = $1`, [pl.id]);
      const res = await call.clients(pl.token, { id: ids.beta });
      const ws = await sheetOf(expectXlsx(res, 'klienci'));
      expect(ws.name).toBe(catalogueText('pl', 'clients.title'));
      const header = (ws.getRow(1).values as unknown[]).slice(1);
      expect(header.slice(0, 3)).toEqual(
        ['companyName', 'clientName', 'shortName'].map((key) => headerOf(key, 'pl')),
      );
      expect(ws.getRow(2).getCell(header.indexOf(headerOf('active', 'pl')) + 1).value).toBe('Nie');
      expect(ws.getRow(2).getCell(header.indexOf(headerOf('debtBlockDays', 'pl')) + 1).value).toBe(0);
    });

    it('answers an unknown client id with 404 and a malformed one with the field message', async () => {
      expectErrorOf(
        await call.clients(tokens.admin, { id: UNKNOWN_ID }),
        404,
        'Not Found',
        MESSAGES.clientNotFound,
      );
      for (const body of [{}, { id: 'everything' }, { id: 7 }]) {
        expectErrorOf(
          await call.clients(tokens.admin, body),
          400,
          'ValidationError',
          MESSAGES.exportClientIdInvalid,
          {
            path: 'id',
            message: MESSAGES.exportClientIdInvalid,
          },
        );
      }
    });

    it.each(['operator', 'magazyn', 'user'] as Role[])('refuses %s', async (role) => {
      expectErrorOf(await call.clients(tokens[role], { id: 'all' }), 403, 'Forbidden', MESSAGES.forbidden);
      expectErrorOf(
        await call.clients(tokens[role], { id: ids.alpha }),
        403,
        'Forbidden',
        MESSAGES.forbidden,
      );
    });

    it('refuses a call without a session', async () => {
      const res = await t.http().post('/api/client/exportToXlsx').send({ id: 'all' });
      expect(res.status).toBe(401);
    });
  });

  describe('POST /api/client/mass/action (selectedClientsExportToXls)', () => {
    it("select-all honours the list's filters and order minus the unchecked rows", async () => {
      // search "xport" + active: Alpha, Gamma, delta (case-insensitive name order); delta unchecked.
      const res = await call.mass(tokens.admin, selectAll({ search: 'xport', active: true }, [ids.delta]));
      expect(await columnOf(expectXlsx(res, 'clients'), NAME)).toEqual(['Xport Alpha', 'Xport Gamma']);

      const desc = await call.mass(
        tokens.salesman,
        selectAll({ search: 'XPORT', disableAccess: false }, [], { field: 'companyName', direction: 'desc' }),
      );
      expect(await columnOf(expectXlsx(desc, 'clients'), NAME)).toEqual([
        'xport delta',
        'Xport Beta',
        'Xport Alpha',
      ]);
    });

    it('exports picked rows exactly, in the list order, whatever the filters say', async () => {
      const res = await call.mass(tokens.superAdmin, {
        actionName: 'selectedClientsExportToXls',
        selectedAll: false,
        ids: [ids.other, ids.beta],
        exceptId: [],
        filters: { search: 'xport' },
        orderBy: { field: 'companyName', direction: 'asc' },
      });
      expect(await columnOf(expectXlsx(res, 'clients'), NAME)).toEqual(['Another Company', 'Xport Beta']);
    });

    it("accepts SPEC's getListReq shape (filters, orderBy, selectedAll) beside exceptId", async () => {
      const res = await call.mass(tokens.admin, {
        actionName: 'selectedClientsExportToXls',
        exceptId: [ids.gamma],
        getListReq: {
          filters: { search: 'xport', active: true },
          orderBy: { field: 'companyName', direction: 'desc' },
          selectedAll: true,
        },
      });
      expect(await columnOf(expectXlsx(res, 'clients'), NAME)).toEqual(['xport delta', 'Xport Alpha']);
    });

    it('exports the header alone when a select-all matches nothing', async () => {
      const res = await call.mass(tokens.admin, selectAll({ search: 'no such client anywhere' }));
      const ws = await sheetOf(expectXlsx(res, 'clients'));
      expect(ws.rowCount).toBe(1);
    });

    it('writes who exported what to the change log', async () => {
      const before = await t.depot.runtime.pool.query(
        `select count(*)::int as n from audit_log where type = 'export.xlsx'`,
      );
      await call.mass(tokens.admin, selectAll({ search: 'xport', active: true }, [ids.delta]));
      const { rows } = await t.depot.runtime.pool.query<{
        n: number;
        entity: string;
        details: Record<string, unknown>;
      }>(`select entity, details from audit_log where type = 'export.xlsx' order by id desc limit 1`);
      const after = await t.depot.runtime.pool.query(
        `select count(*)::int as n from audit_log where type = 'export.xlsx'`,
      );
      expect(after.rows[0].n).toBe(before.rows[0].n + 1);
      expect(rows[0]).toEqual({
        entity: 'clients',
        details: {
          rows: 2,
          selectedAll: true,
          picked: 0,
          excepted: 1,
          filters: { search: 'xport', active: true },
          direct: true,
        },
      });
    });

    it('refuses an unknown action and an action of another list', async () => {
      const body = { ...selectAll({}), actionName: 'deleteEverything' };
      expectErrorOf(await call.mass(tokens.admin, body), 400, 'Bad Request', MESSAGES.exportUnknownAction);
      const routings = { ...selectAll({}), actionName: 'selectedRoutingsExportToXls' };
      expectErrorOf(await call.mass(tokens.admin, routings), 400, 'Bad Request', MESSAGES.exportWrongList);
      const operators = { ...selectAll({}), actionName: 'selectedOperatorsExportToXls' };
      expectErrorOf(await call.mass(tokens.admin, operators), 400, 'Bad Request', MESSAGES.exportWrongList);
      // An inherited property name is no action either.
      const proto = { ...selectAll({}), actionName: 'constructor' };
      expectErrorOf(await call.mass(tokens.admin, proto), 400, 'Bad Request', MESSAGES.exportUnknownAction);
    });

    it('answers a list that has no exports with 404', async () => {
      const res = await call.mass(tokens.admin, selectAll({}), 'parcel');
      expectErrorOf(res, 404, 'Not Found', MESSAGES.notFound);
    });

    const A = { actionName: 'selectedClientsExportToXls' };
    const tooMany = Array.from({ length: 20_001 }, () => UNKNOWN_ID);
    it.each([
      ['no actionName', { selectedAll: true }, 'actionName', MESSAGES.exportUnknownAction],
      ['no selection', A, 'ids', MESSAGES.exportNothingSelected],
      ['no ids picked', { ...A, ids: [] }, 'ids', MESSAGES.exportNothingSelected],
      ['an id that is no UUID', { ...A, ids: ['nope'] }, 'ids.0', MESSAGES.exportSelectionInvalid],
      ['ids that are no list', { ...A, ids: 'all' }, 'ids', MESSAGES.exportSelectionInvalid],
      [
        'selectedAll no boolean',
        { ...A, selectedAll: 'yes' },
        'selectedAll',
        MESSAGES.exportSelectionInvalid,
      ],
      [
        'an excepted id no UUID',
        { ...A, selectedAll: true, exceptId: [1] },
        'exceptId.0',
        MESSAGES.exportSelectionInvalid,
      ],
      [
        'filters no object',
        { ...A, selectedAll: true, filters: 'active' },
        'filters',
        MESSAGES.exportFiltersInvalid,
      ],
      ['20,001 picked ids', { ...A, ids: tooMany }, 'ids', MESSAGES.exportSelectionTooLarge],
    ])('refuses %s with the message for its field', async (_label, body, path, message) => {
      expectErrorOf(await call.mass(tokens.admin, body), 400, 'ValidationError', message, { path, message });
    });

    it.each([
      [{ active: 'yes' }, undefined, 'filters.active'],
      [{ country: 'PL' }, undefined, 'filters'],
      [{}, { field: 'vatId', direction: 'asc' }, 'orderBy.field'],
      [{ masterId: 'not-a-uuid' }, undefined, 'filters.masterId'],
    ])(
      'refuses list filters %j / order %j the clients list would refuse (%s)',
      async (filters, orderBy, path) => {
        const res = await call.mass(tokens.admin, selectAll(filters, [], orderBy));
        expect(res.status).toBe(400);
        const body = JSON.parse((res.body as Buffer).toString('utf8'));
        expect(body).toEqual({
          statusCode: 400,
          error: 'ValidationError',
          message: MESSAGES.exportFiltersInvalid,
          details: expect.any(Array),
        });
        expect(body.details[0].path).toBe(path);
      },
    );

    it('refuses operator (who may export other lists), magazyn and a client user, also for their own client', async () => {
      const body = selectAll({});
      expectErrorOf(await call.mass(tokens.operator, body), 403, 'Forbidden', MESSAGES.forbidden);
      expectErrorOf(await call.mass(tokens.magazyn, body), 403, 'Forbidden', MESSAGES.forbidden);
      const user = await t.userWithToken('user');
      for (const picked of [[ids.alpha], [user.clientId!]]) {
        const res = await call.mass(user.token, { actionName: 'selectedClientsExportToXls', ids: picked });
        expectErrorOf(res, 403, 'Forbidden', MESSAGES.forbidden);
        const one = await call.clients(user.token, { id: picked[0] });
        expectErrorOf(one, 403, 'Forbidden', MESSAGES.forbidden);
      }
    });
  });

  describe('POST /api/{entity}/export/{actionName}', () => {
    it('exports the same selection with the action in the path', async () => {
      const res = await call.generic(tokens.admin, {
        selectedAll: true,
        exceptId: [ids.alpha],
        filters: { search: 'xport', active: true },
      });
      expect(await columnOf(expectXlsx(res, 'clients'), NAME)).toEqual(['xport delta', 'Xport Gamma']);
      const picked = await call.generic(tokens.salesman, { ids: [ids.gamma] });
      expect(await columnOf(expectXlsx(picked, 'clients'), NAME)).toEqual(['Xport Gamma']);
    });

    it('refuses an unknown action, a wrong list, an empty selection and an unknown list', async () => {
      expectErrorOf(
        await call.generic(tokens.admin, { ids: [ids.alpha] }, 'exportAll'),
        400,
        'Bad Request',
        MESSAGES.exportUnknownAction,
      );
      expectErrorOf(
        await call.generic(tokens.admin, { ids: [ids.alpha] }, 'selectedOperatorsExportToXls'),
        400,
        'Bad Request',
        MESSAGES.exportWrongList,
      );
      expectErrorOf(
        await call.generic(tokens.admin, { ids: [] }),
        400,
        'ValidationError',
        MESSAGES.exportNothingSelected,
        {
          path: 'ids',
          message: MESSAGES.exportNothingSelected,
        },
      );
      expectErrorOf(
        await call.generic(tokens.admin, { ids: [ids.alpha] }, 'selectedClientsExportToXls', 'order'),
        404,
        'Not Found',
        MESSAGES.notFound,
      );
    });

    it.each(['operator', 'magazyn', 'user'] as Role[])('refuses %s', async (role) => {
      expectErrorOf(
        await call.generic(tokens[role], { selectedAll: true }),
        403,
        'Forbidden',
        MESSAGES.forbidden,
      );
    });
  });
});
