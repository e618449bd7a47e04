#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL server (Debian's) on loopback, for the test suites that
# run against PostgreSQL. The command sees TEST_POSTGRES_URL (an admin URL); each test file creates
# a database of its own there. The server and its files are gone when the command ends.
set -euo pipefail
bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  echo "PostgreSQL server binaries not found (Debian package postgresql)" >&2
  exit 1
fi
port="${TEST_POSTGRES_PORT:-54329}"
dir="$(mktemp -d /tmp/dashboard-pg-XXXXXX)"
as_owner=()
if [ "$(id -u)" -eq 0 ]; then
  # initdb refuses to run as root: the server runs as Debian's postgres user.
  chown postgres "$dir"
  as_owner=(runuser -u postgres --)
fi
stop() {
  "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT

"${as_owner[@]}" "$bin/initdb" -D "$dir/data" -A trust -U postgres --no-sync >/dev/null
# A test server: no durability settings that cost time, loopback only, its socket in its own folder.
"${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
  -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" \
  start >/dev/null

export TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:$port/postgres"
echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port for: $*"
"$@"
