#!/usr/bin/env bash
# Sets up everything and runs the service on :4000 (Ctrl-C stops it; the databases keep running;
# `scripts/infra.sh down` stops them).
#
#   scripts/run.sh           the build in dist/, as deployed
#   scripts/run.sh --watch   `npm run dev`: `nest start --watch` compiles src/ again on every change
#                            and restarts the service; it empties dist/ before its first compile
#                            (nest-cli.json deleteOutDir), so the next plain run builds in full
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
source "$ROOT/scripts/node.sh"
"$ROOT/scripts/setup.sh"
eval "$("$ROOT/scripts/infra.sh" env agentnet_dev 0)"
export NODE_ENV="${NODE_ENV:-development}" PORT="${PORT:-4000}"
npm run --silent migrate
if [ "${1:-}" = --watch ]; then exec node_modules/.bin/nest start --watch --preserveWatchOutput; fi
exec node dist/main.js
