import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** Reading produced PDFs back in tests: pages, text, and barcodes decoded from the rendered page (quagga2). */

const run = promisify(execFile);
const PROBE = join(__dirname, '..', 'tools', 'pdf-probe.mjs');

export interface PdfProbe {
  pages: number;
  texts: string[];
}

/** A region of a page in PDF points (origin top left). */
export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function probe(pdf: Buffer, png?: { page: number; scale: number; region?: Region }) {
  const dir = await mkdtemp(join(tmpdir(), 'depot-pdf-'));
  try {
    const file = join(dir, 'in.pdf');
    const out = join(dir, 'page.png');
    await writeFile(file, pdf);
    const args = [PROBE, file];
    if (png) {
      const r = png.region;
      const region = r ? `:${r.x},${r.y},${r.width},${r.height}` : '';
      args.push('--png', `${png.page}:${out}:${png.scale}${region}`);
    }
    const { stdout } = await run(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 });
    return { info: JSON.parse(stdout) as PdfProbe, png: png ? await readFile(out) : undefined };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Page count and the text of every page, as pdf.js reads the file. */
export const readPdf = async (pdf: Buffer): Promise<PdfProbe> => (await probe(pdf)).info;

/** One page (or a region of it) rendered to PNG by pdf.js. */
export async function renderPdfPage(
  pdf: Buffer,
  page: number,
  scale: number,
  region?: Region,
): Promise<Buffer> {
  const { png } = await probe(pdf, { page, scale, region });
  return png!;
}

interface QuaggaResult {
  codeResult?: { code: string | null };
}
interface QuaggaApi {
  decodeSingle(config: Record<string, unknown>, done: (result: QuaggaResult | undefined) => void): void;
}

/** Decodes a Code128 barcode from a PNG with quagga2 (as the panel's camera scanning does); null when none. */
export async function decodeCode128(png: Buffer): Promise<string | null> {
  // quagga2's Node build is CommonJS with a default export.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require('@ericblade/quagga2') as { default?: QuaggaApi } & QuaggaApi;
  const quagga = mod.default ?? mod;
  const result = await new Promise<QuaggaResult | undefined>((resolve) =>
    quagga.decodeSingle(
      {
        src: `data:image/png;base64,${png.toString('base64')}`,
        numOfWorkers: 0,
        inputStream: { size: 1600 },
        locate: true,
        decoder: { readers: ['code_128_reader'] },
      },
      resolve,
    ),
  );
  // Our barcodes carry printable ASCII only: a control character quagga2 reads in (an FNC it decoded as GS, seen once
  // under load: the values printed alike and still differed) is not part of the value.
  const code = result?.codeResult?.code;
  // eslint-disable-next-line no-control-regex
  return typeof code === 'string' ? code.replace(/[\u0000-\u001f\u007f]/g, '') : null;
}

/** Counts `/Type /Page` objects in the raw file: a check that does not depend on pdf.js. */
export const rawPageCount = (pdf: Buffer): number =>
  (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
