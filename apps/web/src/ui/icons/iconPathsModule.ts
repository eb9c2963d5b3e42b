import { createRequire } from 'node:module';
import { resolve } from 'node:path';

/** The two sizes Blueprint draws paths for: 16 px, and 20 px for anything drawn at 20 px or larger. */
export const ICON_PATH_SIZES = [16, 20] as const;
export type IconPathSize = (typeof ICON_PATH_SIZES)[number];

// Resolved from the working directory (the repository or apps/web: both find the workspace's node_modules), so the
// build (ES module) and the unit tests (CommonJS) load it alike.
const require = createRequire(resolve('package.json'));

/** The SVG paths Blueprint ships for `name` at `size` (its CommonJS build: one file per icon and size). */
export function blueprintIconPaths(name: string, size: IconPathSize): string[] {
  const file = `@blueprintjs/icons/lib/cjs/generated/${size}px/paths/${name}.js`;
  return (require(file) as { default: string[] }).default;
}

/**
 * The source of the module holding `names`' paths at `size` (vite.config.ts serves it as `virtual:panel-icon-paths/
 * <size>`, decision 0138): one JSON string, which the browser parses faster than the same object literal.
 */
export function iconPathsModule(names: readonly string[], size: IconPathSize): string {
  const paths = Object.fromEntries(names.map((name) => [name, blueprintIconPaths(name, size)]));
  return `export default JSON.parse(${JSON.stringify(JSON.stringify(paths))});`;
}
