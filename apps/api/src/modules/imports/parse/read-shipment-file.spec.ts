import { IMPORT_UNPACKED_MAX_BYTES, MESSAGES } from '@depot/contracts';
import * as ExcelJS from 'exceljs';
import { strToU8, strFromU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { peekShipmentFile, readShipmentFile, type ShipmentTable } from './read-shipment-file';

/** The corpus (made by make-fixtures.mjs beside it): headers and rows as a Polish shop exports them. */
const FIXTURES = join(__dirname, '../../../../test/fixtures/imports');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));
const read = (name: string, maxRows?: number) => readShipmentFile(fixture(name), name, maxRows);
const tableOf = async (bytes: Buffer, name: string, maxRows?: number): Promise<ShipmentTable> => {
  const result = await readShipmentFile(bytes, name, maxRows);
  if (!result.ok) throw new Error(result.message);
  return result.table;
};
const refused = (message: string) => ({ ok: false, message });

const HEADERS = ['Nazwa', 'Ulica', 'Numer budynku', 'Miasto', 'Kod pocztowy', 'Kraj']
  .map((h) => `${h} odbiorcy`)
  .concat('Waga (kg)', 'Numer referencyjny');
const ROW_1 = ['Łukasz Żółć', 'Świętokrzyska', '12/3', 'Łódź', '90-001', 'Polska', '2,5', 'ZAM/2026/001'];
const ROW_2 = ['Zofia Ćwiek-Ślązak', 'Źródlana', '7', 'Gdańsk', '80-180', 'Polska', '0,75', 'ZAM/2026/002'];
const ROW_3 = ['ŻANETA ĄCKA', 'Nowy Świat', '101A', 'Kraków', '30-001', 'Polska', '12', 'ZAM/2026/003'];

/** A zip's entries unpacked, changed, and packed again. */
const rezip = (bytes: Buffer, change: (files: Zippable) => void, level: 0 | 9 = 0): Buffer => {
  const files: Zippable = unzipSync(bytes);
  change(files);
  return Buffer.from(zipSync(files, { level }));
};

/** A workbook's bytes as exceljs writes them. */
const workbookOf = async (rows: unknown[][]): Promise<Buffer> => {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Arkusz1');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
};

/** A UTF-8 CSV of many chunks, every cell full of two-byte letters (made once; each caller gets its own bytes). */
const BIG_CSV_ROWS = Array.from({ length: 4000 }, (_, i) => [
  `ŻÓŁĆ ĄĘŚŹŃ żółć ${i}`,
  'Świętokrzyska',
  `${i}`,
]);
const BIG_CSV = Buffer.from(['A;B;C', ...BIG_CSV_ROWS.map((r) => r.join(';'))].join('\n'), 'utf8');
const bigCsv = () => ({ rows: BIG_CSV_ROWS, bytes: Buffer.from(BIG_CSV) });

/**
 * A workbook of 3000 rows as exceljs writes it, broken at its end (past the reader's first chunks). Two tests read
 * it; writing it takes long, so it is made once, and each caller gets its own bytes.
 */
let brokenEndWorkbook: Promise<Buffer> | undefined;
const workbookBrokenAtItsEnd = async (): Promise<Buffer> => {
  brokenEndWorkbook ??= (async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => [`Odbiorca ${i}`, i]);
    return rezip(await workbookOf([['Nazwa', 'Waga'], ...rows]), (files) => {
      const xml = strFromU8(files['xl/worksheets/sheet1.xml'] as Uint8Array);
      files['xl/worksheets/sheet1.xml'] = strToU8(
        xml.replace('</sheetData>', '<row r="9999"></wrong></sheetData>'),
      );
    });
  })();
  return Buffer.from(await brokenEndWorkbook);
};

