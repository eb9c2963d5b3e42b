import { PASSWORD_MIN_LENGTH } from './constants';
import { MESSAGES } from './messages';

/** A catalogue message (`server.<key>` or `validation.<key>`) and the values its placeholders take. */
export interface MessageKey {
  id: string;
  values?: Record<string, string | number>;
}

/**
 * The API's messages (MESSAGES) read back into the catalogue's: the panel shows them in its language and the API
 * writes them in the reader's language into the files it makes (decision 0153). One mapping for both.
 */
const KNOWN_MESSAGES = new Map<string, string>();
for (const [key, value] of Object.entries(MESSAGES)) {
  if (typeof value === 'string') KNOWN_MESSAGES.set(value, `server.${key}`);
}
for (const [key, value] of Object.entries(MESSAGES.validation)) {
  if (typeof value === 'string') KNOWN_MESSAGES.set(value, `validation.${key}`);
}
KNOWN_MESSAGES.set(MESSAGES.validation.passwordTooShort(PASSWORD_MIN_LENGTH), 'validation.passwordTooShort');
const TOO_MANY = /^Too many failed sign-in attempts\. Try again in (\d+) minutes?\.$/;

/**
 * API messages with text arguments: each template is rendered with markers in place of its arguments and turned into
 * a pattern, so the wording lives only in MESSAGES. A new parametric message is read back once it is listed here.
 */
type TextTemplate = (...args: string[]) => string;
export const PARAMETRIC_MESSAGES: readonly { id: string; names: readonly string[]; render: TextTemplate }[] =
  [
    { id: 'server.textNotStorable', names: ['field'], render: MESSAGES.textNotStorable },
    {
      id: 'server.textTooLong',
      names: ['field', 'max'],
      render: MESSAGES.textTooLong as unknown as TextTemplate,
    },
    { id: 'server.inputTooDeep', names: ['field'], render: MESSAGES.inputTooDeep },
    ...(
      [
        ['statusMapTooManyRows', ['max']],
        ['statusMapDuplicateCode', ['code']],
        ['uploadTooLarge', ['megabytes']],
        ['statusMapImportTooManyRows', ['max']],
        ['statusMapImportBadCode', ['row']],
        ['statusMapImportBadDescription', ['row']],
        ['statusMapImportBadStatus', ['row', 'value']],
        ['statusMapImportBadTerminal', ['row', 'value']],
        ['statusMapImportDuplicate', ['row', 'code']],
        ['importTooManyRows', ['max']],
        ['importColumnsMissing', ['columns']],
        ['importDuplicateInFile', ['row']],
        ['importPresetNotFitting', ['headers']],
        ['weightDuplicate', ['row']],
      ] as const
    ).map(([key, names]) => ({
      id: `server.${key}`,
      names,
      render: MESSAGES[key] as unknown as TextTemplate,
    })),
  ];

function templatePattern(render: TextTemplate, arity: number): RegExp {
  const markers = Array.from({ length: arity }, (_, i) => `\u0001${i}\u0001`);
  const escaped = render(...markers).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${markers.reduce((re, m) => re.replace(m, '(.+?)'), escaped)}$`);
}

const PARAMETRIC = PARAMETRIC_MESSAGES.map((m) => ({
  ...m,
  pattern: templatePattern(m.render, m.names.length),
}));

/** An API message (or a shared zod schema's) as its catalogue id and values; null for text the catalogue lacks. */
export function messageKeyOf(text: string): MessageKey | null {
  const id = KNOWN_MESSAGES.get(text);
  if (id) return id === 'validation.passwordTooShort' ? { id, values: { min: PASSWORD_MIN_LENGTH } } : { id };
  const tooMany = TOO_MANY.exec(text);
  if (tooMany) return { id: 'server.tooManySignInAttempts', values: { minutes: Number(tooMany[1]) } };
  for (const m of PARAMETRIC) {
    const found = m.pattern.exec(text);
    if (found) return { id: m.id, values: Object.fromEntries(m.names.map((n, i) => [n, found[i + 1]!])) };
  }
  return null;
}
