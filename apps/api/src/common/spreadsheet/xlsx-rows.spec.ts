import * as ExcelJS from 'exceljs';
import { unzipSync, zipSync } from 'fflate';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { readFirstSheet, type SheetRow } from './xlsx-rows';

/** A workbook of the shipment corpus (apps/api/test/fixtures/imports): two sheets, shared strings, Polish text. */
const SHIPMENTS = readFileSync(join(__dirname, '../../../test/fixtures/imports/shipments.xlsx'));
const LIMIT = { unpackedMaxBytes: 50 << 20 };

/** The first sheet's rows, or null when the bytes are no workbook; `stopAfter` rows at most. */
const rowsOf = async (bytes: Buffer, stopAfter = Infinity): Promise<SheetRow[] | null> => {
  const rows: SheetRow[] = [];
  const read = await readFirstSheet(bytes, LIMIT, (row) => {
    rows.push(row);
    return rows.length >= stopAfter ? 'stop' : undefined;
  });
  return read ? rows : null;
};

/** A workbook as exceljs writes it: with shared strings, or streamed with inline strings. */
const workbookOf = async (rows: string[][], inline: boolean): Promise<Buffer> => {
  if (!inline) {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Arkusz1');
    for (const r of rows) ws.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
  const ws = wb.addWorksheet('Arkusz1');
  for (const r of rows) ws.addRow(r).commit();
  ws.commit();
  await wb.commit();
  return Buffer.concat(chunks);
};

describe('readFirstSheet: exceljs’s streaming reader, mended', () => {
  it.each([false, true])('reads letters whole across its chunks (inline strings: %s)', async (inline) => {
    const text = 'ŻÓŁĆĄĘŚŹŃ żółćąęśźń '.repeat(3).trim();
    const rows = Array.from({ length: 2500 }, (_, i) => [`${text}${i}`, `Łódź ${i} ${text}`]);
    const read = await rowsOf(await workbookOf(rows, inline));
    expect(read).toEqual(rows.map((cells, i) => ({ number: i + 1, cells })));
  });

  it('reads every part of the zip every time (unzipper ended early: 1 read in 2 of this one lost a part)', async () => {
    const stored = Buffer.from(zipSync(unzipSync(SHIPMENTS), { level: 0 }));
    const expected = await rowsOf(SHIPMENTS);
    expect(expected?.map((r) => r.cells[0])).toEqual([
      'Nazwa odbiorcy',
      'Łukasz Żółć',
      'Zofia Ćwiek',
      '',
      'ŻANETA ĄCKA',
    ]);
    for (let i = 0; i < 40; i++) expect(await rowsOf(stored)).toEqual(expected);
  });

  it('refuses a workbook whose shared strings are missing, rather than read its text cells as empty', async () => {
    const { 'xl/sharedStrings.xml': _, ...files } = unzipSync(SHIPMENTS);
    expect(await rowsOf(Buffer.from(zipSync(files)))).toBeNull();
  });

  it('leaves none of exceljs’s temporary copies of the sheets behind, read whole or stopped', async () => {
    const dir = mkdtempSync(join(os.tmpdir(), 'sheets-'));
    const tmp = jest.spyOn(os, 'tmpdir').mockReturnValue(dir);
    try {
      expect(await rowsOf(SHIPMENTS)).toHaveLength(5);
      expect(await rowsOf(SHIPMENTS, 1)).toHaveLength(1);
      expect(tmp).toHaveBeenCalled();
      // exceljs removes them asynchronously (closed, then unlinked): a moment.
      for (let i = 0; i < 50 && readdirSync(dir).length > 0; i++) await new Promise((r) => setTimeout(r, 10));
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      tmp.mockRestore();
      rmSync(dir, { recursive: true });
    }
  });
});
