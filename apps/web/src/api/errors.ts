import type { ErrorReply } from '@depot/contracts';
import { MESSAGES, PASSWORD_MIN_LENGTH } from '@depot/contracts/base';

/** An API call that did not succeed: its HTTP status and the error body, when it was one of ours. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<ErrorReply> | null,
  ) {
    super(body?.message ?? `HTTP ${status}`);
  }
}

/** What the user is told: a message id to translate (with values), or the server's own words. */
export type ErrorText = { id: string; values?: Record<string, string | number> } | { text: string };

/** Per-status texts for when the server sent no message (SPEC §8: the handler is chosen by status). */
const STATUS_MESSAGE_IDS: Record<number, string> = {
  0: 'error.status.network',
  400: 'error.status.400',
  401: 'error.status.401',
  403: 'error.status.403',
  404: 'error.status.404',
  409: 'error.status.409',
  413: 'error.status.413',
  415: 'error.status.415',
  429: 'error.status.429',
  500: 'error.status.500',
  502: 'error.status.5xx',
  503: 'error.status.5xx',
  504: 'error.status.5xx',
};

/** The API's known messages (libs/contracts MESSAGES), so they can be shown in the panel's language. */
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
 * API messages with text arguments, read back into the panel's message and values: each template is rendered with
 * markers in place of its arguments and turned into a pattern, so the wording lives only in MESSAGES.
 */
type TextTemplate = (...args: string[]) => string;
const PARAMETRIC_TEMPLATES: { id: string; names: string[]; render: TextTemplate }[] = [
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
    ] as const
  ).map(([key, names]) => ({
    id: `server.${key}`,
    names: [...names],
    render: MESSAGES[key] as unknown as TextTemplate,
  })),
];
const PARAMETRIC = PARAMETRIC_TEMPLATES.map((m) => ({
  ...m,
  pattern: templatePattern(m.render, m.names.length),
}));

function templatePattern(render: TextTemplate, arity: number): RegExp {
  const markers = Array.from({ length: arity }, (_, i) => `\u0001${i}\u0001`);
  const escaped = render(...markers).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${markers.reduce((re, m) => re.replace(m, '(.+?)'), escaped)}$`);
}

/** A message from the API or a shared zod schema, in the panel's terms: a known one by id, else as given. */
export function describeMessage(text: string): ErrorText {
  const id = KNOWN_MESSAGES.get(text);
  if (id) return id === 'validation.passwordTooShort' ? { id, values: { min: PASSWORD_MIN_LENGTH } } : { id };
  const tooMany = TOO_MANY.exec(text);
  if (tooMany) return { id: 'server.tooManySignInAttempts', values: { minutes: Number(tooMany[1]) } };
  for (const m of PARAMETRIC) {
    const found = m.pattern.exec(text);
    if (found) return { id: m.id, values: Object.fromEntries(m.names.map((n, i) => [n, found[i + 1]])) };
  }
  return { text };
}

/**
 * SPEC §8's error handler: the server's message (or error field) when present; else the text for the status;
 * a status without a handler, or something that is not an API error at all, gives the "unhandled" text.
 */
export function describeError(err: unknown): ErrorText {
  if (!(err instanceof ApiError)) return { id: 'error.unhandled' };
  const serverText = err.body?.message || err.body?.error;
  if (typeof serverText === 'string' && serverText.trim()) return describeMessage(serverText);
  const id = STATUS_MESSAGE_IDS[err.status];
  return id ? { id } : { id: 'error.unhandled' };
}

/** Field → message from a validation error reply's details (for placing messages under form fields). */
export function fieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError) || !Array.isArray(err.body?.details)) return {};
  const out: Record<string, string> = {};
  for (const d of err.body.details) if (d.path && !(d.path in out)) out[d.path] = d.message;
  return out;
}
