#!/usr/bin/env bash
# Builds @confluentinc/kafka-javascript (librdkafka bindings) from source into ~/.cache/dm-confluent/<version>,
# outside the workspace lockfile: a fresh machine with only Node.js 20 keeps working without it, and its native
# build (minutes) never enters CI. infra/kafka/src/confluent-adapter.ts loads it from there (decision 1490).
set -euo pipefail

version="${DM_CONFLUENT_VERSION:-1.10.1}"
dir="${DM_CONFLUENT_DIR:-$HOME/.cache/dm-confluent/$version}"
module="$dir/node_modules/@confluentinc/kafka-javascript"

if [ -f "$dir/.built" ]; then
  echo "@confluentinc/kafka-javascript $version is built in $dir"
  exit 0
fi

# librdkafka links against the system's OpenSSL and zlib (CKJS_LINKING=dynamic): Debian's headers must be there.
if ! dpkg -s libssl-dev zlib1g-dev >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "Installing Debian's libssl-dev and zlib1g-dev…"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libssl-dev zlib1g-dev >/dev/null
  else
    echo "The build needs Debian's libssl-dev and zlib1g-dev (and g++, make, python3): install them, then run again." >&2
    exit 1
  fi
fi

rm -rf "$dir" && mkdir -p "$dir"
cd "$dir"
echo '{ "private": true }' > package.json
echo "Building @confluentinc/kafka-javascript $version from source into $dir (about 5 minutes)…"
started=$(date +%s)
CKJS_LINKING=dynamic npm install --no-audit --no-fund --no-save --build-from-source \
  "@confluentinc/kafka-javascript@$version"
node -e "require('$module')" # the native binding loads, or this fails here rather than in a test
echo "$(($(date +%s) - started)) s" > .built
echo "Built in $(cat .built)."
