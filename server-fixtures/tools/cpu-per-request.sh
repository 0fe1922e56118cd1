#!/usr/bin/env bash
# The fixture server's CPU time per request (issue 57): starts a release `fixture-server` on a free loopback
# port with its log lines sent to /dev/null, warms it up, then drives one path with `wrk` (keep-alive
# connections) and divides the server process's CPU time (user + system, from /proc/<pid>/stat) by the
# requests wrk completed. Linux only (/proc). Prints one line per run:
#   cpu-per-request: GET /menu  <flags>  <n> requests  <µs> µs of CPU per request
#
#   bash server-fixtures/tools/cpu-per-request.sh                       build, then /menu, inspector on and off
#   bash server-fixtures/tools/cpu-per-request.sh --binary PATH         an existing fixture-server binary
#   options: --path /menu  --seconds 10  --connections 4  --runs 3
#            --only-on  (no --no-inspector run: for a build older than the inspector, such as 4eca666)
set -euo pipefail
cd "$(dirname "$0")/../.."

binary="" path="/menu" seconds=10 connections=4 runs=3 off=yes
while [ $# -gt 0 ]; do
    case "$1" in
        --binary) binary=$2; shift 2 ;;
        --path) path=$2; shift 2 ;;
        --seconds) seconds=$2; shift 2 ;;
        --connections) connections=$2; shift 2 ;;
        --runs) runs=$2; shift 2 ;;
        --only-on) off=""; shift ;;
        *) echo "cpu-per-request: unknown option $1" >&2; exit 2 ;;
    esac
done
command -v wrk >/dev/null || { echo "cpu-per-request: needs wrk (apt-get install wrk)" >&2; exit 1; }
if [ -z "$binary" ]; then
    swift build -c release --product fixture-server 2>&1 | tail -1
    binary="$(swift build -c release --show-bin-path)/fixture-server"
fi

ticks=$(getconf CLK_TCK)
server_pid=""
trap '[ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null; true' EXIT

# cpu_ticks PID: user + system clock ticks of the process so far (fields 14 and 15 of /proc/PID/stat).
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }

# measure FLAGS...: one run against a fresh server started with FLAGS.
measure() {
    local port
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    "$binary" --port "$port" "$@" >/dev/null 2>&1 &
    server_pid=$!
    for _ in $(seq 100); do curl -fs -o /dev/null "http://127.0.0.1:$port$path" && break; sleep 0.1; done
    wrk -t1 -c"$connections" -d2s "http://127.0.0.1:$port$path" >/dev/null  # warm-up
    local before after out requests
    before=$(cpu_ticks "$server_pid")
    out=$(wrk -t1 -c"$connections" -d"${seconds}s" "http://127.0.0.1:$port$path")
    after=$(cpu_ticks "$server_pid")
    kill "$server_pid"
    wait "$server_pid" 2>/dev/null || true
    server_pid=""
    requests=$(awk '/requests in/ { print $1 }' <<<"$out")
    awk -v d=$((after - before)) -v t="$ticks" -v n="$requests" -v p="$path" -v f="${*:-(defaults)}" \
        'BEGIN { printf "cpu-per-request: GET %s  %s  %d requests  %.1f µs of CPU per request\n", p, f, n, d / t * 1e6 / n }'
}

for _ in $(seq "$runs"); do
    measure
    if [ -n "$off" ]; then measure --no-inspector; fi
done
