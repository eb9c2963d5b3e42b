import { nextAttemptAt } from './parcel-registration.service';

describe('when a carrier that gave no answer is asked again', () => {
  const now = new Date(Date.UTC(2026, 10, 28, 10, 0));
  it.each([
    [1, 1],
    [2, 2],
    [3, 5],
    [4, 15],
    [5, 30],
    [6, 60],
    [7, 60],
    [50, 60],
  ])('after %i attempt(s): %i minutes later', (attempts, minutes) => {
    expect(nextAttemptAt(attempts, now).getTime() - now.getTime()).toBe(minutes * 60_000);
  });
});