describe('readShipmentFile: CSV', () => {
  it('reads Polish Excel’s CSV: Windows-1250, semicolons, decimal commas kept as written', async () => {
    expect(await read('excel-pl-1250.csv')).toEqual({
      ok: true,
      table: {
        kind: 'csv',
        encoding: 'windows-1250',
        delimiter: ';',
        headers: HEADERS,
        rows: [
          { row: 2, cells: ROW_1 },
          { row: 3, cells: ROW_2 },
          { row: 4, cells: ROW_3 },
        ],
      },
    });
  });

  it('reads UTF-8 with a byte order mark (the mark not in the first header)', async () => {
    const table = await tableOf(fixture('utf8-bom.csv'), 'utf8-bom.csv');
    expect(table).toEqual({
      kind: 'csv',
      encoding: 'utf-8-bom',
      delimiter: ';',
      headers: HEADERS,
      rows: [
        { row: 2, cells: ROW_1 },
        { row: 3, cells: ROW_2 },
      ],
    });
  });

  it('reads UTF-8 without a mark, separated by commas (quoted decimal commas stay in their cell)', async () => {
    const table = await tableOf(fixture('utf8-comma.csv'), 'utf8-comma.csv');
    expect(table).toMatchObject({ encoding: 'utf-8', delimiter: ',', headers: HEADERS });
    expect(table.rows).toEqual([
      { row: 2, cells: ROW_1 },
      { row: 3, cells: ROW_2 },
    ]);
  });

  it('reads tab-separated values (a semicolon inside a cell is text)', async () => {
    const table = await tableOf(fixture('tabs.csv'), 'tabs.csv');
    expect(table).toMatchObject({ encoding: 'utf-8', delimiter: '\t', headers: HEADERS });
    expect(table.rows).toEqual([
      { row: 2, cells: ROW_1 },
      { row: 3, cells: ['Jan Kowalski; syn', ...ROW_2.slice(1)] },
    ]);
  });

  it('reads quotes as Excel writes them: separators, line breaks and "" inside; cells trimmed', async () => {
    const table = await tableOf(fixture('quoted.csv'), 'quoted.csv');
    expect(table.delimiter).toBe(';');
    const inLodz = (...cells: string[]) => [
      ...cells.slice(0, 3),
      'Łódź',
      cells[3],
      'Polska',
      ...cells.slice(4),
    ];
    expect(table.rows).toEqual([
      {
        row: 2,
        cells: inLodz('Sklep "Żabka" nr 5', 'Długa; róg Krótkiej', '4', '90-002', '1,2', 'ZAM/2026/010'),
      },
      { row: 3, cells: inLodz('Anna Nowak', 'ul. Polna 1\r\nklatka B', '5', '90-003', '3', 'ZAM/2026/011') },
      { row: 4, cells: inLodz('Piotr Zieliński', 'Lipowa', '6', '90-004', '4', 'ZAM/2026/012') },
    ]);
  });

  it('skips blank lines, numbering records from the headers as 1 (blank ones counted)', async () => {
    const table = await tableOf(fixture('blank-lines.csv'), 'blank-lines.csv');
    expect(table.headers).toEqual(HEADERS);
    expect(table.rows).toEqual([
      { row: 2, cells: ROW_1 },
      { row: 5, cells: ROW_2 },
    ]);
  });

  it('decodes a CSV larger than one chunk without splitting its letters', async () => {
    const { bytes, rows } = bigCsv();
    expect(bytes.length).toBeGreaterThan(3 * 64 * 1024);
    const table = await tableOf(bytes, 'big.csv');
    expect(table.encoding).toBe('utf-8');
    expect(table.rows).toEqual(rows.map((cells, i) => ({ row: i + 2, cells })));
  });

  it.each([
    ['headers only', 'headers-only.csv', MESSAGES.importHeadersOnly],
    ['0 bytes', 'empty.csv', MESSAGES.importEmpty],
    ['only blank lines and separators', 'blank.csv', MESSAGES.importEmpty],
    ['binary bytes (a PNG) named .csv', 'scan.csv', MESSAGES.importUnreadable],
  ])('refuses %s', async (_, name, message) => {
    expect(await read(name)).toEqual(refused(message));
  });

  it('refuses a byte order mark alone, a workbook named .csv, and a quote never closed', async () => {
    expect(await readShipmentFile(Buffer.from([0xef, 0xbb, 0xbf]), 'a.csv')).toEqual(
      refused(MESSAGES.importEmpty),
    );
    expect(await readShipmentFile(fixture('shipments.xlsx'), 'a.csv')).toEqual(
      refused(MESSAGES.importUnreadable),
    );
    const unclosed = Buffer.from(`${HEADERS.join(';')}\n${ROW_1.join(';')}\n"Anna;Polna\n`);
    expect(await readShipmentFile(unclosed, 'a.csv')).toEqual(refused(MESSAGES.importUnreadable));
  });

  it('refuses more rows than the limit, reading no further than the row past it', async () => {
    expect(await read('excel-pl-1250.csv', 2)).toEqual(refused(MESSAGES.importTooManyRows(2)));
    expect((await tableOf(fixture('excel-pl-1250.csv'), 'a.csv', 3)).rows).toHaveLength(3);
    // A broken end (a quote never closed, chunks after the first) is never reached when the limit is passed before it.
    const brokenEnd = Buffer.concat([bigCsv().bytes, Buffer.from('\n"never closed;\n')]);
    expect(await readShipmentFile(brokenEnd, 'a.csv', 10)).toEqual(refused(MESSAGES.importTooManyRows(10)));
    expect(await readShipmentFile(brokenEnd, 'a.csv')).toEqual(refused(MESSAGES.importUnreadable));
  });
});

