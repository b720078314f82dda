#!/usr/bin/env bash
# Shared set-up for scripts/run.sh and scripts/test.sh: local infrastructure, Node dependencies
# and a fresh build. Safe to run again: each step reuses what is already there.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

log() { printf '[setup] %s\n' "$*" >&2; }

# The pinned Node.js LTS (.nvmrc) first on PATH, installed into .tools/ when the machine lacks it.
source "$ROOT/scripts/node.sh"

"$ROOT/scripts/infra.sh" up

# Install exactly the committed lock, again only when the lock's content or the Node.js running it
# changed since the last install (native add-ons are built for one Node). The stamp holds both, not
# a time: a fresh checkout or git worktree has a lock newer than an install that matches it, and a
# worktree that links node_modules to another checkout's must not reinstall (and empty) it.
stamp=node_modules/.installed-with
installed_with="$(node --version) $(sha256sum package-lock.json | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$installed_with" ]; then
  log "installing Node dependencies (npm ci)"
  if [ -n "${ANS_NODE_HEADERS:-}" ]; then export npm_config_nodedir="$ANS_NODE_HEADERS"; fi
  npm ci --no-audit --no-fund --loglevel=error
  echo "$installed_with" > "$stamp"
fi
# Every installed package must support the running Node (and the project its own engines range).
node scripts/check-engines.js

# Build only when a source, a migration or the build's configuration changed since the last build
# (a second `run.sh` starts at once). dist/.built marks the last successful build.
stamp_built=dist/.built
if [ ! -f "$stamp_built" ] || [ -n "$(find src migrations tsconfig.json tsconfig.build.json tsconfig.migrations.json nest-cli.json package-lock.json -newer "$stamp_built" -print -quit 2>/dev/null)" ]; then
  log "building"
  npm run --silent build
  touch "$stamp_built"
else
  log "build is up to date"
fi
