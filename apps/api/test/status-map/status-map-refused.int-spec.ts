import type { Response } from 'supertest';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import {
  MAX_TEXT_LENGTH,
  MESSAGES,
  STATUS_MAP_FILE_MAX_BYTES,
  STATUS_MAP_SAVE_MAX,
  type Role,
  type StatusMapRow,
} from '@depot/contracts';
import { expectError, expectValidation } from '../expectations';
import { FORBIDDEN, UNKNOWN_ID } from '../role-kit';
import {
  entry,
  NOT_READERS,
  NOT_WRITERS,
  startStatusMapKit,
  uniqueCode,
  workbook,
  type Caller,
  type StatusMapKit,
  type UploadFile,
} from './status-map.kit';

/**
 * The status map's refusals (decision 0144), each leaving the map, the parcels and their histories as they were:
 * roles without the permission, bad input to every call, unknown rows, and code list files that are no workbook, too
 * large, a zip bomb or hold a bad row. A parcel stands on the codes the refused calls name, so a refusal that still
 * saved would also move it. Runs on the embedded runtime too (its name matches `refuse`, scripts/test.sh).
 */

const v = MESSAGES.validation;

describe('status map API: refusals', () => {
  let s: StatusMapKit;
  /** An INPOST code mapped to pickup, with a parcel in transport standing on it. */
  let known: StatusMapRow;
  /** An INPOST code not in the map, with a parcel standing on it. */
  const fresh = uniqueCode('Fresh');
  let good: UploadFile;
  const unchanged = (call: () => Promise<Response>) => s.probe.unchanged(call);
  /** A plain 400 (not a field's validation) with this message. */
  const expectBadRequest = (res: Response, message: string) => expectError(res, 400, 'Bad Request', message);
  /** A body create would take, but for `fresh` already standing under a parcel. */
  const createBody = () => ({ operatorType: 'INPOST', code: fresh, description: 'x', dbName: 'delivered' });

  beforeAll(async () => {
    s = await startStatusMapKit();
    const inpost = await s.carrier('INPOST');
    known = await s.created('INPOST', uniqueCode('Known'), 'pickup');
    await s.standing(inpost, known.code, 'inTransport');
    await s.standing(inpost, fresh, 'pickup');
    good = { buffer: await workbook([[fresh, 'Delivered', 'delivered', 'yes']]), name: 'codes.xlsx' };
  });
  afterAll(async () => {
    await s.close();
  });

  describe('callers without the permission', () => {
    const writes: Record<string, (who: Caller) => Promise<Response>> = {
      create: (who) => s.create(who, createBody()),
      saveMapInDB: (who) => s.save(who, { operatorType: 'INPOST', rows: [entry(fresh, 'delivered')] }),
      impact: (who) =>
        s.impact(who, { operatorType: 'INPOST', rows: [{ code: fresh, dbName: 'delivered' }] }),
      update: (who) => s.update(who, { id: known.id, dbName: 'delivered' }),
      remove: (who) => s.remove(who, known.id),
      importOperatorStatusesXLS: (who) => s.importFile(who, 'INPOST', good),
    };
    const reads: Record<string, (who: Caller) => Promise<Response>> = {
      list: (who) => s.list(who),
      operatorTypeGetList: (who) => s.operatorTypes(who),
    };
    const cases = (calls: Record<string, unknown>, roles: Role[]) =>
      Object.keys(calls).flatMap((call) => roles.map((role) => [call, role] as const));
    const every = { ...writes, ...reads };

    it.each(cases(writes, NOT_WRITERS))(
      '%s refuses a %s with 403 and changes nothing',
      async (call, role) => {
        expectError(await unchanged(() => writes[call](role)), 403, ...FORBIDDEN);
      },
    );

    it.each(cases(reads, NOT_READERS))('%s refuses a %s with 403', async (call, role) => {
      expectError(await unchanged(() => reads[call](role)), 403, ...FORBIDDEN);
    });

    it.each(Object.keys(every))('%s refuses no session with 401 and an API key with 403', async (call) => {
      expectError(await unchanged(() => every[call](null)), 401, 'Unauthorized', MESSAGES.notSignedIn);
      const key = await unchanged(() => every[call]({ apiKey: s.k.own.apiKey }));
      expectError(key, 403, 'Forbidden', MESSAGES.sessionOnly);
    });
  });

  describe('bad input', () => {
    const create = (over: Record<string, unknown>) =>
      unchanged(() => s.create('admin', { ...createBody(), ...over }));
    const absent = undefined;

    it.each<[string, Record<string, unknown>, string, string]>([
      ['no code', { code: absent }, v.externalStatusRequired, 'code'],
      ['a blank code', { code: '   ' }, v.externalStatusRequired, 'code'],
      ['a code that is a number', { code: 410 }, v.externalStatusRequired, 'code'],
      ['a code of 101 characters', { code: 'c'.repeat(101) }, 'At most 100 characters', 'code'],
      ['no description', { description: absent }, v.descriptionRequired, 'description'],
      ['a blank description', { description: ' ' }, v.descriptionRequired, 'description'],
      ['a description of 501', { description: 'd'.repeat(501) }, 'At most 500 characters', 'description'],
      ['no carrier type', { operatorType: absent }, v.operatorTypeRequired, 'operatorType'],
      ['an unknown carrier type', { operatorType: 'POSTMAN_PAT' }, v.operatorTypeInvalid, 'operatorType'],
      ['a carrier type in lower case', { operatorType: 'inpost' }, v.operatorTypeInvalid, 'operatorType'],
      ['no status', { dbName: absent }, v.statusRequired, 'dbName'],
      ['a null status', { dbName: null }, v.statusRequired, 'dbName'],
      ['an unknown status', { dbName: 'lost' }, v.statusInvalid, 'dbName'],
      ['toCancel (only a cancellation sets it)', { dbName: 'toCancel' }, v.statusInvalid, 'dbName'],
    ])('create refuses %s with its message', async (_label, over, message, path) => {
      expectValidation(await create(over), message, path);
    });

    it('create refuses a terminal flag that is not a boolean, an unknown key, and a body that is a list', async () => {
      const flag = await create({ isTerminal: 'yes' });
      expect(flag.status).toBe(400);
      expect(flag.body.details[0].path).toBe('isTerminal');
      const extra = await create({ seenCount: 5 });
      expect(extra.status).toBe(400);
      expect(extra.body.error).toBe('ValidationError');
      expect((await unchanged(() => s.create('admin', [fresh]))).status).toBe(400);
    });

    it('create refuses NUL and over-long text at the edge, naming the field', async () => {
      const nul = await create({ code: 'a\u0000b' });
      expectValidation(nul, MESSAGES.textNotStorable('code'), 'code');
      const huge = await create({ description: 'x'.repeat(MAX_TEXT_LENGTH + 1) });
      expectValidation(huge, MESSAGES.textTooLong('description', MAX_TEXT_LENGTH), 'description');
    });

    it('create refuses a code the carrier type has with 409', async () => {
      const res = await create({ code: known.code });
      expect(res.body).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: MESSAGES.statusMapCodeTaken,
        details: [{ path: 'code', message: MESSAGES.statusMapCodeTaken }],
      });
    });

    const rowsCall = (call: 'save' | 'impact') => (body: unknown) => unchanged(() => s[call]('admin', body));
    const twice = uniqueCode('Twice');
    const E = entry(fresh, 'delivered');
    const inpost = (rows: unknown) => ({ operatorType: 'INPOST', rows });
    const [NOTHING, TWICE] = [MESSAGES.statusMapNothingToSave, MESSAGES.statusMapDuplicateCode(twice)];
    it.each<[string, unknown, string, string]>([
      ['no rows', { operatorType: 'INPOST' }, NOTHING, 'rows'],
      ['empty rows', inpost([]), NOTHING, 'rows'],
      ['rows that are no list', inpost('x'), NOTHING, 'rows'],
      ['a code given twice', inpost([entry(twice, 'pickup'), E, entry(twice, null)]), TWICE, 'rows'],
      ['no carrier type', { rows: [E] }, v.operatorTypeRequired, 'operatorType'],
      ['an unknown carrier type', { rows: [E], operatorType: 'ACME' }, v.operatorTypeInvalid, 'operatorType'],
      ['a blank code', inpost([E, entry(' ', 'pickup')]), v.externalStatusRequired, 'rows.1.code'],
      ['no description', inpost([{ ...E, description: '' }]), v.descriptionRequired, 'rows.0.description'],
      ['no status', inpost([{ ...E, dbName: undefined }]), v.statusRequired, 'rows.0.dbName'],
      ['toCancel', inpost([{ ...E, dbName: 'toCancel' }]), v.statusInvalid, 'rows.0.dbName'],
      ['a blank row', inpost([E, {}]), v.externalStatusRequired, 'rows.1.code'],
    ])('saveMapInDB refuses %s with its message', async (_label, body, message, path) => {
      expectValidation(await rowsCall('save')(body), message, path);
    });

    const at = (code: string, dbName: unknown) => ({ code, dbName });
    it.each<[string, unknown, string, string]>([
      ['empty rows', inpost([]), NOTHING, 'rows'],
      ['a code given twice', inpost([at(twice, 'pickup'), at(twice, null)]), TWICE, 'rows'],
      ['an unknown status', inpost([at(fresh, 'teleported')]), v.statusInvalid, 'rows.0.dbName'],
      ['a blank code', inpost([at('', 'pickup')]), v.externalStatusRequired, 'rows.0.code'],
      ['no carrier type', { rows: [at(fresh, 'delivered')] }, v.operatorTypeRequired, 'operatorType'],
    ])('impact refuses %s with its message', async (_label, body, message, path) => {
      expectValidation(await rowsCall('impact')(body), message, path);
    });

    it('saveMapInDB refuses NUL in a row at the edge, naming the row and field', async () => {
      const nul = await rowsCall('save')(inpost([E, { ...E, code: 'b', description: 'a\u0000' }]));
      expectValidation(nul, MESSAGES.textNotStorable('rows.1.description'), 'rows.1.description');
    });

    it.each<['save' | 'impact', unknown]>([
      ['save', inpost([{ ...E, seenCount: 1 }])],
      ['save', inpost([{ ...E, isTerminal: undefined }])],
      ['save', inpost([{ ...E, isTerminal: 'no' }])],
      ['save', { ...inpost([E]), extra: true }],
      ['impact', inpost([{ ...at(fresh, 'delivered'), description: 'x' }])],
      ['impact', inpost([at(7 as never, 'delivered')])],
    ])('%s refuses %j with 400', async (call, body) => {
      const res = await rowsCall(call)(body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('ValidationError');
    });

    it('save and impact refuse more rows than one save may hold', async () => {
      const rows = Array.from({ length: STATUS_MAP_SAVE_MAX + 1 }, (_, i) => entry(`${fresh}-${i}`, null));
      const message = MESSAGES.statusMapTooManyRows(STATUS_MAP_SAVE_MAX);
      expectValidation(await rowsCall('save')(inpost(rows)), message, 'rows');
      expectValidation(await rowsCall('impact')(inpost(rows.map((r) => at(r.code, null)))), message, 'rows');
    });

    it.each<[string, Record<string, unknown>, string, string]>([
      ['a blank description', { description: '  ' }, v.descriptionRequired, 'description'],
      ['toCancel', { dbName: 'toCancel' }, v.statusInvalid, 'dbName'],
      ['an unknown status', { dbName: 'gone' }, v.statusInvalid, 'dbName'],
      ['NUL', { description: '\u0000' }, MESSAGES.textNotStorable('description'), 'description'],
    ])('update refuses %s with its message', async (_label, over, message, path) => {
      expectValidation(await unchanged(() => s.update('admin', { id: known.id, ...over })), message, path);
    });

    it('update refuses an unknown key and a terminal flag that is not a boolean', async () => {
      for (const over of [{ code: 'renamed' }, { operatorType: 'GLS' }, { isTerminal: 1 }]) {
        const res = await unchanged(() => s.update('admin', { id: known.id, ...over }));
        expect(res.status).toBe(400);
        expect(res.body.error).toBe('ValidationError');
      }
    });

    it('update refuses a change that changes nothing with "No value has changed"', async () => {
      for (const body of [
        { id: known.id },
        { id: known.id, dbName: 'pickup' },
        { id: known.id, description: known.description, isTerminal: known.isTerminal },
      ])
        expectBadRequest(await unchanged(() => s.update('admin', body)), MESSAGES.noValueChanged);
    });

    it('update and remove answer 404 for an unknown or forged id', async () => {
      const missing = await unchanged(() => s.update('admin', { id: UNKNOWN_ID, dbName: 'delivered' }));
      expectError(missing, 404, 'Not Found', MESSAGES.statusMapNotFound);
      // A body's id that is not a UUID is bad input (400), named with the same words.
      const forged = await unchanged(() => s.update('admin', { id: 'not-a-uuid', dbName: 'delivered' }));
      expectValidation(forged, MESSAGES.statusMapNotFound, 'id');
      for (const id of [UNKNOWN_ID, 'not-a-uuid', `${known.id}x`]) {
        const res = await unchanged(() => s.remove('admin', id));
        expectError(res, 404, 'Not Found', MESSAGES.statusMapNotFound);
      }
    });

    it.each(['garbage', Buffer.from('{"k":"x","id":"not-a-uuid"}').toString('base64url')])(
      'list refuses the forged cursor %s',
      async (cursor) => {
        expectBadRequest(await s.list('magazyn', { cursor }), MESSAGES.invalidCursor);
      },
    );

    it.each<Record<string, string>>([
      { limit: '0' },
      { limit: '51' },
      { operatorType: 'ACME' },
      { dbName: 'lost' },
      { sort: 'description' },
      { direction: 'sideways' },
      { unknown: '1' },
      { search: 'a\u0000b' },
      { search: 'x'.repeat(101) },
    ])('list refuses %j with 400', async (query) => {
      const res = await s.list('magazyn', query);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('ValidationError');
    });
  });

  describe('code list files', () => {
    const importing = (file?: UploadFile, type = 'INPOST', field?: string) =>
      unchanged(() => s.importFile('operator', type, file, field));
    const xlsx = (buffer: Buffer | Uint8Array): UploadFile => ({ buffer, name: 'codes.xlsx' });

    it('refuses a request without a file, with an empty file or under another field', async () => {
      expectBadRequest(await importing(), MESSAGES.uploadMissing);
      expectBadRequest(await importing(xlsx(Buffer.alloc(0))), MESSAGES.uploadMissing);
      expectBadRequest(await importing(good, 'INPOST', 'upload'), MESSAGES.uploadMissing);
    });

    it('refuses a file not named .xlsx, whatever it holds', async () => {
      const csv = { buffer: Buffer.from(`${fresh},Delivered,delivered\n`), name: 'codes.csv' };
      expectBadRequest(await importing(csv), MESSAGES.uploadNotXlsx);
      expectBadRequest(await importing({ ...good, name: 'codes.xls' }), MESSAGES.uploadNotXlsx);
    });

    it.each<[string, () => Uint8Array]>([
      ['CSV text named .xlsx', () => Buffer.from(`${fresh},Delivered,delivered\n`)],
      ['a zip without a workbook', () => zipSync({ 'readme.txt': Buffer.from('no sheet here') })],
      ['a truncated workbook', () => (good.buffer as Buffer).subarray(0, 300)],
      [
        // A real workbook whose shared strings unpack to 51 MB of zeros (> CODE_LIST_UNPACKED_MAX_BYTES, 50 MB):
        // refused by the sizes its directory declares, before anything is unpacked.
        'a zip bomb',
        () =>
          zipSync(
            { ...unzipSync(good.buffer), 'xl/sharedStrings.xml': new Uint8Array(51 << 20) },
            { level: 9 },
          ),
      ],
    ])('refuses %s as unreadable', async (_label, bytes) => {
      const file = xlsx(bytes());
      expect(file.buffer.length).toBeLessThan(STATUS_MAP_FILE_MAX_BYTES);
      expectBadRequest(await importing(file), MESSAGES.statusMapImportUnreadable);
    });

    it('refuses a workbook whose text holds a NUL character as unreadable', async () => {
      // A NUL cannot be written in XML: an xlsx carrying one is malformed, so the reader refuses it before any row.
      const parts = unzipSync(await workbook([['NULCODE', 'x']]));
      const strings = strFromU8(parts['xl/sharedStrings.xml']);
      parts['xl/sharedStrings.xml'] = strToU8(strings.replace('NULCODE', 'NUL\u0000CODE'));
      expectBadRequest(await importing(xlsx(zipSync(parts))), MESSAGES.statusMapImportUnreadable);
    });

    it('refuses a file over the limit with 413 and the limit in megabytes', async () => {
      const big = xlsx(Buffer.alloc(STATUS_MAP_FILE_MAX_BYTES + 1, 1));
      expectError(await importing(big), 413, 'Payload Too Large', MESSAGES.uploadTooLarge(2));
    });

    const bad = uniqueCode('Bad');
    it.each<[string, (string | number | null)[][], string]>([
      ['an unknown status', [[bad, 'Words', 'lost']], MESSAGES.statusMapImportBadStatus(3, 'lost')],
      ['toCancel', [[bad, 'Words', 'toCancel']], MESSAGES.statusMapImportBadStatus(3, 'toCancel')],
      [
        'a code given twice',
        [
          [bad, 'Words'],
          [fresh, 'Again'],
        ],
        MESSAGES.statusMapImportDuplicate(4, fresh),
      ],
      ['no description', [[bad, '', 'pickup']], MESSAGES.statusMapImportBadDescription(3)],
      ['a code of 101 characters', [['c'.repeat(101), 'Words']], MESSAGES.statusMapImportBadCode(3)],
      [
        'a terminal flag of maybe',
        [[bad, 'Words', '', 'maybe']],
        MESSAGES.statusMapImportBadTerminal(3, 'maybe'),
      ],
    ])(
      'refuses a file with %s, naming the row, and saves none of its rows',
      async (_label, rows, message) => {
        // Row 2 is good: the file is refused whole.
        const res = await importing(xlsx(await workbook([[fresh, 'Delivered', 'delivered'], ...rows])));
        expectValidation(res, message, 'file');
      },
    );

    it('refuses a file with only its header, and one with more rows than a save may hold', async () => {
      expectValidation(await importing(xlsx(await workbook([]))), MESSAGES.statusMapImportEmpty, 'file');
      const many = Array.from({ length: STATUS_MAP_SAVE_MAX + 1 }, (_, i) => [`${bad}-${i}`, 'Words']);
      const res = await importing(xlsx(await workbook(many)));
      expectValidation(res, MESSAGES.statusMapImportTooManyRows(STATUS_MAP_SAVE_MAX), 'file');
    });

    it('answers 404 for a carrier type that does not exist', async () => {
      for (const type of ['ACME', 'inpost', UNKNOWN_ID])
        expectError(await importing(good, type), 404, 'Not Found', v.operatorTypeInvalid);
    });

    it('refuses a file name the database cannot store, naming the field', async () => {
      // Browsers send the name as it is; a client may send it percent-encoded (RFC 5987), NUL included.
      const disposition = `form-data; name="file"; filename*=UTF-8''co%00des.xlsx`;
      const res = await unchanged(() => s.importRaw('admin', 'INPOST', disposition, good.buffer));
      expectValidation(res, MESSAGES.textNotStorable('file'), 'file');
    });

    it('still serves afterwards: the good file imports and the list shows it', async () => {
      const res = await s.importFile('operator', 'INPOST', good);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ created: 1, updated: 0, unchanged: 0, parcelsChanged: 1 });
      const list = await s.list('magazyn', { search: fresh });
      expect(list.body.items).toMatchObject([{ code: fresh, dbName: 'delivered', isTerminal: true }]);
    });
  });
});
