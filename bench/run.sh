#!/usr/bin/env bash
# npm run bench: starts its own PostgreSQL and Redis (scripts/infra.sh), builds the production
# bundle, gives the benchmark a fresh database and Redis db, and runs bench/<name>.bench.ts
# (`bash bench/run.sh [http|scim|observability|fleet|simulator|engagement-ingest|claims-sql|soak|sockets|enumeration|pooler] [options]`, http
# by default; options go to the benchmark, e.g. `npm run bench:soak -- --minutes 1`).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
source "$ROOT/scripts/node.sh"
"$ROOT/scripts/setup.sh"

PG_PORT="${ANS_PG_PORT:-54329}"
REDIS_PORT="${ANS_REDIS_PORT:-63799}"
export PGOPTIONS="-c client_min_messages=warning"
psql=(psql -h 127.0.0.1 -p "$PG_PORT" -U postgres -v ON_ERROR_STOP=1 -qtA)
# BENCH_DB and BENCH_REDIS_DB let two checkouts benchmark side by side without sharing state.
BENCH_DB="${BENCH_DB:-agentnet_bench}"
BENCH_REDIS_DB="${BENCH_REDIS_DB:-2}"
"${psql[@]}" -c "DROP DATABASE IF EXISTS $BENCH_DB WITH (FORCE)" >/dev/null
"${psql[@]}" -c "CREATE DATABASE $BENCH_DB OWNER agentnet" >/dev/null
"${psql[@]}" -d "$BENCH_DB" -c "CREATE EXTENSION IF NOT EXISTS pgcrypto; CREATE EXTENSION IF NOT EXISTS citext;" >/dev/null
redis-cli -p "$REDIS_PORT" -n "$BENCH_REDIS_DB" flushdb >/dev/null

export BENCH_DATABASE_URL="postgres://agentnet:agentnet@127.0.0.1:$PG_PORT/$BENCH_DB"
export BENCH_REDIS_URL="redis://127.0.0.1:$REDIS_PORT/$BENCH_REDIS_DB"
DATABASE_URL="$BENCH_DATABASE_URL" node dist/core/database/migrate.js >/dev/null
# Which benchmark: http (default), scim, observability, fleet (batch operations and gateway
# checks), simulator (the SDK's fleet simulator), engagement-ingest (partner engagement events
# against machine messages), claims-sql (claims in Postgres alone: batched or not, and the
# contract's minimum claim), soak (a long run at half capacity: memory, connections, p99) or
# enumeration (log-in and invitation answer times with and without an account, issue 54) or
# pooler (behind PgBouncer in transaction mode against direct connections, issue 59, ADR 0274).
# bench/support/register.js runs the TypeScript without ts-node, which would load `domain` (it says why).
exec node -r ./bench/support/register.js "bench/${1:-http}.bench.ts" "${@:2}"
