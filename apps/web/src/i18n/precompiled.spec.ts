import { CATALOGUE, DISPLAY_TIMEZONE, LANGUAGES } from '@depot/contracts';
import { TYPE } from '@formatjs/icu-messageformat-parser';
import { createIntl } from 'react-intl';
import { sampleValues } from '../../test/message-arguments';
import { expanded, precompiled } from './precompiled';

/**
 * The panel's bundle carries its messages parsed at build time (decision 0137): every message of both catalogues
 * must show exactly as its text does, with values (numbers reaching every plural category) and without.
 */
describe.each(LANGUAGES)('precompiled %s messages', (lang) => {
  const texts = CATALOGUE[lang];
  const compact = precompiled(texts, lang);
  const trees = expanded(compact);
  const errors: string[] = [];
  const options = { locale: lang, timeZone: DISPLAY_TIMEZONE, onError: (e: Error) => errors.push(e.message) };
  const fromText = createIntl({ ...options, messages: texts });
  const fromTree = createIntl({ ...options, messages: trees });

  it('has every message, most of them one literal text that react-intl shows as it is', () => {
    expect(Object.keys(trees)).toEqual(Object.keys(texts));
    const literal = Object.values(trees).filter((t) => t.length === 1 && t[0].type === TYPE.literal);
    expect(literal.length).toBeGreaterThan(Object.keys(trees).length / 2);
    expect(Object.values(compact).filter((m) => typeof m === 'string')).toHaveLength(literal.length);
    expect(fromTree.formatMessage({ id: 'signIn.title' })).toBe(texts['signIn.title']);
  });

  it('keeps a message with arguments as its tree', () => {
    expect(Array.isArray(compact['clients.linkedMessage'])).toBe(true);
  });

  it('shows every message as its text does', () => {
    const differ: string[] = [];
    for (const [id, text] of Object.entries(texts))
      for (const count of [0, 1, 2, 5, 22, 1.5]) {
        const values = sampleValues(text, count);
        const shown = [fromText.formatMessage({ id }, values), fromTree.formatMessage({ id }, values)];
        if (shown[0] !== shown[1]) differ.push(`${id} (${count}): ${shown[0]} ≠ ${shown[1]}`);
      }
    expect(differ).toEqual([]);
    expect(errors).toEqual([]);
  });
});
