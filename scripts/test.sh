#!/usr/bin/env bash
# Runs every check and test: install, build, lint, types, format, migrations drift, unit, integration
# (against DATABASE_URL's server when set, plus the embedded runtime; embedded only otherwise), and the
# browser tests in Debian's Chromium. Ends with one line "Tests: N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."
results=$(mktemp -d)
# TEST_REPORTS_DIR keeps the run's jest and Playwright JSON reports (every suite's and test's time) for a closer look.
trap 'if [ -n "${TEST_REPORTS_DIR:-}" ]; then mkdir -p "$TEST_REPORTS_DIR" && cp "$results"/*.json "$TEST_REPORTS_DIR"/ 2>/dev/null; fi; rm -rf "$results"' EXIT
started=$SECONDS
# Every Node process of the run (jest and its workers, the linters, the browser tests' server) with a larger young
# generation: the tests allocate fast and short-lived, and 64 MB semi-spaces cut the unit and integration steps' CPU by
# about a tenth (fewer scavenges; decision 0137). A caller's own NODE_OPTIONS come after, so they win.
export NODE_OPTIONS="--max-semi-space-size=64${NODE_OPTIONS:+ $NODE_OPTIONS}"
last=$SECONDS
# Each step's heading says how long the one before it took, so a slow run shows where its time went.
step() { printf '\n== %s   (previous step %ss, %ss in all)\n' "$*" "$((SECONDS - last))" "$((SECONDS - started))"; last=$SECONDS; }

step "dependencies"
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
# The browser tests run in Debian's Chromium: its headless shell (half the CPU of the full browser, decision 0113).
if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromium-headless-shell ]; then
  if [ "$(id -u)" = "0" ]; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell >/dev/null) \
      || { echo "Could not install Debian's chromium and chromium-headless-shell packages (needed by the browser tests)."; exit 1; }
  else
    echo "The browser tests need Debian's Chromium: sudo apt-get install -y chromium chromium-headless-shell"; exit 1
  fi
fi

step "build";                 npm run build --silent

jest() { NODE_OPTIONS="$NODE_OPTIONS --experimental-vm-modules" npx jest "$@"; }

# The static checks and the unit tests are independent and mostly single-threaded: they run side by side, each into
# its own log, printed in order afterwards with how long each took (the unit tests' own summary too); any failure
# stops the run after all have been shown. Side by side, the type-aware lint (the longest) no longer runs alone at
# the end with a core idle.
step "lint, types (tests included), format, migrations drift, unit tests (side by side)"
checks=(lint typecheck format:check db:check-drift unit)
declare -A check_pid
for c in "${checks[@]}"; do
  (
    s=$SECONDS
    if [ "$c" = unit ]; then
      # Two workers (jest's default on two cores is one).
      jest --selectProjects unit web --maxWorkers 2 --json --outputFile="$results/unit.json" >"$results/$c.log" 2>&1
    else
      npm run "$c" --silent >"$results/$c.log" 2>&1
    fi
    rc=$?; echo "($((SECONDS - s))s)" >>"$results/$c.log"; exit $rc
  ) &
  check_pid[$c]=$!
done
checks_failed=0
for c in "${checks[@]}"; do
  if wait "${check_pid[$c]}"; then
    if [ "$c" = unit ]; then echo "-- unit: ok $(grep -E '^Tests:' "$results/$c.log") $(tail -n 1 "$results/$c.log")"
    else echo "-- $c: ok $(tail -n 1 "$results/$c.log")"; fi
  else
    echo "-- $c: FAILED"; cat "$results/$c.log"; checks_failed=1; fi
done
rm -f "$results"/*.log
[ "$checks_failed" = 0 ] || exit 1

if [ -n "${DATABASE_URL:-}${TEST_DATABASE_URL:-}" ]; then
  step "integration tests on the PostgreSQL server (a fresh database per suite)"
  # Four workers, one shard runner each (apps/api/test/suites.ts, decision 0136: the suites shared out by measured
  # weight, so the app's modules load four times, not once per folder): every suite makes its own database on the
  # server, so suites do not share state, and a suite spends part of its time waiting (the server, jobs, sockets), so
  # four keep two cores busier than two do.
  jest --selectProjects integration --maxWorkers 4 --json --outputFile="$results/integration-server.json"
  step "integration tests on the embedded runtime (PGlite): sign-in, sessions, realtime, jobs, instances, exports, fuzzing, input at the edge, scans, status refresh, registration at the carrier, imports"
  # The suites SUITES keeps, in three shards on three workers: the suites wait on sockets, jobs and sign-ins between
  # bursts of PGlite's work, so three keep two cores busier. The fuzzing sends one well-formed probe to every caller
  # and one generated input per operation and caller here (two probes and three inputs on the server): what the
  # embedded runtime adds is one shared backend that must survive them (decisions 0132, 0156).
  env -u DATABASE_URL -u TEST_DATABASE_URL FUZZ_RUNS="${FUZZ_RUNS:-1}" FUZZ_PROBES="${FUZZ_PROBES:-1}" SHARDS=3 \
    SUITES='auth|realtime|jobs|instances|exports|fuzz|edge|refuse|scans|status-refresh|parcel-registration|imports/|weights/' \
    NODE_OPTIONS="$NODE_OPTIONS --experimental-vm-modules" npx jest --selectProjects integration --maxWorkers 3 \
    --json --outputFile="$results/integration-embedded.json"
else
  step "integration tests on the embedded runtime (PGlite)"
  jest --selectProjects integration --runInBand --json --outputFile="$results/integration-embedded.json"
fi

step "browser tests (Chromium, embedded runtime)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$results/e2e.json" npx playwright test -c test/e2e/playwright.config.ts --reporter=list,json

step "summary"
node scripts/test-summary.cjs "$results"
