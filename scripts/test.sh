#!/usr/bin/env bash
# Installs what is missing and runs every check: types, lint, unit tests, server tests (embedded
# PostgreSQL, and a PostgreSQL server when TEST_DATABASE_URL is set), two instances behind nginx (when
# TEST_DATABASE_URL and TEST_REDIS_URL are set), then browser journeys.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install.sh
bash scripts/ensure-system-deps.sh test

step() { printf '\n=== %s ===\n' "$1"; }
step typecheck; npm run typecheck --silent
step lint; npm run lint --silent
step "lint rules"; node --test eslint-rules/
step "shared unit tests"; npm run test --silent -w packages/shared
step "web unit tests"; npm run test --silent -w apps/web
step "server tests (embedded PostgreSQL)"; env -u TEST_DATABASE_URL npm run test --silent -w apps/server
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "server tests (PostgreSQL server)"; npm run test --silent -w apps/server
fi
step "build"; npm run build --silent
if [ -n "${TEST_DATABASE_URL:-}" ] && [ -n "${TEST_REDIS_URL:-}" ]; then
  step "two instances behind nginx"
  CLUSTER_DEMO_DATABASE_URL="$TEST_DATABASE_URL" CLUSTER_DEMO_REDIS_URL="$TEST_REDIS_URL" npm run cluster:demo --silent
fi
step "browser journeys"; npx playwright test
