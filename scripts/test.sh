#!/usr/bin/env bash
# The whole suite: package graph, types, lint, format, unit + integration tests (one embedded PostgreSQL, a database per file),
# the API against its description, and the browser journeys against the started app in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
# Plain text, no colour codes: a log reader (CI's included) finds each phase's counts as printed.
export NO_COLOR=1 FORCE_COLOR=0

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

# Each phase prints the time it starts, so a slow run shows where its minutes went.
phase() { echo "== $1 ($(date -u +%T))"; }
# The test phases' output is also kept, so the run ends with every runner's own counts together (a reader of the
# log's tail, CI's included, sees what ran without scrolling back through 20 minutes of output).
log="$(mktemp)"
lane_log="$(mktemp)"
lane=""
# The second lane runs in its own process group (set -m), so that ending the run ends everything it started.
stop_lane() { if [ -n "$lane" ]; then kill -- "-$lane" 2>/dev/null || true; fi; }
trap 'stop_lane; rm -f "$log" "$lane_log"' EXIT
kept() { "$@" 2>&1 | tee -a "$log"; }

# pnpm-workspace.yaml sets disallowWorkspaceCycles: this fails on a cycle between packages (devDependencies
# count) and on a lockfile that does not match the package.json files, without touching node_modules.
phase packages; pnpm install --frozen-lockfile --lockfile-only --offline

# Two lanes on the two cores (decisions 1548, 1565): the vitest files in this one; typecheck, format, lint, the API
# check and the browser journeys in the other, one after another, stopping at the first that fails. Lint runs there
# before the API check and the journeys: the journeys, whose steps wait on the page, then start after the heaviest
# vitest files (which run first), and the two lanes end within a minute or two of each other.
echo "The static checks, the API check and the browser journeys run beside the vitest files; their output follows."
set -m
(
  set -e
  phase typecheck
  pnpm -r --workspace-concurrency=2 typecheck
  phase format
  pnpm exec prettier --check .
  phase "lint (import boundaries and cycles included)"
  pnpm exec eslint .
  phase "API against its description: schemathesis as each role"
  bash scripts/api-check.sh
  phase "browser journeys (the frontend is built first)"
  pnpm --filter @dm/frontend test:e2e
) >"$lane_log" 2>&1 &
lane=$!
set +m

phase "unit and integration tests"
tests_status=0
kept pnpm exec vitest run || tests_status=$?
lane_status=0
wait "$lane" || lane_status=$?
lane=""
phase "the other lane: static checks, lint, API check, browser journeys"
tee -a "$log" <"$lane_log"

phase "done; what ran"
echo "unit and integration tests (vitest):"
grep -E '^ +(Test Files|Tests) ' "$log" || echo "  (no counts: see above)"
# What failed, again here: vitest printed it 20 minutes back, and a CI log reader may keep only the last lines.
awk '/ Failed (Tests|Suites) [0-9]+ |Unhandled Errors/ { on = 1 } /^ +Test Files / { on = 0 } on' "$log" | head -n 60
echo "API against its description (schemathesis):"
grep -E '^schemathesis: |^ +[0-9]+ generated, ' "$log" || echo "  (did not run: see above)"
echo "browser journeys (Playwright):"
grep -E '^ +([0-9]+ (passed|failed|flaky|skipped)|\[chromium\] › )' "$log" || echo "  (did not run: see above)"
if [ "$tests_status" != 0 ] || [ "$lane_status" != 0 ]; then
  echo "What failed, a line each (details above):"
  # A vitest failure's name and the first line of its error; a journey's name, its error's first line and the line of
  # the journey it stopped at (a CI log reader may keep only the log's tail, and the journeys' details are far above).
  awk 'BEGIN { said = 2; at = 1 }
    /^ FAIL / { print; getline; print "    " $0 }
    /^ +[0-9]+\) \[chromium\] › / { sub(/ (─)+$/, ""); print; said = 0; at = 0; waited = 0; next }
    /^ +(Error: |Test timeout |TimeoutError)/ && said < 2 { sub(/^ +/, ""); print "      " $0; said += 1 }
    /^ +- waiting for / && !waited && said { sub(/^ +/, ""); print "        " $0; waited = 1 }
    /^ +at .*e2e\/[^ ]+\.spec\.ts:[0-9]+:[0-9]+/ && !at { sub(/^ +at .*e2e\//, "e2e/"); print "        at " $0; at = 1 }' "$log" | head -n 40
  # What the page showed when a journey failed: its headings, alerts and dialogs from Playwright's page snapshot.
  grep -oE 'Error Context: test-results/[^ ]+/error-context\.md' "$log" | cut -d' ' -f3 | head -n 4 | while read -r context; do
    [ -f "frontend/$context" ] || continue
    echo "  the page at ${context%/error-context.md}:"
    awk '/^# Page snapshot/ { on = 1; next } /^# / { on = 0 } on && /heading|alert|status|dialog|paragraph/' \
      "frontend/$context" | cut -c1-150 | head -n 8
  done
  echo "FAILED: vitest exited with $tests_status, the other lane with $lane_status (its first failing phase is its last above)."
  exit 1
fi
