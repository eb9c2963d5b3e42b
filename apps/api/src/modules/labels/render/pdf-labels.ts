import PDFDocument from 'pdfkit';
import type { Language, LabelPage } from '@depot/contracts';
import { code128Vector } from './barcode';
import { labelFonts } from './fonts';
import { labelText } from './label-text';

/** Points per millimetre. */
const MM = 72 / 25.4;
/** A6: 100 × 150 mm. */
export const A6 = { width: 100 * MM, height: 150 * MM };
const M = 5 * MM;
const W = A6.width - 2 * M;
const BARCODE = { y: 103 * MM, height: 28 * MM };

type Doc = PDFKit.PDFDocument;

/** A new A6 label document with DejaVu Sans registered as `sans` and `sans-bold`. */
export function newLabelDocument(): Doc {
  const doc = new PDFDocument({
    size: [A6.width, A6.height],
    margin: 0,
    autoFirstPage: false,
    info: { Title: 'Labels', Producer: 'Depot', Creator: 'Depot' },
  });
  const fonts = labelFonts();
  doc.registerFont('sans', fonts.regular);
  doc.registerFont('sans-bold', fonts.bold);
  return doc;
}

/** One line of text cut with an ellipsis to the width. */
function line(doc: Doc, text: string, x: number, y: number, width: number, size: number, bold = false): void {
  doc
    .font(bold ? 'sans-bold' : 'sans')
    .fontSize(size)
    .text(text, x, y, { width, height: size * 1.3, ellipsis: true, lineBreak: true });
}

/** One line that shrinks (down to `minSize`) to fit the width before it is cut: for names and cities. */
function fittedLine(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
  size: number,
  minSize: number,
): void {
  doc.font('sans-bold').fontSize(size);
  const fitted = Math.max(minSize, Math.min(size, (size * width) / Math.max(1, doc.widthOfString(text))));
  line(doc, text, x, y + (size - fitted) / 2, width, Math.floor(fitted * 10) / 10, true);
}

function drawBarcode(doc: Doc, value: string, x: number, y: number, width: number, height: number): void {
  const bars = code128Vector(value);
  doc.save();
  doc.translate(x, y);
  doc.scale(width / bars.width, height / bars.height);
  for (const s of bars.strokes) doc.path(s.d).lineWidth(s.lineWidth).stroke('#000');
  doc.restore();
}

/**
 * Draws one A6 label on a new page: carrier and leg at the top, sender, recipient big with the destination country
 * code, weight, package n/N, COD, reference, content, date, and the package's Code128 barcode with its number.
 */
export function drawLabel(doc: Doc, page: LabelPage, lang: Language): void {
  const t = labelText(page, lang);
  doc.addPage();
  doc.lineWidth(1);
  // Heading: carrier (or our depot for the first mile) and the leg.
  fittedLine(doc, t.heading, M, M, W * 0.6, 16, 9);
  doc.rect(M + W * 0.6, M - 2, W * 0.4, 22).fill('#000');
  doc.fillColor('#fff');
  fittedLine(doc, t.kindTag, M + W * 0.6 + 4, M + 3, W * 0.4 - 8, 9, 5);
  doc.fillColor('#000');
  doc
    .moveTo(M, 13 * MM)
    .lineTo(M + W, 13 * MM)
    .stroke();

  // Sender.
  let y = 15 * MM;
  line(doc, t.fromTitle, M, y, W, 7, true);
  y += 10;
  for (const l of t.from) {
    line(doc, l, M, y, W, 9);
    y += 12;
  }
  if (t.shipper) line(doc, t.shipper, M, y, W, 9, true);
  doc
    .moveTo(M, 38 * MM)
    .lineTo(M + W, 38 * MM)
    .stroke();

  // Recipient, big, with the country code.
  y = 40 * MM;
  line(doc, t.toTitle, M, y, W, 7, true);
  y += 11;
  fittedLine(doc, t.toName, M, y, W * 0.72, 14, 8);
  y += 20;
  for (const l of t.toLines) {
    line(doc, l, M, y, W * 0.72, 12);
    y += 16;
  }
  fittedLine(doc, t.toCity, M, y, W * 0.72, 14, 8);
  y += 20;
  if (t.toPhone) line(doc, t.toPhone, M, y, W * 0.72, 10);
  line(doc, t.country, M + W * 0.72, 47 * MM, W * 0.28, 40, true);
  doc
    .moveTo(M, 75 * MM)
    .lineTo(M + W, 75 * MM)
    .stroke();

  // Parcel facts.
  y = 77 * MM;
  line(doc, t.weight, M, y, W * 0.55, 11, true);
  line(doc, t.packageTitle, M + W * 0.6, y, W * 0.4, 8);
  line(doc, t.packageOf, M + W * 0.6, y + 10, W * 0.4, 22, true);
  y += 16;
  if (t.cod) line(doc, t.cod, M, y, W * 0.58, 11, true);
  y += 16;
  if (t.reference) line(doc, t.reference, M, y, W * 0.58, 9);
  y += 12;
  if (t.content) line(doc, t.content, M, y, W, 8);
  doc
    .moveTo(M, 101 * MM)
    .lineTo(M + W, 101 * MM)
    .stroke();

  // Barcode of this package, the number under it, the internal number and the date.
  drawBarcode(doc, t.barcode, M, BARCODE.y, W, BARCODE.height);
  doc
    .font('sans-bold')
    .fontSize(12)
    .text(t.barcode, M, BARCODE.y + BARCODE.height + 4, {
      width: W,
      align: 'center',
      lineBreak: false,
    });
  line(doc, t.internalNumber, M, 142 * MM, W * 0.6, 8);
  line(doc, t.date, M + W * 0.6, 142 * MM, W * 0.4, 8);
}

/** Labels drawn per batch: the unit of progress, and what is held before it is written to the PDF stream. */
const PAGES_PER_BATCH = 50;

/** Pages in batches of PAGES_PER_BATCH. */
export function* labelBatches(pages: readonly LabelPage[]): Generator<LabelPage[]> {
  for (let i = 0; i < pages.length; i += PAGES_PER_BATCH) yield pages.slice(i, i + PAGES_PER_BATCH);
}

/**
 * Renders labels, batch by batch, into one PDF that streams out as it is written (pipe the returned document
 * before awaiting `done`). No label at all gives one blank page ("The PDF will be blank", SPEC 8).
 */
export function renderLabelsPdf(
  batches: AsyncIterable<LabelPage[]> | Iterable<LabelPage[]>,
  lang: Language,
  onBatch?: (labels: number) => Promise<void>,
): { doc: Doc; done: Promise<number> } {
  const doc = newLabelDocument();
  const done = (async () => {
    let labels = 0;
    try {
      for await (const batch of batches) {
        for (const page of batch) drawLabel(doc, page, lang);
        labels += batch.length;
        await onBatch?.(labels);
      }
      if (labels === 0) doc.addPage();
      doc.end();
      return labels;
    } catch (err) {
      doc.destroy(err as Error);
      throw err;
    }
  })();
  return { doc, done };
}
