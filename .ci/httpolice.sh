#!/usr/bin/env bash
# HTTPolice (an HTTP linter from PyPI) over a fixed set of exchanges with the fixture server.
#
# Creates (or reuses) .build/httpolice-venv with the pins of .ci/httpolice-requirements.txt, starts
# `fixture-server --api server-fixtures/Examples/movies` on a free loopback port, and runs
# .ci/httpolice_check.py: it records every exchange of its list (the built-in backends, the movies
# example, conditional requests, errors, framing edge cases) into .build/httpolice/, checks them, prints
# the notices by id, and fails on an error notice that .ci/httpolice-allow.txt does not list with a
# reason. Always stops the server.
set -euo pipefail
cd "$(dirname "$0")/.."

venv=.build/httpolice-venv
source .ci/pinned-venv.sh
pinned_venv httpolice "$venv" .ci/httpolice-requirements.txt

swift build --product fixture-server
server_bin="$(swift build --show-bin-path)/fixture-server"
server_log=.build/httpolice-server.log
record_dir=.build/httpolice
rm -rf "$record_dir"

server_pid=""
stop_server() {
    if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
        kill -TERM "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
}
trap stop_server EXIT

free_port() {
    "$venv/bin/python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# A port picked this way can be taken by someone else before the server binds it: try a few.
port=""
for try in 1 2 3; do
    candidate=$(free_port)
    "$server_bin" --api server-fixtures/Examples/movies --port "$candidate" >"$server_log" 2>&1 &
    server_pid=$!
    for _ in $(seq 1 100); do
        if grep -q "listening on" "$server_log"; then
            port=$candidate
            break
        fi
        kill -0 "$server_pid" 2>/dev/null || break
        sleep 0.1
    done
    [ -n "$port" ] && break
    echo "httpolice: fixture-server did not start on port $candidate (try $try); its log:" >&2
    cat "$server_log" >&2 || true
    stop_server
    server_pid=""
done
if [ -z "$port" ]; then
    echo "CI: fixture-server did not start" >&2
    exit 1
fi

"$venv/bin/python" .ci/httpolice_check.py --port "$port" --record-dir "$record_dir" --allow .ci/httpolice-allow.txt
echo "CI: HTTPolice found no error notice outside .ci/httpolice-allow.txt"
