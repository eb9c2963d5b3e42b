import { Icons, IconSize, type IconName, type IconPaths } from '@blueprintjs/icons';

/** The panel's icons at a size (panelIcons.ts), one chunk per size, loaded with the first icon drawn at it. */
const panelPaths = (size: IconSize) =>
  size === IconSize.STANDARD
    ? import('virtual:panel-icon-paths/16').then((m) => m.default)
    : import('virtual:panel-icon-paths/20').then((m) => m.default);

/**
 * Blueprint's icon loader for the panel (decision 0138): an icon of PANEL_ICONS from the panel's own chunk; any other
 * from Blueprint's chunk of every icon, with a warning that it belongs in PANEL_ICONS (the page still shows it).
 */
export async function loadIconPaths(name: IconName, size: IconSize): Promise<IconPaths> {
  const paths = (await panelPaths(size))[name];
  if (paths) return paths;
  // eslint-disable-next-line no-console -- shown in devtools, and the e2e screens walk fails on it
  console.warn(`[depot] icon "${name}" is not in PANEL_ICONS (apps/web/src/ui/icons/panelIcons.ts)`);
  const { splitPathsBySizeLoader } =
    await import('@blueprintjs/icons/lib/esm/paths-loaders/splitPathsBySizeLoader');
  return splitPathsBySizeLoader(name, size);
}

/** Makes every Blueprint icon drawn by name load through loadIconPaths; called once, before the first render. */
export function installIconLoader(): void {
  Icons.setLoaderOptions({ loader: loadIconPaths });
}
