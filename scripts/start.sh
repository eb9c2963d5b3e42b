#!/usr/bin/env bash
# Starts the whole panel (API, realtime gateway, jobs and the built panel) on one port.
# Without DATABASE_URL it runs on the embedded database under DATA_DIR (default ./data), with demo data
# on first start. See README.md for the configuration table.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
npm run build --silent
# On a terminal the logs are readable lines and the first-start password stands out; piped or collected they are
# JSON lines (LOG_FORMAT=json|pretty forces either; decision 0106).
exec node apps/api/dist/main.js
