import fc from 'fast-check';
import { warsawDateTime, warsawDay, warsawTime, warsawTimeExact, warsawYear } from './warsaw-time';

const HOUR = 3_600_000;

describe('Warsaw time', () => {
  it.each([
    // winter (UTC+1) and summer (UTC+2)
    ['2026-01-15T10:30:00Z', '2026-01-15 11:30'],
    ['2026-07-15T10:30:00Z', '2026-07-15 12:30'],
    // the day turns over in Warsaw before it does in UTC
    ['2026-03-01T23:30:00Z', '2026-03-02 00:30'],
    ['2026-06-30T22:15:00Z', '2026-07-01 00:15'],
    // New Year's Eve: the year turns in Warsaw first
    ['2026-12-31T23:00:00Z', '2027-01-01 00:00'],
    // the spring change (02:00 CET → 03:00 CEST on 2026-03-29) and the autumn one (03:00 CEST → 02:00 CET, 2026-10-25)
    ['2026-03-29T00:59:59Z', '2026-03-29 01:59'],
    ['2026-03-29T01:00:00Z', '2026-03-29 03:00'],
    ['2026-10-25T00:30:00Z', '2026-10-25 02:30'],
    ['2026-10-25T01:30:00Z', '2026-10-25 02:30'],
    // midnight shows as 00, never 24
    ['2026-05-04T22:00:00Z', '2026-05-05 00:00'],
    // the last millisecond of a Warsaw day, winter and summer
    ['2026-01-15T22:59:59.999Z', '2026-01-15 23:59'],
    ['2026-07-01T21:59:59.999Z', '2026-07-01 23:59'],
  ])('%s is %s in Warsaw', (instant, shown) => {
    expect(warsawDateTime(instant)).toBe(shown);
    expect(warsawDay(new Date(instant))).toBe(shown.slice(0, 10));
    expect(warsawYear(instant)).toBe(Number(shown.slice(0, 4)));
  });

  it('gives every field as a number, seconds included', () => {
    expect(warsawTime('2026-02-03T04:05:06Z')).toEqual({
      year: 2026,
      month: 2,
      day: 3,
      hour: 5,
      minute: 5,
      second: 6,
    });
  });

  /** Warsaw's clock read straight from the time-zone data, one formatter call per instant. */
  const exact = (ms: number) => warsawTimeExact(ms);
  /** How far Warsaw's clock is ahead of UTC at an instant, to the second. */
  const offset = (ms: number) => {
    const t = exact(ms);
    return Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second) - Math.floor(ms / 1000) * 1000;
  };

  it('agrees with the time-zone data at any instant from 1850 to 2150 (offsets kept per hour)', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1850, 0, 1), max: Date.UTC(2150, 0, 1) }), (ms) => {
        expect(warsawTime(new Date(ms))).toEqual(exact(ms));
      }),
      { numRuns: 5_000 },
    );
  });

  it("agrees around every change of Warsaw's offset from 1880 to 2100, to the second, changes off the hour included", () => {
    let changes = 0;
    const step = 3 * 24 * HOUR; // Warsaw's offset never changed twice within three days
    let from = Date.UTC(1880, 0, 1);
    let before = offset(from);
    for (; from < Date.UTC(2100, 0, 1); from += step) {
      const after = offset(from + step);
      if (after === before) continue;
      before = after;
      // The last second before the change, found by halving the window.
      let lo = from;
      let hi = from + step;
      const first = offset(lo);
      while (hi - lo > 1000) {
        const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
        if (offset(mid) === first) lo = mid;
        else hi = mid;
      }
      const near = [];
      for (let s = -10; s <= 10; s++) near.push(lo + s * 1000, lo + s * 1000 + 999);
      for (let m = -60; m <= 60; m += 5) near.push(lo + m * 60_000);
      near.push(Math.floor(lo / HOUR) * HOUR, Math.floor(lo / HOUR) * HOUR + HOUR - 1);
      for (const t of near) expect(warsawTime(new Date(t))).toEqual(exact(t));
      changes++;
    }
    // Summer time twice a year since 1977, and the changes of the wars and of 1915/1922.
    expect(changes).toBeGreaterThan(250);
  });

  it('refuses an invalid date as the formatter does', () => {
    expect(() => warsawTime('not a date')).toThrow(RangeError);
  });
});
