#!/usr/bin/env bash
# A three-node MariaDB Galera cluster as local mariadbd processes, each with its own data directory under DIR: the
# writer topology that survives losing a node (docs/operations.md, "HA topology"). The machine's own MariaDB on 3306
# is left alone.
#
#   scripts/galera.sh start DIR NODE1 NODE2 NODE3   # returns once every node is synced; prints nothing
#   scripts/galera.sh start DIR                     # starts again the nodes that are not running (they rejoin by IST/SST)
#   scripts/galera.sh stop DIR                      # stops them all (the data stays in DIR)
#
# NODEi is SQL_PORT[:GCOMM_PORT:IST_PORT:SST_PORT]; the last three default to SQL_PORT+1, +2, +3. The ports are kept in
# DIR/nodes, so a later `start DIR` needs none. The first start seeds node 1 and copies it to the others, bootstraps node 1
# (--wsrep-new-cluster) and the others join it (rsync IST); a node started again while another one runs joins the running
# ones by IST from their gcache (or a full rsync SST, GALERA_SST_METHOD). Every node accepts root
# without a password on 127.0.0.1.
#
# What Galera asks of a node (MariaDB's "Galera Cluster known limitations" and "Configuring MariaDB Galera Cluster"):
# binlog_format=ROW, InnoDB, innodb_autoinc_lock_mode=2; GALERA_PROVIDER overrides the provider library.
set -euo pipefail

MARIADBD="${MARIADBD:-/usr/sbin/mariadbd}"
PROVIDER="${GALERA_PROVIDER:-/usr/lib/galera/libgalera_smm.so}"
# The SST script's rsync daemon, started by root, would write as `nobody`: as root the servers run as `mysql`.
SST_METHOD="${GALERA_SST_METHOD:-rsync}"
if [ "$(id -u)" = 0 ]; then RUN_AS="${GALERA_USER:-mysql}"; else RUN_AS="$(id -un)"; fi
cmd="${1:?usage: $0 start DIR [NODE1 NODE2 NODE3] | stop DIR}"
dir="${2:?DIR}"
shift 2

sql() { timeout 5 mariadb --connect-timeout=2 -h127.0.0.1 -P"$1" -uroot --batch --skip-column-names -e "$2"; }

# Running, and not a zombie: where PID 1 does not reap orphans, a killed server lingers as one and `kill -0` succeeds.
alive() {
  local state
  state="$(ps -o stat= -p "$1" 2>/dev/null)" && [ -n "$state" ] && [ "${state#Z}" = "$state" ]
}
running() { [ -f "$dir/node$1.pid" ] && alive "$(cat "$dir/node$1.pid")"; }
field() { echo "$1" | cut -d: -f"$2"; } # spec index

# Synced: the node is part of the primary component and has caught up (wsrep_local_state 4).
wait_synced() { # n
  local port state
  port="$(field "${nodes[$1]}" 1)"
  for _ in $(seq 1 600); do
    state="$(sql "$port" "SHOW STATUS LIKE 'wsrep_local_state_comment'" 2>/dev/null | cut -f2 || true)"
    [ "$state" = Synced ] && return 0
    running "$1" || break
    sleep 0.2
  done
  echo "galera: node $1 (port $port) is not synced; its log:" >&2
  tail -n 30 "$dir/node$1.log" >&2
  return 1
}

start_node() { # n bootstrap(0|1)
  local n="$1" spec port gcomm ist sst peers=() extra=()
  spec="${nodes[$n]}"
  port="$(field "$spec" 1)" gcomm="$(field "$spec" 2)" ist="$(field "$spec" 3)" sst="$(field "$spec" 4)"
  for i in 1 2 3; do peers+=("127.0.0.1:$(field "${nodes[$i]}" 2)"); done
  [ "$2" = 1 ] && extra+=(--wsrep-new-cluster)
  mkdir -p "$dir/node$n" "$dir/run$n"
  chown -R "$RUN_AS" "$dir/node$n" "$dir/run$n"
  # setsid: the server survives the caller's process group; a test kills it by the pid in DIR/nodeN.pid.
  # The evs.* timeouts are Galera's defaults divided by about three: a dead node is evicted from the primary component
  # after ~3 s instead of ~5-15 s, which bounds how long writes on the survivors wait (docs/operations.md).
  setsid "$MARIADBD" --no-defaults --user="$RUN_AS" --datadir="$dir/node$n" --port="$port" --bind-address=127.0.0.1 \
    --socket="$dir/run$n/mariadbd.sock" --pid-file="$dir/run$n/mariadbd.pid" --tmpdir="$dir/run$n" --server-id="$n" \
    --log-bin="$dir/node$n/binlog" --log-slave-updates=1 --binlog-format=ROW --default-storage-engine=InnoDB \
    --innodb-autoinc-lock-mode=2 --innodb-flush-log-at-trx-commit=2 \
    --innodb-buffer-pool-size=128M --innodb-log-file-size=64M --character-set-server=utf8mb4 --collation-server=utf8mb4_bin \
    --max-connections=500 \
    --wsrep-on=ON --wsrep-provider="$PROVIDER" --wsrep-cluster-name=strata \
    --wsrep-cluster-address="gcomm://$(IFS=,; echo "${peers[*]}")" \
    --wsrep-node-name="node$n" --wsrep-node-address="127.0.0.1:$gcomm" \
    --wsrep-provider-options="gmcast.listen_addr=tcp://127.0.0.1:$gcomm;ist.recv_addr=127.0.0.1:$ist;gcache.size=128M;evs.keepalive_period=PT0.5S;evs.inactive_check_period=PT0.5S;evs.suspect_timeout=PT2S;evs.inactive_timeout=PT3S;evs.install_timeout=PT3S" \
    --wsrep-sst-method="$SST_METHOD" --wsrep-sst-receive-address="127.0.0.1:$sst" \
    "${extra[@]}" >>"$dir/node$n.log" 2>&1 &
  echo $! >"$dir/node$n.pid" # the server's pid (setsid execs it): what `stop` and a test's SIGKILL use
}

