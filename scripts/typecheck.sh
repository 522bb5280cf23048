#!/usr/bin/env bash
# `npm run typecheck`: every workspace's TypeScript, as one program per
# environment instead of one per workspace (each of those re-checked the
# packages it imports). A program is a tsconfig.<environment>.json at the top:
#   tsconfig.browser.json  the client workspaces: sdk, client-core, client-ui, apps, themes, web
#   tsconfig.node.json     the server (with its tests) and the identity provider
#   tsconfig.tools.json    the benchmarks and the end-to-end journeys (Node with the DOM's types)
#   tsconfig.shared.json   the bottom layer alone: it sees neither the DOM nor Node
# A new workspace goes into the include list of its environment's program;
# scripts/typecheck.test.ts fails while a workspace's files are in no program
# or a program's options differ from those of the workspace's tsconfig.json.
# The programs run side by side, as many at a time as there are cores.
set -euo pipefail
cd "$(dirname "$0")/.."

# The largest (tools: it holds the server again, which the benchmarks import) first,
# so that the others fill the second core meanwhile.
programs="tsconfig.tools.json $(ls tsconfig.*.json | grep -vx -e tsconfig.base.json -e tsconfig.tools.json)"
jobs=${TYPECHECK_JOBS:-$(nproc)}
printf '%s\n' $programs | xargs -P "$jobs" -I '{}' sh -c '
  if out=$(node_modules/.bin/tsc -p "$1" --pretty 2>&1); then
    echo "typecheck: $1 passed"
  else
    printf "%s\n" "$out"
    echo "typecheck: $1 failed" >&2
    exit 1
  fi' sh '{}'
