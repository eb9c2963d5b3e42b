import { Readable } from 'node:stream';
import { zipSync } from 'fflate';
import {
  LABELS_PDF_NAME,
  PDF_MIME,
  ZIP_MIME,
  ZPL_MIME,
  type Language,
  type LabelFormat,
  type LabelNotice,
  type LabelPage,
  type LabelParcel,
} from '@depot/contracts';
import { labelNotices, planLabelFiles, planLabels } from '@depot/domain';
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
 * The label file of a request: `requested` are the Order IDs asked for, `parcels` those the caller may see (in
 * request order). PDF: one streamed file, or a ZIP of one PDF per file plan when clients do not combine labels
 * (decision 0055). ZPL: one stream of labels. The notices of SPEC 8 come with it.
 */
export function renderLabelFile(
  requested: readonly string[],
  parcels: readonly LabelParcel[],
  format: LabelFormat,
  lang: Language,
  onProgress?: (labels: number, total: number) => Promise<void>,
): LabelFile {
  const pagesOf = new Map(parcels.map((p) => [p.id, planLabels(p)]));
  const notices = labelNotices(requested, new Map([...pagesOf].map(([id, pages]) => [id, pages.length])));
  const all = parcels.flatMap((p) => pagesOf.get(p.id) ?? []);
  const total = all.length;

  if (format === 'zpl') {
    const body = Buffer.from(zplLabels(all, lang), 'utf8');
    return {
      fileName: 'labels.zpl',
      mimeType: ZPL_MIME,
      body: Readable.from([body]),
      done: Promise.resolve(total),
      labels: total,
      notices,
    };
  }

  const files = planLabelFiles(parcels);
  if (files.length <= 1) {
    const { doc, done } = renderLabelsPdf(
      batchesOf(all),
      lang,
      (n) => onProgress?.(n, total) ?? Promise.resolve(),
    );
    return { fileName: LABELS_PDF_NAME, mimeType: PDF_MIME, body: doc, done, labels: total, notices };
  }

  // Several files: each PDF is made in turn and zipped (the ZIP is built in memory; its PDFs are compressed).
  const zipped = (async () => {
    const entries: Record<string, Uint8Array> = {};
    let written = 0;
    for (const file of files) {
      const pages = file.parcelIds.flatMap((id) => pagesOf.get(id) ?? []);
      const { doc, done } = renderLabelsPdf(batchesOf(pages), lang);
      const [content] = await Promise.all([toBuffer(doc), done]);
      entries[`${file.name}.pdf`] = content;
      written += pages.length;
      await onProgress?.(written, total);
    }
    return Buffer.from(zipSync(entries, { level: 0 }));
  })();
  const body = Readable.from(
    (async function* () {
      yield await zipped;
    })(),
  );
  return {
    fileName: 'labels.zip',
    mimeType: ZIP_MIME,
    body,
    done: zipped.then(() => total),
    labels: total,
    notices,
  };
}

/** The whole file in memory (the bulk job stores it). */
export async function labelFileContent(file: LabelFile): Promise<Buffer> {
  const [content] = await Promise.all([toBuffer(file.body), file.done]);
  return content;
}
