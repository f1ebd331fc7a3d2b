#!/usr/bin/env bash
# A MariaDB primary and a replica of it (binlog + GTID), as two local mariadbd processes with their own data
# directories and ports: what the read-replica tests and scripts/cluster.sh run against. The machine's own MariaDB
# on 3306 is left alone (it runs without a binlog, so it cannot be a primary).
#
#   scripts/mariadb-pair.sh start DIR PRIMARY_PORT REPLICA_PORT [REPLICA2_PORT]   # prints nothing; returns once all answer and replicate
#   scripts/mariadb-pair.sh stop DIR                                              # stops them all (the data stays in DIR)
#
# Both accept root without a password on 127.0.0.1. The replica is read_only and replicates with MASTER_USE_GTID.
# REPLICA2_PORT adds a second replica of the same primary (the read-replica benchmark). `start` again on the same DIR
# starts only the servers that are not running (a test restarts a replica it killed that way).
set -euo pipefail

MARIADBD="${MARIADBD:-/usr/sbin/mariadbd}"
cmd="${1:?usage: $0 start DIR PRIMARY_PORT REPLICA_PORT [REPLICA2_PORT] | stop DIR}"
dir="${2:?DIR}"

sql() { mariadb -h127.0.0.1 -P"$1" -uroot --batch --skip-column-names -e "$2"; }

# Running, and not a zombie: where PID 1 does not reap orphans, a killed server lingers as one and `kill -0` succeeds.
alive() {
  local state
  state="$(ps -o stat= -p "$1" 2>/dev/null)" && [ -n "$state" ] && [ "${state#Z}" = "$state" ]
}

wait_up() {
  for _ in $(seq 1 100); do
    mariadb-admin -h127.0.0.1 -P"$1" -uroot ping >/dev/null 2>&1 && return 0
    sleep 0.2
  done
  echo "mariadb-pair: the server on port $1 did not start; its log:" >&2
  tail -20 "$2" >&2
  return 1
}

start_server() { # name port server_id extra...
  local name="$1" port="$2" id="$3"
  shift 3
  if [ -f "$dir/$name.pid" ] && alive "$(cat "$dir/$name.pid")"; then return 0; fi
  # setsid: the server outlives neither a test's process group kill nor needs a terminal.
  setsid "$MARIADBD" --no-defaults --user=root --datadir="$dir/$name" --port="$port" --bind-address=127.0.0.1 \
    --socket="$dir/$name.sock" --pid-file="$dir/$name.pid" --tmpdir="$dir/tmp" --server-id="$id" \
    --log-bin="$dir/$name/binlog" --binlog-format=ROW --gtid-strict-mode=1 --log-slave-updates=1 \
    --innodb-buffer-pool-size=128M --innodb-log-file-size=64M --character-set-server=utf8mb4 --collation-server=utf8mb4_bin \
    --max-connections=500 "$@" >"$dir/$name.log" 2>&1 &
  wait_up "$port" "$dir/$name.log"
}

case "$cmd" in
  start)
    primary_port="${3:?PRIMARY_PORT}"
    replica_port="${4:?REPLICA_PORT}"
    replica2_port="${5:-}"
    replicas=(replica)
    [ -n "$replica2_port" ] && replicas+=(replica2)
    mkdir -p "$dir"
    # A temp dir of their own: bootstraps running side by side (parallel test files) in a shared /tmp can trip over
    # each other's temporary tables ("Unknown table 'mysql.tmp_user_sys'").
    mkdir -p "$dir/tmp"
    if [ ! -d "$dir/primary/mysql" ]; then
      if ! mariadb-install-db --no-defaults --user=root --datadir="$dir/primary" --tmpdir="$dir/tmp" \
        --auth-root-authentication-method=normal --skip-test-db >"$dir/install.log" 2>&1; then
        echo "mariadb-pair: mariadb-install-db failed; its log:" >&2
        tail -20 "$dir/install.log" >&2
        rm -rf "$dir/primary"
        exit 1
      fi
    fi
    for name in "${replicas[@]}"; do
      # A replica starts from the same empty system tables, copied before the primary first runs; GTID replication brings
      # the rest. (A second replica added later to a primary that already ran would miss its history: use a new DIR.)
      [ -d "$dir/$name/mysql" ] || cp -a "$dir/primary" "$dir/$name"
    done
    start_server primary "$primary_port" 1
    sql "$primary_port" "CREATE USER IF NOT EXISTS 'repl'@'127.0.0.1' IDENTIFIED BY 'repl';
      GRANT REPLICATION SLAVE ON *.* TO 'repl'@'127.0.0.1'"
    id=2
    for name in "${replicas[@]}"; do
      port="$replica_port"
      [ "$name" = replica2 ] && port="$replica2_port"
      if [ -f "$dir/$name.pid" ] && alive "$(cat "$dir/$name.pid")"; then id=$((id + 1)); continue; fi
      start_server "$name" "$port" "$id" --read-only=1 --relay-log="$dir/$name/relay"
      id=$((id + 1))
      sql "$port" "STOP SLAVE; CHANGE MASTER TO MASTER_HOST='127.0.0.1', MASTER_PORT=$primary_port,
        MASTER_USER='repl', MASTER_PASSWORD='repl', MASTER_USE_GTID=slave_pos, MASTER_CONNECT_RETRY=1; START SLAVE"
      ok=
      for _ in $(seq 1 100); do
        running="$(mariadb -h127.0.0.1 -P"$port" -uroot -e 'SHOW SLAVE STATUS\G' | grep -cE '^\s*Slave_(IO|SQL)_Running: Yes' || true)"
        [ "$running" = 2 ] && ok=1 && break
        sleep 0.2
      done
      if [ -z "$ok" ]; then
        echo "mariadb-pair: $name does not replicate:" >&2
        mariadb -h127.0.0.1 -P"$port" -uroot -e 'SHOW SLAVE STATUS\G' >&2
        exit 1
      fi
    done
    ;;
  stop)
    for name in replica2 replica primary; do
      if [ -f "$dir/$name.pid" ]; then
        pid="$(cat "$dir/$name.pid")"
        kill "$pid" 2>/dev/null || true
        for _ in $(seq 1 100); do alive "$pid" || break; sleep 0.1; done
      fi
    done
    ;;
  *)
    echo "usage: $0 start DIR PRIMARY_PORT REPLICA_PORT [REPLICA2_PORT] | stop DIR" >&2
    exit 2
    ;;
esac
