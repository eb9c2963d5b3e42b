#!/usr/bin/env bash
# Runs every check and test: install, build, lint, types, format, migrations drift, unit, integration
# (against DATABASE_URL's server when set, plus the embedded runtime; embedded only otherwise), and the
# browser tests in Debian's Chromium. Ends with one line "Tests: N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."
results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT
started=$SECONDS
last=$SECONDS
# Each step's heading says how long the one before it took, so a slow run shows where its time went.
step() { printf '\n== %s   (previous step %ss, %ss in all)\n' "$*" "$((SECONDS - last))" "$((SECONDS - started))"; last=$SECONDS; }

step "dependencies"
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = "0" ]; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
      || { echo "Could not install Debian's chromium package (needed by the browser tests)."; exit 1; }
  else
    echo "The browser tests need Debian's chromium package: sudo apt-get install -y chromium"; exit 1
  fi
fi

step "build";                 npm run build --silent
step "lint";                  npm run lint --silent
step "types (tests included)"; npm run typecheck --silent
step "format";                npm run format:check --silent
step "migrations drift";      npm run db:check-drift --silent

jest() { NODE_OPTIONS=--experimental-vm-modules npx jest "$@"; }

step "unit tests"
jest --selectProjects unit web --json --outputFile="$results/unit.json"

if [ -n "${DATABASE_URL:-}${TEST_DATABASE_URL:-}" ]; then
  step "integration tests on the PostgreSQL server (a fresh database per suite)"
  # Two workers: every suite makes its own database on the server, so suites do not share state.
  jest --selectProjects integration --maxWorkers 2 --json --outputFile="$results/integration-server.json"
  step "integration tests on the embedded runtime (PGlite): sign-in, sessions, realtime, jobs, instances, exports, fuzzing, input at the edge"
  env -u DATABASE_URL -u TEST_DATABASE_URL NODE_OPTIONS=--experimental-vm-modules npx jest \
    --selectProjects integration --maxWorkers 2 --testPathPatterns 'auth|realtime|jobs|instances|exports|fuzz|edge|refuse' --json --outputFile="$results/integration-embedded.json"
else
  step "integration tests on the embedded runtime (PGlite)"
  jest --selectProjects integration --runInBand --json --outputFile="$results/integration-embedded.json"
fi

step "browser tests (Chromium, embedded runtime)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$results/e2e.json" npx playwright test -c test/e2e/playwright.config.ts --reporter=list,json

step "summary"
node scripts/test-summary.cjs "$results"
