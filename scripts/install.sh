#!/usr/bin/env bash
# Installs npm dependencies when they are missing or out of date with the lockfile.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
