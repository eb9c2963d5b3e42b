import type { Language } from './constants';
import en from './catalogue/en.json';
import pl from './catalogue/pl.json';

/**
 * The one bilingual catalogue (issue 12): every text a person reads — the panel's labels, enum names and notices,
 * and what the API writes for people (xlsx headers and titles, PDF texts, e-mails later) — by typed id, in en and
 * pl. The panel renders it through react-intl (ICU syntax); the API reads plain entries with `catalogueText`.
 * Typing pl as the en ids makes a missing Polish entry a compile error.
 */
export type MessageId = keyof typeof en;

export const CATALOGUE: Record<Language, Record<MessageId, string>> = { en, pl };

/** A catalogue entry without arguments (a header, a title), in one language. */
export const catalogueText = (lang: Language, id: MessageId): string => CATALOGUE[lang][id];
