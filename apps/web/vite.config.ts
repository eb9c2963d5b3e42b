import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { precompiled } from './src/i18n/precompiled';
import { ICON_PATH_SIZES, iconPathsModule } from './src/ui/icons/iconPathsModule';
import { PANEL_ICONS } from './src/ui/icons/panelIcons';

const contractsSrc = (file: string) =>
  fileURLToPath(new URL(`../../libs/contracts/src/${file}`, import.meta.url));

/**
 * Drops Blueprint's icon-font rules (`.bp6-icon-<name>::before { content: "\f109" }`, two copies of 700 in
 * blueprint.css): the panel draws icons as SVG, ships no icon font, and those rules only ever showed an unknown glyph
 * while an icon's paths loaded. 4.5 kB of the sign-in page's 38 kB of CSS (decision 0125).
 */
const withoutIconFont = {
  postcssPlugin: 'depot-without-blueprint-icon-font',
  Rule(rule: { selector: string; remove(): void }) {
    if (/^\.bp6-icon-[a-z0-9-]+::?before$/.test(rule.selector)) rule.remove();
  },
};

/**
 * The contracts barrel exports CATALOGUE, both languages' texts for the API's files. The panel loads one language at
 * a time instead (src/i18n/messages.ts), so in its bundle the barrel's catalogue module is one that holds no texts:
 * otherwise every page importing the contracts would download both catalogues (decision 0125). ESLint keeps the
 * panel's code off CATALOGUE; the stub says so if anything calls it anyway.
 */
const catalogueOnDemand = {
  name: 'depot-catalogue-on-demand',
  enforce: 'pre' as const,
  resolveId(source: string, importer: string | undefined) {
    const from = importer?.replaceAll('\\', '/') ?? '';
    if (/^\.\.?\/(\.\.\/)*catalogue$/.test(source) && from.includes('/libs/contracts/src/'))
      return fileURLToPath(new URL('./src/i18n/catalogue-in-bundle.ts', import.meta.url));
    return null;
  },
};

/**
 * The catalogue of a language as the panel loads it (src/i18n/messages.ts): its messages parsed at build time
 * (src/i18n/precompiled.ts, decision 0137), so the browser does not parse them on every page load.
 */
const PRECOMPILED = '\0catalogue-';
const cataloguesPrecompiled = {
  name: 'depot-catalogues-precompiled',
  enforce: 'pre' as const,
  resolveId(source: string) {
    const lang = /^@depot\/contracts\/catalogue\/(en|pl)\.json$/.exec(source)?.[1];
    return lang ? `${PRECOMPILED}${lang}` : null;
  },
  async load(this: { addWatchFile(file: string): void }, id: string) {
    if (!id.startsWith(PRECOMPILED)) return null;
    const lang = id.slice(PRECOMPILED.length);
    const file = contractsSrc(`catalogue/${lang}.json`);
    this.addWatchFile(file);
    const messages = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
    // JSON.parse of a string literal: cheaper for the browser than the same data as an object literal.
    return `export default JSON.parse(${JSON.stringify(JSON.stringify(precompiled(messages, lang)))});`;
  },
};

/**
 * `virtual:panel-icon-paths/16` and `/20`: the paths of the icons the panel draws (src/ui/icons/panelIcons.ts) at
 * one size, instead of Blueprint's chunk of every icon at that size (decision 0138).
 */
const ICON_PATHS = '\0panel-icon-paths-';
const panelIconPaths = {
  name: 'depot-panel-icon-paths',
  enforce: 'pre' as const,
  resolveId(source: string) {
    const size = /^virtual:panel-icon-paths\/(\d+)$/.exec(source)?.[1];
    return size ? `${ICON_PATHS}${size}` : null;
  },
  load(id: string) {
    if (!id.startsWith(ICON_PATHS)) return null;
    const size = ICON_PATH_SIZES.find((s) => `${ICON_PATHS}${s}` === id);
    if (!size) throw new Error(`no icon paths of size ${id.slice(ICON_PATHS.length)}`);
    return iconPathsModule(PANEL_ICONS, size);
  },
};

export default defineConfig({
  css: { postcss: { plugins: [withoutIconFont] } },
  plugins: [
    catalogueOnDemand,
    cataloguesPrecompiled,
    panelIconPaths,
    react(),
    // Decision 0110: a .br (quality 11) and a .gz (level 9) beside every text asset over 1 kB, made once at build
    // time; the API serves the one the browser accepts (apps/api/src/common/static-panel.ts), else the original.
    compression({ include: /\.(js|css|html|svg|json|ico)$/, threshold: 1024 }),
  ],
  // `@depot/contracts/base` and the per-language catalogues (cataloguesPrecompiled) keep the sign-in page off the
  // route contracts and the other language (decision 0125).
  resolve: {
    alias: [
      { find: /^@depot\/contracts$/, replacement: contractsSrc('index.ts') },
      { find: /^@depot\/contracts\/base$/, replacement: contractsSrc('base.ts') },
    ],
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/socket.io': { target: 'ws://127.0.0.1:3000', ws: true } },
  },
  // Each page is its own chunk (router.tsx), loaded when its route is first opened. Source maps are built for
  // debugging but not referenced from the bundles, and the API does not serve them outside development.
  build: { outDir: 'dist', sourcemap: 'hidden', chunkSizeWarningLimit: 1200 },
});
