#!/usr/bin/env bash
# Make sure the services the test suite needs answer on loopback:
#   PostgreSQL on 127.0.0.1:5432 (superuser `postgres`, no password) with a database `ltm_test`
#   Redis      on 127.0.0.1:6379
#
# For each service, in order: already reachable -> nothing to do; installed locally -> start it;
# `apt-get` available and we are root -> install, then start; a working Docker engine -> start it
# with docker compose; otherwise explain what is missing and exit 1.
#
# Idempotent, one line of output per service. It never stops or restarts anything that runs:
# a service is only ever started when it does not answer.
set -euo pipefail

cd "$(dirname "$0")/.."

PG_HOST=127.0.0.1
PG_PORT=5432
REDIS_HOST=127.0.0.1
REDIS_PORT=6379
TEST_DB=ltm_test
WAIT_SECONDS=30

USE_DOCKER=0        # set when the services came from docker compose (affects how psql is run)
APT_UPDATED=0

log() { printf '%s\n' "$*"; }
die() { printf 'services: %s\n' "$*" >&2; exit 1; }
is_root() { [ "$(id -u)" -eq 0 ]; }
have() { command -v "$1" >/dev/null 2>&1; }

# Run a noisy command quietly; show its output only when it fails.
quiet() {
    local out rc=0
    out=$(mktemp)
    "$@" >"$out" 2>&1 || rc=$?
    if [ "$rc" -ne 0 ]; then
        printf 'services: command failed (exit %s): %s\n' "$rc" "$*" >&2
        tail -n 30 "$out" >&2
    fi
    rm -f "$out"
    return "$rc"
}

# --- reachability ----------------------------------------------------------

# Fallback when the service's own client is not installed (e.g. services run in Docker).
# For Redis it speaks enough of the protocol to see a PONG, not just an open port.
py_probe() {  # py_probe host port [redis]
    python3 - "$@" <<'PY' >/dev/null 2>&1
import socket, sys
host, port = sys.argv[1], int(sys.argv[2])
with socket.create_connection((host, port), timeout=2) as s:
    if len(sys.argv) > 3 and sys.argv[3] == "redis":
        s.sendall(b"PING\r\n")
        sys.exit(0 if s.recv(64).startswith(b"+PONG") else 1)
PY
}

pg_up() {
    if have pg_isready; then
        pg_isready -q -h "$PG_HOST" -p "$PG_PORT" -t 2
    else
        py_probe "$PG_HOST" "$PG_PORT"
    fi
}

redis_up() {
    if have redis-cli; then
        [ "$(redis-cli -h "$REDIS_HOST" -p "$REDIS_PORT" ping 2>/dev/null)" = "PONG" ]
    else
        py_probe "$REDIS_HOST" "$REDIS_PORT" redis
    fi
}

wait_for() {  # wait_for name check_fn
    local i
    for ((i = 0; i < WAIT_SECONDS; i++)); do
        "$2" && return 0
        sleep 1
    done
    die "$1 did not answer within ${WAIT_SECONDS}s"
}

# --- installation / start --------------------------------------------------

can_apt() { have apt-get && is_root; }

apt_install() {
    if [ "$APT_UPDATED" -eq 0 ]; then
        quiet apt-get update || die "apt-get update failed"
        APT_UPDATED=1
    fi
    # policy-rc.d-less containers may fail to auto-start the service in postinst;
    # we start it ourselves afterwards, so only the package installation must succeed.
    DEBIAN_FRONTEND=noninteractive quiet apt-get install -y --no-install-recommends "$@" \
        || die "apt-get install $* failed"
}

# docker compose for the dev/test project. The compose file refuses to parse without its
# required secrets; these placeholders are never used, because only postgres/redis run and
# postgres trusts loopback connections in the dev override.
dev_compose() {
    POSTGRES_PASSWORD="${POSTGRES_PASSWORD:-unused-dev-only}" \
    FLOWER_USER="${FLOWER_USER:-unused}" FLOWER_PASSWORD="${FLOWER_PASSWORD:-unused}" \
    LTM_API_KEYS="${LTM_API_KEYS:-unused}" \
        docker compose -p ltm-dev "$@"
}

docker_ok() { have docker && docker info >/dev/null 2>&1 && docker compose version >/dev/null 2>&1; }

# docker-compose.yml is the production file: it publishes no database ports and requires
# secrets. For a throwaway dev/test copy we use a separate project name (own volumes) and a
# temporary override that publishes the ports on loopback and lets `postgres` in without a
# password, matching what the tests expect of a local server.
docker_up() {  # docker_up service...
    local override rc=0
    override=$(mktemp --suffix=.yml)
    cat >"$override" <<'YML'
services:
  postgres:
    environment:
      POSTGRES_USER: postgres
      POSTGRES_DB: postgres
      POSTGRES_HOST_AUTH_METHOD: trust
    ports: ["127.0.0.1:5432:5432"]
  redis:
    ports: ["127.0.0.1:6379:6379"]
YML
    quiet dev_compose -f docker-compose.yml -f "$override" up -d "$@" || rc=$?
    rm -f "$override"
    [ "$rc" -eq 0 ] || die "docker compose up -d $* failed"
    USE_DOCKER=1
}

# The PostgreSQL cluster that should listen on 5432: "version name status" from pg_lsclusters.
pg_cluster_on_port() {
    pg_lsclusters -h 2>/dev/null | awk -v p="$PG_PORT" '$3 == p { print $1, $2, $4; exit }'
}

pg_newest_installed() {
    ls /usr/lib/postgresql 2>/dev/null | sort -V | tail -n 1
}

pg_installed() { have pg_ctlcluster && [ -n "$(pg_newest_installed)" ]; }

