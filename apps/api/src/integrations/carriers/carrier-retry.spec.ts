import type { CarrierCancelResult } from './carrier-cancellation';
import { askWithRetries } from './carrier-retry';

const scripted = (...results: CarrierCancelResult[]) => {
  let i = 0;
  return jest.fn(async () => results[Math.min(i++, results.length - 1)]);
};
const down: CarrierCancelResult = { kind: 'unavailable', reason: 'HTTP_500' };

describe('askWithRetries', () => {
  it('asks again while there is no answer, waiting the backoff in between', async () => {
    const waits: number[] = [];
    const ask = scripted(down, down, { kind: 'canceled' });
    const out = await askWithRetries(ask, { attempts: 3, backoffMs: [5, 20] }, async (ms) => {
      waits.push(ms);
    });
    expect(out).toEqual({ result: { kind: 'canceled' }, attempts: 3 });
    expect(waits).toEqual([5, 20]);
  });

  it('stops at the attempts limit with the last no-answer', async () => {
    const ask = scripted(down, down, down, { kind: 'canceled' });
    const out = await askWithRetries(ask, { attempts: 3, backoffMs: [0] }, async () => undefined);
    expect(out).toEqual({ result: down, attempts: 3 });
    expect(ask).toHaveBeenCalledTimes(3);
  });

  it('a refusal is an answer: never asked twice', async () => {
    const ask = scripted({ kind: 'refused', reason: 'picked up' });
    const out = await askWithRetries(ask, { attempts: 3, backoffMs: [0] }, async () => undefined);
    expect(out.attempts).toBe(1);
    expect(ask).toHaveBeenCalledTimes(1);
  });
});
