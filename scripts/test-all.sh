#!/usr/bin/env bash
# `npm test`: every check the project has, in the order that fails fastest.
#   1. lint (import directions included) and type checks, side by side
#   2. unit and server tests on the embedded database
#   3. the server tests again on a throwaway PostgreSQL (Debian's package)
#   4. end-to-end journeys in Debian's Chromium against the built client
#      (the normal build, checked against its bundle budgets, and the
#      development build with the developer entry they drive; both are
#      built, and the journeys' template data prepared, in the background
#      while step 3 runs)
# Steps 3 and 4 need Debian's postgresql and chromium, and the event bus's
# tests over Redis (steps 2 and 3) Debian's redis-server; .ci/run installs
# them. Outside CI a missing one is skipped with a warning; in CI it is an
# error (for redis-server: packages/server/test/helpers/redisServer.ts).
set -euo pipefail
cd "$(dirname "$0")/.."

reports=$(mktemp -d)
builds=""
# A step that fails ends the run: the builds running in the background (their own process group) end with it.
cleanup() {
  if [ -n "$builds" ]; then kill -- "-$builds" 2>/dev/null || true; fi
  rm -rf "$reports"
}
trap cleanup EXIT

step() { printf '\n\033[1m== %s ==\033[0m\n' "$*"; }
missing() {
  if [ -n "${CI:-}" ]; then echo "error: $1 is required in CI" >&2; exit 1; fi
  echo "warning: $1 not installed: skipping ($2)" >&2
}

# Lint and the type checks each keep one core busy: they run side by side, the type checks' output shown after lint's.
step "lint and typecheck"
npm run --silent typecheck >"$reports/typecheck.log" 2>&1 &
typecheck=$!
lint_status=0
npx eslint --max-warnings 0 . || lint_status=$?
typecheck_status=0
wait "$typecheck" || typecheck_status=$?
cat "$reports/typecheck.log"
if [ "$lint_status" -ne 0 ] || [ "$typecheck_status" -ne 0 ]; then
  echo "error: lint exited with $lint_status, typecheck with $typecheck_status" >&2
  exit 1
fi

step "unit and server tests (embedded database)"
npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/unit.json"

# What the journeys need (step 4) starts now in the background: the builds, checked against their bundle budgets, and
# the template data folder of the journeys' servers (e2e/globalSetup.ts). The PostgreSQL run keeps the machine's two
# cores only partly busy (its tests wait on the database and on sockets), and these take one core at most
# (docs/PERFORMANCE.md, "The test suite"). Their output is shown in step 4.
build_journeys() {
  npm run --silent build
  # Bundle budgets (web/budgets.json): the build's sizes are deterministic, so exceeding one fails here.
  node --import tsx scripts/bundleBudgets.ts
  npm run --silent build:dev -w @atrium/web
  node --import tsx e2e/prepareTemplate.ts "$reports/e2e-template"
}
if [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  set -m
  build_journeys >"$reports/build.log" 2>&1 &
  builds=$!
  set +m
fi

step "server tests on PostgreSQL"
if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  # The files tagged `@module-tag postgres`, whose outcome rests on the database (packages/server/test/README.md);
  # vitest.config.ts picks them when TEST_DATABASE_URL is set. The others ran in step 2.
  bash scripts/with-postgres.sh npx vitest run --project server \
    --reporter=default --reporter=json --outputFile.json="$reports/postgres.json"
else
  missing "PostgreSQL server" "apt-get install postgresql"
fi

step "end-to-end tests (Chromium)"
if [ -n "$builds" ]; then
  build_status=0
  wait "$builds" || build_status=$?
  builds=""
  cat "$reports/build.log"
  if [ "$build_status" -ne 0 ]; then
    echo "error: the builds, their bundle budgets or the journeys' template data failed ($build_status)" >&2
    exit 1
  fi
  # No traces (each journey's screenshots and snapshots cost a sixth of their time): a failed journey is run again
  # on its own, which keeps its trace (`E2E_TRACE=on` keeps them here too).
  E2E_TRACE="${E2E_TRACE:-off}" PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/e2e.json" \
    E2E_TEMPLATE_DIR="$reports/e2e-template" npx playwright test -c e2e/playwright.config.ts --reporter=list,json
else
  missing "Chromium" "apt-get install chromium"
fi
step "all checks passed"
node scripts/summarize-results.mjs "$reports/unit.json" "$reports/postgres.json" "$reports/e2e.json"
