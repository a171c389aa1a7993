# Sourced by .ci/run: start a throw-away PostgreSQL cluster on 127.0.0.1 and export TEST_DATABASE_URL.
# Skipped (with a message) when no PostgreSQL binaries are installed; the store tests then run on PGlite only.
# The port is HUBKIT_PG_PORT, or the first free one from 55432 on (another cluster may already hold 55432).
pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -n "$pg_bin" ]; then
  pg_dir=$(mktemp -d /tmp/hubkit-pg.XXXXXX)
  chown postgres "$pg_dir"
  pg_port=${HUBKIT_PG_PORT:-}
  if [ -z "$pg_port" ]; then
    for candidate in $(seq 55432 55531); do
      if ! (exec 3<>"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null; then pg_port=$candidate; break; fi
    done
  fi
  runuser -u postgres -- "$pg_bin/initdb" -D "$pg_dir/data" -A trust -U postgres >/dev/null
  runuser -u postgres -- "$pg_bin/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/log" -w \
    -o "-c listen_addresses=127.0.0.1 -c port=$pg_port -c unix_socket_directories=$pg_dir" start >/dev/null
  source "$(dirname "${BASH_SOURCE[0]}")/ci-on-exit.sh"  # chains EXIT traps (ci-rgw.sh adds its own)
  ci_on_exit 'runuser -u postgres -- "$pg_bin/pg_ctl" -D "$pg_dir/data" -m fast stop >/dev/null 2>&1 || true'
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$pg_port/postgres"
  echo "PostgreSQL running for tests at $TEST_DATABASE_URL"
else
  echo "no PostgreSQL binaries found: store tests run on PGlite only"
fi
