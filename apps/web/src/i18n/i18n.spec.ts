import { CATALOGUE } from '@depot/contracts';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  MESSAGES,
  PERMISSION_NAMES,
  ROLES,
  type Language,
} from '@depot/contracts';
import { IntlMessageFormat } from 'intl-messageformat';
import { THEMES } from '../theme/themes';
import { LANGUAGE_STORAGE_KEY } from './language';
import { loadedMessages, loadMessages } from './messages';
import { expanded, precompiled } from './precompiled';
import { byNamespace } from '../../test/by-namespace';
import { PANEL_SRC, panelSourceFiles } from '../../test/panel-sources';
import { SAMPLE_VALUES } from './sample-values';

const { en, pl } = CATALOGUE;

const FILES: Record<Language, Record<string, string>> = { en, pl };
const enKeys = Object.keys(en);

/** The argument names an ICU message uses, found by walking its syntax tree. */
interface AstNode {
  type: number;
  value?: unknown;
  options?: Record<string, { value: AstNode[] }>;
  children?: AstNode[];
}
const LITERAL = 0;
const POUND = 7;
const TAG = 8;
function argumentNames(nodes: AstNode[], into = new Set<string>()): Set<string> {
  for (const n of nodes) {
    if (n.type !== LITERAL && n.type !== POUND && n.type !== TAG && typeof n.value === 'string')
      into.add(n.value);
    for (const option of Object.values(n.options ?? {})) argumentNames(option.value, into);
    if (n.children) argumentNames(n.children, into);
  }
  return into;
}

/**
 * Every catalogue message compiled once per language (the ICU and placeholder checks below share it), or why it
 * does not compile.
 */
const compiledMessages = new Map<
  string,
  { format: IntlMessageFormat; names: string[] } | { error: string }
>();
function compiled(lang: Language, key: string) {
  const id = `${lang} ${key}`;
  let entry = compiledMessages.get(id);
  if (!entry) {
    try {
      const format = new IntlMessageFormat(FILES[lang][key], lang);
      entry = { format, names: [...argumentNames(format.getAst() as unknown as AstNode[])].sort() };
    } catch (e) {
      entry = { error: `does not compile: ${(e as Error).message}` };
    }
    compiledMessages.set(id, entry);
  }
  return entry;
}

describe('en.json and pl.json', () => {
  it('have exactly the same keys', () => {
    const plKeys = new Set(Object.keys(pl));
    const enSet = new Set(enKeys);
    expect({
      onlyInEn: enKeys.filter((k) => !plKeys.has(k)),
      onlyInPl: [...plKeys].filter((k) => !enSet.has(k)),
    }).toEqual({ onlyInEn: [], onlyInPl: [] });
  });

  it('are the catalogues the app loads, one language at a time, once', async () => {
    for (const lang of LANGUAGES) {
      expect(loadedMessages(lang)).toBeUndefined();
      const [first, second] = await Promise.all([loadMessages(lang), loadMessages(lang)]);
      expect(first).toBe(second);
      expect(first).toEqual(expanded(precompiled(FILES[lang], lang)));
      expect(loadedMessages(lang)).toBe(first);
      expect(await loadMessages(lang)).toBe(first);
    }
    expect(enKeys.length).toBeGreaterThan(100);
  });

  it.each(LANGUAGES)('%s has no empty or non-string values', (lang) => {
    const bad = Object.entries(FILES[lang])
      .filter(([, v]) => typeof v !== 'string' || v.trim() === '')
      .map(([k]) => k);
    expect(bad).toEqual([]);
  });

  it.each(LANGUAGES)('%s has no leading or trailing spaces in values', (lang) => {
    const bad = Object.entries(FILES[lang])
      .filter(([, v]) => v !== v.trim())
      .map(([k]) => k);
    expect(bad).toEqual([]);
  });

  it('keys are namespaced ids (namespace.name)', () => {
    expect(enKeys.filter((k) => !/^[a-zA-Z]+(\.[a-zA-Z0-9]+)+$/.test(k))).toEqual([]);
  });
});

describe.each(LANGUAGES)('every %s message is valid ICU', (lang) => {
  /** What is wrong with a message: it does not compile, a placeholder has no sample value, or it formats badly. */
  function problemOf(key: string): string | null {
    const entry = compiled(lang, key);
    if ('error' in entry) return entry.error;
    const unknown = entry.names.filter((n) => !(n in SAMPLE_VALUES));
    if (unknown.length > 0) return `no sample value for ${unknown.join(', ')}`;
    try {
      const out = entry.format.format(SAMPLE_VALUES);
      if (typeof out !== 'string') return `formats to a ${typeof out}, not a string`;
      return /[{}]/.test(out) ? `formats with a brace left: ${out}` : null;
    } catch (e) {
      return `does not format: ${(e as Error).message}`;
    }
  }

  it.each(byNamespace(Object.keys(FILES[lang])))(
    '%s.* compile and format with sample values',
    (_namespace, keys) => {
      const problems = keys
        .map((key) => [key, problemOf(key)] as const)
        .filter(([, problem]) => problem !== null);
      expect(problems.map(([key, problem]) => `${key}: ${problem}`)).toEqual([]);
    },
  );
});

