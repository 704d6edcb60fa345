#!/usr/bin/env bash
# schemathesis against the API description (GET /api/openapi.json) of the whole app, through the gateway, signed in
# as each demo role (infra/local/src/cli/api-check.ts). Installs schemathesis, pinned in
# scripts/schemathesis-requirements.txt, into a virtual environment under .cache/ that later runs reuse.
set -euo pipefail
cd "$(dirname "$0")/.."

requirements=scripts/schemathesis-requirements.txt
# One folder per pinned set: changing the pins installs afresh beside the old one.
venv=".cache/schemathesis-$(sha256sum "$requirements" | cut -c1-12)"

if [ ! -x "$venv/bin/schemathesis" ]; then
  if ! python3 -c 'import ensurepip, venv' 2>/dev/null; then
    if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
      echo "Installing Debian's python3-venv for schemathesis…"
      apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3 python3-venv >/dev/null
    else
      echo "schemathesis needs Python 3 with venv (Debian: apt-get install python3 python3-venv)." >&2
      exit 1
    fi
  fi
  echo "Installing schemathesis into $venv…"
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements"
fi

# Its own ports (the app uses PORT..PORT+4), clear of `pnpm start` (3000) and the browser journeys (3300).
PORT="${API_CHECK_PORT:-3400}" SCHEMATHESIS="$PWD/$venv/bin/schemathesis" pnpm --filter @dm/local api-check
