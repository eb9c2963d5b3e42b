// Opens a PDF with pdf.js (in its own process: pdf.js ships ES modules only, which jest's CommonJS sandbox cannot
// load) and prints JSON: the page count and each page's text. With --png it also rasterises one page (or a region
// of it, in PDF points) to a PNG file, for decoding barcodes back.
//   node pdf-probe.mjs <file.pdf> [--png <page>:<out.png>:<scale>[:x,y,w,h]]
// With --serve it stays open for many PDFs (starting a process and loading pdf.js cost more than reading a label):
// each line on stdin is the arguments above as a JSON array, answered by one line on stdout, {"ok": <the JSON
// above>} or {"error": "…"}, in order; it ends with its stdin.
//   node pdf-probe.mjs --serve
import { readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

async function probe(file, flag, spec) {
  const doc = await getDocument({
    data: new Uint8Array(readFileSync(file)),
    disableFontFace: true,
    verbosity: 0,
  }).promise;
  try {
    const texts = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      texts.push(content.items.map((i) => ('str' in i ? i.str : '')).join('\n'));
    }
    if (flag === '--png') {
      const [pageNo, out, scaleText, region] = spec.split(':');
      const scale = Number(scaleText);
      const page = await doc.getPage(Number(pageNo));
      const viewport = page.getViewport({ scale });
      const full = doc.canvasFactory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
      full.context.fillStyle = '#ffffff';
      full.context.fillRect(0, 0, full.canvas.width, full.canvas.height);
      await page.render({ canvasContext: full.context, viewport, canvas: full.canvas }).promise;
      let target = full.canvas;
      if (region) {
        const [x, y, w, h] = region.split(',').map((v) => Number(v) * scale);
        const part = doc.canvasFactory.create(Math.ceil(w), Math.ceil(h));
        part.context.drawImage(full.canvas, x, y, w, h, 0, 0, Math.ceil(w), Math.ceil(h));
        target = part.canvas;
      }
      writeFileSync(out, target.toBuffer('image/png'));
    }
    return { pages: doc.numPages, texts };
  } finally {
    await doc.destroy();
  }
}

if (process.argv[2] === '--serve') {
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    let answer;
    try {
      answer = { ok: await probe(...JSON.parse(line)) };
    } catch (e) {
      answer = { error: e instanceof Error ? (e.stack ?? e.message) : String(e) };
    }
    process.stdout.write(`${JSON.stringify(answer)}\n`);
  }
} else {
  const [file, flag, spec] = process.argv.slice(2);
  process.stdout.write(JSON.stringify(await probe(file, flag, spec)));
}
