import type { LabelPage } from '@depot/contracts';
import { planLabels } from '@depot/domain';
import { decodeCode128, openPdfReader, rawPageCount } from '../../../../test/labels/pdf-inspect';
import { labelParcel } from '../../../../test/labels/label-parcels';
import { code128Vector, QUIET_ZONE_MODULES } from './barcode';
import { A6, renderLabelsPdf } from './pdf-labels';

const MM = 72 / 25.4;

async function pdfOf(
  pages: LabelPage[][],
  lang: 'en' | 'pl' = 'pl',
): Promise<{ pdf: Buffer; labels: number }> {
  const { doc, done } = renderLabelsPdf(pages, lang);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => doc.on('end', resolve));
  const labels = await done;
  await ended;
  return { pdf: Buffer.concat(chunks), labels };
}

/** The barcode band of a label (see pdf-labels.ts), with a margin. */
const BARCODE_REGION = { x: 0, y: 100 * MM, width: A6.width, height: 35 * MM };

describe('code128Vector', () => {
  it('keeps a quiet zone of 20 modules on both sides', () => {
    const v = code128Vector('ABC123');
    const edges = v.strokes.flatMap((s) =>
      [...s.d.matchAll(/M([\d.]+) /g)].map((m) => [
        Number(m[1]) - s.lineWidth / 2,
        Number(m[1]) + s.lineWidth / 2,
      ]),
    );
    expect(edges.length).toBeGreaterThan(10);
    expect(Math.min(...edges.map((e) => e[0]))).toBeGreaterThanOrEqual(QUIET_ZONE_MODULES);
    expect(v.width - Math.max(...edges.map((e) => e[1]))).toBeGreaterThanOrEqual(QUIET_ZONE_MODULES);
  });

  it('differs for different values', () => {
    expect(code128Vector('ABC124').strokes).not.toEqual(code128Vector('ABC123').strokes);
  });
});

describe('label PDF', () => {
  jest.setTimeout(60_000);
  // One pdf.js process reads every PDF below (a process per PDF cost about half a second each).
  const { readPdf, renderPdfPage, close } = openPdfReader();
  afterAll(close);

  it('one A6 page per package, with the Polish text and the additional shipper name', async () => {
    const pages = planLabels(labelParcel({ packageCount: 3 }));
    const { pdf, labels } = await pdfOf([pages]);
    expect(labels).toBe(3);
    expect(rawPageCount(pdf)).toBe(3);
    const read = await readPdf(pdf);
    expect(read.pages).toBe(3);
    const first = read.texts[0];
    for (const text of [
      'Grzegorz Brzęczyszczykiewicz',
      'Świętokrzyska 12/3',
      '90-001 Łódź',
      'Źródlana 7',
      'Nadawca dodatkowy: Sklep Żabka',
      'POBRANIE: 149.99 PLN',
      'Nr ref.: ZAM/2026/ŻÓŁW',
      'Zawartość: Książki · Uwagi: Proszę dzwonić',
      'DPD Polska',
      'OSTATNIA MILA',
      'Waga: 2.5 kg',
      'DE',
      'DPD1234567890-1',
      // 23:30 UTC is the next day in Warsaw.
      'Data: 2026-11-21',
    ]) {
      expect(first).toContain(text);
    }
    expect(read.texts.map((t) => t.match(/\b[123]\/3\b/)?.[0])).toEqual(['1/3', '2/3', '3/3']);
    expect(read.texts[2]).toContain('DPD1234567890-3');
  });

  it('labels in English for an English reader, first mile before last mile', async () => {
    const pages = planLabels(labelParcel({ flags: { ...labelParcel().flags, firstMile: true } }));
    const read = await readPdf((await pdfOf([pages], 'en')).pdf);
    expect(read.pages).toBe(2);
    expect(read.texts[0]).toContain('FIRST MILE');
    expect(read.texts[0]).toContain('FM0000042');
    expect(read.texts[1]).toContain('LAST MILE');
    expect(read.texts[1]).toContain('COD: 149.99 PLN');
  });

  it.each(['DPD1234567890-2', 'LAK0000042'])('the barcode decodes back to %s (quagga2)', async (value) => {
    const page: LabelPage = { ...planLabels(labelParcel())[0], barcode: value };
    const { pdf } = await pdfOf([[page]]);
    const png = await renderPdfPage(pdf, 1, 3, BARCODE_REGION);
    expect(await decodeCode128(png)).toBe(value);
  });

  it('each package page carries its own barcode (page 2 of 3 decodes to -2)', async () => {
    const { pdf } = await pdfOf([planLabels(labelParcel({ packageCount: 3 }))]);
    const png = await renderPdfPage(pdf, 2, 3, BARCODE_REGION);
    expect(await decodeCode128(png)).toBe('DPD1234567890-2');
  });

  it('no label gives one blank page', async () => {
    const { pdf, labels } = await pdfOf([]);
    expect(labels).toBe(0);
    const read = await readPdf(pdf);
    expect(read).toEqual({ pages: 1, texts: [''] });
  });

  it('embeds DejaVu Sans (subset), not a standard font', async () => {
    const { pdf } = await pdfOf([planLabels(labelParcel())]);
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans/);
    expect(raw).not.toContain('/Helvetica');
  });

  it('draws the barcode as vector paths, not an image', async () => {
    const { pdf } = await pdfOf([planLabels(labelParcel())]);
    expect(pdf.toString('latin1')).not.toContain('/Subtype /Image');
  });
});
