/* eslint-disable jest/no-export, jest/valid-title, jest/no-disabled-tests, jest/expect-expect -- a helper that registers suites, not a suite: it exports its pieces, its titles are suite paths, and a runner SUITES leaves empty is skipped visibly */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The folder holding every integration suite (apps/api/test). */
export const TEST_ROOT = __dirname;
/** A suite: describe blocks of one subject, run together with its folder's other suites (docs/testing.md). */
export const SUITE = /\.int-spec\.ts$/;
/** A folder's runner: the one file Jest runs per folder, loading the folder's suites into one module registry. */
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

/**
 * Registers every suite of a folder, each inside a describe block named by its path (so its hooks and its depot
 * stay its own), in one Jest test file. Jest gives each test file its own module registry, and loading the app's
 * modules costs about 1.7 s of CPU per registry: one per folder instead of one per suite (docs/testing.md).
 * A folder whose suites take much longer than the others is split into parts (`part` of `of`, every `of`-th suite
 * by path), one runner file each, so Jest's workers finish together.
 * `SUITES` (a regular expression on the suite's path) narrows a run, e.g. `SUITES=users-create`.
 */
export function runSuitesIn(dir: string, parts: { part: number; of: number } = { part: 1, of: 1 }): void {
  const runners = readdirSync(dir).filter((f) => RUNNER.test(f));
  if (runners.length !== parts.of)
    throw new Error(`${relative(TEST_ROOT, dir)} has ${runners.length} runner(s) for ${parts.of} part(s)`);
  const only = process.env.SUITES ? new RegExp(process.env.SUITES) : undefined;
  const suites = suitesIn(dir)
    .filter((s) => !only || only.test(s))
    .filter((_, i) => i % parts.of === parts.part - 1);
  if (suites.length === 0) {
    if (!only) throw new Error(`${relative(TEST_ROOT, dir)}: no integration suite for part ${parts.part}`);
    // Jest refuses a file without tests: a run narrowed by SUITES skips this runner visibly instead.
    it.skip(`no suite of this runner matches SUITES=${only.source}`, () => undefined);
  }
  for (const suite of suites)
    describe(suite, () => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      require(join(TEST_ROOT, suite));
    });
}
