#!/usr/bin/env bash
# Every benchmark at toy sizes, one after another: not a measurement (nothing here is timed or
# compared), but a benchmark that no longer runs (a seed the schema outgrew, a harness that lost
# track of its children) fails the test command the day it breaks instead of the day someone
# next benchmarks. The second README command runs this after the jest suites pass.
#
# Each benchmark gets bench/run.sh's fresh database (agentnet_bench_smoke) and Redis db 13, its
# output goes to a log that is printed only when it fails, and its JSON figures go to a
# temporary directory (BENCH_RESULTS_DIR), not bench/results/. The soak runs with BENCH_SMOKE=1:
# half a minute cannot judge memory or p99, so only a failed request or command fails it.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
source "$ROOT/scripts/node.sh"

export BENCH_DB=agentnet_bench_smoke BENCH_REDIS_DB=13 BENCH_SMOKE=1
export BENCH_DURATION=1 BENCH_WARMUP=1
export BENCH_RESULTS_DIR="$(mktemp -d)"
logs="$(mktemp -d)"
trap 'rm -rf "$BENCH_RESULTS_DIR" "$logs"' EXIT

# name | command (toy sizes through each benchmark's own settings)
SMOKES=(
  "http|BENCH_LAYER_ROUNDS=1 BENCH_CLAIM_ROUNDS=1 bash bench/run.sh http"
  "machine|BENCH_ONLY=machine BENCH_MACHINE_ROUNDS=1 bash bench/run.sh http"
  "operator|BENCH_ONLY=operator BENCH_OPERATOR_ROUNDS=1 bash bench/run.sh http"
  "sockets|BENCH_SOCKETS=200 BENCH_COMMANDS=20 BENCH_ROUNDS=1 bash bench/run.sh sockets"
  "soak|bash bench/run.sh soak --minutes 0.5 --load 0.2 --sockets 20 --commands 2"
  "engagements|BENCH_ROUNDS=1 bash bench/run.sh engagement-ingest"
  "claims-sql|BENCH_ROUNDS=1 BENCH_CLAIMS_SQL_CLIENTS=4 bash bench/run.sh claims-sql"
  "scim|BENCH_SCIM_USERS=100 bash bench/run.sh scim"
  "observability|BENCH_TRACES=100 BENCH_SEARCH_ROWS=1000 BENCH_SEARCH_QUERIES=20 bash bench/run.sh observability"
  "fleet|BENCH_FLEET_TARGETS=100 BENCH_FLEET_CHECKS=100 BENCH_FLEET_PAGES=50 bash bench/run.sh fleet"
  "simulator|BENCH_FLEET_ROBOTS=20 BENCH_FLEET_ROUNDS=1 bash bench/run.sh simulator"
  "fleet-scale|BENCH_FLEET_SCALE_SIZES=10,30 BENCH_FLEET_SCALE_COMMANDS=60 bash bench/run.sh fleet-scale"
  "webhooks|BENCH_EVENTS=100 BENCH_PACED_EVENTS=20 npm run --silent bench:webhooks"
  "rate-limit|npm run --silent bench:rate-limit"
  "enumeration|BENCH_ENUM_ROUNDS=3 BENCH_ENUM_BCRYPT_COST=4 bash bench/run.sh enumeration"
  "pooler|BENCH_POOLER_ROUNDS=1 bash bench/run.sh pooler"
  "tracing|BENCH_ONLY=machine BENCH_MACHINE_ROUNDS=1 BENCH_CASES=agk_ BENCH_BUILDS=tracing=dist::OTEL_EXPORTER_OTLP_ENDPOINT=sink bash bench/run.sh http"
)

failed=()
for smoke in "${SMOKES[@]}"; do
  name="${smoke%%|*}"
  # BENCH_SMOKE_ONLY=name,name: only those
  if [ -n "${BENCH_SMOKE_ONLY:-}" ] && [[ ",$BENCH_SMOKE_ONLY," != *",$name,"* ]]; then continue; fi
  started=$SECONDS
  if env ${smoke#*|} >"$logs/$name.log" 2>&1; then
    printf '[bench smoke] %-14s ok (%d s)\n' "$name" $((SECONDS - started))
  else
    printf '[bench smoke] %-14s FAILED (%d s); the end of its output:\n' "$name" $((SECONDS - started))
    tail -n 40 "$logs/$name.log" | sed 's/^/    /'
    failed+=("$name")
  fi
done

if [ ${#failed[@]} -gt 0 ]; then
  printf '[bench smoke] failed: %s (run one as above, with the sizes shown, to see it whole)\n' "${failed[*]}"
  exit 1
fi
