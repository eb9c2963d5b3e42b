import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** A language's messages as react-intl takes them precompiled: each message's ICU syntax tree. */
export type PrecompiledMessages = Record<string, MessageFormatElement[]>;

/**
 * What the bundle carries (vite.config.ts): the tree of each message with arguments or markup, and for a message
 * that is one literal text (nine in ten) that text, already unescaped; `expanded` turns it back into its tree.
 * Smaller than the trees of every message (brotli: +0.7 kB over the texts instead of +1.1 kB).
 */
export type CompactMessages = Record<string, string | MessageFormatElement[]>;

/**
 * Parses every message of a catalogue once, at build time (decision 0137), the way react-intl would parse it in the
 * browser on first use (intl-messageformat passes the language's locale, which date skeletons read). A message that
 * is one literal text then costs react-intl nothing to show; otherwise each page parsed the messages it showed again,
 * and merged its formats for every message it showed.
 */
export function precompiled(messages: Readonly<Record<string, string>>, lang: string): CompactMessages {
  const locale = new Intl.Locale(lang);
  return Object.fromEntries(
    Object.entries(messages).map(([id, text]) => {
      const tree = parse(text, { locale });
      const only = tree.length === 1 ? tree[0] : undefined;
      return [id, only?.type === TYPE.literal ? only.value : tree];
    }),
  );
}

/** The trees of a catalogue as `precompiled` left it (a literal text is a tree of one literal). */
export function expanded(messages: CompactMessages): PrecompiledMessages {
  const trees: PrecompiledMessages = {};
  for (const [id, m] of Object.entries(messages))
    trees[id] = typeof m === 'string' ? [{ type: TYPE.literal, value: m }] : m;
  return trees;
}
