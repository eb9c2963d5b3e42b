import { toSVG } from 'bwip-js';
import { code128Safe } from '@depot/domain';

/** Quiet zone on each side, in modules: camera scanning (quagga2) needs ≥ 20 (TOOLCHAIN.md). */
export const QUIET_ZONE_MODULES = 20;

/** A Code128 barcode as vector strokes: vertical bars in a box of `width` modules × `height` units. */
export interface BarcodeVector {
  width: number;
  height: number;
  /** bwip-js groups bars by their width: each entry is one SVG path of equally wide vertical strokes. */
  strokes: { lineWidth: number; d: string }[];
}

const VIEW_BOX = /viewBox="0 0 ([\d.]+) ([\d.]+)"/;
const STROKE = /stroke-width="([\d.]+)" d="([^"]+)"/g;

/**
 * The Code128 bars of `value` (non-ASCII characters replaced, as Code128 cannot carry them) from bwip-js `toSVG`
 * at scale 1, i.e. one unit per module, with the quiet zone included on both sides. Drawn as vector paths, the
 * PDF stays small and sharp at any printer resolution.
 */
export function code128Vector(value: string): BarcodeVector {
  const svg = toSVG({
    bcid: 'code128',
    text: code128Safe(value),
    scale: 1,
    height: 10,
    includetext: false,
    paddingwidth: QUIET_ZONE_MODULES,
    paddingheight: 0,
  });
  const box = VIEW_BOX.exec(svg);
  if (!box) throw new Error('bwip-js returned an SVG without a viewBox');
  const strokes = [...svg.matchAll(STROKE)].map((m) => ({ lineWidth: Number(m[1]), d: m[2] }));
  return { width: Number(box[1]), height: Number(box[2]), strokes };
}
