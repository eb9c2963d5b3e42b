import PDFDocument from 'pdfkit';

/** One label a fake carrier prints: its name, the shipment's number (drawn as bars too) and the address lines. */
export interface FakeLabelPage {
  carrier: string;
  number: string;
  lines: readonly string[];
}

/** Bars standing for `number` (not a real symbology: a sandbox's label is not meant for a carrier's scanner). */
const bar = (number: string, x: number) =>
  (number.charCodeAt(((x / 17) % number.length) | 0) * (x + 7)) % 5 < 2;

/** A real PDF, one 100 × 150 mm page per label (what the carriers' label endpoints give), made with pdfkit. */
export function fakeLabelPdf(pages: readonly FakeLabelPage[]): Buffer {
  const doc = new PDFDocument({ size: [283.46, 425.2], margin: 20, autoFirstPage: false });
  for (const p of pages) {
    doc.addPage();
    doc.fontSize(24).text(p.carrier);
    doc.fontSize(14).text(p.number).fontSize(11).text(p.lines.join('\n'));
    for (let x = 0; x < 230; x += 3) if (bar(p.number, x)) doc.rect(26 + x, 260, 2, 90).fill('#000');
  }
  doc.end();
  const pdf = doc.read() as Buffer | null; // pdfkit has written it all by the end of end()
  if (!pdf) throw new Error('pdfkit wrote nothing');
  return pdf;
}

/** ZPL II for a thermal printer, one `^XA … ^XZ` per label, with a Code 128 of the number. */
export function fakeLabelZpl(pages: readonly FakeLabelPage[]): Buffer {
  return Buffer.from(
    pages
      .map(
        (p) =>
          `^XA^CF0,40^FO40,40^FD${p.carrier}^FS${p.lines.map((l, i) => `^FO40,${100 + i * 40}^FD${l}^FS`).join('')}` +
          `^BY3^FO40,360^BCN,160,Y,N,N^FD${p.number}^FS^XZ\n`,
      )
      .join(''),
  );
}
