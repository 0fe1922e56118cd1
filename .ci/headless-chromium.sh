# Sourced by the CI scripts that drive Debian's Chromium, headless, against fixture-server
# (.ci/cors-browser.sh, .ci/mock-pages.sh, .ci/eventsource-browser.sh): installs chromium when it is
# missing, builds fixture-server ($server), makes a temporary folder ($work) and starts servers on free
# ports; at exit every server started here is stopped and $work removed.

if ! command -v chromium >/dev/null 2>&1; then
    echo "installing Debian's chromium"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi
chromium --version

swift build --product fixture-server 2>&1 | tail -1
server="$(swift build --show-bin-path)/fixture-server"
work=$(mktemp -d)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

# Starts fixture-server with the given arguments on a free port, its output in $work/NAME.log, and sets
# $url to its base URL. Not run in a $(...) subshell, so that its process id reaches `pids` and the
# cleanup stops it.
url=""
start() { # NAME ARGS...
    local name=$1
    shift
    "$server" --port 0 "$@" >"$work/$name.log" 2>&1 &
    pids+=($!)
    for _ in $(seq 1 200); do
        if grep -q "listening on" "$work/$name.log"; then
            url=$(grep -o "listening on http://[0-9.:]*/" "$work/$name.log" | sed 's/listening on //')
            return
        fi
        sleep 0.1
    done
    echo "CI: fixture-server $* did not start:" >&2
    cat "$work/$name.log" >&2
    exit 1
}
