#!/usr/bin/env bash
# Builds the server and the web app only when their output is missing or older than one of their
# inputs (sources, shared package, configuration, lockfile), so a start on an unchanged tree builds
# nothing. Decision 0095. The web build writes prerendered.json last (scripts/prerender.mjs runs after
# vite build, decision 0130), so it is the web build's output to compare with.
set -euo pipefail
cd "$(dirname "$0")/.."

# stale <output file> <inputs...>: true when the output is missing or an input is newer.
stale() {
  local out=$1
  shift
  [ ! -f "$out" ] || [ -n "$(find "$@" -newer "$out" -print -quit 2>/dev/null)" ]
}

common=(packages/shared/src packages/shared/package.json package-lock.json tsconfig.base.json)
if stale apps/server/dist/server.js apps/server/src apps/server/drizzle apps/server/build.mjs \
  apps/server/package.json "${common[@]}"; then
  npm run build --silent -w apps/server
fi
if stale apps/web/dist/prerendered.json apps/web/src apps/web/public apps/web/index.html apps/web/vite.config.ts apps/web/scripts \
  apps/web/package.json "${common[@]}"; then
  npm run build --silent -w apps/web
fi
