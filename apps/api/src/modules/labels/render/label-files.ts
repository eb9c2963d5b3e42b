import { Readable } from 'node:stream';
import {
  LABELS_PDF_NAME,
  LABELS_ZPL_NAME,
  PDF_MIME,
  ZPL_MIME,
  type Language,
  type LabelFormat,
  type LabelNotice,
  type LabelParcel,
} from '@depot/contracts';
import { labelCountOf, planLabelFile } from '@depot/domain';
import { pdfWithCarrierLabels, zplWithCarrierLabels, type CarrierLabelSource } from './carrier-label-files';
import { labelBatches, renderLabelsPdf } from './pdf-labels';
import { zplLabels } from './zpl-labels';

/** A label file ready to send: its body streams; `done` settles when it has been written (with the label count). */
export interface LabelFile {
  fileName: string;
  mimeType: string;
  body: Readable;
  done: Promise<number>;
  labels: number;
  notices: LabelNotice[];
}

async function* utf8Chunks(text: Promise<string>): AsyncGenerator<Buffer> {
  yield Buffer.from(await text, 'utf8');
}

async function toBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The label file of a request: `requested` are the Order IDs asked for, `parcels` those the caller may see. Always
 * one file (decision 0121): a streamed PDF, or one stream of ZPL labels, its pages in the order of `requested` with
 * each parcel's labels together. The notices of SPEC 8 come with it. With `carrierLabels`, the carriers' own labels
 * of clients that combine labels take the last mile's place (decision 0149); such a PDF is assembled before it is
 * sent.
 */
export function renderLabelFile(
  requested: readonly string[],
  parcels: readonly LabelParcel[],
  format: LabelFormat,
  lang: Language,
  onProgress?: (labels: number, total: number) => Promise<void>,
  carrierLabels?: CarrierLabelSource,
): LabelFile {
  const { pages, notices } = planLabelFile(requested, parcels, carrierLabels ? format : undefined);
  const total = labelCountOf(pages);
  const withCarrier = carrierLabels !== undefined && pages.some((p) => p.carrierLabel);

  if (format === 'zpl') {
    const text = withCarrier
      ? zplWithCarrierLabels(pages, lang, carrierLabels)
      : Promise.resolve(zplLabels(pages, lang));
    return {
      fileName: LABELS_ZPL_NAME,
      mimeType: ZPL_MIME,
      body: Readable.from(utf8Chunks(text)),
      done: text.then(() => total),
      labels: total,
      notices,
    };
  }

  const onBatch = (n: number) => onProgress?.(n, total) ?? Promise.resolve();
  if (withCarrier) {
    const { body, done } = pdfWithCarrierLabels(pages, lang, carrierLabels, onBatch);
    return { fileName: LABELS_PDF_NAME, mimeType: PDF_MIME, body, done, labels: total, notices };
  }
  const { doc, done } = renderLabelsPdf(labelBatches(pages), lang, onBatch);
  return { fileName: LABELS_PDF_NAME, mimeType: PDF_MIME, body: doc, done, labels: total, notices };
}

/** The whole file in memory (the bulk job stores it). */
export async function labelFileContent(file: LabelFile): Promise<Buffer> {
  const [content] = await Promise.all([toBuffer(file.body), file.done]);
  return content;
}
