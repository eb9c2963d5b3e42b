import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { exited } from '../tools/child-process';

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

/** Runs pdf-probe.mjs with these arguments: what it prints. */
type ProbeRun = (args: string[]) => Promise<PdfProbe>;

/** A process of its own for one PDF. */
const probeOnce: ProbeRun = async (args) => {
  const { stdout } = await run(process.execPath, [PROBE, ...args], { maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(stdout) as PdfProbe;
};

async function probe(
  pdf: Buffer,
  png?: { page: number; scale: number; region?: Region },
  runProbe: ProbeRun = probeOnce,
) {
  const dir = await mkdtemp(join(tmpdir(), 'depot-pdf-'));
  try {
    const file = join(dir, 'in.pdf');
    const out = join(dir, 'page.png');
    await writeFile(file, pdf);
    const args = [file];
    if (png) {
      const r = png.region;
      const region = r ? `:${r.x},${r.y},${r.width},${r.height}` : '';
      args.push('--png', `${png.page}:${out}:${png.scale}${region}`);
    }
    const info = await runProbe(args);
    return { info, png: png ? await readFile(out) : undefined };
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

/** readPdf and renderPdfPage on one pdf.js process kept open; close() ends it. */
export interface PdfReader {
  readPdf(pdf: Buffer): Promise<PdfProbe>;
  renderPdfPage(pdf: Buffer, page: number, scale: number, region?: Region): Promise<Buffer>;
  close(): Promise<void>;
}

/**
 * A reader for many PDFs: one pdf.js process (pdf-probe.mjs --serve), started with the first PDF, reads them all
 * the way readPdf and renderPdfPage do (starting a process and loading pdf.js cost about half a second a PDF).
 * Call close() when done (afterAll), or the process outlives the tests.
 */
export function openPdfReader(): PdfReader {
  let child: ChildProcessWithoutNullStreams | undefined;
  let stderr = '';
  let pending = '';
  const waiting: { resolve: (line: string) => void; reject: (error: Error) => void }[] = [];

  const start = () => {
    const started = spawn(process.execPath, [PROBE, '--serve']);
    started.stdout.setEncoding('utf8');
    started.stdout.on('data', (chunk: string) => {
      pending += chunk;
      for (let end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n')) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 1);
        waiting.shift()?.resolve(line);
      }
    });
    started.stderr.setEncoding('utf8');
    started.stderr.on('data', (chunk: string) => void (stderr = (stderr + chunk).slice(-4000)));
    // A write to a process that has ended fails; its 'exit' below rejects what waits.
    started.stdin.on('error', () => undefined);
    started.on('error', (error) => {
      for (const w of waiting.splice(0)) w.reject(error);
    });
    started.on('exit', (code, signal) => {
      child = undefined;
      const error = new Error(`pdf-probe.mjs --serve ended (${signal ?? code}): ${stderr}`);
      for (const w of waiting.splice(0)) w.reject(error);
    });
    return started;
  };

  const serve: ProbeRun = async (args) => {
    const probeProcess = (child ??= start());
    const line = await new Promise<string>((resolve, reject) => {
      waiting.push({ resolve, reject });
      probeProcess.stdin.write(`${JSON.stringify(args)}\n`);
    });
    const answer = JSON.parse(line) as { ok: PdfProbe } | { error: string };
    if ('error' in answer) throw new Error(`pdf-probe.mjs: ${answer.error}`);
    return answer.ok;
  };

  return {
    readPdf: async (pdf) => (await probe(pdf, undefined, serve)).info,
    renderPdfPage: async (pdf, page, scale, region) =>
      (await probe(pdf, { page, scale, region }, serve)).png!,
    close: async () => {
      const open = child;
      if (!open) return;
      open.stdin.end();
      await exited(open);
    },
  };
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
