import ExcelJS from 'exceljs';
import {
  MAX_TEXT_LENGTH,
  MESSAGES,
  type ImportHeadersReply,
  type ImportPresetView,
  type ImportView,
} from '@depot/contracts';
import { expectError } from '../expectations';
import { UNKNOWN_ID } from '../parcels/parcels.kit';
import { csvFile, shipment, startImportsKit, STAFF_REFUSED, type ImportsKit, type Who } from './imports.kit';

/** A shop's own export: headers no template and no alias knows, in its own order. */
const SHOP_HEADERS = ['Nr zam.', 'Klient', 'Ulica i nr', 'Dom', 'Miasto', 'PNA', 'Państwo', 'Kg', 'Uwagi'];
const shopRow = (reference: string, weight = '2,5') => {
  const [ref, name, street, building, city, zip, country] = shipment(reference);
  return [ref!, name!, street!, building!, city!, zip!, country!, weight, 'Dzwonić przed'];
};
const SHOP_PRESET = {
  referenceNumber: 'Nr zam.',
  recipientName: 'Klient',
  recipientStreet: 'Ulica i nr',
  recipientBuilding: 'Dom',
  recipientCity: 'Miasto',
  recipientZipCode: 'PNA',
  recipientCountry: 'Państwo',
  weightKg: 'Kg',
  note1: 'Uwagi',
};
const SHOP_MAP = {
  referenceNumber: 0,
  recipientName: 1,
  recipientStreet: 2,
  recipientBuilding: 3,
  recipientCity: 4,
  recipientZipCode: 5,
  recipientCountry: 6,
  weightKg: 7,
  note1: 8,
};

/**
 * The import's mapping step and per-client column presets (issue 16 item 1, decision 0152): a file's headers read
 * before the import (nothing kept), presets saved by name, listed, applied to a file with foreign headers and
 * deleted; bad input refused with why and nothing changed; another client's presets out of reach; refused roles.
 */
