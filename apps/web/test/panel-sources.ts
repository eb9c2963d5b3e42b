import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The panel's source folder (apps/web/src). */
export const PANEL_SRC = join(__dirname, '..', 'src');

/** Every TypeScript source file under `dir` (the panel's by default), its tests apart. */
export function panelSourceFiles(dir = PANEL_SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return panelSourceFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.spec\.tsx?$/.test(e.name) ? [path] : [];
  });
}
