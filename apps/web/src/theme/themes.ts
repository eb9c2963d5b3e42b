import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';

/** SPEC §1: the six themes. Dark ones use Blueprint's dark mode; the others are accent palettes on light. */
export const THEMES = ['default', 'dark', 'light', 'blue', 'green', 'indigo'] as const;
export type ThemeName = (typeof THEMES)[number];

export const DARK_THEMES: readonly ThemeName[] = ['dark', 'indigo'];
export const THEME_STORAGE_KEY = 'depot.theme';
export const DARK_CLASS = 'bp6-dark';

export const isTheme = (v: unknown): v is ThemeName =>
  typeof v === 'string' && (THEMES as readonly string[]).includes(v);

/**
 * Puts a theme on the page: Blueprint's dark class and `data-theme` for the accent palette (themes.css).
 * public/theme-boot.js does the same before first paint; a unit test keeps the two in step.
 */
export function applyTheme(root: HTMLElement, theme: ThemeName): void {
  root.classList.toggle(DARK_CLASS, DARK_THEMES.includes(theme));
  root.dataset.theme = theme;
}

const stored = atomWithStorage<ThemeName>(THEME_STORAGE_KEY, 'default', undefined, { getOnInit: true });

/** The chosen theme, kept in local storage; setting it applies it at once. */
export const themeAtom = atom(
  (get) => {
    const t = get(stored);
    return isTheme(t) ? t : 'default';
  },
  (_get, set, theme: ThemeName) => {
    set(stored, theme);
    applyTheme(document.documentElement, theme);
  },
);
