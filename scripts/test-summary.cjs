// Adds up the jest and Playwright JSON reports of one test run and prints the closing line
// "Tests: N passed, N failed" (", N skipped" when any), after the slowest suites and browser tests of each report (so a
// slow run shows which files its time went to). Exits non-zero when anything failed.
const { readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
const SLOWEST = 8;
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
/** Playwright's suites nest (file, describe blocks); every test's time, by file and title. */
function playwrightTests(suites, file = '') {
  return (suites ?? []).flatMap((s) => [
    ...(s.specs ?? []).flatMap((spec) =>
      spec.tests.map((t) => ({
        name: `${file || s.file} ${spec.title} [${t.projectName}]`,
        ms: t.results.reduce((sum, r) => sum + r.duration, 0),
      })),
    ),
    ...playwrightTests(s.suites, file || s.file),
  ]);
}
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  if (typeof report.numPassedTests === 'number') {
    passed += report.numPassedTests;
    failed += report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    const suites = report.testResults
      .map((r) => ({ name: r.name.replace(`${process.cwd()}/`, ''), ms: r.endTime - r.startTime }))
      .sort((a, b) => b.ms - a.ms);
    process.stdout.write(`\nSlowest suites of ${file}:\n`);
    for (const s of suites.slice(0, SLOWEST)) process.stdout.write(`  ${seconds(s.ms)}  ${s.name}\n`);
  } else if (report.stats) {
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    const tests = playwrightTests(report.suites).sort((a, b) => b.ms - a.ms);
    process.stdout.write(`\nSlowest browser tests of ${file}:\n`);
    for (const t of tests.slice(0, SLOWEST)) process.stdout.write(`  ${seconds(t.ms)}  ${t.name}\n`);
  }
}
process.stdout.write(`\nTests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
