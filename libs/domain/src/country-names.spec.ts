import { SUPPORTED_COUNTRIES } from '@depot/contracts';
import { foldCountryName, toCountryCode } from './country-names';

describe('toCountryCode', () => {
  it.each([
    ['Niemcy', 'DE'],
    ['germany', 'DE'],
    [' NIEMCY ', 'DE'],
    ['Germany', 'DE'],
    ['Deutschland', 'DE'],
    ['de', 'DE'],
    ['DE', 'DE'],
    [' de ', 'DE'],
    ['Wielka Brytania', 'GB'],
    ['wielka   brytania', 'GB'],
    ['United Kingdom', 'GB'],
    ['united-kingdom', 'GB'],
    ['Great Britain', 'GB'],
    ['UK', 'GB'],
    ['U.K.', 'GB'],
    ['gb', 'GB'],
    ['Czechy', 'CZ'],
    ['Czech Republic', 'CZ'],
    ['Czechia', 'CZ'],
    ['czech-republic', 'CZ'],
    ['Holandia', 'NL'],
    ['The Netherlands', 'NL'],
    ['Słowacja', 'SK'],
    ['Slowacja', 'SK'],
    ['SŁOWACJA', 'SK'],
    ['Łotwa', 'LV'],
    ['lotwa', 'LV'],
    ['ŁOTWA', 'LV'],
    ['Włochy', 'IT'],
    ['wlochy', 'IT'],
    ['Węgry', 'HU'],
    ['Wegry', 'HU'],
    ['Bułgaria', 'BG'],
    ['Polska', 'PL'],
    ['Poland', 'PL'],
    ['Rosja', 'RU'],
    ['Russian Federation', 'RU'],
    ['Grecja', 'GR'],
    ['EL', 'GR'],
    ['Luksemburg', 'LU'],
    ['Luxembourg', 'LU'],
    ['Cypr', 'CY'],
    ['Irlandia', 'IE'],
    ['Republic of Ireland', 'IE'],
    ['Hiszpania', 'ES'],
  ])('%p -> %s', (input, code) => {
    expect(toCountryCode(input)).toBe(code);
  });

  it.each([
    ['Narnia'],
    ['Niemc'],
    ['United States'],
    ['US'],
    ['USA'],
    ['Stany Zjednoczone'],
    ['Ukraine'],
    ['D'],
    ['DEU'],
    [''],
    ['   '],
    ['-'],
  ])('%p is unknown (null)', (input) => {
    expect(toCountryCode(input)).toBeNull();
  });

  it.each([[null], [undefined], [49], [{}], [['DE']]])('non-string %p gives null', (input) => {
    expect(toCountryCode(input)).toBeNull();
  });

  it('maps every supported code and both names, in any case', () => {
    for (const c of SUPPORTED_COUNTRIES) {
      for (const input of [
        c.code,
        c.code.toLowerCase(),
        c.en,
        c.pl,
        c.en.toUpperCase(),
        ` ${c.pl.toLowerCase()} `,
      ]) {
        expect(toCountryCode(input)).toBe(c.code);
      }
    }
  });
});

describe('foldCountryName', () => {
  it.each([
    ['  Wielka   Brytania ', 'wielka brytania'],
    ['Łotwa', 'lotwa'],
    ['ŁÓDŹ', 'lodz'],
    ['Zjednoczone Królestwo', 'zjednoczone krolestwo'],
    ['Czech-Republic', 'czech republic'],
    ['U.K.', 'uk'],
    ['Côte d’Ivoire', 'cote divoire'],
  ])('%p -> %p', (input, folded) => {
    expect(foldCountryName(input)).toBe(folded);
  });
});
