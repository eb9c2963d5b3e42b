import { createIntl } from 'react-intl';
import { formatDecimal } from './format';

const NBSP = '\u00a0';

describe('formatDecimal (every number the panel shows)', () => {
  const en = createIntl({ locale: 'en', messages: {} });
  const pl = createIntl({ locale: 'pl', messages: {} });

  it.each<[number | string, string, string]>([
    ['31.500', '31.5', '31,5'],
    ['4.290000', '4.29', '4,29'],
    ['4.310000', '4.31', '4,31'],
    ['12.50', '12.5', '12,5'],
    ['30.000', '30', '30'],
    ['0.001', '0.001', '0,001'],
    ['1.123456', '1.123456', '1,123456'],
    ['1234.5', '1,234.5', '1234,5'],
    ['12345.25', '12,345.25', `12${NBSP}345,25`],
    ['1234567', '1,234,567', `1${NBSP}234${NBSP}567`],
    [31.5, '31.5', '31,5'],
    [1000, '1,000', '1000'],
    [-4.5, '-4.5', '-4,5'],
    [0, '0', '0'],
  ])('%j → en %j, pl %j', (value, inEnglish, inPolish) => {
    expect(formatDecimal(en, value)).toBe(inEnglish);
    expect(formatDecimal(pl, value)).toBe(inPolish);
  });
});
