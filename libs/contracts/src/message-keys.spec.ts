import { IntlMessageFormat } from 'intl-messageformat';
import { CATALOGUE } from './catalogue';
import { LANGUAGES, PASSWORD_MIN_LENGTH } from './constants';
import { messageKeyOf, PARAMETRIC_MESSAGES } from './message-keys';
import { MESSAGES } from './messages';

const catalogue = (lang: (typeof LANGUAGES)[number]) => CATALOGUE[lang] as Partial<Record<string, string>>;
const format = (lang: (typeof LANGUAGES)[number], id: string, values: Record<string, string | number> = {}) =>
  new IntlMessageFormat(catalogue(lang)[id]!, lang).format(values) as string;

/** Sample arguments per placeholder name: text with characters a pattern must not trip on. */
const SAMPLE: Record<string, string> = {
  field: 'items.2.name',
  max: '10000',
  code: 'A (1) * b?',
  megabytes: '50',
  row: '17',
  value: 'Zielona Góra; $1',
  columns: 'Recipient name, Weight (kg)',
  headers: 'Kg, Uwagi (1)',
};

describe('messageKeyOf: the API messages read back into the catalogue (decision 0153)', () => {
  it('every string message round-trips: its id, and the English catalogue says exactly it', () => {
    const strings: [string, string][] = [
      ...Object.entries(MESSAGES).map(([k, v]): [string, unknown] => [`server.${k}`, v]),
      ...Object.entries(MESSAGES.validation).map(([k, v]): [string, unknown] => [`validation.${k}`, v]),
    ].flatMap(([id, v]) => (typeof v === 'string' ? [[id, v] as [string, string]] : []));
    expect(strings.length).toBeGreaterThan(100);
    for (const [id, text] of strings) {
      const key = messageKeyOf(text);
      // "Client is required" is both a server and a validation message: the validation id wins (same words).
      expect([id, key?.values]).toEqual([id, undefined]);
      expect([id, catalogue('en')[key!.id]]).toEqual([id, text]);
      for (const lang of LANGUAGES)
        expect([id, lang, typeof catalogue(lang)[key!.id]]).toEqual([id, lang, 'string']);
    }
  });

  it('every message with arguments that the catalogue has is read back (none forgotten)', () => {
    const readBack = new Set([
      ...PARAMETRIC_MESSAGES.map((m) => m.id),
      'server.tooManySignInAttempts',
      'validation.passwordTooShort',
    ]);
    const withArguments = [
      ...Object.entries(MESSAGES).map(([k, v]) => [`server.${k}`, v] as const),
      ...Object.entries(MESSAGES.validation).map(([k, v]) => [`validation.${k}`, v] as const),
    ]
      .filter(([id, v]) => typeof v === 'function' && catalogue('en')[id] !== undefined)
      .map(([id]) => id);
    expect(withArguments.length).toBeGreaterThan(10);
    expect(withArguments.filter((id) => !readBack.has(id))).toEqual([]);
  });

  it.each(PARAMETRIC_MESSAGES.map((m) => [m.id, m] as const))(
    '%s: its values come back and the catalogue formats the same words',
    (id, m) => {
      const values = Object.fromEntries(m.names.map((n) => [n, SAMPLE[n]!]));
      const text = m.render(...m.names.map((n) => SAMPLE[n]!));
      expect(messageKeyOf(text)).toEqual({ id, values });
      expect(format('en', id, values)).toBe(text);
      const polish = format('pl', id, values);
      expect(polish).not.toMatch(/[{}]/);
      for (const value of Object.values(values)) expect(polish).toContain(value);
    },
  );

  it.each([1, 2, 5, 60])(
    'the sign-in lock-out for %s minute(s), with its plural in both languages',
    (minutes) => {
      const text = MESSAGES.tooManySignInAttempts(minutes);
      expect(messageKeyOf(text)).toEqual({ id: 'server.tooManySignInAttempts', values: { minutes } });
      expect(format('en', 'server.tooManySignInAttempts', { minutes })).toBe(text);
      expect(format('pl', 'server.tooManySignInAttempts', { minutes })).toContain(String(minutes));
    },
  );

  it("the password length with the schemas' minimum", () => {
    const text = MESSAGES.validation.passwordTooShort(PASSWORD_MIN_LENGTH);
    const key = messageKeyOf(text);
    expect(key).toEqual({ id: 'validation.passwordTooShort', values: { min: PASSWORD_MIN_LENGTH } });
    expect(format('en', key!.id, key!.values)).toBe(text);
  });

  it('text the catalogue lacks is not a message', () => {
    for (const text of ['', 'Weight: 2', MESSAGES.apiKeyRateLimited(3, 60, 5), 'Row : the code is missing'])
      expect(messageKeyOf(text)).toBeNull();
  });
});
