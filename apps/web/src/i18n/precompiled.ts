import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** A language's messages as react-intl takes them precompiled: each message's ICU syntax tree. */
export type PrecompiledMessages = Record<string, MessageFormatElement[]>;

/**
 * Parses every message of a catalogue once, at build time (vite.config.ts, decision 0137), the way react-intl would
 * parse it in the browser on first use (intl-messageformat passes the language's locale for date skeletons). A
 * message that is one literal text then costs react-intl nothing to show; otherwise each page parsed the messages it
 * showed again, and merged its formats for every message it showed.
 */
export function precompiled(messages: Readonly<Record<string, string>>, lang: string): PrecompiledMessages {
  const locale = new Intl.Locale(lang);
  return Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, parse(text, { locale })]));
}
