import { dateText, parseDateText } from './date-text';

describe('parseDateText', () => {
  it.each([
    ['2026-11-27', '2026-11-27'],
    ['  2026-11-27 ', '2026-11-27'],
    ['2026.11.27', '2026-11-27'],
    ['2026/1/5', '2026-01-05'],
    ['27.11.2026', '2026-11-27'],
    ['5.1.2026', '2026-01-05'],
    ['27-11-2026', '2026-11-27'],
    ['27/11/2026', '2026-11-27'],
    ['29.02.2024', '2024-02-29'],
    ['31.12.9999', '9999-12-31'],
  ])('reads %j as %s', (text, date) => {
    expect(parseDateText(text)).toBe(date);
  });

  it.each([
    '',
    '   ',
    '2026-11',
    '27.11',
    '2026-13-01',
    '2026-00-10',
    '2026-11-00',
    '31.04.2026',
    '29.02.2025',
    '27.11.26',
    '999-01-01',
    '0999-01-01',
    '2026-11-27T10:00',
    '2026–11–27',
    'x2026-11-27',
    '27.11.2026.',
    '1e3-01-01',
    '2026-11-27\u0000',
  ])('refuses %j', (text) => {
    expect(parseDateText(text)).toBeNull();
  });
});

describe('dateText', () => {
  it('writes the language order, and reads back to the same date', () => {
    expect(dateText('2026-11-27', 'en')).toBe('2026-11-27');
    expect(dateText('2026-11-27', 'pl')).toBe('27.11.2026');
    for (const lang of ['en', 'pl'] as const)
      for (const date of ['2026-01-05', '2024-02-29', '1999-12-31'])
        expect(parseDateText(dateText(date, lang))).toBe(date);
  });
});