describe('readShipmentFile: xlsx', () => {
  it('reads the first sheet as a person sees it, with the sheet’s row numbers', async () => {
    expect(await read('shipments.xlsx')).toEqual({
      ok: true,
      table: {
        kind: 'xlsx',
        encoding: 'utf-8',
        delimiter: null,
        headers: [...HEADERS, 'Data nadania', 'Pobranie'],
        rows: [
          { row: 2, cells: [...ROW_1.slice(0, 6), '2.5', '1001', '2026-03-02', 'true'] },
          {
            row: 4,
            cells: [
              ...['Zofia Ćwiek', 'Źródlana', '7', 'Gdańsk', '80-180', 'Polska', '7.5', 'ZAM/2026/002'],
              ...['2026-03-02T14:30:00.000Z', ''],
            ],
          },
          { row: 7, cells: ROW_3 },
        ],
      },
    });
  });

  it('finds the headers after blank rows', async () => {
    expect(await read('late-start.xlsx')).toEqual({
      ok: true,
      table: {
        kind: 'xlsx',
        encoding: 'utf-8',
        delimiter: null,
        headers: HEADERS,
        rows: [
          { row: 5, cells: ROW_1 },
          { row: 6, cells: ROW_2 },
        ],
      },
    });
  });

  it.each([
    ['headers only', 'headers-only.xlsx', MESSAGES.importHeadersOnly],
    ['an empty sheet', 'empty-sheet.xlsx', MESSAGES.importEmpty],
    ['a PNG named .xlsx', 'picture.xlsx', MESSAGES.importUnreadable],
    ['random bytes named .xlsx', 'random.xlsx', MESSAGES.importUnreadable],
    ['a text file named .xlsx', 'notes.xlsx', MESSAGES.importUnreadable],
  ])('refuses %s', async (_, name, message) => {
    expect(await read(name)).toEqual(refused(message));
  });

  it('refuses a zip with no sheet, and a workbook with a broken sheet', async () => {
    const noSheet = Buffer.from(zipSync({ 'hello.txt': strToU8('hello') }));
    expect(await readShipmentFile(noSheet, 'a.xlsx')).toEqual(refused(MESSAGES.importUnreadable));
    const broken = rezip(fixture('shipments.xlsx'), (files) => {
      files['xl/worksheets/sheet1.xml'] = strToU8('<worksheet><sheetData><row r="1"></sheetData>');
    });
    expect(await readShipmentFile(broken, 'a.xlsx')).toEqual(refused(MESSAGES.importUnreadable));
  });

  it('refuses a zip bomb by the sizes it declares, before unpacking it', async () => {
    const withZeros = (size: number, level: 0 | 9) =>
      rezip(
        fixture('shipments.xlsx'),
        (files) => void (files['xl/media/zeros.bin'] = new Uint8Array(size)),
        level,
      );
    // A real one: 8 MB of zeros packed into a few kB, against a limit of 4 MB; the same file under a 16 MB limit reads.
    const bomb = withZeros(8 << 20, 9);
    expect(bomb.length).toBeLessThan(64 * 1024);
    const unreadable = refused(MESSAGES.importUnreadable);
    expect(await readShipmentFile(bomb, 'a.xlsx', undefined, 4 << 20)).toEqual(unreadable);
    expect(await readShipmentFile(bomb, 'a.xlsx', undefined, 16 << 20)).toMatchObject({ ok: true });
    // Against the real limit: an entry of 1 kB declaring more than IMPORT_UNPACKED_MAX_BYTES unpacked.
    const declared = withZeros(1024, 0);
    expect(await readShipmentFile(declared, 'a.xlsx')).toMatchObject({ ok: true });
    const name = Buffer.from('xl/media/zeros.bin');
    const central = declared.lastIndexOf(name) - 46;
    expect(declared.readUInt32LE(central)).toBe(0x02014b50);
    declared.writeUInt32LE(IMPORT_UNPACKED_MAX_BYTES + 1, central + 24);
    const local = declared.indexOf(name) - 30;
    expect(declared.readUInt32LE(local)).toBe(0x04034b50);
    declared.writeUInt32LE(IMPORT_UNPACKED_MAX_BYTES + 1, local + 22);
    expect(await readShipmentFile(declared, 'a.xlsx')).toEqual(unreadable);
  });

  it('refuses more rows than the limit, reading no further than the row past it', async () => {
    expect(await read('shipments.xlsx', 2)).toEqual(refused(MESSAGES.importTooManyRows(2)));
    expect((await tableOf(fixture('shipments.xlsx'), 'a.xlsx', 3)).rows.map((r) => r.row)).toEqual([2, 4, 7]);
    // A sheet broken at its end (past the reader's first chunks) is never reached when the limit is passed before it.
    const brokenEnd = await workbookBrokenAtItsEnd();
    expect(await readShipmentFile(brokenEnd, 'a.xlsx', 10)).toEqual(refused(MESSAGES.importTooManyRows(10)));
    expect(await readShipmentFile(brokenEnd, 'a.xlsx')).toEqual(refused(MESSAGES.importUnreadable));
  });
});

