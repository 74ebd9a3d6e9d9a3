#!/usr/bin/env bash
# Runs a command against a throw-away PostgreSQL on loopback:
#   bash scripts/with-postgres.sh npx vitest run server/src/db
# The command gets DATABASE_URL=postgres://postgres@127.0.0.1:PORT/shop_test; the cluster is
# stopped and its directory deleted on exit. Installs Debian's postgresql when missing. Any
# cluster the package starts on 5432 is left alone and not used.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: bash scripts/with-postgres.sh <command...>" >&2
  exit 2
fi

find_bin() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -n "$dir" ] && [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then echo "$dir"; fi
}

PG_BIN=$(find_bin)
if [ -z "$PG_BIN" ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "with-postgres: PostgreSQL is not installed; run: sudo apt-get install -y postgresql" >&2
    exit 1
  fi
  echo "with-postgres: installing postgresql..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq </dev/null
  apt-get install -y -qq postgresql </dev/null >/dev/null
  PG_BIN=$(find_bin)
  [ -n "$PG_BIN" ] || { echo "with-postgres: initdb/pg_ctl not found after install" >&2; exit 1; }
fi

# PostgreSQL refuses to run as root: run the server as the postgres user when we are root.
if [ "$(id -u)" -eq 0 ]; then
  as_pg() { runuser -u postgres -- "$@"; }
else
  as_pg() { "$@"; }
fi

# /tmp, not $TMPDIR: the postgres user must be able to reach it.
WORK=$(mktemp -d /tmp/with-postgres.XXXXXX)
[ "$(id -u)" -eq 0 ] && chown postgres: "$WORK"
DATA="$WORK/data"
LOG="$WORK/postgres.log"

cleanup() {
  local rc=$?
  if [ -f "$DATA/postmaster.pid" ]; then
    as_pg "$PG_BIN/pg_ctl" -D "$DATA" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$WORK"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
PORT=${WITH_POSTGRES_PORT:-55432}

as_pg "$PG_BIN/initdb" -D "$DATA" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$WORK/initdb.log" 2>&1 ||
  as_pg "$PG_BIN/initdb" -D "$DATA" -U postgres --auth=trust -E UTF8 --locale=C >"$WORK/initdb.log" 2>&1 ||
  { cat "$WORK/initdb.log" >&2; exit 1; }

# Durability is pointless for a throw-away cluster: fsync off makes the tests much faster.
# Runs started together can pick the same free port: the one that loses the bind tries the next.
started=
for _ in 1 2 3 4 5; do
  while port_in_use "$PORT"; do PORT=$((PORT + 1)); done
  rm -f "$LOG"
  if as_pg "$PG_BIN/pg_ctl" -D "$DATA" -l "$LOG" -w -t 60 start -o \
    "-c listen_addresses=127.0.0.1 -p $PORT -c unix_socket_directories=$WORK -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
    >/dev/null 2>"$WORK/pg_ctl.err"; then
    started=1
    break
  fi
  grep -q 'could not bind' "$LOG" || break
  PORT=$((PORT + 1))
done
if [ -z "$started" ]; then
  cat "$WORK/pg_ctl.err" "$LOG" >&2
  exit 1
fi

as_pg "$PG_BIN/psql" -h 127.0.0.1 -p "$PORT" -U postgres -d postgres -qAt -v ON_ERROR_STOP=1 \
  -c "create database shop_test" >/dev/null

export DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/shop_test"
echo "with-postgres: $DATABASE_URL" >&2
set +e
"$@"
rc=$?
set -e
exit "$rc"
