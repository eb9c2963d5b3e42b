import { readFileSync } from 'node:fs';

/**
 * DejaVu Sans from the `dejavu-fonts-ttf` package (not the system's fonts, which a fresh machine may lack): it has
 * every Polish letter, which pdfkit's built-in Helvetica garbles. pdfkit embeds only the glyphs used (a subset).
 */
let cached: { regular: Buffer; bold: Buffer } | undefined;

export function labelFonts(): { regular: Buffer; bold: Buffer } {
  cached ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return cached;
}
