import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { LabelParcel } from '@depot/contracts';
import { labelFileContent, renderLabelFile } from './label-files';
import { readPdf } from '../../../../test/labels/pdf-inspect';
import { labelParcel, NO_LABEL_FLAGS } from '../../../../test/labels/label-parcels';

/** A carrier's label as carriers send it: 4×6 in pages with the carrier's own text. */
async function carrierPdf(texts: string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of texts) doc.addPage([288, 432]).drawText(text, { x: 20, y: 400, size: 14, font });
  return Buffer.from(await doc.save());
}

const CARRIER_ZPL = '^XA\n^FO50,50^A0N,40,40^FDCARRIER ZPL 1^FS\n^XZ\n^XA\n^FDCARRIER ZPL 2^FS\n^XZ';

const combining = (over: Partial<LabelParcel> = {}): LabelParcel =>
  labelParcel({
    packageCount: 2,
    carrierLabelFormat: 'pdf',
    flags: { ...NO_LABEL_FLAGS, combineLabels: true, firstMile: true },
    ...over,
  });

const pageSizes = async (pdf: Buffer) =>
  (await PDFDocument.load(pdf)).getPages().map((p) => p.getSize().width.toFixed(0));

describe("label files with the carrier's own label (combineLabels, decision 0149)", () => {
  jest.setTimeout(60_000);

  it("a PDF keeps our first-mile labels and puts the carrier's pages in the last mile's place, in order", async () => {
    const label = await carrierPdf(['CARRIER PAGE 1', 'CARRIER PAGE 2']);
    const a = combining({ id: 'a', internalNumber: 'A1' });
    const b = labelParcel({ id: 'b', internalNumber: 'B1', lastMileNumber: 'LMB' });
    const asked: string[][] = [];
    const file = renderLabelFile(['a', 'b'], [a, b], 'pdf', 'en', undefined, async (ids) => {
      asked.push([...ids]);
      return new Map([['a', label]]);
    });
    expect(file.labels).toBe(5);
    const pdf = await labelFileContent(file);
    expect(await file.done).toBe(5);
    expect(asked).toEqual([['a']]);
    // A's two first-mile labels (A6, 283 pt wide), the carrier's two 4×6 pages, then B's own last-mile label.
    expect(await pageSizes(pdf)).toEqual(['283', '283', '288', '288', '283']);
    const { texts } = await readPdf(pdf);
    expect(texts[0]).toContain('FM0000042');
    expect(texts[2]).toContain('CARRIER PAGE 1');
    expect(texts[3]).toContain('CARRIER PAGE 2');
    expect(texts[4]).toContain('LMB');
  });

  it('a carrier label that cannot be read, or is gone, is drawn by us', async () => {
    for (const labels of [new Map([['a', Buffer.from('not a pdf')]]), new Map<string, Buffer>()]) {
      const file = renderLabelFile(
        ['a'],
        [combining({ id: 'a' })],
        'pdf',
        'pl',
        undefined,
        async () => labels,
      );
      const pdf = await labelFileContent(file);
      expect(await pageSizes(pdf)).toEqual(['283', '283', '283', '283']);
      const { texts } = await readPdf(pdf);
      expect(texts[2]).toContain('DPD1234567890-1');
      expect(texts[3]).toContain('DPD1234567890-2');
    }
  });

  it("a ZPL file carries the carrier's ZPL as it came, in its place", async () => {
    const a = combining({
      id: 'a',
      carrierLabelFormat: 'zpl',
      flags: { ...NO_LABEL_FLAGS, combineLabels: true },
    });
    const b = labelParcel({ id: 'b', lastMileNumber: 'LMB' });
    const file = renderLabelFile(
      ['b', 'a'],
      [a, b],
      'zpl',
      'en',
      undefined,
      async () => new Map([['a', Buffer.from(CARRIER_ZPL)]]),
    );
    const zpl = (await labelFileContent(file)).toString('utf8');
    const blocks = zpl.match(/\^XA[\s\S]*?\^XZ/g) ?? [];
    expect(blocks).toHaveLength(3);
    expect(blocks[0]).toContain('LMB');
    expect(blocks[1]).toContain('CARRIER ZPL 1');
    expect(blocks[2]).toContain('CARRIER ZPL 2');
    expect(await file.done).toBe(3);
  });

  it("a label of the other format, or a client that does not combine, prints ours without asking for the carrier's", async () => {
    const source = jest.fn(async () => new Map<string, Buffer>());
    for (const [parcel, format] of [
      [combining({ id: 'a', carrierLabelFormat: 'zpl' }), 'pdf'],
      [combining({ id: 'a' }), 'zpl'],
      [combining({ id: 'a', flags: NO_LABEL_FLAGS }), 'pdf'],
    ] as const) {
      const file = renderLabelFile(['a'], [parcel], format, 'en', undefined, source);
      await labelFileContent(file);
      expect(await file.done).toBe(parcel.flags.firstMile ? 4 : 2);
    }
    expect(source).not.toHaveBeenCalled();
  });
});
