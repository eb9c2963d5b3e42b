/**
 * Local-storage keys of the panel (apps/web/src/i18n/language.ts, apps/web/src/theme/themes.ts,
 * apps/web/src/session/cookie.ts).
 */
export const STORAGE = {
  lang: 'depot.lang',
  theme: 'depot.theme',
  validUntil: 'depot.session.validUntil',
} as const;
