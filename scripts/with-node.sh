#!/usr/bin/env bash
# Runs a command with the pinned Node.js (.nvmrc) first on PATH, e.g. from an npm script that
# was started by another Node: `bash scripts/with-node.sh node bench/x.js`.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$ROOT/scripts/node.sh"
exec "$@"
