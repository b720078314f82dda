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
started=$SECONDS
"$bin/tsc" -p tsconfig.json --noEmit >"$out/typecheck" 2>&1 & pids[0]=$!
"$bin/eslint" --max-warnings 0 . >"$out/lint" 2>&1 & pids[1]=$!
"$bin/prettier" --check --log-level warn . >"$out/format" 2>&1 & pids[2]=$!
node scripts/check-dependencies.js >"$out/dependencies" 2>&1 & pids[3]=$!
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
