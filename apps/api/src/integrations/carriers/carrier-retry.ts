/** How often and how patiently an unavailable carrier is asked again within one job run. */
export interface CarrierRetryPolicy {
  attempts: number;
  /** Waits before the 2nd, 3rd… attempt (the last one repeats). */
  backoffMs: readonly number[];
}

export const CARRIER_RETRY_POLICY = Symbol('CARRIER_RETRY_POLICY');

/** Three attempts, a short wait between them (decision 0100). */
export const DEFAULT_CARRIER_RETRY: CarrierRetryPolicy = { attempts: 3, backoffMs: [300, 1000] };

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Asks until the carrier answers (any result but `unavailable`: cancelled, refused, tracked…) or the attempts run
 * out; returns the last result and how many attempts it took.
 */
export async function askWithRetries<R extends { kind: string }>(
  ask: () => Promise<R>,
  policy: CarrierRetryPolicy,
  wait: (ms: number) => Promise<void> = sleep,
): Promise<{ result: R; attempts: number }> {
  let attempt = 0;
  for (;;) {
    attempt++;
    const result = await ask();
    if (result.kind !== 'unavailable' || attempt >= Math.max(1, policy.attempts)) {
      return { result, attempts: attempt };
    }
    const delays = policy.backoffMs;
    await wait(delays.length ? delays[Math.min(attempt - 1, delays.length - 1)] : 0);
  }
}
