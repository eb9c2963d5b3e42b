/* eslint-disable jest/no-export, jest/valid-title, jest/no-disabled-tests, jest/expect-expect -- a helper that registers suites, not a suite: it exports its pieces, its titles are suite paths, and a shard left empty is skipped visibly */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The folder holding every integration suite (apps/api/test). */
export const TEST_ROOT = __dirname;
/** A suite: describe blocks of one subject, run in a shard with other suites (docs/testing.md). */
export const SUITE = /\.int-spec\.ts$/;
/** A shard runner: one of the files Jest runs, loading its share of the suites into one module registry. */
export const RUNNER = /\.int-run\.ts$/;

/** Suites under `dir`, sorted by path, relative to apps/api/test (`users/users-create.int-spec.ts`). */
export function suitesIn(dir: string): string[] {
  const found: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (SUITE.test(e.name)) found.push(relative(TEST_ROOT, p));
    }
  };
  walk(dir);
  return found.sort();
}

/** How many shard runners there are (`shard-<n>.int-run.ts` beside this file); `SHARDS` may use fewer. */
export const SHARD_RUNNERS = 4;

/** Measured seconds per suite (scripts/suite-weights.cjs); a suite missing from it counts as the median. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const WEIGHTS = require('./suite-weights.json') as Record<string, number>;

/**
 * The suites of shard `part` of `of`: the suites `SUITES` keeps (all when unset), shared out by weight, longest
 * first, each to the shard with the least so far (ties to the lower shard), so the shards end together. Every
 * runner computes the same split from the same list.
 */
export function shardSuites(suites: readonly string[], part: number, of: number): string[] {
  const known = Object.values(WEIGHTS).sort((a, b) => a - b);
  const median = known.length > 0 ? known[Math.floor(known.length / 2)]! : 1;
  const weight = (s: string) => WEIGHTS[s] ?? median;
  const load = Array.from({ length: of }, () => 0);
  const mine: string[] = [];
  for (const suite of [...suites].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const shard = load.indexOf(Math.min(...load));
    load[shard] += weight(suite);
    if (shard === part - 1) mine.push(suite);
  }
  return mine.sort();
}

/**
 * Registers shard `part`'s suites, each inside a describe block named by its path (so its hooks and its depot stay
 * its own), in one Jest test file. Jest gives each test file its own module registry, and loading the app's modules
 * costs about 2–3 s of CPU per registry: one per shard (one per Jest worker) instead of one per folder or per suite
 * (decision 0136). `SHARDS` (1–4, default 4) is how many shards a run uses, one per worker; a runner beyond it, or left
 * without a suite by `SUITES` (a regular expression on the suite's path, e.g. `SUITES=users-create`), shows one
 * skipped test saying so.
 */
export function runShard(part: number): void {
  const of = Number(process.env.SHARDS ?? SHARD_RUNNERS);
  if (!Number.isInteger(of) || of < 1 || of > SHARD_RUNNERS)
    throw new Error(`SHARDS must be a whole number from 1 to ${SHARD_RUNNERS}, not ${process.env.SHARDS}`);
  const only = process.env.SUITES ? new RegExp(process.env.SUITES) : undefined;
  const suites =
    part > of
      ? []
      : shardSuites(
          suitesIn(TEST_ROOT).filter((s) => !only || only.test(s)),
          part,
          of,
        );
  if (suites.length === 0)
    // Jest refuses a file without tests: a shard with nothing to run is skipped visibly instead.
    it.skip(`shard ${part}: no suite (SHARDS=${of}${only ? `, SUITES=${only.source}` : ''})`, () =>
      undefined);
  for (const suite of suites)
    describe(suite, () => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      require(join(TEST_ROOT, suite));
    });
}
