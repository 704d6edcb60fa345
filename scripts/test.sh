#!/usr/bin/env bash
# The whole suite: types, lint, unit + integration tests (one embedded PostgreSQL, a database per file),
# then the browser journeys against the started app in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$chromium_path" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "Installing Debian's chromium for the browser tests…"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "Chromium is missing at $chromium_path. Install it (apt-get install chromium) or set CHROMIUM_PATH." >&2
    exit 1
  fi
fi

echo "== typecheck"; pnpm -r --workspace-concurrency=2 typecheck
echo "== lint"; pnpm exec eslint .
echo "== unit and integration tests"; pnpm exec vitest run
echo "== browser journeys"; pnpm --filter @dm/frontend build && pnpm --filter @dm/frontend test:e2e
