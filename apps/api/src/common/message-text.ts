import { CATALOGUE, messageKeyOf, type Language } from '@depot/contracts';
import { IntlMessageFormat } from 'intl-messageformat';

/** Compiled catalogue messages, by language and id (a file of many rows repeats a few messages). */
const compiled = new Map<string, IntlMessageFormat>();

/**
 * An API message (MESSAGES, as rows and refusals keep it) in the reader's language (decision 0153): read back into its
 * catalogue id and values by the mapping the panel uses (contracts message-keys.ts) and formatted as the panel
 * formats it (ICU, the same library react-intl uses). Text the catalogue lacks stays as it is.
 */
export function messageText(lang: Language, text: string): string {
  const key = messageKeyOf(text);
  const source = key ? (CATALOGUE[lang] as Partial<Record<string, string>>)[key.id] : undefined;
  if (!key || source === undefined) return text;
  const cacheKey = `${lang}\u0001${key.id}`;
  let format = compiled.get(cacheKey);
  if (!format) {
    format = new IntlMessageFormat(source, lang);
    compiled.set(cacheKey, format);
  }
  const out = format.format(key.values ?? {});
  return typeof out === 'string' ? out : String(out);
}
