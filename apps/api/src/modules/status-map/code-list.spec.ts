import { MESSAGES, STATUS_MAP_SAVE_MAX } from '@depot/contracts';
import * as ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import { CODE_LIST_UNPACKED_MAX_BYTES, cellText, codeListOf, sheetRows, unpacksWithin } from './code-list';

const workbook = async (rows: unknown[][], sheets = 1): Promise<Buffer> => {
  const wb = new ExcelJS.Workbook();
  for (let s = 0; s < sheets; s++) {
    const ws = wb.addWorksheet(`S${s + 1}`);
    for (const r of s === 0 ? rows : [['other sheet']]) ws.addRow(r);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
};

describe('codeListOf: a carrier code list, row by row', () => {
  it('reads code, description, status and terminal; skips a header row and blank rows', () => {
    expect(
      codeListOf([
        ['Code', 'Description', 'Status', 'Terminal'],
        ['delivered', 'Dostarczona', 'delivered', 'tak'],
        ['', '', '', ''],
        ['out_for_delivery', 'Wydana do doręczenia', 'W doręczeniu', ''],
        ['410', 'Pickup', '', 'no'],
      ]),
    ).toEqual({
      ok: true,
      entries: [
        { code: 'delivered', description: 'Dostarczona', dbName: 'delivered', isTerminal: true },
        { code: 'out_for_delivery', description: 'Wydana do doręczenia', dbName: 'inDelivery' },
        { code: '410', description: 'Pickup', isTerminal: false },
      ],
    });
  });

  it.each([['kod'], ['Status zewnętrzny'], ['EXTERNAL STATUS']])(
    'a header row starting %s is skipped',
    (header) => {
      const r = codeListOf([
        [header, 'x'],
        ['A', 'a'],
      ]);
      expect(r).toEqual({ ok: true, entries: [{ code: 'A', description: 'a' }] });
    },
  );

  it.each([
    ['the status code', 'inTransport', 'inTransport'],
    ['the English name', 'In transport', 'inTransport'],
    ['the Polish name', 'w transporcie', 'inTransport'],
    ['the English name of parcel center', 'PARCEL CENTER', 'parcelCenter'],
  ])('accepts %s', (_, status, dbName) => {
    expect(codeListOf([['X', 'x', status]])).toEqual({
      ok: true,
      entries: [{ code: 'X', description: 'x', dbName }],
    });
  });

  it.each([
    ['no code', [['', 'no code']], MESSAGES.statusMapImportBadCode(1)],
    [
      'a code too long',
      [
        ['A', 'a'],
        ['x'.repeat(101), 'long'],
      ],
      MESSAGES.statusMapImportBadCode(2),
    ],
    ['no description', [['A', '']], MESSAGES.statusMapImportBadDescription(1)],
    ['a description too long', [['A', 'd'.repeat(501)]], MESSAGES.statusMapImportBadDescription(1)],
    ['an unknown status', [['A', 'a', 'shipped']], MESSAGES.statusMapImportBadStatus(1, 'shipped')],
    [
      'a long unknown status, clipped',
      [['A', 'a', 'y'.repeat(60)]],
      MESSAGES.statusMapImportBadStatus(1, `${'y'.repeat(40)}…`),
    ],
    [
      'a terminal that is no yes or no',
      [['A', 'a', '', 'maybe']],
      MESSAGES.statusMapImportBadTerminal(1, 'maybe'),
    ],
    [
      'a code twice',
      [
        ['A', 'a'],
        ['B', 'b'],
        ['A', 'again'],
      ],
      MESSAGES.statusMapImportDuplicate(3, 'A'),
    ],
    ['headers only', [['Code', 'Description']], MESSAGES.statusMapImportEmpty],
    ['nothing', [], MESSAGES.statusMapImportEmpty],
  ])('refuses %s, naming the row', (_, rows, message) => {
    expect(codeListOf(rows)).toEqual({ ok: false, message });
  });

  it('refuses more rows than a save takes', () => {
    const rows = Array.from({ length: STATUS_MAP_SAVE_MAX + 1 }, (_, i) => [`C${i}`, 'd']);
    expect(codeListOf(rows)).toEqual({
      ok: false,
      message: MESSAGES.statusMapImportTooManyRows(STATUS_MAP_SAVE_MAX),
    });
    expect(codeListOf(rows.slice(1))).toMatchObject({ ok: true });
  });

  it('renders its row messages in words', () => {
    expect(MESSAGES.statusMapImportBadStatus(4, 'shipped')).toBe('Row 4: shipped is not a parcel status.');
    expect(MESSAGES.statusMapImportDuplicate(3, 'A')).toBe('Row 3: the code A is in the file twice.');
  });
});

describe('cellText', () => {
  it.each<[ExcelJS.CellValue, string]>([
    [null, ''],
    ['  padded ', 'padded'],
    [410, '410'],
    [true, 'true'],
    [{ richText: [{ text: 'Deliv' }, { text: 'ered ' }] }, 'Delivered'],
    [{ text: 'link', hyperlink: 'http://x' }, 'link'],
    [{ formula: 'A1', result: 500 } as ExcelJS.CellValue, '500'],
    [{ error: '#N/A' } as ExcelJS.CellValue, ''],
  ])('%j → %s', (value, text) => expect(cellText(value)).toBe(text));
});

describe('sheetRows: the first sheet of a workbook', () => {
  it('reads the first sheet’s first four columns as text', async () => {
    const file = await workbook(
      [
        ['Code', 'Description', 'Status', 'Terminal', 'ignored'],
        [410, 'Pickup', null, 'no'],
        ['FINAL', 'Delivered', 'delivered', 'yes'],
      ],
      2,
    );
    expect(await sheetRows(file, 100)).toEqual([
      ['Code', 'Description', 'Status', 'Terminal'],
      ['410', 'Pickup', '', 'no'],
      ['FINAL', 'Delivered', 'delivered', 'yes'],
    ]);
  });

  it('stops after maxRows', async () => {
    const file = await workbook(Array.from({ length: 50 }, (_, i) => [`C${i}`, 'd']));
    expect(await sheetRows(file, 10)).toHaveLength(10);
  });

  it('is null for bytes that are no workbook', async () => {
    expect(await sheetRows(Buffer.from('code;description\nA;a\n'), 10)).toBeNull();
    expect(await sheetRows(Buffer.from(zipSync({ 'hello.txt': new Uint8Array([1, 2, 3]) })), 10)).toBeNull();
  });

  it('is null for a zip bomb, by the sizes it declares, without unpacking it', async () => {
    const bomb = Buffer.from(
      zipSync({ 'xl/sharedStrings.xml': new Uint8Array(CODE_LIST_UNPACKED_MAX_BYTES + 1) }, { level: 9 }),
    );
    expect(bomb.length).toBeLessThan(200_000);
    expect(unpacksWithin(bomb, CODE_LIST_UNPACKED_MAX_BYTES)).toBe(false);
    expect(await sheetRows(bomb, 10)).toBeNull();
  });
});
