#!/usr/bin/env bash
# Installs what is missing, builds the web app and starts the one server process
# (web app + API + live socket) on its embedded defaults.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install.sh
bash scripts/ensure-system-deps.sh runtime || true
npm run build --silent
exec node --import tsx apps/server/src/server.ts