describe('placeholders', () => {
  it.each(byNamespace(enKeys.filter((k) => k in pl)))(
    '%s.* use the same placeholders in en and pl',
    (_namespace, keys) => {
      const placeholders = (lang: Language, key: string) => {
        const entry = compiled(lang, key);
        return 'error' in entry ? entry.error : entry.names;
      };
      const differing = keys
        .map((key) => ({ key, en: placeholders('en', key), pl: placeholders('pl', key) }))
        .filter((d) => typeof d.en === 'string' || JSON.stringify(d.pl) !== JSON.stringify(d.en));
      expect(differing).toEqual([]);
    },
  );

  it.each([
    ['en', 1, 'Too many failed sign-in attempts. Try again in 1 minute.'],
    ['en', 3, 'Too many failed sign-in attempts. Try again in 3 minutes.'],
    ['pl', 1, 'Zbyt wiele nieudanych prób logowania. Spróbuj ponownie za 1 minutę.'],
    ['pl', 3, 'Zbyt wiele nieudanych prób logowania. Spróbuj ponownie za 3 minuty.'],
    ['pl', 5, 'Zbyt wiele nieudanych prób logowania. Spróbuj ponownie za 5 minut.'],
  ] as const)('server.tooManySignInAttempts in %s for %s minute(s)', (lang, minutes, expected) => {
    expect(new IntlMessageFormat(FILES[lang]['server.tooManySignInAttempts'], lang).format({ minutes })).toBe(
      expected,
    );
  });

  it('the English sign-in lock-out text matches the API message word for word', () => {
    for (const minutes of [1, 2, 10]) {
      expect(new IntlMessageFormat(en['server.tooManySignInAttempts'], 'en').format({ minutes })).toBe(
        MESSAGES.tooManySignInAttempts(minutes),
      );
    }
  });

  it('the English password-length text matches the shared message', () => {
    expect(new IntlMessageFormat(en['validation.passwordTooShort'], 'en').format({ min: 12 })).toBe(
      MESSAGES.validation.passwordTooShort(12),
    );
  });
});

describe('ids the code builds from shared lists', () => {
  const stringKeys = (o: object) =>
    Object.entries(o)
      .filter(([, v]) => typeof v === 'string')
      .map(([k]) => k);

  const required: [string, string[]][] = [
    ['MESSAGES → server.<key>', stringKeys(MESSAGES).map((k) => `server.${k}`)],
    [
      'MESSAGES.validation → validation.<key>',
      [...stringKeys(MESSAGES.validation), 'passwordTooShort'].map((k) => `validation.${k}`),
    ],
    ['ROLES → role.<role>', ROLES.map((r) => `role.${r}`)],
    ['LANGUAGES → language.<lang>', LANGUAGES.map((l) => `language.${l}`)],
    ['THEMES → theme.<theme>', THEMES.map((t) => `theme.${t}`)],
    ['describeMessage → server.tooManySignInAttempts', ['server.tooManySignInAttempts']],
  ];

  it('the lists are not empty', () => {
    for (const [, ids] of required) expect(ids.length).toBeGreaterThan(0);
    expect(stringKeys(MESSAGES)).toContain('invalidOldPassword');
    expect(stringKeys(MESSAGES.validation)).toContain('emailInvalid');
  });

  it.each(required.flatMap(([source, ids]) => LANGUAGES.map((lang) => [source, lang, ids] as const)))(
    '%s: every id is in %s.json',
    (_source, lang, ids) => {
      expect(ids.filter((id) => !(id in FILES[lang]))).toEqual([]);
    },
  );

  it('the English server texts are the API messages themselves', () => {
    for (const key of stringKeys(MESSAGES)) {
      expect([key, en[`server.${key}` as keyof typeof en]]).toEqual([
        key,
        MESSAGES[key as keyof typeof MESSAGES],
      ]);
    }
  });
});

