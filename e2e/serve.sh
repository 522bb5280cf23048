#!/usr/bin/env bash
# Starts a server for the journeys on $DATA_DIR from the compiled build
# (`npm run build`: packages/server/dist): the fixture packages of
# e2e/fixtures/packages are copied into its packages folder and registered
# with the operator command line, as an operator would, then the server
# replaces this shell (so the process Playwright or a journey holds is the
# server's own).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
: "${DATA_DIR:?DATA_DIR must be set}"
mkdir -p "$DATA_DIR/packages"
cp -r "$repo/e2e/fixtures/packages/." "$DATA_DIR/packages/"
for name in "$repo"/e2e/fixtures/packages/*/; do
  node "$repo/packages/server/dist/cli.js" package register "$(basename "$name")" >/dev/null
done
exec node "$repo/packages/server/dist/main.js"
