import { CATALOGUE } from '../catalogue';
import { LANGUAGES } from '../constants';
import { LOG_ENTITIES, LOG_TYPES, logEntityWord, logTypeWord } from './log-types';

/**
 * The API writes only LOG_TYPES and LOG_ENTITIES (AuditService.record is typed with them), so these tests fail
 * when a kind of entry the app can write has no word in one of the languages (decision 0111).
 */
describe('words of the change log', () => {
  const words = (lang: (typeof LANGUAGES)[number], id: string | undefined) =>
    id === undefined ? undefined : (CATALOGUE[lang] as Record<string, string>)[id];

  it('lists each type and entity once', () => {
    expect(new Set(LOG_TYPES).size).toBe(LOG_TYPES.length);
    expect(new Set(LOG_ENTITIES).size).toBe(LOG_ENTITIES.length);
    expect(LOG_TYPES).toEqual(expect.arrayContaining(['session.signIn', 'labels.print', 'parcel.cancel']));
    expect(LOG_ENTITIES).toEqual(expect.arrayContaining(['user', 'parcel', 'parcels', 'clients']));
  });

  it.each(LANGUAGES.flatMap((lang) => LOG_TYPES.map((type) => [type, lang] as const)))(
    'type %s has a word in %s',
    (type, lang) => {
      expect(words(lang, logTypeWord(type))?.trim()).toBeTruthy();
    },
  );

  it.each(LANGUAGES.flatMap((lang) => LOG_ENTITIES.map((entity) => [entity, lang] as const)))(
    'entity %s has a word in %s',
    (entity, lang) => {
      expect(words(lang, logEntityWord(entity))?.trim()).toBeTruthy();
    },
  );

  it('the catalogue names no type or entity the app does not write', () => {
    const ids = Object.keys(CATALOGUE.en);
    const of = (prefix: string) =>
      ids.filter((id) => id.startsWith(prefix)).map((id) => id.slice(prefix.length));
    expect(of('logs.type.').filter((t) => !(LOG_TYPES as readonly string[]).includes(t))).toEqual([]);
    expect(of('logs.entity.').filter((e) => !(LOG_ENTITIES as readonly string[]).includes(e))).toEqual([]);
  });

  it('a type or entity without a word (an entry written by hand, or by an older version) has none', () => {
    for (const other of ['test.change', 'constructor', 'toString', '', 'user']) {
      expect(logTypeWord(other)).toBeUndefined();
    }
    for (const other of ['widget', 'constructor', '__proto__', 'user.create']) {
      expect(logEntityWord(other)).toBeUndefined();
    }
    expect(logTypeWord('parcel.cancel')).toBe('logs.type.parcel.cancel');
    expect(logEntityWord('parcels')).toBe('logs.entity.parcels');
  });
});
