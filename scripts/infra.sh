#!/usr/bin/env bash
# Installs (when missing) and starts the local PostgreSQL and Redis this project runs and tests
# against. Idempotent: a second run reuses the running servers and the data under .data/.
#
#   scripts/infra.sh up      install if needed, start both, create role and databases
#   scripts/infra.sh down    stop both (data is kept)
#   scripts/infra.sh env     print the DATABASE_URL / REDIS_URL exports for the dev database
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DATA="${ANS_DATA_DIR:-$ROOT/.data}"
PG_PORT="${ANS_PG_PORT:-54329}"
REDIS_PORT="${ANS_REDIS_PORT:-63799}"
PG_USER=agentnet
PG_PASSWORD=agentnet
# ANS_TEST_DB names another test database (a second checkout testing beside this one).
DATABASES=(agentnet_dev "${ANS_TEST_DB:-agentnet_test}")

log() { printf '[infra] %s\n' "$*" >&2; }

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

APT_UPDATED=0
apt_install() {
  if [ "$APT_UPDATED" -eq 0 ]; then
    log "apt-get update"
    as_root apt-get update -qq
    APT_UPDATED=1
  fi
  log "installing $*"
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

pg_bin() {
  local dir
  for dir in /usr/lib/postgresql/*/bin; do
    [ -x "$dir/initdb" ] && { echo "$dir"; return 0; }
  done
  return 1
}

ensure_packages() {
  pg_bin >/dev/null || apt_install postgresql postgresql-contrib
  command -v redis-server >/dev/null || apt_install redis-server
  command -v psql >/dev/null || apt_install postgresql-client
}

# PostgreSQL refuses to run as root, so the cluster belongs to the postgres user.
run_pg() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

# The cluster lives in .data/pg, unless the postgres user cannot reach it (a checkout under a
# root-only directory, as a fresh CI clone in a private temp dir may be): then it lives in a
# postgres-owned directory named after this checkout.
pg_data_dir() {
  mkdir -p "$DATA"
  if [ "$(id -u)" -ne 0 ] || runuser -u postgres -- test -x "$DATA" 2>/dev/null; then
    echo "$DATA/pg"
  else
    echo "/var/lib/postgresql/agentnet-$(printf '%s' "$ROOT" | cksum | cut -d' ' -f1)/pg"
  fi
}

pg_up() {
  local bin; bin="$(pg_bin)"
  local pgdata; pgdata="$(pg_data_dir)"
  if [ "$(id -u)" -eq 0 ] && [ "$pgdata" != "$DATA/pg" ]; then
    log "postgres cannot reach $DATA; keeping the cluster in $pgdata"
    mkdir -p "$(dirname "$pgdata")" && chown postgres:postgres "$(dirname "$pgdata")"
  fi
  if [ ! -s "$pgdata/PG_VERSION" ]; then
    log "initialising PostgreSQL cluster in $pgdata"
    mkdir -p "$pgdata"
    [ "$(id -u)" -eq 0 ] && chown postgres:postgres "$pgdata"
    chmod 700 "$pgdata"
    run_pg "$bin/initdb" -D "$pgdata" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
  fi
  [ "$(id -u)" -eq 0 ] && chown -R postgres:postgres "$pgdata"
  if run_pg "$bin/pg_ctl" -D "$pgdata" status >/dev/null 2>&1; then
    log "PostgreSQL already running on :$PG_PORT"
  else
    log "starting PostgreSQL on :$PG_PORT"
    run_pg "$bin/pg_ctl" -D "$pgdata" -l "$pgdata/server.log" -w -t 60 start \
      -o "-p $PG_PORT -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=400 -c shared_buffers=256MB -c fsync=${ANS_PG_FSYNC:-on} -c synchronous_commit=${ANS_PG_SYNC_COMMIT:-on}" >/dev/null
  fi
  export PGOPTIONS="-c client_min_messages=warning"
  local psql=(psql -h 127.0.0.1 -p "$PG_PORT" -U postgres -v ON_ERROR_STOP=1 -qtA)
  if [ "$("${psql[@]}" -c "SELECT 1 FROM pg_roles WHERE rolname='$PG_USER'")" != "1" ]; then
    "${psql[@]}" -c "CREATE ROLE $PG_USER LOGIN PASSWORD '$PG_PASSWORD' CREATEDB" >/dev/null
  fi
  local db
  for db in "${DATABASES[@]}"; do
    if [ "$("${psql[@]}" -c "SELECT 1 FROM pg_database WHERE datname='$db'")" != "1" ]; then
      "${psql[@]}" -c "CREATE DATABASE $db OWNER $PG_USER" >/dev/null
      log "created database $db"
    fi
    # Extensions need a superuser; create them once here so migrations can rely on them.
    "${psql[@]}" -d "$db" -c "CREATE EXTENSION IF NOT EXISTS pgcrypto; CREATE EXTENSION IF NOT EXISTS citext;" >/dev/null
  done
}

redis_up() {
  mkdir -p "$DATA/redis"
  if redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1; then
    log "Redis already running on :$REDIS_PORT"
    return
  fi
  log "starting Redis on :$REDIS_PORT"
  redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --dir "$DATA/redis" --daemonize yes \
    --pidfile "$DATA/redis/redis.pid" --logfile "$DATA/redis/redis.log" --save "" --appendonly no >/dev/null
  local i
  for i in $(seq 1 50); do redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && return; sleep 0.1; done
  log "Redis did not answer"; exit 1
}

down() {
  local bin; bin="$(pg_bin)" || true
  local pgdata; pgdata="$(pg_data_dir)"
  [ -n "${bin:-}" ] && [ -d "$pgdata" ] && run_pg "$bin/pg_ctl" -D "$pgdata" -m fast stop >/dev/null 2>&1 || true
  redis-cli -p "$REDIS_PORT" shutdown nosave >/dev/null 2>&1 || true
  log "stopped"
}

print_env() {
  local db="${1:-agentnet_dev}" redis_db="${2:-0}"
  echo "export DATABASE_URL=postgres://$PG_USER:$PG_PASSWORD@127.0.0.1:$PG_PORT/$db"
  echo "export REDIS_URL=redis://127.0.0.1:$REDIS_PORT/$redis_db"
}

case "${1:-up}" in
  up) ensure_packages; pg_up; redis_up ;;
  down) down ;;
  env) print_env "${2:-agentnet_dev}" "${3:-0}" ;;
  *) echo "usage: $0 up|down|env [database] [redis-db]" >&2; exit 2 ;;
esac
