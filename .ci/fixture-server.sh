# Sourced by the .ci scripts that check the fixture server from outside (.ci/httpolice.sh,
# .ci/schemathesis.sh): builds `fixture-server`, and `start_fixture_server NAME PYTHON LOG ARGS...` starts it
# on a free loopback port with ARGS, waits for its "listening on" line, and sets `port` and `server_pid`.
# The server is stopped when the sourcing script exits.

swift build --product fixture-server
server_bin="$(swift build --show-bin-path)/fixture-server"

server_pid=""
stop_server() {
    if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
        kill -TERM "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
}
trap stop_server EXIT

start_fixture_server() {
    local name=$1 python=$2 log=$3
    shift 3
    port=""
    # A port picked this way can be taken by someone else before the server binds it: try a few.
    for try in 1 2 3; do
        local candidate
        candidate=$("$python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
        "$server_bin" "$@" --port "$candidate" >"$log" 2>&1 &
        server_pid=$!
        for _ in $(seq 1 100); do
            if grep -q "listening on" "$log"; then
                port=$candidate
                break
            fi
            kill -0 "$server_pid" 2>/dev/null || break
            sleep 0.1
        done
        [ -n "$port" ] && return 0
        echo "$name: fixture-server did not start on port $candidate (try $try); its log:" >&2
        cat "$log" >&2 || true
        stop_server
        server_pid=""
    done
    echo "CI: fixture-server did not start" >&2
    exit 1
}