describe('imports of shipments: the mapping step and column presets', () => {
  let k: ImportsKit;

  beforeAll(async () => {
    k = await startImportsKit();
  });
  afterAll(async () => {
    await k.close();
  });

  const headers = (
    who: Who,
    file: { bytes: Buffer; name: string } | null,
    fields: Record<string, string> = {},
  ) => {
    let req = k.t.http().post('/api/import/headers').set(k.auth(who));
    for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
    return (file ? req.attach('file', file.bytes, file.name) : req).then((r) => r);
  };
  const save = (who: Who, body: unknown) =>
    k.t
      .http()
      .put('/api/importPresets')
      .set(k.auth(who))
      .send(body as object)
      .then((r) => r);
  const list = (who: Who, clientId?: string) =>
    k.t
      .http()
      .get('/api/importPresets')
      .query(clientId ? { clientId } : {})
      .set(k.auth(who))
      .then((r) => r);
  const remove = (who: Who, id: string) =>
    k.t
      .http()
      .delete(`/api/importPresets/${id}`)
      .set(k.auth(who))
      .then((r) => r);
  const presetsIn = async (clientId: string) =>
    (
      await k.query<{ name: string }>('select name from import_presets where client_id = $1 order by name', [
        clientId,
      ])
    ).map((r) => r.name);
  const shopFile = (...references: string[]) => csvFile([SHOP_HEADERS, ...references.map((r) => shopRow(r))]);

  it('reads a file’s headers and first rows, saves its mapping as a preset, and a file with those headers uploads by it', async () => {
    const shop = await k.shop();
    const user = { token: shop.userToken };
    const file = { bytes: shopFile('P-1', 'P-2', 'P-3', 'P-4', 'P-5'), name: 'sklep.csv' };
    const read = await headers(user, file);
    expect(read.status).toBe(200);
    const reply = read.body as ImportHeadersReply;
    expect(reply).toEqual({
      kind: 'csv',
      encoding: 'windows-1250',
      delimiter: ';',
      headers: SHOP_HEADERS,
      sample: [shopRow('P-1'), shopRow('P-2'), shopRow('P-3')],
      // "Miasto" and "Uwagi" are known words; the rest is the user's to map.
      recognized: { recipientCity: 4, note1: 8 },
      missing: [
        'recipientName',
        'recipientStreet',
        'recipientBuilding',
        'recipientZipCode',
        'recipientCountry',
        'weightKg',
      ],
      presets: [],
    });
    // Reading the headers keeps nothing.
    expect(await k.query('select id from imports where client_id = $1', [shop.id])).toEqual([]);
    // Without a mapping the file is refused, as before.
    const refused = await k.upload(user, file);
    expect([refused.status, refused.body.message]).toEqual([
      400,
      MESSAGES.importColumnsMissing(
        'Recipient name, Recipient street, Recipient building, Recipient postal code, Recipient country, Weight (kg)',
      ),
    ]);

    const saved = await save(user, { name: '  Sklep internetowy ', columns: SHOP_PRESET });
    expect(saved.status).toBe(200);
    const preset = saved.body as ImportPresetView;
    expect(preset).toMatchObject({ clientId: shop.id, name: 'Sklep internetowy', columns: SHOP_PRESET });
    const listed = await list(user);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ items: [preset] });
    const [logged] = await k.query<{ type: string; entity_id: string }>(
      `select type, entity_id from audit_log where entity = 'importPreset' and entity_id = $1`,
      [preset.id],
    );
    expect(logged).toEqual({ type: 'importPreset.save', entity_id: preset.id });

    // The next day's file, its columns in another order and spelt in other capitals: the preset fits it.
    const shuffled = ['kg', 'PNA', 'Państwo', 'Miasto', 'Dom', 'ulica i nr', 'KLIENT', 'Nr zam.'];
    const order = [7, 5, 6, 4, 3, 2, 1, 0];
    const second = csvFile(
      [shuffled, ...['Q-1', 'Q-2'].map((r) => order.map((i) => shopRow(r)[i]!))],
      'utf-8',
    );
    const again = (await headers('admin', { bytes: second, name: 'jutro.csv' }, { clientId: shop.id }))
      .body as ImportHeadersReply;
    // "Uwagi" is not in this file: the preset naming it does not fit; a narrower one does.
    expect(again.presets).toEqual([]);
    const { note1: _note, ...narrow } = SHOP_PRESET;
    const narrower = (await save('admin', { clientId: shop.id, name: 'Bez uwag', columns: narrow }))
      .body as ImportPresetView;
    const fits = (await headers('admin', { bytes: second, name: 'jutro.csv' }, { clientId: shop.id }))
      .body as ImportHeadersReply;
    expect(fits.presets).toEqual([
      {
        id: narrower.id,
        name: 'Bez uwag',
        columnMap: {
          referenceNumber: 7,
          recipientName: 6,
          recipientStreet: 5,
          recipientBuilding: 4,
          recipientCity: 3,
          recipientZipCode: 1,
          recipientCountry: 2,
          weightKg: 0,
        },
      },
    ]);
    // Uploaded by the preset: every row checked and valid.
    const view = await k.uploaded(user, second, 'jutro.csv', { presetId: narrower.id });
    expect(view).toMatchObject({ state: 'ready', totalRows: 2, validRows: 2, invalidRows: 0 });
    expect(view.columnMap).toEqual(fits.presets[0]!.columnMap);
    expect((await k.rows(user, view.id)).items.map((r) => r.referenceNumber)).toEqual(['Q-1', 'Q-2']);
    // The first file by the first preset: its note column too.
    const first = await k.uploaded(user, file.bytes, 'sklep.csv', { presetId: preset.id });
    expect(first).toMatchObject({ validRows: 5, columnMap: SHOP_MAP });
    // A preset that does not fit the file is refused, naming the headers the file lacks.
    const misfit = await k.upload(user, { bytes: second, name: 'jutro.csv' }, { presetId: preset.id });
    expect([misfit.status, misfit.body.message]).toEqual([400, MESSAGES.importPresetNotFitting('Uwagi')]);

    // Saved again under its name: replaced, not repeated.
    const replaced = await save(user, {
      name: 'Sklep internetowy',
      columns: { ...SHOP_PRESET, note1: 'Notatka' },
    });
    expect(replaced.body).toMatchObject({ id: preset.id, columns: { note1: 'Notatka' } });
    expect(await presetsIn(shop.id)).toEqual(['Bez uwag', 'Sklep internetowy']);

    // Deleted: gone from the list, and an upload naming it hears so.
    expect((await remove(user, narrower.id)).status).toBe(204);
    expect(await presetsIn(shop.id)).toEqual(['Sklep internetowy']);
    expectError(await remove(user, narrower.id), 404, 'Not Found', MESSAGES.importPresetNotFound);
    const gone = await k.upload(user, { bytes: second, name: 'jutro.csv' }, { presetId: narrower.id });
    expectError(gone, 404, 'Not Found', MESSAGES.importPresetNotFound);
  });

  it('reads only the first rows of a workbook, and refuses the files the upload refuses, keeping nothing', async () => {
    const shop = await k.shop();
    const user = { token: shop.userToken };
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Zamówienia');
    sheet.addRow(SHOP_HEADERS);
    for (let i = 0; i < 50; i++) sheet.addRow(shopRow(`X-${i}`));
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const read = await headers(user, { bytes, name: 'sklep.xlsx' });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      kind: 'xlsx',
      encoding: 'utf-8',
      delimiter: null,
      headers: SHOP_HEADERS,
      sample: [shopRow('X-0'), shopRow('X-1'), shopRow('X-2')],
    });
    // A long cell is cut in the sample (the upload checks the rows themselves).
    const long = await headers(user, {
      bytes: csvFile([SHOP_HEADERS, shopRow('x'.repeat(5000))]),
      name: 'l.csv',
    });
    expect((long.body as ImportHeadersReply).sample[0]![0]).toHaveLength(200);

    const cases: [Buffer, string, string][] = [
      [Buffer.from('a;b'), 'shipments.xls', MESSAGES.importFileType],
      [Buffer.from('  \r\n\r\n'), 'empty.csv', MESSAGES.importEmpty],
      [csvFile([SHOP_HEADERS]), 'headers.csv', MESSAGES.importHeadersOnly],
      [Buffer.from('not a workbook'), 'shipments.xlsx', MESSAGES.importUnreadable],
      [Buffer.from('Klient;Kg\r\nJan\u0000Nowak;2\r\n'), 'nul.csv', MESSAGES.importUnreadable],
    ];
    for (const [file, name, message] of cases) {
      const res = await headers(user, { bytes: file, name });
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    const noFile = await headers(user, null);
    expect([noFile.status, noFile.body.message]).toEqual([400, MESSAGES.uploadMissing]);
    const huge = await headers(user, { bytes: Buffer.alloc(51 * 1024 * 1024, 'a'), name: 'huge.csv' });
    expect(huge.status).toBe(413);
    expect(await k.query('select id from imports where client_id = $1', [shop.id])).toEqual([]);
  });

  it('refuses bad presets with why, and changes nothing', async () => {
    const shop = await k.shop();
    const user = { token: shop.userToken };
    const cases: [unknown, string, string][] = [
      [{ name: '', columns: { weightKg: 'Kg' } }, MESSAGES.importPresetName, 'name'],
      [{ name: '   ', columns: { weightKg: 'Kg' } }, MESSAGES.importPresetName, 'name'],
      [{ name: 42, columns: { weightKg: 'Kg' } }, MESSAGES.importPresetName, 'name'],
      [{ name: 'x'.repeat(101), columns: { weightKg: 'Kg' } }, 'At most 100 characters', 'name'],
      [{ name: 'P', columns: {} }, MESSAGES.importPresetEmpty, 'columns'],
      [{ name: 'P', columns: 'Kg' }, MESSAGES.importPresetEmpty, 'columns'],
      [{ name: 'P', columns: { weight: 'Kg' } }, MESSAGES.importPresetUnknownField, 'columns'],
      [{ name: 'P', columns: { weightKg: ' ' } }, MESSAGES.importPresetHeader, 'columns.weightKg'],
      [{ name: 'P', columns: { weightKg: 5 } }, MESSAGES.importPresetHeader, 'columns.weightKg'],
      [{ name: 'P', columns: { weightKg: 'K'.repeat(1001) } }, 'At most 1000 characters', 'columns.weightKg'],
      [
        { name: 'P', columns: { note1: 'Uwagi', note2: ' uwagi' } },
        MESSAGES.importPresetHeaderTwice,
        'columns',
      ],
      [{ name: 'P', columns: { weightKg: 'Kg' }, extra: 1 }, 'Unrecognized key: "extra"', ''],
      [{ name: 'P\u0000', columns: { weightKg: 'Kg' } }, MESSAGES.textNotStorable('name'), 'name'],
      [
        { name: 'P', columns: { weightKg: 'x'.repeat(MAX_TEXT_LENGTH + 1) } },
        MESSAGES.textTooLong('columns.weightKg', MAX_TEXT_LENGTH),
        'columns.weightKg',
      ],
    ];
    for (const [body, message, path] of cases) {
      const res = await save(user, body);
      expect([res.status, res.body.message, res.body.details?.[0]?.path]).toEqual([400, message, path]);
    }
    // The upload's own fields: a preset named by a forged id, or beside a mapping.
    const file = { bytes: shopFile('B-1'), name: 'b.csv' };
    const forged = await k.upload(user, file, { presetId: 'not-an-id' });
    expect([forged.status, forged.body.message]).toEqual([400, MESSAGES.importPresetNotFound]);
    const unknown = await k.upload(user, file, { presetId: UNKNOWN_ID });
    expectError(unknown, 404, 'Not Found', MESSAGES.importPresetNotFound);
    const both = await k.upload(user, file, { presetId: UNKNOWN_ID, columnMap: JSON.stringify(SHOP_MAP) });
    expect([both.status, both.body.message]).toEqual([400, MESSAGES.importPresetWithMap]);
    for (const id of ['not-an-id', UNKNOWN_ID])
      expectError(await remove('admin', id), 404, 'Not Found', MESSAGES.importPresetNotFound);
    const badClient = await list('admin', 'not-an-id');
    expect([badClient.status, badClient.body.message]).toEqual([400, MESSAGES.clientNotFound]);
    expect(await presetsIn(shop.id)).toEqual([]);
    expect(await k.query('select id from imports where client_id = $1', [shop.id])).toEqual([]);
    // The app serves on.
    expect((await save(user, { name: 'Po błędach', columns: { weightKg: 'Kg' } })).status).toBe(200);
    expect((await k.t.http().get('/api/health')).status).toBe(200);
  });

  it("keeps each client's presets to its own callers; refuses the roles without import rights", async () => {
    const shop = await k.shop();
    const user = { token: shop.userToken };
    const mine = (await save({ apiKey: shop.apiKey }, { name: 'Mój', columns: SHOP_PRESET }))
      .body as ImportPresetView;
    expect(mine.clientId).toBe(shop.id);
    const other = { token: k.other.userToken };
    const file = { bytes: shopFile('O-1'), name: 'o.csv' };
    // Another client's user: the preset reads as not found, and its own lists hold none of it.
    expectError(await remove(other, mine.id), 404, 'Not Found', MESSAGES.importPresetNotFound);
    expectError(
      await remove({ apiKey: k.other.apiKey }, mine.id),
      404,
      'Not Found',
      MESSAGES.importPresetNotFound,
    );
    expectError(
      await k.upload(other, file, { presetId: mine.id }),
      404,
      'Not Found',
      MESSAGES.importPresetNotFound,
    );
    expect((await list(other)).body.items.map((p: ImportPresetView) => p.id)).not.toContain(mine.id);
    expect(((await headers(other, file)).body as ImportHeadersReply).presets).toEqual([]);
    // Naming another client reads as a missing client; staff must name one.
    for (const res of [
      await list(user, k.other.id),
      await save(user, { clientId: k.other.id, name: 'Cudzy', columns: SHOP_PRESET }),
      await headers(user, file, { clientId: k.other.id }),
    ])
      expectError(res, 404, 'Not Found', MESSAGES.clientNotFound);
    for (const res of [
      await list('admin'),
      await save('admin', { name: 'Bez klienta', columns: SHOP_PRESET }),
      await headers('admin', file),
    ])
      expect([res.status, res.body.message]).toEqual([400, MESSAGES.validation.clientRequired]);
    const unknownClient = await save('admin', { clientId: UNKNOWN_ID, name: 'X', columns: SHOP_PRESET });
    expect([unknownClient.status, unknownClient.body.message]).toEqual([400, MESSAGES.clientNotFound]);
    // Staff see and use the client's presets.
    expect((await list('operator', shop.id)).body.items.map((p: ImportPresetView) => p.name)).toEqual([
      'Mój',
    ]);
    const staffRead = (await headers('operator', file, { clientId: shop.id })).body as ImportHeadersReply;
    expect(staffRead.presets.map((p) => p.name)).toEqual(['Mój']);
    const view: ImportView = await k.uploaded('operator', file.bytes, 'o.csv', {
      clientId: shop.id,
      presetId: mine.id,
    });
    expect(view).toMatchObject({ clientId: shop.id, validRows: 1 });
    // Roles without import rights are refused everything.
    for (const role of STAFF_REFUSED) {
      const refused = [
        await headers(role, file, { clientId: shop.id }),
        await list(role, shop.id),
        await save(role, { clientId: shop.id, name: 'Nie', columns: SHOP_PRESET }),
        await remove(role, mine.id),
      ];
      expect(refused.map((r) => r.status)).toEqual([403, 403, 403, 403]);
    }
    expect(await presetsIn(shop.id)).toEqual(['Mój']);
    expect(await presetsIn(k.other.id)).toEqual([]);
    // Staff delete it.
    expect((await remove('admin', mine.id)).status).toBe(204);
    expect(await presetsIn(shop.id)).toEqual([]);
  });
});
