import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  applyTheme,
  DARK_CLASS,
  DARK_THEMES,
  isTheme,
  THEME_STORAGE_KEY,
  THEMES,
  type ThemeName,
} from './themes';

type ThemesModule = typeof import('./themes');
type JotaiModule = typeof import('jotai');

const root = document.documentElement;

/** The page before first paint: no theme class, no data-theme. */
function resetRoot() {
  root.className = '';
  root.removeAttribute('data-theme');
}

/** What the root element looks like, as far as themes go. */
const rootLook = () => ({
  dark: root.classList.contains(DARK_CLASS),
  className: root.className,
  dataTheme: root.getAttribute('data-theme'),
});

/**
 * Loads themes.ts (and jotai) afresh with `raw` in local storage: the stored theme is read when the module
 * is first loaded, as in the browser on page load.
 */
async function loadWithStored(raw: string | null): Promise<{ themes: ThemesModule; jotai: JotaiModule }> {
  localStorage.clear();
  if (raw !== null) localStorage.setItem(THEME_STORAGE_KEY, raw);
  let loaded: { themes: ThemesModule; jotai: JotaiModule } | undefined;
  await jest.isolateModulesAsync(async () => {
    loaded = { themes: await import('./themes'), jotai: await import('jotai') };
  });
  if (!loaded) throw new Error('themes.ts did not load');
  return loaded;
}

beforeEach(() => {
  localStorage.clear();
  resetRoot();
});

describe('THEMES', () => {
  it('are the six themes of SPEC §1, dark ones being dark and indigo', () => {
    expect([...THEMES]).toEqual(['default', 'dark', 'light', 'blue', 'green', 'indigo']);
    expect([...DARK_THEMES]).toEqual(['dark', 'indigo']);
  });

  it.each([
    ['default', true],
    ['indigo', true],
    ['Dark', false],
    ['purple', false],
    ['', false],
    [null, false],
    [undefined, false],
    [1, false],
  ])('isTheme(%j) → %s', (v, expected) => {
    expect(isTheme(v)).toBe(expected);
  });
});

describe('applyTheme', () => {
  it.each(THEMES.map((t) => [t, DARK_THEMES.includes(t)] as const))(
    '%s → dark class %s, data-theme set',
    (theme, dark) => {
      applyTheme(root, theme);
      expect(root.classList.contains(DARK_CLASS)).toBe(dark);
      expect(root.getAttribute('data-theme')).toBe(theme);
    },
  );

  it('switching from a dark theme to a light one removes the dark class and keeps other classes', () => {
    root.classList.add('keep-me');
    applyTheme(root, 'indigo');
    expect(root.className).toBe(`keep-me ${DARK_CLASS}`);
    applyTheme(root, 'green');
    expect(root.className).toBe('keep-me');
    expect(root.dataset.theme).toBe('green');
  });
});

