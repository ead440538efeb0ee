#!/usr/bin/env bash
# Starts a throwaway Debian PostgreSQL on 127.0.0.1 for the server's tests and prints its URL.
# Usage: eval "$(scripts/test-postgres.sh start)"   then   scripts/test-postgres.sh stop
set -euo pipefail
PORT=${OPSDECK_TEST_PG_PORT:-54329}
DIR=${OPSDECK_TEST_PG_DIR:-/tmp/opsdeck-test-pg}

bindir() {
  local d
  for d in /usr/lib/postgresql/*/bin; do [ -x "$d/initdb" ] && { echo "$d"; return; }; done
  command -v initdb >/dev/null && dirname "$(command -v initdb)" && return
  return 1
}

as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "${1:-start}" in
  start)
    BIN=$(bindir) || { echo "echo 'PostgreSQL is not installed (apt-get install -y postgresql)' >&2; false"; exit 1; }
    if [ ! -f "$DIR/PG_VERSION" ]; then
      mkdir -p "$DIR"
      [ "$(id -u)" = 0 ] && chown postgres:postgres "$DIR"
      as_owner "$BIN/initdb" -D "$DIR" -U postgres --auth=trust -E UTF8 >/dev/null
    fi
    if ! as_owner "$BIN/pg_ctl" -D "$DIR" status >/dev/null 2>&1; then
      as_owner "$BIN/pg_ctl" -D "$DIR" -l "$DIR/server.log" -w \
        -o "-h 127.0.0.1 -p $PORT -k $DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200 -c log_lock_waits=on" start >/dev/null
    fi
    echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$PORT/postgres"
    ;;
  stop)
    BIN=$(bindir)
    as_owner "$BIN/pg_ctl" -D "$DIR" -m fast stop >/dev/null 2>&1 || true
    ;;
esac
