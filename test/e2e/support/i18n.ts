import { IntlMessageFormat } from 'intl-messageformat';
import { CATALOGUE } from '../../../libs/contracts/src/catalogue';

const { en, pl } = CATALOGUE;

/** The panel's languages; each is a Playwright project (`en`, `pl`), running the tests its language tag selects. */
export const LANGS = ['en', 'pl'] as const;
export type Lang = (typeof LANGS)[number];

/** The panel's own message catalogue (libs/contracts/src/catalogue), so tests assert on what the panel really shows. */
export const CATALOGUES: Record<Lang, Record<string, string>> = { en, pl };

export const isLang = (v: string): v is Lang => (LANGS as readonly string[]).includes(v);

export type Translate = (id: string, values?: Record<string, string | number>) => string;

/**
 * A message of the catalogue with its `{name}` arguments filled in; one with plural/select syntax is formatted as the
 * panel formats it (react-intl's IntlMessageFormat). An unknown id or a missing argument fails the test.
 */
export function translator(lang: Lang): Translate {
  const catalogue = CATALOGUES[lang];
  return (id, values = {}) => {
    const message = catalogue[id];
    if (message === undefined) throw new Error(`No message "${id}" in ${lang}.json`);
    if (/\{\w+,/.test(message)) return String(new IntlMessageFormat(message, lang).format(values));
    return message.replace(/\{(\w+)\}/g, (_, name: string) => {
      if (!(name in values)) throw new Error(`Message "${id}" needs a value for {${name}}`);
      return String(values[name]);
    });
  };
}

/** The browser title the panel sets: "<page> · Depot". */
export const pageTitle = (t: Translate, titleId: string) => `${t(titleId)} · ${t('app.name')}`;