# Start the local cluster on $PG_PORT, creating one if there is none. Echoes what it did.
pg_start_local() {
    local cluster ver name status did="started"
    cluster=$(pg_cluster_on_port)
    if [ -z "$cluster" ]; then
        if [ -n "$(pg_lsclusters -h 2>/dev/null)" ]; then
            die "PostgreSQL clusters exist but none is configured for port $PG_PORT (see pg_lsclusters)"
        fi
        ver=$(pg_newest_installed)
        # Loopback TCP is trusted so the test URL needs no password; this is only ever done for a
        # cluster this script creates, never to an existing one.
        quiet pg_createcluster --port "$PG_PORT" "$ver" main -- --auth-local=peer --auth-host=trust \
            || die "pg_createcluster $ver main failed"
        cluster="$ver main down"
        did="created cluster $ver/main and started"
    fi
    read -r ver name status <<<"$cluster"
    if [ "$status" = "online" ]; then
        # Running (e.g. the package's postinst just started it) but not answering yet: wait, never restart.
        echo "cluster $ver/$name already online"
        return 0
    fi
    quiet pg_ctlcluster --skip-systemctl-redirect "$ver" "$name" start \
        || die "could not start PostgreSQL cluster $ver/$name"
    echo "$did $ver/$name"
}

# A cluster the Debian package created during `apt-get install` uses password auth on TCP;
# since we just installed it, make loopback trusted like a cluster we create ourselves.
pg_trust_loopback_fresh() {
    local cluster ver name status hba
    cluster=$(pg_cluster_on_port)
    [ -n "$cluster" ] || return 0
    read -r ver name status <<<"$cluster"
    hba="/etc/postgresql/$ver/$name/pg_hba.conf"
    [ -f "$hba" ] || return 0
    grep -q '^# ltm: loopback trust' "$hba" && return 0
    sed -i '1i # ltm: loopback trust for the local test server (added by ops/services.sh)\nhost all all 127.0.0.1/32 trust\nhost all all ::1/128 trust' "$hba"
    # Reload (not restart) if the package already started it; reload keeps connections.
    if [ "$status" = "online" ]; then
        pg_ctlcluster --skip-systemctl-redirect "$ver" "$name" reload >/dev/null 2>&1 || true
    fi
}

ensure_postgres() {
    local what
    if pg_up; then
        what="already running on $PG_HOST:$PG_PORT"
    elif pg_installed; then
        what="$(pg_start_local) (local install)"
    elif can_apt; then
        apt_install postgresql postgresql-client
        pg_trust_loopback_fresh
        what="installed with apt-get; $(pg_start_local)"
    elif docker_ok; then
        docker_up postgres
        what="started with docker compose (project ltm-dev)"
    else
        die "PostgreSQL is not reachable on $PG_HOST:$PG_PORT and cannot be provided here:
  not installed locally, apt-get unavailable or not root, and no working Docker engine.
  Install PostgreSQL (e.g. apt-get install postgresql) or start one on $PG_HOST:$PG_PORT."
    fi
    wait_for "PostgreSQL on $PG_HOST:$PG_PORT" pg_up
    log "postgres: $what"
}

redis_start_local() {
    # --save "" / --appendonly no: a disposable test server, nothing worth persisting.
    mkdir -p /var/lib/redis /var/log/redis 2>/dev/null || true
    quiet redis-server --daemonize yes --bind 127.0.0.1 -::1 --port "$REDIS_PORT" \
        --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log \
        || die "could not start redis-server"
}

ensure_redis() {
    local what
    if redis_up; then
        what="already running on $REDIS_HOST:$REDIS_PORT"
    elif have redis-server; then
        redis_start_local
        what="started local redis-server"
    elif can_apt; then
        apt_install redis-server
        # The package may have started its own instance; start ours only if nothing answers.
        if redis_up; then
            what="installed with apt-get (package started it)"
        else
            redis_start_local
            what="installed with apt-get and started"
        fi
    elif docker_ok; then
        docker_up redis
        what="started with docker compose (project ltm-dev)"
    else
        die "Redis is not reachable on $REDIS_HOST:$REDIS_PORT and cannot be provided here:
  not installed locally, apt-get unavailable or not root, and no working Docker engine.
  Install Redis (e.g. apt-get install redis-server) or start one on $REDIS_HOST:$REDIS_PORT."
    fi
    wait_for "Redis on $REDIS_HOST:$REDIS_PORT" redis_up
    log "redis: $what"
}

# --- test database ---------------------------------------------------------

run_psql() {  # run_psql SQL  -> prints the unaligned result
    if have psql; then
        psql -h "$PG_HOST" -p "$PG_PORT" -U postgres -d postgres -v ON_ERROR_STOP=1 -tAc "$1"
    elif [ "$USE_DOCKER" -eq 1 ]; then
        dev_compose -f docker-compose.yml exec -T postgres \
            psql -U postgres -d postgres -v ON_ERROR_STOP=1 -tAc "$1"
    else
        die "psql is not installed; cannot check for database $TEST_DB (apt-get install postgresql-client)"
    fi
}

ensure_test_db() {
    local exists
    exists=$(run_psql "SELECT 1 FROM pg_database WHERE datname = '$TEST_DB'") \
        || die "cannot query PostgreSQL as user postgres on $PG_HOST:$PG_PORT (is loopback trust configured?)"
    if [ "$exists" = "1" ]; then
        log "database $TEST_DB: already exists"
    else
        run_psql "CREATE DATABASE $TEST_DB" >/dev/null || die "CREATE DATABASE $TEST_DB failed"
        log "database $TEST_DB: created"
    fi
}

ensure_postgres
ensure_redis
ensure_test_db
