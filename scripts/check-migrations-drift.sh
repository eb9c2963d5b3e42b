#!/usr/bin/env bash
# Fails when apps/api/src/db/schema and the committed migrations in apps/api/migrations disagree:
# drizzle-kit generates into a scratch copy, and any new migration there means drift.
set -euo pipefail
cd "$(dirname "$0")/../apps/api"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cp -r migrations/. "$scratch/"
before=$(find "$scratch" -name '*.sql' | wc -l)
DRIZZLE_OUT="$scratch" npx drizzle-kit generate --config drizzle.config.ts >"$scratch/.log" 2>&1 || { cat "$scratch/.log"; exit 1; }
after=$(find "$scratch" -name '*.sql' | wc -l)
if [ "$after" -ne "$before" ]; then
  echo "Migrations drift: the schema in apps/api/src/db/schema has changes with no committed migration."
  echo "Run 'npm run db:generate -- --name <what-changed>' and commit apps/api/migrations."
  find "$scratch" -name '*.sql' -newer "$scratch/.log" -o -name '*.sql' -cnewer migrations | head -3
  exit 1
fi
echo "Migrations match the schema ($before migrations)."
