#!/usr/bin/env bash
# Interop tests of the generic APIClient against a real httpbin (Python, from PyPI).
#
# Creates (or reuses) a virtual environment in .build/httpbin-venv with the pinned packages of
# .ci/httpbin-requirements.txt, starts gunicorn + httpbin on a free loopback port, runs
# `swift test --filter HTTPBinInteropTests` with HTTPBIN_URL set, checks that the tests really ran
# (none skipped), and always stops gunicorn. Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."

venv=.build/httpbin-venv
requirements=.ci/httpbin-requirements.txt
server_log=.build/httpbin-gunicorn.log
test_log=.httpbin-log.txt
test_file=Tests/ServiceLayerTests/Interop/HTTPBinInteropTests.swift

# --- the virtual environment --------------------------------------------------------------------
source .ci/pinned-venv.sh
pinned_venv httpbin "$venv" "$requirements"

# --- the server ---------------------------------------------------------------------------------
gunicorn_pid=""
stop_server() {
    if [ -n "$gunicorn_pid" ] && kill -0 "$gunicorn_pid" 2>/dev/null; then
        kill -TERM "$gunicorn_pid" 2>/dev/null || true
        for _ in $(seq 1 50); do
            kill -0 "$gunicorn_pid" 2>/dev/null || break
            sleep 0.1
        done
        kill -KILL "$gunicorn_pid" 2>/dev/null || true
        wait "$gunicorn_pid" 2>/dev/null || true
    fi
}
trap stop_server EXIT

free_port() {
    "$venv/bin/python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

answers() {  # whether $1 answers 200
    "$venv/bin/python" - "$1" <<'PY' 2>/dev/null
import sys, urllib.request
with urllib.request.urlopen(sys.argv[1], timeout=2) as response:
    sys.exit(0 if response.status == 200 else 1)
PY
}

# A port picked this way can be taken by someone else before gunicorn binds it: try a few.
port=""
for try in 1 2 3; do
    candidate=$(free_port)
    # gthread workers: /delay/<n> and a cancelled request do not hold up the next test.
    "$venv/bin/gunicorn" --no-control-socket --bind "127.0.0.1:$candidate" \
        --worker-class gthread --workers 1 --threads 8 --timeout 60 \
        --error-logfile "$server_log" httpbin:app &
    gunicorn_pid=$!
    deadline=$((SECONDS + 30))
    while [ $SECONDS -lt $deadline ] && kill -0 "$gunicorn_pid" 2>/dev/null; do
        if answers "http://127.0.0.1:$candidate/get"; then
            port=$candidate
            break
        fi
        sleep 0.3
    done
    [ -n "$port" ] && break
    echo "httpbin: gunicorn did not answer on port $candidate (try $try); its log:" >&2
    tail -n 20 "$server_log" >&2 || true
    stop_server
    gunicorn_pid=""
done
if [ -z "$port" ]; then
    echo "CI: httpbin did not start" >&2
    exit 1
fi
echo "httpbin: serving on http://127.0.0.1:$port/ (gunicorn pid $gunicorn_pid)"

# --- the tests ----------------------------------------------------------------------------------
HTTPBIN_URL="http://127.0.0.1:$port/" swift test --filter HTTPBinInteropTests 2>&1 | tee "$test_log"

# They must have run, all of them, not been skipped.
expected=$(grep -cE '^\s*func test[A-Za-z0-9_]*\(' "$test_file")
executed=$(grep -oE 'Executed [0-9]+ tests?' "$test_log" | tail -n 1 | grep -oE '[0-9]+' || echo 0)
if grep -qi 'skipped' "$test_log"; then
    grep -i 'skipped' "$test_log" >&2
    echo "CI: interop tests were skipped" >&2
    exit 1
fi
if [ "$executed" -lt "$expected" ]; then
    echo "CI: expected at least $expected interop tests to run, $executed ran" >&2
    exit 1
fi
echo "CI: $executed httpbin interop tests ran and passed"
