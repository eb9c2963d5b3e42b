import { crc32, deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';

/**
 * Carriers' label images (decision 0147): UPS sends GIF labels, GLS and Landmark PNG pages for several packages; these
 * turn them into one PDF file (a page per image) so every carrier's label is offered as PDF or ZPL.
 */

/** A decoded image: 8-bit grey pixels, row after row. */
export interface GreyImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** GIF's LZW: `count` colour indices from the image data's bytes (codes of 3–12 bits, least significant first). */
function lzw(data: Buffer, minSize: number, count: number): Uint8Array {
  const out = new Uint8Array(count);
  const clear = 1 << minSize;
  const prefix = new Uint16Array(4096);
  const suffix = new Uint8Array(4096);
  const first = new Uint8Array(4096);
  const stack = new Uint8Array(4097);
  for (let i = 0; i < clear; i++) suffix[i] = first[i] = i;
  let [size, next, prev, acc, bits, o] = [minSize + 1, clear + 2, -1, 0, 0, 0];
  for (const byte of data) {
    acc |= byte << bits;
    bits += 8;
    while (bits >= size) {
      const code = acc & ((1 << size) - 1);
      acc >>>= size;
      bits -= size;
      if (code === clear) {
        [size, next, prev] = [minSize + 1, clear + 2, -1];
        continue;
      }
      if (code === clear + 1 || o >= count) return out;
      if (prev === -1) {
        out[o++] = suffix[code];
        prev = code;
        continue;
      }
      let sp = 0;
      let c = code;
      if (code >= next) {
        stack[sp++] = first[prev]; // the code being defined: the previous string and its own first index
        c = prev;
      }
      for (; c >= clear; c = prefix[c]) stack[sp++] = suffix[c];
      stack[sp++] = c;
      if (next < 4096) {
        [prefix[next], suffix[next], first[next]] = [prev, c, first[prev]];
        if (++next === 1 << size && size < 12) size++;
      }
      while (sp > 0 && o < count) out[o++] = stack[--sp];
      prev = code;
    }
  }
  return out;
}

/** The first image of a GIF (87a or 89a, interlaced or not) in grey; throws when it is no GIF. */
export function decodeGif(gif: Buffer): GreyImage {
  if (gif.toString('latin1', 0, 3) !== 'GIF') throw new Error('not a GIF');
  let p = 13; // after the header and the logical screen descriptor
  const table = (flags: number) => gif.subarray(p, (p += 3 << ((flags & 7) + 1)));
  let palette = gif[10] & 0x80 ? table(gif[10]) : Buffer.alloc(0);
  while (gif[p] === 0x21) {
    // an extension (graphic control, comment…): its introducer, label and data blocks are skipped
    for (p += 2; gif[p]; p += gif[p] + 1);
    p++;
  }
  if (gif[p] !== 0x2c) throw new Error('no image in the GIF');
  const [width, height, flags] = [gif.readUInt16LE(p + 5), gif.readUInt16LE(p + 7), gif[p + 9]];
  p += 10;
  if (flags & 0x80) palette = table(flags);
  const minSize = gif[p++];
  const blocks: Buffer[] = [];
  for (; gif[p]; p += gif[p] + 1) blocks.push(gif.subarray(p + 1, p + 1 + gif[p]));
  const indices = lzw(Buffer.concat(blocks), minSize, width * height);
  const rows = Array.from({ length: height }, (_, y) => y);
  const order =
    flags & 0x40
      ? [0, 4, 2, 1].flatMap((start, i) =>
          rows.filter((y) => y >= start && (y - start) % [8, 8, 4, 2][i] === 0),
        )
      : rows;
  const pixels = new Uint8Array(width * height);
  order.forEach((y, k) => {
    for (let x = 0; x < width; x++) {
      const at = indices[k * width + x] * 3;
      pixels[y * width + x] =
        at + 2 < palette.length
          ? Math.round(palette[at] * 0.299 + palette[at + 1] * 0.587 + palette[at + 2] * 0.114)
          : 255;
    }
  });
  return { width, height, pixels };
}

const chunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
};

/** A grey image as an 8-bit greyscale PNG. */
export function greyPng({ width, height, pixels }: GreyImage): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth; colour type 0 (grey), default compression, filter and no interlace
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) raw.set(pixels.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** PNG images as the pages of one PDF of `size` points, each fitted to its page and turned upright when wide. */
export function imagePagesPdf(pngs: Buffer[], [w, h]: [number, number]): Promise<Buffer> {
  const doc = new PDFDocument({ size: [w, h], margin: 0, autoFirstPage: false, info: { Producer: 'Depot' } });
  const parts: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (b: Buffer) => parts.push(b));
    doc.on('end', () => resolve(Buffer.concat(parts)));
    doc.on('error', reject);
  });
  for (const png of pngs) {
    doc.addPage();
    const wide = png.readUInt32BE(16) > png.readUInt32BE(20);
    const fit: [number, number] = wide ? [h, w] : [w, h];
    const options = { fit, align: 'center', valign: 'center' } as const;
    if (wide)
      doc
        .save()
        .rotate(90, { origin: [0, 0] })
        .image(png, 0, -w, options)
        .restore();
    else doc.image(png, 0, 0, options);
  }
  doc.end();
  return done;
}
