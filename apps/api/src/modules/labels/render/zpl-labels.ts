import type { Language, LabelPage } from '@depot/contracts';
import { code128Safe } from '@depot/domain';
import { labelText } from './label-text';

/** 203 dpi (8 dots per mm), A6 / 4×6" labels: 100 × 150 mm. */
const DOTS_PER_MM = 8;
const WIDTH = 100 * DOTS_PER_MM;
const HEIGHT = 150 * DOTS_PER_MM;
const X = 40;

/**
 * Field data with ^FH: `_` starts a hex escape, so the command characters ^ and ~ and the escape itself are sent
 * as `_5E`, `_7E`, `_5F`; everything else (Polish letters too) goes as UTF-8 under ^CI28.
 */
export const zplField = (text: string): string =>
  `^FH_^FD${text.replace(/[_^~]/g, (c) => `_${c.charCodeAt(0).toString(16).toUpperCase()}`)}^FS`;

/**
 * Font 0 is about 0.55 of its height wide: a long value first shrinks (to 60 % of the size), then is cut, as ^FB
 * would overprint its last line.
 */
function fit(value: string, size: number, width: number): { value: string; size: number } {
  const fitted = Math.max(Math.floor(size * 0.6), Math.min(size, Math.floor(width / (value.length * 0.55))));
  const max = Math.max(1, Math.floor(width / (fitted * 0.55)));
  return { value: value.length > max ? `${value.slice(0, max - 1)}…` : value, size: fitted };
}

const text = (x: number, y: number, size: number, value: string, width = WIDTH - 2 * X) => {
  const f = fit(value, size, width);
  // ^FB keeps a field to one line of the given width.
  return `^FO${x},${y}^A0N,${f.size},${f.size}^FB${width},1,0,L${zplField(f.value)}`;
};

/** Module width (dots) so the barcode and its quiet zones fit the label: 3 dots for short values, else 2. */
export const zplModuleWidth = (value: string): number => (code128Safe(value).length <= 14 ? 3 : 2);

/** One label: ^XA … ^XZ, UTF-8 (^CI28), 100 × 150 mm, the same fields as the PDF and a ^BC Code128 barcode. */
export function zplLabel(page: LabelPage, lang: Language): string {
  const t = labelText(page, lang);
  const code = code128Safe(t.barcode);
  const fields = [
    '^XA',
    '^CI28',
    `^PW${WIDTH}`,
    `^LL${HEIGHT}`,
    '^LH0,0',
    text(X, 40, 44, t.heading, 470),
    `^FO520,30^GB${WIDTH - 520 - X},56,56^FS`,
    `^FO530,45^A0N,28,28^FR^FB${WIDTH - 540 - X},1,0,L${zplField(t.kindTag)}`,
    `^FO${X},100^GB${WIDTH - 2 * X},3,3^FS`,
    text(X, 115, 22, t.fromTitle),
    ...t.from.map((l, i) => text(X, 142 + i * 28, 26, l)),
    ...(t.shipper ? [text(X, 226, 26, t.shipper)] : []),
    `^FO${X},300^GB${WIDTH - 2 * X},3,3^FS`,
    text(X, 315, 22, t.toTitle),
    text(X, 345, 44, t.toName, 540),
    ...t.toLines.map((l, i) => text(X, 400 + i * 40, 36, l, 540)),
    text(X, 450, 44, t.toCity, 540),
    ...(t.toPhone ? [text(X, 505, 30, t.toPhone, 540)] : []),
    text(600, 360, 120, t.country, WIDTH - 600 - X),
    `^FO${X},590^GB${WIDTH - 2 * X},3,3^FS`,
    text(X, 610, 34, t.weight, 440),
    text(500, 605, 24, t.packageTitle, 260),
    text(500, 635, 60, t.packageOf, 260),
    ...(t.cod ? [text(X, 660, 34, t.cod, 440)] : []),
    ...(t.reference ? [text(X, 710, 28, t.reference)] : []),
    ...(t.content ? [text(X, 750, 24, t.content)] : []),
    `^FO${X},800^GB${WIDTH - 2 * X},3,3^FS`,
    // Quiet zone: the field origin leaves ≥ 10 modules on the left; the label is wide enough on the right.
    `^FO${X + 40},830^BY${zplModuleWidth(code)}^BCN,220,N,N,N${zplField(code)}`,
    text(X, 1065, 36, t.barcode),
    text(X, 1140, 24, t.internalNumber, 420),
    text(480, 1140, 24, t.date, 280),
    '^XZ',
  ];
  return fields.join('\n');
}

/** Many labels for a thermal printer: one ^XA…^XZ block each, in order. */
export function zplLabels(pages: readonly LabelPage[], lang: Language): string {
  return pages.map((p) => zplLabel(p, lang)).join('\n') + (pages.length ? '\n' : '');
}
