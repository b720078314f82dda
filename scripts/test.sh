#!/usr/bin/env bash
# Sets up everything, runs the quality gate (`npm run check`: typecheck, lint, format, module
# graph) and then the whole test suite (unit + e2e) against a real PostgreSQL and Redis.
# Extra arguments go to jest, e.g. `scripts/test.sh test/health.e2e-spec.ts`.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
source "$ROOT/scripts/node.sh"
"$ROOT/scripts/setup.sh"

# The quality gate first (scripts/check.sh, under a minute): typecheck, ESLint, the Prettier check
# and the module graph's rules (core imports no feature, no folder cycles, features reach each
# other through their index.ts). A finding fails the test command here, before any suite runs.
bash "$ROOT/scripts/check.sh"

if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
APT_UPDATED=""
# Installs Debian packages, running apt-get update at most once per run.
apt_install() {
  if [ -z "$APT_UPDATED" ]; then $SUDO apt-get update -qq; APT_UPDATED=1; fi
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# promtool validates the /metrics exposition in the e2e suite.
if ! command -v promtool >/dev/null; then
  printf '[test] installing promtool (Debian package prometheus)\n' >&2
  apt_install prometheus
  # The package starts a server we do not need.
  { $SUDO systemctl stop prometheus || $SUDO service prometheus stop || true; } >/dev/null 2>&1
fi

# The browser suites drive Debian's Chromium through playwright-core (never a downloaded browser).
if [ ! -x /usr/bin/chromium ]; then
  printf '[test] installing chromium (Debian package, about 100 MB, once per machine): the browser suites drive it through playwright-core; it takes a minute or two\n' >&2
  apt_install chromium
fi

# test/pgbouncer.e2e-spec.ts and bench/pooler.bench.ts run the service behind a real PgBouncer in
# transaction mode (ADR 0274); each starts its own on a free port (test/support/pgbouncer.ts).
if ! command -v pgbouncer >/dev/null && [ ! -x /usr/sbin/pgbouncer ]; then
  printf '[test] installing pgbouncer (Debian package): the transaction-pooler suite runs behind it\n' >&2
  apt_install pgbouncer
  # The package starts a pooler on 6432 that nothing uses.
  { $SUDO systemctl stop pgbouncer || $SUDO service pgbouncer stop || true; } >/dev/null 2>&1
fi

# test/audit-console.e2e-spec.ts runs docs/audit-verify.sh, the auditor's script, which needs jq.
if ! command -v jq >/dev/null; then
  printf '[test] installing jq (Debian package): docs/audit-verify.sh recomputes an audit export with it\n' >&2
  apt_install jq
fi

# test/redis-sentinel.e2e-spec.ts fails a Redis master over through Debian's redis-sentinel.
if ! command -v redis-sentinel >/dev/null; then
  printf '[test] installing redis-sentinel (Debian package): the Sentinel failover suite starts its own sentinels\n' >&2
  apt_install redis-sentinel
  # The package starts a sentinel of its own (port 26379) that the suite does not use.
  { $SUDO systemctl stop redis-sentinel || $SUDO service redis-sentinel stop || true; } >/dev/null 2>&1
fi

# test/kubernetes.e2e-spec.ts renders deploy/kubernetes with kubectl's kustomize v5 (kubectl 1.27+).
# Debian bookworm's only kubectl (kubernetes-client: 1.20, kustomize v2.0.3) cannot render it and no
# npm package ships kustomize, so nothing is installed: the suite is skipped where kubectl is
# missing or older, and fails in CI (CI=true), whose machines have it (ADR 0277).
if ! command -v kubectl >/dev/null; then
  printf '[test] kubectl not found: test/kubernetes.e2e-spec.ts is skipped (it needs kubectl 1.27+ with kustomize v5)\n' >&2
fi

# ANS_TEST_DB and ANS_TEST_REDIS_DB let a second checkout (a git worktree sharing these servers
# through ANS_DATA_DIR) run its suite beside this one without sharing state.
eval "$("$ROOT/scripts/infra.sh" env "${ANS_TEST_DB:-agentnet_test}" "${ANS_TEST_REDIS_DB:-1}")"
export NODE_ENV=test
results="$(mktemp)"
set +e
# --experimental-vm-modules: Jest's own module loader supports require() of ES modules (NestJS 12
# ships as ESM) only with it, on Node 24.9+. No --forceExit: the suites close what they open, and
# jest exits by itself. Should a broken suite leave a handle open, the time limit ends the run
# (non-zero) instead of hanging CI.
# On two cores jest runs every suite in this one process (one worker: in band), and its
# heap grows across suites (4 GB, V8's default limit here, reached about 17 minutes in, on
# 2026-12-02), about 32 MB a suite: 7.2 GB after 224 suites on 2026-12-04, so 12 GB (of the
# machine's 24) until the retention is found; --logHeapUsage prints the heap after each suite.
timeout --signal=TERM --kill-after=30 "${ANS_TEST_TIMEOUT:-2700}" \
  node --experimental-vm-modules --max-old-space-size=12288 node_modules/jest/bin/jest.js --ci --logHeapUsage --json --outputFile="$results" "$@"
status=$?
set -e
# One plain closing line with the counts, whatever the runner prints above it.
node -e 'const r=JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`)' "$results" || true
rm -f "$results"
# The whole suite (no arguments) also runs every benchmark at toy sizes (bench/smoke.sh, about
# 3 minutes): a benchmark that stopped running fails here, not on the next benchmarking day.
# ANS_BENCH_SMOKE=0 leaves it out.
if [ "$status" -eq 0 ] && [ $# -eq 0 ] && [ "${ANS_BENCH_SMOKE:-1}" != 0 ]; then
  bash "$ROOT/bench/smoke.sh" || status=$?
fi
exit $status
