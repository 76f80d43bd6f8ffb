#!/usr/bin/env bash
# Real PostgreSQL and Redis for the public server's tests (tests/test_stores.py,
# tests/test_cluster.py), each on a free loopback port of its own, in a folder of
# its own, torn down by `stop`. Sourced by .ci/run; by hand:
#
#     source .ci/services.sh && services_start && pytest tests/test_cluster.py; services_stop
#
# Missing servers are installed with apt-get (Debian's redis-server and postgresql).
# PostgreSQL refuses to run as root, so as root it runs as the `postgres` user
# (made if missing). When a server cannot be had, its variable is left unset and
# the tests that need it skip, saying why (AUDIOGAME_SERVICES_NOTE tells what failed).
# Cost on this project's machine: 2 s to start both (when installed), 0.3 s to stop, and
# about 50 s of tests that run only with them (load 3).

services_free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

services_pg_bin() {
    local found
    found=$(command -v pg_ctl 2>/dev/null || true)
    if [ -n "$found" ]; then dirname "$(readlink -f "$found")"; return; fi
    found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
    [ -n "$found" ] && echo "$found"
}

services_install() {
    local missing=()
    command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
    [ -n "$(services_pg_bin)" ] || missing+=(postgresql)
    [ ${#missing[@]} -eq 0 ] && return 0
    if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
        AUDIOGAME_SERVICES_NOTE="cannot install ${missing[*]}: not root, or no apt-get"
        return 0
    fi
    (apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}") \
        >"$SERVICES_DIR/apt.log" 2>&1 \
        || AUDIOGAME_SERVICES_NOTE="apt-get could not install ${missing[*]} (see $SERVICES_DIR/apt.log)"
}

services_start() {
    SERVICES_DIR=$(mktemp -d /tmp/audiogame-services.XXXXXX)
    chmod 755 "$SERVICES_DIR"
    AUDIOGAME_SERVICES_NOTE=""
    services_install
    # Redis: no persistence, loopback only
    if command -v redis-server >/dev/null 2>&1; then
        local rport
        rport=$(services_free_port)
        redis-server --port "$rport" --bind 127.0.0.1 --save "" --appendonly no \
            --dir "$SERVICES_DIR" --daemonize yes --pidfile "$SERVICES_DIR/redis.pid" \
            --logfile "$SERVICES_DIR/redis.log" >/dev/null
        for _ in $(seq 50); do
            redis-cli -p "$rport" ping >/dev/null 2>&1 && break
            sleep 0.1
        done
        if redis-cli -p "$rport" ping >/dev/null 2>&1; then
            export AUDIOGAME_TEST_REDIS="redis://127.0.0.1:$rport/0"
        else
            AUDIOGAME_SERVICES_NOTE+=" redis-server did not start (see $SERVICES_DIR/redis.log)"
        fi
    fi
    # PostgreSQL: a throwaway cluster, trust on loopback, no fsync (tests, not data)
    local bin
    bin=$(services_pg_bin || true)
    if [ -n "$bin" ]; then
        local pport run=()
        pport=$(services_free_port)
        mkdir -p "$SERVICES_DIR/pg"
        if [ "$(id -u)" = 0 ]; then
            id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
            chown postgres "$SERVICES_DIR/pg"
            run=(runuser -u postgres --)
        fi
        if "${run[@]}" "$bin/initdb" -D "$SERVICES_DIR/pg/data" -U postgres -A trust \
                >"$SERVICES_DIR/initdb.log" 2>&1 \
            && "${run[@]}" "$bin/pg_ctl" -D "$SERVICES_DIR/pg/data" -l "$SERVICES_DIR/pg/log" -w \
                -o "-p $pport -k $SERVICES_DIR/pg -c listen_addresses=127.0.0.1 -c fsync=off" \
                start >/dev/null 2>&1; then
            export AUDIOGAME_TEST_POSTGRES="postgresql://postgres@127.0.0.1:$pport/postgres"
            SERVICES_PG_STOP=("${run[@]}" "$bin/pg_ctl" -D "$SERVICES_DIR/pg/data" -m immediate stop)
        else
            AUDIOGAME_SERVICES_NOTE+=" PostgreSQL did not start (see $SERVICES_DIR/pg/log)"
        fi
    fi
    export AUDIOGAME_SERVICES_NOTE
}

services_stop() {
    [ -n "${SERVICES_DIR:-}" ] || return 0
    if [ -f "$SERVICES_DIR/redis.pid" ]; then
        kill "$(cat "$SERVICES_DIR/redis.pid")" 2>/dev/null || true
    fi
    if [ -n "${SERVICES_PG_STOP+x}" ]; then
        "${SERVICES_PG_STOP[@]}" >/dev/null 2>&1 || true
    fi
    rm -rf "$SERVICES_DIR"
    unset SERVICES_DIR AUDIOGAME_TEST_REDIS AUDIOGAME_TEST_POSTGRES
}
