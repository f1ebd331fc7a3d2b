#!/usr/bin/env bash
# The multi-node topology of deploy/compose.yaml as local processes, for a machine that cannot pull container
# images: a MariaDB primary and a replica (scripts/mariadb-pair.sh), a Redis, one `strata index` holding the
# ingestion lock with a standby waiting for it, and two `strata serve --no-index` replicas. Everything listens on
# 127.0.0.1; logs and pid files go to DIR.
#
#   CHAINS='31337:anvil=http://127.0.0.1:8545' scripts/cluster.sh start DIR
#   scripts/cluster.sh stop DIR
#
# Ports (override with these variables): PRIMARY_PORT 33306, REPLICA_PORT 33307, REDIS_PORT 36379,
# SERVE_PORTS "4101 4102", INDEX_PORT 4111, STANDBY_PORT 4112. Any other setting of Strata (ADMIN_TOKEN,
# KEY_REQUESTS_PER_SECOND, …) is passed through from the environment. The shared JWT secret is generated once into
# DIR/jwt-secret, so a bearer token works on every replica.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cmd="${1:?usage: $0 start DIR | stop DIR}"
dir="$(mkdir -p "${2:?DIR}" && cd "$2" && pwd)"

PRIMARY_PORT="${PRIMARY_PORT:-33306}"
REPLICA_PORT="${REPLICA_PORT:-33307}"
REDIS_PORT="${REDIS_PORT:-36379}"
SERVE_PORTS="${SERVE_PORTS:-4101 4102}"
INDEX_PORT="${INDEX_PORT:-4111}"
STANDBY_PORT="${STANDBY_PORT:-4112}"
DATABASE="${CLUSTER_DATABASE:-strata}"

wait_ready() { # name port
  for _ in $(seq 1 300); do
    curl -fsS "http://127.0.0.1:$2/ready" >/dev/null 2>&1 && return 0
    if ! kill -0 "$(cat "$dir/$1.pid")" 2>/dev/null; then
      echo "cluster: $1 exited; its log:" >&2
      tail -n 30 "$dir/$1.log" >&2
      return 1
    fi
    sleep 0.2
  done
  echo "cluster: $1 is not ready on port $2; its log:" >&2
  tail -n 30 "$dir/$1.log" >&2
  return 1
}

strata() { # name port args... — started in its own session, so one kill stops exactly this process
  local name="$1" port="$2"
  shift 2
  PORT="$port" HOST=127.0.0.1 setsid node "$root/bin/strata.js" "$@" >"$dir/$name.log" 2>&1 &
  echo $! >"$dir/$name.pid"
}

case "$cmd" in
  start)
    : "${CHAINS:?set CHAINS to the chain(s) to index, e.g. 31337:anvil=http://127.0.0.1:8545}"
    "$root/scripts/mariadb-pair.sh" start "$dir/mariadb" "$PRIMARY_PORT" "$REPLICA_PORT"
    redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save "" --appendonly no --daemonize yes \
      --pidfile "$dir/redis.pid" --logfile "$dir/redis.log" --dir "$dir"
    mariadb -h127.0.0.1 -P"$PRIMARY_PORT" -uroot -e \
      "CREATE DATABASE IF NOT EXISTS \`$DATABASE\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin"
    [ -f "$dir/jwt-secret" ] || head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$dir/jwt-secret"

    export NODE_ENV=production LOG_FORMAT=json CHAINS
    export DATABASE_URL="mysql://root@127.0.0.1:$PRIMARY_PORT/$DATABASE"
    export DATABASE_READ_URLS="mysql://root@127.0.0.1:$REPLICA_PORT/$DATABASE"
    export REDIS_URL="redis://127.0.0.1:$REDIS_PORT"
    JWT_SECRET="$(cat "$dir/jwt-secret")"
    export JWT_SECRET
    export DATA_DIR="$dir/data"
    # The cluster is reached on 127.0.0.1 only; a deployment behind a proxy would list its origins instead.
    export CORS_ORIGINS="${CORS_ORIGINS:-*}"
    node "$root/bin/strata.js" migrate >"$dir/migrate.log" 2>&1

    strata index "$INDEX_PORT" index
    wait_ready index "$INDEX_PORT"
    # The standby waits for the chains' ingestion locks, which the holder's database session keeps until it dies.
    strata standby "$STANDBY_PORT" index
    wait_ready standby "$STANDBY_PORT"
    i=0
    for port in $SERVE_PORTS; do
      i=$((i + 1))
      strata "serve-$i" "$port" serve --no-index
      wait_ready "serve-$i" "$port"
    done
    echo "cluster: serving on $(for p in $SERVE_PORTS; do printf 'http://127.0.0.1:%s ' "$p"; done)(logs in $dir)"
    ;;
  stop)
    for pidfile in "$dir"/serve-*.pid "$dir/standby.pid" "$dir/index.pid"; do
      [ -f "$pidfile" ] || continue
      pid="$(cat "$pidfile")"
      kill "$pid" 2>/dev/null || true
      for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      kill -9 "$pid" 2>/dev/null || true
      rm -f "$pidfile"
    done
    [ -f "$dir/redis.pid" ] && { kill "$(cat "$dir/redis.pid")" 2>/dev/null || true; rm -f "$dir/redis.pid"; }
    "$root/scripts/mariadb-pair.sh" stop "$dir/mariadb"
    ;;
  *)
    echo "usage: $0 start DIR | stop DIR" >&2
    exit 2
    ;;
esac
