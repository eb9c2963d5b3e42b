jest.setTimeout(60_000);

/**
 * Agenda watches each running job with a sleep of half its lock lifetime (JobProcessor's `delay`) that it never
 * clears when the job ends or Agenda stops; the sleep then ends and does nothing. In tests those sleeps would keep a
 * finished jest worker alive for up to half a lock lifetime (5 minutes with Agenda's default), so they are unref'd
 * here: they still fire while the process lives, and no longer hold it open. Every other timer is left as it is.
 * (In production the process exits after shutdown.)
 *
 * The caller is read from V8's raw call sites, not from the `stack` text: jest maps that text through source maps
 * (agenda/dist/JobProcessor.js reads as agenda/src/JobProcessor.ts there), and mapping costs time on every timer.
 */
const AGENDA_JOB_PROCESSOR = /[\\/]node_modules[\\/]agenda[\\/]dist[\\/]JobProcessor\.js$/;
function calledByAgendaDelay(): boolean {
  const prepare = Error.prepareStackTrace;
  Error.prepareStackTrace = (_err, sites) => sites;
  try {
    const sites = new Error().stack as unknown as NodeJS.CallSite[];
    return sites.some(
      (s) => s.getFunctionName() === 'delay' && AGENDA_JOB_PROCESSOR.test(s.getFileName() ?? ''),
    );
  } finally {
    Error.prepareStackTrace = prepare;
  }
}
const realSetTimeout = globalThis.setTimeout;
globalThis.setTimeout = Object.assign(
  ((handler: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const timer = realSetTimeout(handler, ms, ...args);
    if ((ms ?? 0) >= 1000 && calledByAgendaDelay()) timer.unref();
    return timer;
  }) as typeof setTimeout,
  realSetTimeout,
);