case "$cmd" in
  start)
    if [ ! -x "$MARIADBD" ] || [ ! -f "$PROVIDER" ]; then
      echo "galera: needs $MARIADBD and the Galera provider $PROVIDER (Debian: apt-get install galera-4 mariadb-server rsync)" >&2
      exit 1
    fi
    mkdir -p "$dir"
    if [ "$#" -gt 0 ]; then
      [ "$#" = 3 ] || { echo "galera: give three nodes, SQL_PORT[:GCOMM:IST:SST] each" >&2; exit 2; }
      : >"$dir/nodes"
      for spec in "$@"; do
        p="${spec%%:*}"
        [ "$spec" = "$p" ] && spec="$p:$((p + 1)):$((p + 2)):$((p + 3))"
        echo "$spec" >>"$dir/nodes"
      done
    fi
    [ -f "$dir/nodes" ] || { echo "galera: no ports given and no $dir/nodes" >&2; exit 2; }
    nodes=("" $(cat "$dir/nodes"))
    # The servers reach their files through DIR (a test's mkdtemp is private to root).
    chmod 755 "$dir"
    if [ ! -d "$dir/node1/mysql" ]; then
      mkdir -p "$dir/node1" "$dir/run1"
      chown "$RUN_AS" "$dir/node1" "$dir/run1"
      if ! mariadb-install-db --no-defaults --user="$RUN_AS" --datadir="$dir/node1" --tmpdir="$dir/run1" \
        --auth-root-authentication-method=normal --skip-test-db >"$dir/install.log" 2>&1; then
        echo "galera: mariadb-install-db failed; its log:" >&2
        tail -20 "$dir/install.log" >&2
        rm -rf "$dir/node1"
        exit 1
      fi
      # Seeding: node 1 founds the cluster and stops cleanly, and the others start from copies of its data at the same
      # position, so they join by an empty IST instead of a full SST.
      start_node 1 1
      wait_synced 1
      kill "$(cat "$dir/node1.pid")"
      for _ in $(seq 1 300); do alive "$(cat "$dir/node1.pid")" || break; sleep 0.1; done
      for n in 2 3; do
        rm -rf "$dir/node$n"
        cp -a "$dir/node1" "$dir/node$n"
        rm -f "$dir/node$n/galera.cache" "$dir/node$n/gvwstate.dat"
        sed -i 's/^safe_to_bootstrap: 1/safe_to_bootstrap: 0/' "$dir/node$n/grastate.dat"
      done
    fi
    any=
    for n in 1 2 3; do running "$n" && any=1; done
    started=()
    if [ -z "$any" ]; then
      # Nobody runs: node 1 founds the cluster. (After all three stopped, node 1 has the newest state only if it
      # stopped last; a test cluster stops them together, so it does.)
      sed -i 's/^safe_to_bootstrap: 0/safe_to_bootstrap: 1/' "$dir/node1/grastate.dat" 2>/dev/null || true
      start_node 1 1
      wait_synced 1
      started+=(1)
    fi
    for n in 1 2 3; do
      running "$n" && continue
      start_node "$n" 0
      started+=("$n")
    done
    for n in "${started[@]}"; do wait_synced "$n"; done
    ;;
  stop)
    [ -f "$dir/nodes" ] || exit 0
    for n in 3 2 1; do
      if [ -f "$dir/node$n.pid" ]; then
        pid="$(cat "$dir/node$n.pid")"
        kill "$pid" 2>/dev/null || true
        for _ in $(seq 1 300); do alive "$pid" || break; sleep 0.1; done
        if alive "$pid"; then kill -9 "$pid" 2>/dev/null || true; fi
      fi
    done
    ;;
  *)
    echo "usage: $0 start DIR [NODE1 NODE2 NODE3] | stop DIR" >&2
    exit 2
    ;;
esac