describe('themeAtom', () => {
  it('defaults to "default" with nothing stored, and does not touch the page by being read', async () => {
    const { themes, jotai } = await loadWithStored(null);
    const store = jotai.createStore();
    expect(store.get(themes.themeAtom)).toBe('default');
    expect(rootLook()).toEqual({ dark: false, className: '', dataTheme: null });
  });

  it.each(THEMES)('reads a stored %s', async (theme) => {
    const { themes, jotai } = await loadWithStored(JSON.stringify(theme));
    expect(jotai.createStore().get(themes.themeAtom)).toBe(theme);
  });

  it.each(['"purple"', '"DARK"', 'dark', '{"theme":"dark"}', '42', 'null', '', '"'])(
    'an invalid stored value (%j) reads as "default"',
    async (raw) => {
      const { themes, jotai } = await loadWithStored(raw);
      const store = jotai.createStore();
      expect(store.get(themes.themeAtom)).toBe('default');
      // Also once mounted (jotai then reads the storage again).
      const unsub = store.sub(themes.themeAtom, () => undefined);
      expect(store.get(themes.themeAtom)).toBe('default');
      unsub();
    },
  );

  it.each(THEMES.map((t) => [t, DARK_THEMES.includes(t)] as const))(
    'setting %s stores it as JSON under depot.theme and applies it (dark class %s)',
    async (theme, dark) => {
      const { themes, jotai } = await loadWithStored(null);
      const store = jotai.createStore();
      store.set(themes.themeAtom, theme);
      expect(store.get(themes.themeAtom)).toBe(theme);
      expect(localStorage.getItem('depot.theme')).toBe(JSON.stringify(theme));
      expect(root.classList.contains('bp6-dark')).toBe(dark);
      expect(root.getAttribute('data-theme')).toBe(theme);
    },
  );

  it('going from dark to light removes the dark class again', async () => {
    const { themes, jotai } = await loadWithStored(null);
    const store = jotai.createStore();
    store.set(themes.themeAtom, 'dark');
    expect(root.classList.contains('bp6-dark')).toBe(true);
    store.set(themes.themeAtom, 'light');
    expect(root.classList.contains('bp6-dark')).toBe(false);
    expect(root.getAttribute('data-theme')).toBe('light');
    store.set(themes.themeAtom, 'indigo');
    expect(root.classList.contains('bp6-dark')).toBe(true);
    store.set(themes.themeAtom, 'default');
    expect(rootLook()).toEqual({ dark: false, className: '', dataTheme: 'default' });
    expect(localStorage.getItem('depot.theme')).toBe('"default"');
  });

  it('a stored choice survives a reload (a new module and store read it back)', async () => {
    const first = await loadWithStored(null);
    first.jotai.createStore().set(first.themes.themeAtom, 'blue');
    const raw = localStorage.getItem(THEME_STORAGE_KEY);
    const second = await loadWithStored(raw);
    expect(second.jotai.createStore().get(second.themes.themeAtom)).toBe('blue');
  });
});

describe('public/theme-boot.js (before first paint) agrees with the app', () => {
  const bootSource = readFileSync(join(__dirname, '..', '..', 'public', 'theme-boot.js'), 'utf8');
  const boot = new Function(bootSource) as () => void;

  it('is the file index.html loads before the app', () => {
    const html = readFileSync(join(__dirname, '..', '..', 'index.html'), 'utf8');
    expect(html).toMatch(/<script[^>]+src="\/theme-boot\.js"/);
    expect(html.indexOf('theme-boot.js')).toBeLessThan(html.indexOf('src/main.tsx'));
  });

  const STORED: [string, string | null][] = [
    ...THEMES.map((t): [string, string | null] => [`stored ${t}`, JSON.stringify(t)]),
    ['nothing stored', null],
    ['an unknown theme', '"purple"'],
    ['wrong case', '"Dark"'],
    ['not JSON', 'dark'],
    ['broken JSON', '"'],
    ['JSON null', 'null'],
    ['a number', '42'],
    ['an object', '{"theme":"dark"}'],
    ['an empty string', ''],
  ];

  it.each(STORED)(
    '%s: same root class and data-theme as applyTheme of what the app reads',
    async (_name, raw) => {
      const { themes, jotai } = await loadWithStored(raw);
      const appTheme: ThemeName = jotai.createStore().get(themes.themeAtom);

      resetRoot();
      boot();
      const fromBoot = rootLook();

      resetRoot();
      applyTheme(root, appTheme);
      const fromApp = rootLook();

      expect(fromBoot).toEqual(fromApp);
      expect(fromBoot.dataTheme).toBe(appTheme);
    },
  );

  it('knows exactly the themes and dark themes of themes.ts', () => {
    // Every theme reaches the page as itself; anything else becomes the default theme.
    for (const theme of THEMES) {
      localStorage.setItem(THEME_STORAGE_KEY, JSON.stringify(theme));
      resetRoot();
      boot();
      expect([theme, rootLook()]).toEqual([
        theme,
        {
          dark: DARK_THEMES.includes(theme),
          className: DARK_THEMES.includes(theme) ? DARK_CLASS : '',
          dataTheme: theme,
        },
      ]);
    }
  });
});
