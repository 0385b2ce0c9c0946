#!/usr/bin/env bash
# Installs what is missing, builds what is out of date and starts the one server process
# (web app + API + live socket, compiled JavaScript) on its embedded defaults.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install.sh
bash scripts/ensure-system-deps.sh runtime || true
bash scripts/build-if-stale.sh
exec node apps/server/dist/server.js
