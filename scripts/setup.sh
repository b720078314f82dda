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
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  log "installing Node dependencies (npm ci)"
  npm ci --no-audit --no-fund --loglevel=error
fi
node scripts/check-engines.js

log "building"
npm run --silent build
