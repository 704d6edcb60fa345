#!/usr/bin/env bash
# schemathesis against the API description (GET /api/openapi.json) of the whole app, through the gateway, signed in
# as each demo role (infra/local/src/cli/api-check.ts). Installs schemathesis, pinned in
# scripts/schemathesis-requirements.txt, into a virtual environment under .cache/ that later runs reuse.
set -euo pipefail
cd "$(dirname "$0")/.."

requirements=scripts/schemathesis-requirements.txt
# One folder per pinned set: changing the pins installs afresh beside the old one.
venv=".cache/schemathesis-$(sha256sum "$requirements" | cut -c1-12)"

# Debian's python3 makes a venv only with python3-venv installed (it holds ensurepip's pip).
make_venv() { rm -rf "$venv" && python3 -m venv "$venv" >/dev/null 2>&1 && [ -x "$venv/bin/pip" ]; }

if [ ! -x "$venv/bin/schemathesis" ]; then
  if ! make_venv; then
    if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
      echo "Installing Debian's python3 and python3-venv for schemathesis…"
      apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3 python3-venv >/dev/null
      make_venv
    else
      echo "schemathesis needs Python 3 with venv: install python3 and python3-venv (Debian), then run again." >&2
      exit 1
    fi
  fi
  echo "Installing schemathesis into $venv…"
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements"
fi

# Its own ports (the app uses PORT..PORT+4), clear of `pnpm start` (3000) and the browser journeys (3300).
# The hooks file serialises ast.parse in schemathesis' worker threads (Python 3.11's tree building is not thread-safe).
PORT="${API_CHECK_PORT:-3400}" SCHEMATHESIS="$PWD/$venv/bin/schemathesis" \
  SCHEMATHESIS_HOOKS="$PWD/scripts/schemathesis-hooks.py" pnpm --filter @dm/local api-check
