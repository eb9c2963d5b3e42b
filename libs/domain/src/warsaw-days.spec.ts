import { warsawDay } from './audit-log';
import { warsawDayStart } from './warsaw-days';

describe('warsawDayStart', () => {
  it.each([
    // Winter (UTC+1) and summer (UTC+2).
    ['2026-01-01', 0, '2025-12-31T23:00:00.000Z'],
    ['2026-07-15', 0, '2026-07-14T22:00:00.000Z'],
    // The days of the clock changes: midnight is still before the change (02:00 / 03:00 local).
    ['2026-03-29', 0, '2026-03-28T23:00:00.000Z'],
    ['2026-03-30', 0, '2026-03-29T22:00:00.000Z'],
    ['2026-10-25', 0, '2026-10-24T22:00:00.000Z'],
    ['2026-10-26', 0, '2026-10-25T23:00:00.000Z'],
    // "to" bounds: the next day's start, over month, year and leap-day ends.
    ['2026-12-31', 1, '2026-12-31T23:00:00.000Z'],
    ['2026-01-31', 1, '2026-01-31T23:00:00.000Z'],
    ['2028-02-28', 1, '2028-02-28T23:00:00.000Z'],
    ['2028-02-29', 1, '2028-02-29T23:00:00.000Z'],
    ['2026-03-28', 1, '2026-03-28T23:00:00.000Z'],
    ['2026-10-24', 1, '2026-10-24T22:00:00.000Z'],
  ])('%s + %i day(s) starts at %s', (day, plus, iso) => {
    expect(warsawDayStart(day, plus).toISOString()).toBe(iso);
  });

  it('is the first instant of that Warsaw day for every day of two years', () => {
    const first = Date.UTC(2026, 0, 1);
    for (let i = 0; i < 731; i++) {
      const day = new Date(first + i * 86_400_000).toISOString().slice(0, 10);
      const start = warsawDayStart(day);
      expect(warsawDay(start)).toBe(day);
      expect(warsawDay(new Date(start.getTime() - 1))).not.toBe(day);
      expect(warsawDayStart(day, 1).getTime() - start.getTime()).toBeGreaterThanOrEqual(23 * 3_600_000);
    }
  });

  it('refuses what is not a calendar day', () => {
    expect(() => warsawDayStart('2026-1-1')).toThrow(RangeError);
    expect(() => warsawDayStart('')).toThrow(RangeError);
  });
});
