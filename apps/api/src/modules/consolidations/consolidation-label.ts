import { catalogueText, type ConsolidationKind, type Language } from '@depot/contracts';
import { code128Vector } from '../labels/render/barcode';
import { A6, newLabelDocument } from '../labels/render/pdf-labels';
import type { HeldParcel } from './consolidations.repository';

/** Points per millimetre. */
const MM = 72 / 25.4;
const M = 5 * MM;
const W = A6.width - 2 * M;
const LINE = 10;
const COLUMNS = 2;

type Doc = PDFKit.PDFDocument;

/** What the consolidation label shows. */
export interface ConsolidationLabel {
  barcode: string;
  kind: ConsolidationKind;
  driver: string | null;
  registrationNumber: string | null;
  terminal: string | null;
  /** When it is printed, as the reader reads it (Europe/Warsaw). */
  printedAt: string;
  parcels: HeldParcel[];
}

function drawBarcode(doc: Doc, value: string, x: number, y: number, width: number, height: number): void {
  const bars = code128Vector(value);
  doc.save();
  doc.translate(x, y);
  doc.scale(width / bars.width, height / bars.height);
  for (const s of bars.strokes) doc.path(s.d).lineWidth(s.lineWidth).stroke('#000');
  doc.restore();
}

const text = (doc: Doc, s: string, x: number, y: number, width: number, size: number, bold = false) =>
  doc
    .font(bold ? 'sans-bold' : 'sans')
    .fontSize(size)
    .text(s, x, y, { width, height: size * 1.3, ellipsis: true, lineBreak: false });

/** The lines of the parcel list: each held consolidation's barcode before its parcels. */
function listLines(parcels: HeldParcel[]): { text: string; bold: boolean }[] {
  const out: { text: string; bold: boolean }[] = [];
  let via: string | null = null;
  for (const p of parcels) {
    if (p.via !== via && p.via !== null) out.push({ text: p.via, bold: true });
    via = p.via;
    out.push({ text: `${p.via ? '  ' : ''}${p.internalNumber}  ${p.destinationCountry}`, bold: false });
  }
  return out;
}

/** Lays the list out in columns from `top` to the bottom margin; answers the lines left for the next page. */
function drawList(doc: Doc, lines: { text: string; bold: boolean }[], top: number) {
  const perColumn = Math.max(1, Math.floor((A6.height - M - top) / LINE));
  const columnWidth = W / COLUMNS;
  const fits = perColumn * COLUMNS;
  lines.slice(0, fits).forEach((l, i) => {
    const column = Math.floor(i / perColumn);
    text(doc, l.text, M + column * columnWidth, top + (i % perColumn) * LINE, columnWidth - 4, 8, l.bold);
  });
  return lines.slice(fits);
}

/**
 * The consolidation's A6 label (issue 14 item 6; decision 0128): its kind, Code128 barcode (quiet zone for the
 * cameras) and number, the car's driver and registration number, the count, and the list of its parcels (internal
 * numbers and destination), continued on further A6 pages when long. Text in DejaVu Sans (Polish letters).
 */
export function renderConsolidationLabel(label: ConsolidationLabel, lang: Language): Promise<Buffer> {
  const doc = newLabelDocument();
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const t = (id: Parameters<typeof catalogueText>[1]) => catalogueText(lang, id);

  doc.addPage();
  text(doc, t('consolidations.label.title'), M, M, W * 0.6, 14, true);
  doc.rect(M + W * 0.62, M - 2, W * 0.38, 20).fill('#000');
  doc.fillColor('#fff');
  text(doc, t(`consolidations.kind.${label.kind}`), M + W * 0.62 + 4, M + 2, W * 0.38 - 8, 10, true);
  doc.fillColor('#000');

  const barcodeTop = 14 * MM;
  const barcodeHeight = 24 * MM;
  drawBarcode(doc, label.barcode, M, barcodeTop, W, barcodeHeight);
  doc
    .font('sans-bold')
    .fontSize(14)
    .text(label.barcode, M, barcodeTop + barcodeHeight + 3, { width: W, align: 'center', lineBreak: false });

  let y = 46 * MM;
  const fact = (labelId: Parameters<typeof catalogueText>[1], value: string | null) => {
    if (!value) return;
    text(doc, `${t(labelId)}: ${value}`, M, y, W, 9);
    y += 12;
  };
  fact('consolidations.field.driver', label.driver);
  fact('consolidations.field.registrationNumber', label.registrationNumber);
  fact('consolidations.field.terminal', label.terminal);
  fact('consolidations.field.printedAt', label.printedAt);
  text(
    doc,
    t('consolidations.label.parcelCount').replace('{count}', String(label.parcels.length)),
    M,
    y,
    W,
    10,
    true,
  );
  y += 14;
  doc
    .lineWidth(1)
    .moveTo(M, y)
    .lineTo(M + W, y)
    .stroke();

  let lines = listLines(label.parcels);
  if (lines.length === 0) text(doc, t('consolidations.label.none'), M, y + 4, W, 9);
  lines = drawList(doc, lines, y + 4);
  while (lines.length > 0) {
    doc.addPage();
    text(doc, `${t('consolidations.label.title')} ${label.barcode}`, M, M, W, 9, true);
    lines = drawList(doc, lines, M + 14);
  }
  doc.end();
  return done;
}
