jest.setTimeout(60_000);

/**
 * Agenda watches each running job with a sleep of half its lock lifetime (JobProcessor's `delay`) that it never
 * clears when the job ends or Agenda stops; the sleep then ends and does nothing. In tests those sleeps would keep a
 * finished jest worker alive for up to half a lock lifetime (5 minutes with Agenda's default), so they are unref'd
 * here: they still fire while the process lives, and no longer hold it open. Every other timer is left as it is.
 * (In production the process exits after shutdown.)
 *
 * Those sleeps are told by their handler, a promise's resolve function (built in: its text is `[native code]`), and
 * then by their caller, read from V8's raw call sites rather than the `stack` text (jest maps that text through
 * source maps: agenda/dist/JobProcessor.js reads as agenda/src/JobProcessor.ts there). The cheap test comes first:
 * the fuzzing suite alone sets some 25 000 long timers (pg-pool's idle timers, supertest's timeouts).
 */
const BUILT_IN = /\{\s*\[native code\]\s*\}$/;
const AGENDA_JOB_PROCESSOR = /[\\/]node_modules[\\/]agenda[\\/]dist[\\/]JobProcessor\.js$/;
function calledByAgendaDelay(): boolean {
  const [prepare, limit] = [Error.prepareStackTrace, Error.stackTraceLimit];
  Error.prepareStackTrace = (_err, sites) => sites;
  // This function, the setTimeout below, delay's promise executor, `new Promise`, delay: the first five frames.
  Error.stackTraceLimit = 6;
  try {
    const sites = new Error().stack as unknown as NodeJS.CallSite[];
    return sites.some(
      (s) => s.getFunctionName() === 'delay' && AGENDA_JOB_PROCESSOR.test(s.getFileName() ?? ''),
    );
  } finally {
    Error.prepareStackTrace = prepare;
    Error.stackTraceLimit = limit;
  }
}
const realSetTimeout = globalThis.setTimeout;
globalThis.setTimeout = Object.assign(
  ((handler: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const timer = realSetTimeout(handler, ms, ...args);
    const long = (ms ?? 0) >= 1000;
    if (long && BUILT_IN.test(Function.prototype.toString.call(handler)) && calledByAgendaDelay())
      timer.unref();
    return timer;
  }) as typeof setTimeout,
  realSetTimeout,
);
