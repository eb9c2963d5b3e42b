import { isCountryCode, SUPPORTED_COUNTRIES, type CountryCode } from '@depot/contracts';

/**
 * Country names typed by people or found in spreadsheets, mapped to a supported code (SPEC 5: "each
 * countryCode ... is mapped from a Polish or English country name, or a country code, to a code. An unknown
 * name blocks the save").
 *
 * Decisions where the SPEC is silent:
 * - Matching ignores case, diacritics (incl. Polish 'ł', which has no Unicode decomposition), surrounding and
 *   repeated whitespace, dots and apostrophes; hyphens and underscores count as spaces.
 * - Besides the names in SUPPORTED_COUNTRIES, a few common aliases are accepted (listed in ALIASES), among them
 *   the non-ISO codes 'UK' (United Kingdom) and 'EL' (Greece, the EU/VAT code), both frequent in carrier data.
 * - A valid ISO code of an unsupported country (e.g. 'US') and any unknown name give null.
 */

/** Extra spellings beyond the English and Polish names in SUPPORTED_COUNTRIES. */
const ALIASES: Readonly<Record<string, CountryCode>> = {
  Deutschland: 'DE',
  'Federal Republic of Germany': 'DE',
  'The Netherlands': 'NL',
  Holland: 'NL',
  Niderlandy: 'NL',
  'Czech Republic': 'CZ',
  'Republika Czeska': 'CZ',
  'Slovak Republic': 'SK',
  'Republika Słowacka': 'SK',
  Hellas: 'GR',
  EL: 'GR',
  'Republic of Ireland': 'IE',
  'Great Britain': 'GB',
  Britain: 'GB',
  UK: 'GB',
  'Zjednoczone Królestwo': 'GB',
  'Russian Federation': 'RU',
  'Federacja Rosyjska': 'RU',
};

/**
 * Folds a name for comparison: NFD-decomposes and drops combining marks, maps 'ł' to 'l', lower-cases, drops
 * dots and apostrophes, turns hyphens and underscores into spaces and collapses whitespace.
 * Exported for tests and for callers that need the same folding (e.g. search).
 */
export function foldCountryName(input: string): string {
  return input
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ł/g, 'l')
    .replace(/[.'’]/g, '')
    .replace(/[-_]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function buildLookup(): ReadonlyMap<string, CountryCode> {
  const map = new Map<string, CountryCode>();
  const add = (name: string, code: CountryCode) => {
    const key = foldCountryName(name);
    const existing = map.get(key);
    if (existing !== undefined && existing !== code) {
      throw new Error(`Country name "${name}" is ambiguous (${existing} / ${code})`);
    }
    map.set(key, code);
  };
  for (const c of SUPPORTED_COUNTRIES) {
    add(c.code, c.code);
    add(c.en, c.code);
    add(c.pl, c.code);
  }
  for (const [name, code] of Object.entries(ALIASES)) add(name, code);
  return map;
}

const LOOKUP = buildLookup();

/**
 * Maps a Polish or English country name, or a country code, to a supported code.
 * Examples: 'Niemcy', 'germany', ' NIEMCY ', 'de' → 'DE'; 'Wielka Brytania', 'United Kingdom', 'UK' → 'GB';
 * 'Czechy', 'Czech Republic', 'Czechia' → 'CZ'. Returns null for unknown names, unsupported countries,
 * empty text and non-string input.
 */
export function toCountryCode(input: unknown): CountryCode | null {
  if (typeof input !== 'string') return null;
  if (isCountryCode(input)) return input;
  const key = foldCountryName(input);
  if (key === '') return null;
  return LOOKUP.get(key) ?? null;
}
