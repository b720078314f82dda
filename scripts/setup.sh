#!/usr/bin/env bash
# Shared set-up for scripts/run.sh and scripts/test.sh: local infrastructure, Node dependencies
# and a fresh build. Safe to run again: each step reuses what is already there.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

log() { printf '[setup] %s\n' "$*" >&2; }

command -v node >/dev/null || { log "Node.js 20.19+ is required"; exit 1; }
node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>20||(a===20&&b>=19)?0:1)' \
  || { log "Node.js 20.19+ is required, found $(node --version)"; exit 1; }

"$ROOT/scripts/infra.sh" up

# Reinstall only when the lockfile changed since the last install.
# `npm install` against the committed lock, not `npm ci`: the registry reachable here does not serve
# the darwin/win32 builds of msgpackr-extract (an optional native add-on of BullMQ's msgpackr), so
# npm cannot record them in the lock and `npm ci` refuses the lock as out of sync. `npm install`
# resolves the same versions from the lock and leaves it unchanged.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  log "installing Node dependencies"
  npm install --no-audit --no-fund --loglevel=error
  git diff --quiet -- package-lock.json 2>/dev/null || log "warning: npm changed package-lock.json"
fi
node scripts/check-engines.js

log "building"
npm run --silent build
