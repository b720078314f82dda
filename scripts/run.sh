#!/usr/bin/env bash
# Sets up everything and runs the service on :4000 (Ctrl-C stops it; the databases keep running;
# `scripts/infra.sh down` stops them).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
source "$ROOT/scripts/node.sh"
"$ROOT/scripts/setup.sh"
eval "$("$ROOT/scripts/infra.sh" env agentnet_dev 0)"
export NODE_ENV="${NODE_ENV:-development}" PORT="${PORT:-4000}"
npm run --silent migrate
exec node dist/main.js
