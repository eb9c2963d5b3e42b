import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import * as ExcelJS from 'exceljs';
import type { ExportCell } from './export-source';
import {
  sheetNameOf,
  warsawDate,
  warsawWallClock,
  writeXlsx,
  writeXlsxFile,
  type XlsxTable,
} from './xlsx-writer';

async function* batches(...pages: Record<string, ExportCell>[][]) {
  for (const p of pages) yield p;
}

async function open(content: Buffer): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(content as unknown as ExcelJS.Buffer);
  expect(wb.worksheets).toHaveLength(1);
  return wb.worksheets[0];
}

const table: XlsxTable = {
  sheetName: 'Clients',
  columns: [
    { key: 'name', header: 'Name', width: 30 },
    { key: 'debt', header: 'Debt block days', width: 10 },
    { key: 'active', header: 'Active' },
    { key: 'createdAt', header: 'Created', format: 'dateTime' },
    { key: 'day', header: 'Day', format: 'date' },
  ],
};

describe('warsawWallClock', () => {
  it.each([
    // Winter: UTC+1; summer: UTC+2; the day changes at Warsaw midnight, not UTC's.
    ['2026-01-15T10:30:00Z', 'dateTime', '2026-01-15T11:30:00.000Z'],
    ['2026-07-15T10:30:00Z', 'dateTime', '2026-07-15T12:30:00.000Z'],
    ['2026-07-15T22:30:00Z', 'date', '2026-07-16T00:00:00.000Z'],
    ['2026-12-31T23:15:45Z', 'dateTime', '2027-01-01T00:15:45.000Z'],
    ['2026-03-29T00:59:59Z', 'dateTime', '2026-03-29T01:59:59.000Z'],
    ['2026-03-29T01:00:00Z', 'dateTime', '2026-03-29T03:00:00.000Z'],
  ] as const)('%s (%s) reads as %s', (iso, format, expected) => {
    expect(warsawWallClock(new Date(iso), format).toISOString()).toBe(expected);
  });

  it('names the Warsaw calendar day for file names', () => {
    expect(warsawDate(new Date('2026-11-21T23:30:00Z'))).toBe('2026-11-22');
    expect(warsawDate(new Date('2026-11-22T12:00:00Z'))).toBe('2026-11-22');
  });
});

describe('sheetNameOf', () => {
  it.each([
    ['Klienci', 'Klienci'],
    ['a/b\\c?d*e[f]g:h', 'a b c d e f g h'],
    ['x'.repeat(40), 'x'.repeat(31)],
    ['', 'Sheet1'],
  ])('%j → %j', (name, expected) => expect(sheetNameOf(name)).toBe(expected));
});

