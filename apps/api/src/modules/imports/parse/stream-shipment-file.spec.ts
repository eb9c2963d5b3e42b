import { MESSAGES } from '@depot/contracts';
import * as ExcelJS from 'exceljs';
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { streamShipmentFile, type ShipmentFileMeta, type ShipmentRow } from './read-shipment-file';

/** What a streamed read handed over, in order. */
interface Seen {
  calls: string[];
  headers: string[] | null;
  meta: ShipmentFileMeta | null;
  parts: ShipmentRow[][];
}

const recording = (fail?: { in: 'headers' | 'rows'; error: Error }) => {
  const seen: Seen = { calls: [], headers: null, meta: null, parts: [] };
  return {
    seen,
    handlers: {
      headers: async (headers: string[], meta: ShipmentFileMeta) => {
        seen.calls.push('headers');
        if (fail?.in === 'headers') throw fail.error;
        seen.headers = headers;
        seen.meta = meta;
      },
      rows: async (part: ShipmentRow[]) => {
        seen.calls.push(`rows ${part.length}`);
        // A slow handler: reading waits for it (the parts still come whole and in order).
        await new Promise((r) => setImmediate(r));
        if (fail?.in === 'rows') throw fail.error;
        seen.parts.push(part);
      },
    },
  };
};

const csvOf = (n: number, tail = '') =>
  Buffer.from(
    ['Nazwa;Waga', '', ...Array.from({ length: n }, (_, i) => `Odbiorca ${i};${i},5`)].join('\r\n') + tail,
    'utf8',
  );

const workbookOf = async (n: number): Promise<Buffer> => {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Arkusz1');
  ws.addRow(['Nazwa', 'Waga']);
  for (let i = 0; i < n; i++) ws.addRow([`Odbiorca ${i}`, i]);
  return Buffer.from(await wb.xlsx.writeBuffer());
};

/** A workbook whose sheet breaks after its rows. */
const brokenWorkbook = async (n: number): Promise<Buffer> => {
  const files: Zippable = unzipSync(await workbookOf(n));
  const xml = strFromU8(files['xl/worksheets/sheet1.xml'] as Uint8Array);
  files['xl/worksheets/sheet1.xml'] = strToU8(
    xml.replace('</sheetData>', '<row r="9999"></wrong></sheetData>'),
  );
  return Buffer.from(zipSync(files, { level: 0 }));
};

describe('streamShipmentFile (decision 0155)', () => {
  it.each([
    ['a.csv', () => Promise.resolve(csvOf(2500)), 'csv'],
    ['a.xlsx', () => workbookOf(2500), 'xlsx'],
  ] as const)('hands %s over as headers, then parts in order', async (name, bytes, kind) => {
    const { seen, handlers } = recording();
    expect(await streamShipmentFile(await bytes(), name, handlers, { partRows: 1000 })).toEqual({
      ok: true,
      rows: 2500,
    });
    expect(seen.calls).toEqual(['headers', 'rows 1000', 'rows 1000', 'rows 500']);
    expect(seen.headers).toEqual(['Nazwa', 'Waga']);
    expect(seen.meta?.kind).toBe(kind);
    const rows = seen.parts.flat();
    expect(rows.map((r) => r.cells[0])).toEqual(Array.from({ length: 2500 }, (_, i) => `Odbiorca ${i}`));
    // A CSV counts records from the headers' (a blank line too); a sheet's rows are its own numbers.
    expect(rows[0]!.row).toBe(kind === 'csv' ? 3 : 2);
  });

  it('hands nothing over for a file of headers only, or an empty one', async () => {
    for (const [bytes, message] of [
      [Buffer.from('Nazwa;Waga\r\n\r\n'), MESSAGES.importHeadersOnly],
      [Buffer.from('\r\n \r\n'), MESSAGES.importEmpty],
    ] as const) {
      const { seen, handlers } = recording();
      expect(await streamShipmentFile(bytes, 'a.csv', handlers, { partRows: 10 })).toEqual({
        ok: false,
        message,
      });
      expect(seen.calls).toEqual([]);
    }
  });

  it('refuses a file past the limit after handing over the parts before it', async () => {
    const { seen, handlers } = recording();
    expect(
      await streamShipmentFile(csvOf(2500), 'a.csv', handlers, { partRows: 1000, maxRows: 2100 }),
    ).toEqual({
      ok: false,
      message: MESSAGES.importTooManyRows(2100),
    });
    expect(seen.calls).toEqual(['headers', 'rows 1000', 'rows 1000']);
  });

  it.each([
    ['a.csv', () => Promise.resolve(csvOf(2500, '\r\n"never closed;x'))],
    ['a.xlsx', () => brokenWorkbook(2500)],
  ] as const)('refuses %s found unreadable part way, after the parts before', async (name, bytes) => {
    const { seen, handlers } = recording();
    expect(await streamShipmentFile(await bytes(), name, handlers, { partRows: 1000 })).toEqual({
      ok: false,
      message: MESSAGES.importUnreadable,
    });
    expect(seen.calls.slice(0, 3)).toEqual(['headers', 'rows 1000', 'rows 1000']);
  });

  it.each(['headers', 'rows'] as const)(
    'throws an error of the %s handler, reading no further (not taken for an unreadable file)',
    async (where) => {
      for (const [name, bytes] of [
        ['a.csv', csvOf(2500)],
        ['a.xlsx', await workbookOf(2500)],
      ] as const) {
        const error = new Error(`refused in ${where}`);
        const { seen, handlers } = recording({ in: where, error });
        await expect(streamShipmentFile(bytes, name, handlers, { partRows: 1000 })).rejects.toBe(error);
        expect(seen.calls).toEqual(where === 'headers' ? ['headers'] : ['headers', 'rows 1000']);
      }
    },
  );

  it('refuses a file of another type before reading it', async () => {
    const { seen, handlers } = recording();
    expect(await streamShipmentFile(csvOf(3), 'a.txt', handlers, { partRows: 10 })).toEqual({
      ok: false,
      message: MESSAGES.importFileType,
    });
    expect(seen.calls).toEqual([]);
  });
});
