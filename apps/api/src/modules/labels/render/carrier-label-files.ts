import { PassThrough, type Readable } from 'node:stream';
import { PDFDocument } from 'pdf-lib';
import type { Language, LabelPage } from '@depot/contracts';
import { drawnPages, labelCountOf } from '@depot/domain';
import { labelBatches, renderLabelsPdf } from './pdf-labels';
import { zplLabel } from './zpl-labels';

/** The carriers' labels of the parcels in a file, by parcel id (read when the file is made). */
export type CarrierLabelSource = (parcelIds: readonly string[]) => Promise<Map<string, Buffer>>;

const carrierParcelIds = (pages: readonly LabelPage[]): string[] =>
  pages.filter((p) => p.carrierLabel).map((p) => p.parcel.id);

/** A stream of ZPL ^XA…^XZ blocks as text: the carrier's, ended by a newline as ours are. */
const zplBlocks = (label: Buffer): string => {
  const text = label.toString('utf8').trim();
  return text === '' ? '' : `${text}\n`;
};

/**
 * The ZPL file of pages where some are the carriers' own labels (decision 0149): a carrier's ZPL goes in as it came,
 * in its place; a label that is no longer there is drawn by us.
 */
export async function zplWithCarrierLabels(
  pages: readonly LabelPage[],
  lang: Language,
  source: CarrierLabelSource,
): Promise<string> {
  const labels = await source(carrierParcelIds(pages));
  let out = '';
  for (const page of pages) {
    const carrier = page.carrierLabel ? labels.get(page.parcel.id) : undefined;
    const text = carrier ? zplBlocks(carrier) : '';
    out +=
      text ||
      drawnPages(page)
        .map((p) => `${zplLabel(p, lang)}\n`)
        .join('');
  }
  return out;
}

async function pdfBytes(doc: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of doc) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** A carrier's PDF, or null when it cannot be read (ours is printed instead). */
async function loadCarrierPdf(label: Buffer | undefined): Promise<PDFDocument | null> {
  if (!label) return null;
  try {
    const doc = await PDFDocument.load(label, { ignoreEncryption: true });
    return doc.getPageCount() > 0 ? doc : null;
  } catch {
    return null;
  }
}

/**
 * The PDF of pages where some are the carriers' own labels (decision 0149): our labels are drawn as always (with the
 * ones a carrier's label stands for, in case it cannot be read), then one document is assembled in order — each of
 * our pages, and in a carrier label's place all of its pages. Built in memory: pdf-lib does not stream.
 */
async function mergedPdf(
  pages: readonly LabelPage[],
  lang: Language,
  source: CarrierLabelSource,
  onBatch: (labels: number) => Promise<void>,
): Promise<Buffer> {
  const drawn = pages.map(drawnPages);
  const { doc, done } = renderLabelsPdf(labelBatches(drawn.flat()), lang, onBatch);
  const [ourBytes, labels] = await Promise.all([pdfBytes(doc), source(carrierParcelIds(pages)), done]);
  const ours = await PDFDocument.load(ourBytes);
  const out = await PDFDocument.create();
  out.setTitle('Labels');
  out.setProducer('Depot');
  out.setCreator('Depot');
  const ourPages = await out.copyPages(ours, ours.getPageIndices());
  let next = 0;
  for (const [i, page] of pages.entries()) {
    const own = drawn[i]!.length;
    const carrier = page.carrierLabel ? await loadCarrierPdf(labels.get(page.parcel.id)) : null;
    if (carrier) {
      for (const p of await out.copyPages(carrier, carrier.getPageIndices())) out.addPage(p);
    } else {
      for (const p of ourPages.slice(next, next + own)) out.addPage(p);
    }
    next += own;
  }
  return Buffer.from(await out.save());
}

/** The combined PDF as a file body that streams once it is assembled; `done` settles with the label count. */
export function pdfWithCarrierLabels(
  pages: readonly LabelPage[],
  lang: Language,
  source: CarrierLabelSource,
  onBatch: (labels: number) => Promise<void>,
): { body: Readable; done: Promise<number> } {
  const body = new PassThrough();
  const done = mergedPdf(pages, lang, source, onBatch).then(
    (bytes) => {
      body.end(bytes);
      return labelCountOf(pages);
    },
    (err: Error) => {
      body.destroy(err);
      throw err;
    },
  );
  return { body, done };
}