describe('writeXlsx', () => {
  it('writes a bold, frozen header with widths and a filter, then the rows with their types', async () => {
    const progress: number[] = [];
    const { content, rows } = await writeXlsx(
      table,
      'en',
      batches(
        [
          {
            name: 'Zażółć Sp. z o.o.',
            debt: 14,
            active: true,
            createdAt: new Date('2026-07-01T08:05:00Z'),
            day: new Date('2026-07-01T22:30:00Z'),
          },
          { name: 'Beta', debt: 0, active: false, createdAt: null, day: null },
        ],
        [{ name: 'Gamma', debt: 3, active: true, createdAt: new Date('2026-01-02T00:00:00Z'), day: null }],
      ),
      async (n) => void progress.push(n),
    );
    expect(rows).toBe(3);
    expect(progress).toEqual([2, 3]);

    const ws = await open(content);
    expect(ws.name).toBe('Clients');
    expect(ws.getRow(1).values).toEqual([undefined, 'Name', 'Debt block days', 'Active', 'Created', 'Day']);
    for (let c = 1; c <= 5; c++) expect(ws.getRow(1).getCell(c).font?.bold).toBe(true);
    expect(ws.views[0]).toEqual(expect.objectContaining({ state: 'frozen', ySplit: 1 }));
    expect(ws.getColumn(1).width).toBe(30);
    expect(ws.getColumn(2).width).toBe(10);
    expect(ws.getColumn(3).width).toBe(16);
    expect(ws.autoFilter).toBe('A1:E1');
    expect(ws.rowCount).toBe(4);

    const first = ws.getRow(2);
    expect(first.getCell(1).value).toBe('Zażółć Sp. z o.o.');
    expect(first.getCell(2).value).toBe(14);
    expect(first.getCell(2).type).toBe(ExcelJS.ValueType.Number);
    expect(first.getCell(3).value).toBe('Yes');
    // Warsaw summer time: 08:05 UTC is 10:05 on the wall clock, stored as a real date.
    expect(first.getCell(4).type).toBe(ExcelJS.ValueType.Date);
    expect((first.getCell(4).value as Date).toISOString()).toBe('2026-07-01T10:05:00.000Z');
    expect(first.getCell(4).numFmt).toBe('yyyy-mm-dd hh:mm');
    expect((first.getCell(5).value as Date).toISOString()).toBe('2026-07-02T00:00:00.000Z');
    expect(first.getCell(5).numFmt).toBe('yyyy-mm-dd');

    const second = ws.getRow(3);
    expect(second.getCell(3).value).toBe('No');
    expect(second.getCell(4).value).toBeNull();
    expect(second.getCell(4).type).toBe(ExcelJS.ValueType.Null);

    expect((ws.getRow(4).getCell(4).value as Date).toISOString()).toBe('2026-01-02T01:00:00.000Z');
  });

  it('says yes and no in Polish for a Polish reader', async () => {
    const { content } = await writeXlsx(
      { sheetName: 'Klienci', columns: [{ key: 'a', header: 'Aktywny' }] },
      'pl',
      batches([{ a: true }, { a: false }]),
    );
    const ws = await open(content);
    expect(ws.getColumn(1).values).toEqual([undefined, 'Aktywny', 'Tak', 'Nie']);
  });

  it('keeps text as text (a leading = is no formula) and drops characters XML cannot carry', async () => {
    const { content } = await writeXlsx(
      { sheetName: 'T', columns: [{ key: 'a', header: 'A' }] },
      'en',
      batches([
        { a: '=HYPERLINK("http://x")' },
        { a: 'bell\u0007 and nul\u0000 gone' },
        { a: 'x'.repeat(40_000) },
      ]),
    );
    const ws = await open(content);
    expect(ws.getRow(2).getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(ws.getRow(2).getCell(1).value).toBe('=HYPERLINK("http://x")');
    expect(ws.getRow(3).getCell(1).value).toBe('bell and nul gone');
    expect((ws.getRow(4).getCell(1).value as string).length).toBe(32_767);
  });

  it('turns NaN, infinities and invalid dates into empty cells', async () => {
    const { content } = await writeXlsx(
      {
        sheetName: 'T',
        columns: [
          { key: 'n', header: 'N' },
          { key: 'd', header: 'D' },
        ],
      },
      'en',
      batches([
        { n: Number.NaN, d: new Date('nope') },
        { n: Infinity, d: null },
      ]),
    );
    const ws = await open(content);
    expect(ws.getRow(2).getCell(1).value).toBeNull();
    expect(ws.getRow(2).getCell(2).value).toBeNull();
    expect(ws.getRow(3).getCell(1).value).toBeNull();
  });

  it('writes the header alone when there are no rows', async () => {
    const { content, rows } = await writeXlsx(table, 'en', batches());
    expect(rows).toBe(0);
    const ws = await open(content);
    expect(ws.rowCount).toBe(1);
    expect(ws.getRow(1).getCell(1).value).toBe('Name');
  });

  it('writes a large export to a temporary file of the stated size, removed when asked (decision 0095)', async () => {
    const many = Array.from({ length: 250 }, (_, i) => ({ name: `Row ${i}`, debt: i }));
    const file = await writeXlsxFile(table, 'en', batches(many.slice(0, 120), many.slice(120)));
    expect(file.rows).toBe(250);
    const content = await readFile(file.path);
    expect(content.length).toBe(file.size);
    const ws = await open(content);
    expect(ws.rowCount).toBe(251);
    expect(ws.getRow(251).getCell(1).value).toBe('Row 249');
    await file.remove();
    expect(existsSync(dirname(file.path))).toBe(false);
  });

  it('removes its temporary file when the rows cannot be read', async () => {
    const root = await mkdtemp(join(tmpdir(), 'depot-xlsx-spec-'));
    async function* failing() {
      yield [{ name: 'Ada', debt: 1 }];
      throw new Error('read failed');
    }
    try {
      await expect(writeXlsxFile(table, 'en', failing(), undefined, root)).rejects.toThrow('read failed');
      expect(await readdir(root)).toEqual([]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
