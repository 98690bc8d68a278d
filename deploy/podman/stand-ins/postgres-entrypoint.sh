#!/bin/sh
# Entrypoint of the PostgreSQL stand-in (Debian's postgresql package) in the container test
# (deploy/podman/compose.test.yaml), doing what the official postgres image's entrypoint does
# (https://hub.docker.com/_/postgres, "Environment Variables"): an empty data directory is
# initialised with superuser POSTGRES_USER / POSTGRES_PASSWORD (scram-sha-256 over TCP) and database
# POSTGRES_DB; then the server replaces this shell (PID 1, so `podman stop` shuts it down cleanly).
set -eu
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
data=/var/lib/postgresql/data
if [ ! -s "$data/PG_VERSION" ]; then
  pwfile=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile"
  "$bin/initdb" -D "$data" -U "$POSTGRES_USER" --pwfile="$pwfile" --encoding=UTF8 --locale=C.UTF-8 \
    --auth-local=trust --auth-host=scram-sha-256
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >>"$data/pg_hba.conf"
  "$bin/pg_ctl" -D "$data" -o "-c listen_addresses=''" -w start
  "$bin/createdb" -U "$POSTGRES_USER" "$POSTGRES_DB"
  "$bin/pg_ctl" -D "$data" -m fast -w stop
fi
exec "$bin/postgres" -D "$data" -c listen_addresses='*'
