import type { Response } from 'supertest';
import {
  OPERATOR_TYPES,
  rooms,
  type ListChange,
  type Role,
  type StatusMapOperatorType,
  type StatusMapRow,
} from '@depot/contracts';
import { eventMatching, type DepotSocket } from '../harness';
import { recorder, settled } from '../realtime/realtime.kit';
import { entry, startStatusMapKit, uniqueCode, workbook, type StatusMapKit } from './status-map.kit';

/**
 * The status map's calls answered (decision 0144): create, saveMapInDB, impact, update, remove, the code list import,
 * the list with its filters and keyset pages, and the carrier types with their counts; the change log and the live
 * `list:statuses` room follow each change. Refusals: status-map-refused; parcels moved by a change: status-map-reapply.
 */

describe('status map API', () => {
  let s: StatusMapKit;
  /** A warehouse colleague's socket on `list:statuses` (statuses.read is enough to follow it). */
  let room: DepotSocket;
  const statusChange = (match: (ch: ListChange<'statuses'>) => boolean) =>
    eventMatching(room, 'list:change', (ch) => ch.list === 'statuses' && match(ch));
  const lastAudit = async (type: string) =>
    (
      await s.k.query<{
        entity_id: string | null;
        created_by_id: string;
        before: unknown;
        after: unknown;
        details: Record<string, unknown>;
      }>(
        'select entity_id, created_by_id, before, after, details from audit_log where type = $1 order by id desc limit 1',
        [type],
      )
    )[0];

  beforeAll(async () => {
    s = await startStatusMapKit();
    room = await s.listening('magazyn', rooms.list('statuses'));
  });
  afterAll(async () => {
    await s.close();
  });

  it('documents the calls in OpenAPI, the import as a multipart upload', async () => {
    const doc = (await s.k.t.http().get('/api/docs-json')).body as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>;
    };
    const paths = ['list', 'operatorTypeGetList', 'create', 'saveMapInDB', 'impact', 'update', 'remove/{id}'];
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(paths.map((p) => `/api/mapStatus/${p}`)));
    const upload = doc.paths['/api/mapStatus/importOperatorStatusesXLS/{type}'].post;
    expect(Object.keys(upload.requestBody!.content)).toEqual(['multipart/form-data']);
  });

  describe('POST /mapStatus/create', () => {
    it('an admin maps a code; the reply holds the row, the log and the live list have it', async () => {
      const code = uniqueCode('Created');
      const heard = statusChange((ch) => ch.op === 'upsert' && ch.row.code === code);
      const res = await s.create('admin', {
        operatorType: 'UPS',
        code: `  ${code} `,
        description: ' Delivered to the door ',
        dbName: 'delivered',
      });
      expect(res.status).toBe(201);
      const row = res.body.row as StatusMapRow;
      expect(res.body).toEqual({
        row: {
          id: expect.any(String),
          operatorType: 'UPS',
          code,
          description: 'Delivered to the door',
          dbName: 'delivered',
          // Not given: terminal because delivered is (libs/domain defaultTerminal).
          isTerminal: true,
          seenCount: 0,
          lastSeenAt: null,
          exampleParcelId: null,
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
        },
        parcelsChanged: 0,
      });
      expect(await heard).toMatchObject({ op: 'upsert', row, created: true, actorId: s.k.ids.admin });
      const log = await lastAudit('statusMap.create');
      expect(log).toMatchObject({ entity_id: row.id, created_by_id: s.k.ids.admin });
      expect(log.after).toEqual({
        operatorType: 'UPS',
        code,
        description: 'Delivered to the door',
        dbName: 'delivered',
        isTerminal: true,
      });
      expect(log.details).toEqual({ parcelsChanged: 0 });
    });

    it.each<[Role, boolean | undefined, boolean]>([
      ['superAdmin', undefined, false],
      ['operator', true, true],
    ])('a %s maps a code (terminal flag given: %s)', async (role, isTerminal, expected) => {
      const body = { operatorType: 'DHL', code: uniqueCode(), description: 'Picked up', dbName: 'pickup' };
      const res = await s.create(role, { ...body, ...(isTerminal === undefined ? {} : { isTerminal }) });
      expect(res.status).toBe(201);
      expect(res.body.row).toMatchObject({ ...body, isTerminal: expected });
    });

    it('takes a code another carrier type has, and the same code in another case', async () => {
      const { code } = await s.created('DPD', uniqueCode('Shared'), 'inTransport');
      const body = { operatorType: 'GLS', code, description: 'x', dbName: 'inTransport' };
      expect((await s.create('admin', body)).status).toBe(201);
      expect(
        (await s.create('admin', { ...body, operatorType: 'DPD', code: code.toLowerCase() })).status,
      ).toBe(201);
    });
  });

  describe('POST /mapStatus/saveMapInDB', () => {
    it('adds new codes, changes known ones and leaves the same ones; the log and the live list hear only changes', async () => {
      const [same, changed, added] = [uniqueCode('Same'), uniqueCode('Changed'), uniqueCode('Added')];
      await s.saved('PACKETA', [entry(same, 'pickup'), entry(changed, 'inTransport', { isTerminal: true })]);
      await settled(s.k.t, room);
      const log = recorder(room);
      const res = await s.save('operator', {
        operatorType: 'PACKETA',
        rows: [entry(same, 'pickup'), entry(changed, null), entry(added, 'return', { isTerminal: true })],
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ created: 1, updated: 1, unchanged: 1, parcelsChanged: 0 });
      const rows = (await s.list('admin', { operatorType: 'PACKETA', sort: 'code' })).body
        .items as StatusMapRow[];
      const byCode = new Map(rows.map((r) => [r.code, r]));
      expect(byCode.get(changed)).toMatchObject({ dbName: null, isTerminal: false });
      expect(byCode.get(added)).toMatchObject({ dbName: 'return', isTerminal: true });
      await settled(s.k.t, room);
      const heard = (log.payloads as ListChange[]).filter(
        (ch) => ch.list === 'statuses' && ch.op === 'upsert',
      );
      expect(heard.map((ch) => ch.op === 'upsert' && [ch.row.code, ch.created])).toEqual(
        expect.arrayContaining([
          [added, true],
          [changed, false],
        ]),
      );
      expect(heard).toHaveLength(2);
      const audit = await lastAudit('statusMap.save');
      expect(audit.created_by_id).toBe(s.k.ids.operator);
      expect(audit.details).toMatchObject({
        operatorType: 'PACKETA',
        created: 1,
        updated: 1,
        unchanged: 1,
        added: [{ code: added, dbName: 'return' }],
        changed: [
          { before: { code: changed, dbName: 'inTransport' }, after: { code: changed, dbName: null } },
        ],
      });
    });

    it('saving rows that change nothing writes no log entry', async () => {
      const code = uniqueCode('Idle');
      await s.saved('PACKETA', [entry(code, 'info')]);
      const res = await s.probe.unchanged(() =>
        s.save('admin', { operatorType: 'PACKETA', rows: [entry(code, 'info')] }),
      );
      expect(res.body).toEqual({ created: 0, updated: 0, unchanged: 1, parcelsChanged: 0 });
    });
  });

  describe('POST /mapStatus/impact', () => {
    it('counts per code, in the order asked, and saves nothing', async () => {
      const rows = [
        { code: uniqueCode('A'), dbName: 'delivered' },
        { code: uniqueCode('B'), dbName: null },
      ];
      const res = await s.probe.unchanged(() => s.impact('operator', { operatorType: 'GEIS', rows }));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ parcels: 0, byCode: rows.map((r) => ({ code: r.code, parcels: 0 })) });
      expect((await s.list('admin', { search: rows[0].code })).body.items).toEqual([]);
    });
  });

  describe('PUT /mapStatus/update', () => {
    it('changes the description, the status and the terminal flag; the log and the live list have it', async () => {
      const row = await s.created('CARGUS', uniqueCode('Edit'), 'inDelivery');
      const heard = statusChange((ch) => ch.op === 'upsert' && ch.row.id === row.id && !ch.created);
      const res = await s.update('operator', { id: row.id, description: ' New words ' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        row: { ...row, description: 'New words', updatedAt: expect.any(String) },
        parcelsChanged: 0,
      });
      expect(res.body.row.updatedAt > row.updatedAt).toBe(true);
      expect(await heard).toMatchObject({ row: { description: 'New words' }, created: false });
      // A new status without a flag takes the status's default; a flag given is kept.
      const delivered = await s.update('admin', { id: row.id, dbName: 'delivered' });
      expect(delivered.body.row).toMatchObject({ dbName: 'delivered', isTerminal: true });
      const open = await s.update('admin', { id: row.id, isTerminal: false });
      expect(open.body.row).toMatchObject({ dbName: 'delivered', isTerminal: false });
      const unmapped = await s.update('admin', { id: row.id, dbName: null });
      expect(unmapped.body.row).toMatchObject({ dbName: null, isTerminal: false });
      const log = await lastAudit('statusMap.update');
      expect(log).toMatchObject({ entity_id: row.id, created_by_id: s.k.ids.admin });
      expect(log.before).toMatchObject({ code: row.code, dbName: 'delivered', isTerminal: false });
      expect(log.after).toMatchObject({ code: row.code, dbName: null, isTerminal: false });
    });
  });

  describe('DELETE /mapStatus/remove/{id}', () => {
    it('removes a code: gone from the list, the log keeps what it was, the live list hears the delete', async () => {
      const row = await s.created('CARGUS', uniqueCode('Gone'), 'problem');
      const heard = statusChange((ch) => ch.op === 'delete' && ch.id === row.id);
      const res = await s.remove('operator', row.id);
      expect(res.status).toBe(204);
      expect(await heard).toEqual({ list: 'statuses', op: 'delete', id: row.id, actorId: s.k.ids.operator });
      expect((await s.list('admin', { search: row.code })).body).toEqual({
        items: [],
        nextCursor: null,
        total: 0,
      });
      const log = await lastAudit('statusMap.remove');
      expect(log).toMatchObject({ entity_id: row.id, after: null });
      expect(log.before).toMatchObject({ operatorType: 'CARGUS', code: row.code, dbName: 'problem' });
      expect((await s.remove('operator', row.id)).status).toBe(404);
    });
  });

  describe('POST /mapStatus/importOperatorStatusesXLS/{type}', () => {
    it('adds and changes codes from a workbook; a known code the file leaves without a status keeps its mapping', async () => {
      const [kept, renamed, fresh, polish, terminal] = ['Kept', 'Renamed', 'Fresh', 'Polish', 'Terminal'].map(
        (p) => uniqueCode(p),
      );
      await s.saved('FEDEX', [
        entry(kept, 'inDelivery', { description: 'Out for delivery', isTerminal: true }),
        entry(renamed, 'inPudo', { description: 'Old words' }),
      ]);
      const file = await workbook([
        [kept, 'Out for delivery', '', ''],
        [renamed, 'New words'],
        [fresh, 'Not mapped yet'],
        [polish, 'Doręczona do punktu', 'W doręczeniu', 'tak'],
        [terminal, 'Returned', 'Return', 'no'],
      ]);
      const heard = statusChange((ch) => ch.op === 'upsert' && ch.row.code === polish);
      const res = await s.importFile('operator', 'FEDEX', { buffer: file, name: 'Statusy Łódź.xlsx' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ created: 3, updated: 1, unchanged: 1, parcelsChanged: 0 });
      expect(await heard).toMatchObject({ created: true, row: { dbName: 'inDelivery', isTerminal: true } });
      const items = (await s.list('admin', { operatorType: 'FEDEX', search: '-' })).body
        .items as StatusMapRow[];
      const got = Object.fromEntries(items.map((r) => [r.code, [r.description, r.dbName, r.isTerminal]]));
      expect(got).toEqual({
        [kept]: ['Out for delivery', 'inDelivery', true],
        [renamed]: ['New words', 'inPudo', false],
        [fresh]: ['Not mapped yet', null, false],
        [polish]: ['Doręczona do punktu', 'inDelivery', true],
        [terminal]: ['Returned', 'return', false],
      });
      const audit = await lastAudit('statusMap.import');
      expect(audit.details).toMatchObject({
        operatorType: 'FEDEX',
        fileName: 'Statusy Łódź.xlsx',
        created: 3,
      });
      // The same file again: every code is as the file says.
      const again = await s.probe.unchanged(() =>
        s.importFile('admin', 'FEDEX', { buffer: file, name: 'a.XLSX' }),
      );
      expect(again.body).toEqual({ created: 0, updated: 0, unchanged: 5, parcelsChanged: 0 });
    });

    it('reads a workbook without a header row, codes typed as numbers included', async () => {
      const code = Date.now() % 1_000_000;
      const file = await workbook([[code, 'Numbered', 'parcelCenter']], null);
      const res = await s.importFile('superAdmin', 'POCZTA_POLSKA', { buffer: file, name: 'codes.xlsx' });
      expect(res.body).toEqual({ created: 1, updated: 0, unchanged: 0, parcelsChanged: 0 });
      const list = await s.list('admin', { operatorType: 'POCZTA_POLSKA', search: String(code) });
      expect(list.body.items).toMatchObject([{ code: String(code), dbName: 'parcelCenter' }]);
    });
    it('a whole code list reaches the live list as ids, a few events instead of one a row', async () => {
      const prefix = uniqueCode('Bulk');
      const rows = Array.from({ length: 160 }, (_, i) => [`${prefix}-${i}`, `Bulk code ${i}`]);
      const ids = new Set<string>();
      const heard = new Promise<void>((resolve) => {
        room.on('list:change', (ch) => {
          if (ch.list !== 'statuses' || ch.op !== 'changedMany') return;
          for (const id of ch.ids) ids.add(id);
          if (ids.size >= 160) resolve();
        });
      });
      const res = await s.importFile('admin', 'DHL', {
        buffer: await workbook(rows, null),
        name: 'bulk.xlsx',
      });
      expect(res.body).toEqual({ created: 160, updated: 0, unchanged: 0, parcelsChanged: 0 });
      await heard;
      const listed = await s.k.query<{ id: string }>('select id from status_map where code like $1', [
        `${prefix}-%`,
      ]);
      expect([...ids].sort()).toEqual(listed.map((r) => r.id).sort());
    });
  });

  describe('GET /mapStatus/list', () => {
    it('filters by carrier type, status, unmapped and text, and pages by keyset to the end', async () => {
      const tag = uniqueCode('List');
      await s.saved('LANDMARK', [
        entry(`${tag}-a`, 'delivered', { description: 'Delivered at home' }),
        entry(`${tag}-B`, null),
        entry(`${tag}-c`, 'delivered'),
        entry(`${tag}-d`, 'firstAttempt', { description: 'Nobody HOME' }),
        entry(`${tag}-e`, null),
      ]);
      await s.saved('UPS', [entry(`${tag}-f`, 'delivered')]);
      const codes = async (query: Record<string, string>) => {
        const res: Response = await s.list('magazyn', { search: tag, sort: 'code', ...query });
        expect(res.status).toBe(200);
        return (res.body.items as StatusMapRow[]).map((r) => r.code.slice(tag.length + 1));
      };
      expect(await codes({})).toEqual(['a', 'B', 'c', 'd', 'e', 'f']);
      expect(await codes({ operatorType: 'LANDMARK', dbName: 'delivered' })).toEqual(['a', 'c']);
      expect(await codes({ dbName: 'unmapped' })).toEqual(['B', 'e']);
      expect(await codes({ dbName: 'delivered', direction: 'desc' })).toEqual(['f', 'c', 'a']);
      expect(await codes({ operatorType: 'UPS' })).toEqual(['f']);
      expect(await codes({ dbName: 'pickup' })).toEqual([]);
      expect(await codes({ search: `${tag.toLowerCase()}-b` })).toEqual(['B']);
      expect(await s.list('operator', { search: ' home ' }).then((r) => r.body.total)).toBe(2);
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: Response = await s.list('admin', {
          search: tag,
          sort: 'operatorType',
          limit: '2',
          ...(cursor ? { cursor } : {}),
        });
        expect(page.body.total).toBe(6);
        seen.push(...(page.body.items as StatusMapRow[]).map((r) => r.code.slice(tag.length + 1)));
        cursor = page.body.nextCursor;
        pages++;
      } while (cursor);
      expect(pages).toBe(3);
      expect(seen).toEqual(['a', 'B', 'c', 'd', 'e', 'f']);
    });
  });

  describe('POST /mapStatus/operatorTypeGetList', () => {
    it('answers every carrier type in order, with its carriers, codes, mapped, unmapped and seen unmapped', async () => {
      const before = (await s.operatorTypes('magazyn')).body as StatusMapOperatorType[];
      expect(before.map((x) => x.operatorType)).toEqual([...OPERATOR_TYPES]);
      const base = before.find((x) => x.operatorType === 'GLS')!;
      await s.carrier('GLS');
      await s.carrier('GLS');
      const [seen, unseen] = [uniqueCode('Seen'), uniqueCode('Unseen')];
      await s.saved('GLS', [
        entry(uniqueCode(), 'delivered'),
        entry(uniqueCode(), 'pickup'),
        entry(seen, null),
        entry(unseen, null),
      ]);
      // The status refresh counts the codes carriers send (seen_count); here one unmapped code is marked seen directly.
      await s.k.query(`update status_map set seen_count = 4, last_seen_at = now() where code = $1`, [seen]);
      const after = (await s.operatorTypes('operator')).body as StatusMapOperatorType[];
      expect(after.find((x) => x.operatorType === 'GLS')).toEqual({
        operatorType: 'GLS',
        operators: base.operators + 2,
        codes: base.codes + 4,
        mapped: base.mapped + 2,
        unmapped: base.unmapped + 2,
        seenUnmapped: base.seenUnmapped + 1,
      });
      // A carrier type nobody uses answers zeros.
      expect(after.find((x) => x.operatorType === 'GEIS')).toMatchObject({ operators: 0, codes: 0 });
    });
  });
});
