import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { IconNames } from '@blueprintjs/icons';
import { PANEL_SRC, panelSourceFiles } from '../../../test/panel-sources';
import { PANEL_ICONS } from './panelIcons';

const BLUEPRINT_ICONS = new Set<string>(Object.values(IconNames));
const LISTED = new Set<string>(PANEL_ICONS);

/** Each quoted Blueprint icon name in the sources, with where it is and whether its line speaks of an icon. */
function quotedIconNames(): { name: string; where: string; iconLine: boolean }[] {
  // (The list itself names every icon: it is left out.)
  const sources = panelSourceFiles().filter((file) => !file.endsWith('panelIcons.ts'));
  return sources.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) =>
        [...line.matchAll(/['"`]([a-z0-9-]+)['"`]/g)]
          .map((m) => m[1]!)
          .filter((name) => BLUEPRINT_ICONS.has(name))
          .map((name) => ({
            name,
            where: `${relative(PANEL_SRC, file)}:${i + 1}`,
            iconLine: /icon/i.test(line),
          })),
      ),
  );
}

describe('the panel icon set (decision 0138)', () => {
  const found = quotedIconNames();

  it('lists every icon a line of the panel names as one (else that page loads all of them)', () => {
    const missing = found
      .filter((f) => f.iconLine && !LISTED.has(f.name))
      .map((f) => `${f.name} (${f.where})`);
    expect(missing).toEqual([]);
  });

  it('lists only icons the panel names somewhere (no dead weight)', () => {
    const named = new Set(found.map((f) => f.name));
    expect(PANEL_ICONS.filter((name) => !named.has(name))).toEqual([]);
  });

  it('lists each icon once', () => {
    expect(LISTED.size).toBe(PANEL_ICONS.length);
  });
});
