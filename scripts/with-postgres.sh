#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL cluster from Debian's package,
# listening on 127.0.0.1 only, and TEST_DATABASE_URL pointing at it. The
# cluster is deleted afterwards. Usage: scripts/with-postgres.sh CMD [ARGS...]
set -euo pipefail

pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$pgbin" ] || [ ! -x "$pgbin/initdb" ]; then
  echo "with-postgres: PostgreSQL server binaries not found (apt-get install postgresql)" >&2
  exit 1
fi

dir=$(mktemp -d /tmp/atrium-pg.XXXXXX)
port=${PGPORT_TEST:-$(( 20000 + RANDOM % 20000 ))}
as_pg=()
if [ "$(id -u)" = 0 ]; then
  # initdb refuses to run as root: the cluster belongs to the postgres user.
  chown postgres:postgres "$dir"
  as_pg=(runuser -u postgres --)
fi

cleanup() {
  "${as_pg[@]}" "$pgbin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

"${as_pg[@]}" "$pgbin/initdb" -D "$dir/data" --auth=trust --username=atrium --no-sync -E UTF8 >/dev/null
"${as_pg[@]}" "$pgbin/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
  -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
  start >/dev/null

export TEST_DATABASE_URL="postgres://atrium@127.0.0.1:$port/postgres"
echo "with-postgres: PostgreSQL $("$pgbin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port"
"$@"