describe('readShipmentFile: the file’s type', () => {
  it.each(['shipments.xls', 'shipments.txt', 'shipments', 'shipments.csv.zip', 'xlsx'])(
    'refuses %s by its name',
    async (name) => {
      expect(await readShipmentFile(fixture('utf8-bom.csv'), name)).toEqual(refused(MESSAGES.importFileType));
    },
  );

  it('takes the extension in any case', async () => {
    expect((await tableOf(fixture('utf8-bom.csv'), 'EXPORT.CSV')).kind).toBe('csv');
    expect((await tableOf(fixture('shipments.xlsx'), 'Eksport.XLSX')).kind).toBe('xlsx');
  });
});

describe('peekShipmentFile: the mapping step’s headers and first rows (decision 0152)', () => {
  it('stops after the first rows, never reaching a broken end or the row limit', async () => {
    const csv = Buffer.concat([bigCsv().bytes, Buffer.from('\n"never closed;\n')]);
    const xlsx = await workbookBrokenAtItsEnd();
    for (const [bytes, name] of [
      [csv, 'a.csv'],
      [xlsx, 'a.xlsx'],
    ] as const) {
      const peeked = await peekShipmentFile(bytes, name, 3);
      if (!peeked.ok) throw new Error(peeked.message);
      expect(peeked.table.rows).toHaveLength(3);
      expect(await readShipmentFile(bytes, name, 3)).toEqual(refused(MESSAGES.importTooManyRows(3)));
    }
    const xlsxRows = await peekShipmentFile(xlsx, 'a.xlsx', 3);
    expect(xlsxRows).toMatchObject({ ok: true, table: { headers: ['Nazwa', 'Waga'] } });
  });

  it('takes a file shorter than the rows asked, and refuses what the upload refuses', async () => {
    const short = await peekShipmentFile(fixture('excel-pl-1250.csv'), 'a.csv', 50);
    expect(short).toEqual(await readShipmentFile(fixture('excel-pl-1250.csv'), 'a.csv'));
    expect(await peekShipmentFile(Buffer.from(HEADERS.join(';')), 'a.csv', 3)).toEqual(
      refused(MESSAGES.importHeadersOnly),
    );
    expect(await peekShipmentFile(Buffer.alloc(0), 'a.csv', 3)).toEqual(refused(MESSAGES.importEmpty));
    expect(await peekShipmentFile(Buffer.from('x'), 'a.xls', 3)).toEqual(refused(MESSAGES.importFileType));
    expect(await peekShipmentFile(Buffer.from('not a workbook'), 'a.xlsx', 3)).toEqual(
      refused(MESSAGES.importUnreadable),
    );
  });
});
