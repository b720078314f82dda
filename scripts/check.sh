#!/usr/bin/env bash
# The quality gate (`npm run check`), run first by scripts/test.sh: typecheck, lint (ESLint with
# typescript-eslint's type-aware rules, eslint.config.mjs), the format check (Prettier,
# .prettierrc.json) and the module-graph rules (dependency-cruiser, .dependency-cruiser.cjs),
# side by side. Each prints its own findings; the gate fails if any of them does.
# `npm run format` and `npm run lint:fix` repair what can be repaired mechanically.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
source "$ROOT/scripts/node.sh"
bin="$ROOT/node_modules/.bin"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
# A second run reuses what the first learnt, under node_modules/.cache/ (gitignored; a fresh clone,
# as in CI, starts cold): tsc's incremental state, and Prettier's per-file cache (a file's format
# depends on that file alone). ESLint runs without its cache: its type-aware rules read other
# files' types, so a cached pass of an unchanged file can be stale after another file changed.
cache="$ROOT/node_modules/.cache/check"
mkdir -p "$cache"
# ESLint is the longest of the four (about 40 s of one core); the others take the remaining core
# at a lower priority, so that on two cores the gate ends when ESLint does.
started=$SECONDS
nice -n 10 "$bin/tsc" -p tsconfig.json --noEmit --incremental --tsBuildInfoFile "$cache/typecheck.tsbuildinfo" >"$out/typecheck" 2>&1 & pids[0]=$!
"$bin/eslint" --max-warnings 0 . >"$out/lint" 2>&1 & pids[1]=$!
nice -n 10 "$bin/prettier" --check --log-level warn --cache --cache-strategy content --cache-location "$cache/prettier" . >"$out/format" 2>&1 & pids[2]=$!
nice -n 10 node scripts/check-dependencies.js >"$out/dependencies" 2>&1 & pids[3]=$!
names=(typecheck lint format dependencies)
status=0
for i in "${!pids[@]}"; do
  if wait "${pids[$i]}"; then
    printf '[check] %s: ok\n' "${names[$i]}" >&2
  else
    status=1
    printf '[check] %s: FAILED\n' "${names[$i]}" >&2
    cat "$out/${names[$i]}" >&2
    [ "${names[$i]}" = format ] && printf '[check] `npm run format` rewrites the files above\n' >&2
  fi
done
printf '[check] %s in %ss\n' "$([ $status -eq 0 ] && echo passed || echo failed)" "$((SECONDS - started))" >&2
exit $status
