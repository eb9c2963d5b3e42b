import { parse } from 'csv-parse/sync';
import { csvCell, writeCsv } from './csv-writer';

async function* batches(...pages: Record<string, unknown>[][]) {
  for (const page of pages) yield page as Record<string, string | number | boolean | Date | null>[];
}

describe('csvCell', () => {
  it.each([
    [null, 'en', undefined, ''],
    [true, 'en', undefined, 'Yes'],
    [false, 'pl', undefined, 'Nie'],
    [2.5, 'en', undefined, '2.5'],
    [Number.NaN, 'en', undefined, ''],
    ['plain', 'en', undefined, 'plain'],
    ['=SUM(A1)', 'en', undefined, "'=SUM(A1)"],
    ['+48 600', 'en', undefined, "'+48 600"],
    ['-1', 'en', undefined, "'-1"],
    ['@cmd', 'en', undefined, "'@cmd"],
    // Warsaw summer time: 08:05 UTC is 10:05 on the wall clock.
    [new Date('2026-07-01T08:05:09Z'), 'en', undefined, '2026-07-01 10:05:09'],
    [new Date('2026-07-01T22:30:00Z'), 'en', 'date', '2026-07-02'],
    [new Date('nope'), 'en', undefined, ''],
  ] as const)('%j (%s, %s) → %j', (value, lang, format, expected) => {
    expect(csvCell(value, lang, format)).toBe(expected);
  });
});

describe('writeCsv', () => {
  it('writes a BOM, the header and every batch with CRLF, quoting what needs it, and reports progress', async () => {
    const progress: number[] = [];
    const { content, rows } = await writeCsv(
      {
        sheetName: 'T',
        columns: [
          { key: 'a', header: 'Nazwa, pełna' },
          { key: 'b', header: 'B' },
        ],
      },
      'pl',
      batches([{ a: 'Zażółć "gęślą"', b: 1 }], [{ a: 'line\nbreak', b: true }]),
      async (n) => void progress.push(n),
    );
    expect(rows).toBe(2);
    expect(progress).toEqual([1, 2]);
    expect([...content.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = content.toString('utf8').slice(1);
    expect(text).toBe('"Nazwa, pełna",B\r\n"Zażółć ""gęślą""",1\r\n"line\nbreak",Tak\r\n');
    expect(parse(text)).toEqual([
      ['Nazwa, pełna', 'B'],
      ['Zażółć "gęślą"', '1'],
      ['line\nbreak', 'Tak'],
    ]);
  });

  it('writes the header alone when there are no rows', async () => {
    const { content, rows } = await writeCsv(
      { sheetName: 'T', columns: [{ key: 'a', header: 'A' }] },
      'en',
      batches(),
    );
    expect(rows).toBe(0);
    expect(content.toString('utf8')).toBe('\uFEFFA\r\n');
  });
});