describe('message ids used in apps/web/src', () => {
  const SRC = PANEL_SRC;

  /**
   * Literal ids: `id="…"`, `id: '…'`, `id={'…'}`, `titleId`/`labelId`/`messageId` the same way (also as default
   * parameters), `usePageTitle('…')`; and any quoted 'namespace.name' whose namespace is a message namespace that
   * no permission shares (labels passed to form helpers, the status → id table). DOM ids (`id="user-form"`) and
   * column ids (`id: 'lastName'`) have no dot, message ids always do.
   */
  const permissionNamespaces = new Set(PERMISSION_NAMES.map((p) => p.split('.')[0]));
  const messageNamespaces = [...new Set(enKeys.map((k) => k.split('.')[0]))].filter(
    (n) => !permissionNamespaces.has(n),
  );
  const PATTERNS = [
    /(?<![\w-])(?:id|titleId|labelId|messageId)\s*[=:]\s*\{?\s*(['"`])([^'"`$]+)\1/g,
    /usePageTitle\(\s*(['"`])([^'"`$]+)\1/g,
    new RegExp(`(['"\`])((?:${messageNamespaces.join('|')})\\.[a-zA-Z0-9.]+)\\1`, 'g'),
  ];
  const MESSAGE_ID = /^[a-zA-Z]+(\.[a-zA-Z0-9]+)+$/;

  const used = new Map<string, string>();
  for (const file of panelSourceFiles()) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of PATTERNS) {
      for (const m of text.matchAll(pattern)) {
        const id = m[2];
        if (MESSAGE_ID.test(id) && !used.has(id)) used.set(id, relative(SRC, file));
      }
    }
  }

  it('the scan finds the ids (guards the scan itself)', () => {
    expect(messageNamespaces).toEqual(
      expect.arrayContaining(['field', 'error', 'server', 'validation', 'page', 'list']),
    );
    expect(messageNamespaces).not.toContain('users');
    expect(used.size).toBeGreaterThan(60);
    for (const id of [
      'list.count',
      'users.title',
      'field.oldPassword',
      'page.default',
      'menu.users',
      'common.cancel',
      'error.status.5xx',
    ]) {
      expect(used.has(id)).toBe(true);
    }
    // DOM and column ids are not taken for message ids.
    expect([...used.keys()].filter((id) => !id.includes('.'))).toEqual([]);
  });

  it('every one of them exists in en.json', () => {
    const missing = [...used].filter(([id]) => !(id in en)).map(([id, file]) => `${id} (${file})`);
    expect(missing).toEqual([]);
  });
});

describe('languageAtom', () => {
  type LanguageModule = typeof import('./language');
  type JotaiModule = typeof import('jotai');

  /** Loads language.ts (and jotai) afresh with `raw` stored: the stored value is read on first load. */
  async function loadWithStored(raw: string | null) {
    localStorage.clear();
    if (raw !== null) localStorage.setItem(LANGUAGE_STORAGE_KEY, raw);
    let loaded: { language: LanguageModule; jotai: JotaiModule } | undefined;
    await jest.isolateModulesAsync(async () => {
      loaded = { language: await import('./language'), jotai: await import('jotai') };
    });
    if (!loaded) throw new Error('language.ts did not load');
    return loaded;
  }

  beforeEach(() => {
    localStorage.clear();
    document.documentElement.removeAttribute('lang');
  });

  it('the storage key is depot.lang and the default language is en', () => {
    expect(LANGUAGE_STORAGE_KEY).toBe('depot.lang');
    expect(DEFAULT_LANGUAGE).toBe('en');
  });

  it('defaults to en with nothing stored', async () => {
    const { language, jotai } = await loadWithStored(null);
    expect(jotai.createStore().get(language.languageAtom)).toBe('en');
  });

  it.each(LANGUAGES)('reads a stored %s', async (lang) => {
    const { language, jotai } = await loadWithStored(JSON.stringify(lang));
    expect(jotai.createStore().get(language.languageAtom)).toBe(lang);
  });

  it.each(['"de"', '"PL"', 'pl', '""', 'null', '7', '{"lang":"pl"}', '"'])(
    'an invalid stored value (%j) reads as en',
    async (raw) => {
      const { language, jotai } = await loadWithStored(raw);
      const store = jotai.createStore();
      expect(store.get(language.languageAtom)).toBe('en');
      const unsub = store.sub(language.languageAtom, () => undefined);
      expect(store.get(language.languageAtom)).toBe('en');
      unsub();
    },
  );

  it.each(LANGUAGES)('setting %s stores it as JSON under depot.lang and sets <html lang>', async (lang) => {
    const { language, jotai } = await loadWithStored(null);
    const store = jotai.createStore();
    store.set(language.languageAtom, lang);
    expect(store.get(language.languageAtom)).toBe(lang);
    expect(localStorage.getItem('depot.lang')).toBe(JSON.stringify(lang));
    expect(document.documentElement.lang).toBe(lang);
  });

  it('switching back and forth keeps storage and <html lang> in step', async () => {
    const { language, jotai } = await loadWithStored(null);
    const store = jotai.createStore();
    store.set(language.languageAtom, 'pl');
    store.set(language.languageAtom, 'en');
    expect(localStorage.getItem('depot.lang')).toBe('"en"');
    expect(document.documentElement.lang).toBe('en');
    const reloaded = await loadWithStored(localStorage.getItem('depot.lang'));
    expect(reloaded.jotai.createStore().get(reloaded.language.languageAtom)).toBe('en');
  });

  it('isLanguage accepts exactly LANGUAGES', async () => {
    const { language } = await loadWithStored(null);
    for (const l of LANGUAGES) expect(language.isLanguage(l)).toBe(true);
    for (const v of ['de', 'EN', '', null, undefined, 1]) expect(language.isLanguage(v)).toBe(false);
  });
});
