#!/usr/bin/env node
/**
 * Writes apps/api/test/suite-weights.json from a Jest JSON report of the integration tests on a PostgreSQL server
 * (`TEST_REPORTS_DIR=/tmp/r npm test` keeps it as /tmp/r/integration-server.json): each suite's seconds, its tests'
 * time plus one second for its set-up. The shard runners use them to share the suites out evenly (decision 0136);
 * a suite missing from the file counts as the median, so a stale file only unbalances, it never leaves a suite out.
 * Usage: node scripts/suite-weights.cjs <integration-server.json>
 */
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const report = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const seconds = {};
for (const file of report.testResults)
  for (const test of file.assertionResults) {
    const suite = test.ancestorTitles[0];
    if (!suite?.endsWith('.int-spec.ts')) continue;
    seconds[suite] = (seconds[suite] ?? 0) + (test.duration ?? 0) / 1000;
  }
const weights = Object.fromEntries(
  Object.keys(seconds)
    .sort()
    .map((suite) => [suite, Math.round((seconds[suite] + 1) * 10) / 10]),
);
writeFileSync(
  join(__dirname, '..', 'apps/api/test/suite-weights.json'),
  `${JSON.stringify(weights, null, 2)}\n`,
);
const total = Object.values(weights).reduce((a, b) => a + b, 0);
process.stdout.write(`${Object.keys(weights).length} suites, ${total.toFixed(0)} s\n`);
