#!/usr/bin/env bash
# Builds everything (npm run build): the libraries first (tsc), then the API (swc, scripts/build-api.cjs; its types
# are checked by npm run typecheck, decision 0119) and the panel (Vite; its types too are checked by npm run
# typecheck, decision 0132) side by side.
set -euo pipefail
cd "$(dirname "$0")/.."
npm run build -w libs/contracts -w libs/domain -w gateway
npm run build -w apps/api &
api=$!
npm run build -w apps/web &
web=$!
status=0
wait "$api" || status=1
wait "$web" || status=1
exit "$status"
