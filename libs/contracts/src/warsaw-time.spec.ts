import { warsawDateTime, warsawDay, warsawTime, warsawYear } from './warsaw-time';

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
});
