import { Readable } from 'node:stream';
import {
  LABELS_PDF_NAME,
  LABELS_ZPL_NAME,
  PDF_MIME,
  ZPL_MIME,
  type Language,
  type LabelFormat,
  type LabelNotice,
  type LabelPage,
  type LabelParcel,
} from '@depot/contracts';
import { planLabelFile } from '@depot/domain';
import { renderLabelsPdf } from './pdf-labels';
import { zplLabels } from './zpl-labels';

/** Labels drawn per batch: the unit of progress, and what is held before it is written to the PDF stream. */
const PAGES_PER_BATCH = 50;

/** A label file ready to send: its body streams; `done` settles when it has been written (with the label count). */
export interface LabelFile {
  fileName: string;
  mimeType: string;
  body: Readable;
  done: Promise<number>;
  labels: number;
  notices: LabelNotice[];
}

function* batchesOf(pages: LabelPage[]): Generator<LabelPage[]> {
  for (let i = 0; i < pages.length; i += PAGES_PER_BATCH) yield pages.slice(i, i + PAGES_PER_BATCH);
}

async function toBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The label file of a request: `requested` are the Order IDs asked for, `parcels` those the caller may see. Always
 * one file (decision 0121): a streamed PDF, or one stream of ZPL labels, its pages in the order of `requested` with
 * each parcel's labels together. The notices of SPEC 8 come with it.
 */
export function renderLabelFile(
  requested: readonly string[],
  parcels: readonly LabelParcel[],
  format: LabelFormat,
  lang: Language,
  onProgress?: (labels: number, total: number) => Promise<void>,
): LabelFile {
  const { pages, notices } = planLabelFile(requested, parcels);
  const total = pages.length;

  if (format === 'zpl') {
    const body = Buffer.from(zplLabels(pages, lang), 'utf8');
    return {
      fileName: LABELS_ZPL_NAME,
      mimeType: ZPL_MIME,
      body: Readable.from([body]),
      done: Promise.resolve(total),
      labels: total,
      notices,
    };
  }

  const { doc, done } = renderLabelsPdf(
    batchesOf(pages),
    lang,
    (n) => onProgress?.(n, total) ?? Promise.resolve(),
  );
  return { fileName: LABELS_PDF_NAME, mimeType: PDF_MIME, body: doc, done, labels: total, notices };
}

/** The whole file in memory (the bulk job stores it). */
export async function labelFileContent(file: LabelFile): Promise<Buffer> {
  const [content] = await Promise.all([toBuffer(file.body), file.done]);
  return content;
}
