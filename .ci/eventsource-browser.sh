#!/usr/bin/env bash
# A browser's own EventSource and APIClient.events read the same events from the fixture server's streams
# (issue 55): Debian's Chromium, headless, loads .ci/eventsource-page/index.html from fixture-server (same
# origin as the streams), whose script reads each stream with `new EventSource(path)` until the browser
# closes it for good, and writes every event as [stream, type, data, lastEventId] into the DOM (--dump-dom
# prints it). Then `event-transcript` (Tests/EventTranscript) reads the same streams from the same server
# with APIClient.events and prints the same lines. The two lists must be equal, line for line.
#
# The streams:
#   0. the Restaurant's countdown, GET /order/{id}/status?speed=600 (six events, ids 0…5, retry: 100). It
#      ends; the browser then does what the spec says after an end: it waits the retry and connects again
#      with Last-Event-ID: 5, gets 204 and closes for good (checked in the server's inspector below).
#      APIClient.events ends there without a reconnect (a clean end is success): the events are the same.
#   1. GET /awkward, a hand-written stream served raw from .ci/eventsource-api/routes.json (an --api folder's
#      stream, `raw` events): a BOM, CR, LF and CRLF line ends, comments, data over several lines, an empty
#      data line, an id with NUL (ignored), an empty id (resets), retry with a non-digit (ignored), an
#      empty or unknown field, UTF-8, a field and a CR LF split across chunks, and an unfinished last event
#      (never dispatched). Both readers take the unfinished end as a cut and reconnect with
#      Last-Event-ID: end, which the route answers 204.
#   2. GET /cut, a stream cut by the server's truncation fault ("fault": "truncatedBody") in the middle of
#      its third event: both readers reconnect with Last-Event-ID: 2 (the last whole event's id, not the
#      cut event's), the route's Last-Event-ID match resumes at event 3, and after the end a reconnect with
#      Last-Event-ID: 4 gets 204 (the browser makes it; APIClient.events ends cleanly without one).
#
# Then /_inspector, loaded in the same browser, must show the /cut stream's events each after its time.
#
# Controls: the comparison is first shown to fail on lists that differ in one character of one event's
# data, type or lastEventId, or by one event dropped (--self-test runs only those).
set -euo pipefail
cd "$(dirname "$0")/.."

# Prints the two lists' difference and fails when they differ; both are read as JSON lines and written
# again in one spelling (JSON's escapes are not compared, only the values).
compare() {
    python3 - "$1" "$2" <<'PY'
import difflib, json, sys
def lines(path):
    with open(path, encoding="utf-8") as f:
        return [json.dumps(json.loads(l), ensure_ascii=True) for l in f.read().splitlines() if l.strip()]
a, b = lines(sys.argv[1]), lines(sys.argv[2])
if a != b:
    sys.stdout.writelines(l + "\n" for l in difflib.unified_diff(a, b, "EventSource (Chromium)", "APIClient.events", lineterm=""))
    sys.exit(1)
PY
}

self_test() {
    local dir
    dir=$(mktemp -d)
    printf '%s\n' '[0,"message","{\"a\":1}","0"]' '[0,"update","two\nlines","1"]' '[0,"(end)","",""]' >"$dir/base"
    printf '%s\n' '[0,"message","{\"a\":1}","0"]' '[0,"update","two\nlines","1"]' '[0,"(end)","",""]' >"$dir/same"
    printf '%s\n' '[0,"message","{\"a\":2}","0"]' '[0,"update","two\nlines","1"]' '[0,"(end)","",""]' >"$dir/data"
    printf '%s\n' '[0,"message","{\"a\":1}","0"]' '[0,"message","two\nlines","1"]' '[0,"(end)","",""]' >"$dir/type"
    printf '%s\n' '[0,"message","{\"a\":1}","0"]' '[0,"update","two\nlines","0"]' '[0,"(end)","",""]' >"$dir/id"
    printf '%s\n' '[0,"message","{\"a\":1}","0"]' '[0,"(end)","",""]' >"$dir/dropped"
    compare "$dir/base" "$dir/same" >/dev/null || { echo "CI: self-test: equal lists were called different" >&2; exit 1; }
    for changed in data type id dropped; do
        if compare "$dir/base" "$dir/$changed" >/dev/null; then
            echo "CI: self-test: lists that differ ($changed) were called equal" >&2
            exit 1
        fi
    done
    rm -rf "$dir"
    echo "self-test: the comparison fails on a changed data, type or lastEventId and on a dropped event"
}
self_test
if [ "${1:-}" = "--self-test" ]; then exit 0; fi

# chromium, $server (fixture-server), $work, start NAME ARGS... (sets $url), and the cleanup at exit.
source .ci/headless-chromium.sh
swift build --product event-transcript 2>&1 | tail -1
transcript="$(swift build --show-bin-path)/event-transcript"
start server --static .ci/eventsource-page --api .ci/eventsource-api

order=$(curl -sf -X POST "${url}order" -H 'Content-Type: application/json' -d '{"menuIds":[5]}')
id=$(python3 -c 'import json, sys; print(json.loads(sys.argv[1])["id"])' "$order")
streams=("order/$id/status?speed=600" "awkward" "cut")
types="message,update"

# The page's address: the streams as absolute paths, each percent-encoded, joined by commas.
page="${url}index.html?types=$types&streams=$(python3 -c '
import sys, urllib.parse
print(",".join(urllib.parse.quote("/" + s, safe="") for s in sys.argv[1:]))' "${streams[@]}")"
echo "page: $page"
timeout 180 chromium --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run \
    --user-data-dir="$work/profile" --virtual-time-budget=60000 --dump-dom "$page" \
    2>"$work/chromium.log" >"$work/dom.html" || true
result=$(grep -o '<pre id="result">[^<]*</pre>' "$work/dom.html" | sed 's/<[^>]*>//g' || true)
if [[ "$result" != "DONE "* ]]; then
    echo "CI: the page did not finish reading the streams (result: ${result:-none}); chromium said:" >&2
    tail -20 "$work/chromium.log" >&2
    cat "$work/server.log" >&2
    exit 1
fi
python3 -c 'import sys, urllib.parse; print(urllib.parse.unquote(sys.argv[1][5:]))' "$result" >"$work/browser.txt"
echo "what the browser's EventSource did (the page's notes):"
sed -n '/<pre id="notes">/,/<\/pre>/p' "$work/dom.html" | sed 's/<[^>]*>//g; s/^/  /'

"$transcript" "$url" "${streams[@]}" >"$work/swift.txt"

echo "EventSource (Chromium) read:"
sed 's/^/  /' "$work/browser.txt"
if ! compare "$work/browser.txt" "$work/swift.txt"; then
    echo "CI: APIClient.events read other events than the browser's EventSource (diff above)" >&2
    exit 1
fi
for index in "${!streams[@]}"; do
    grep -q "^\[$index, *\"(end)\"" "$work/browser.txt" || {
        echo "CI: stream $index (${streams[$index]}) did not end in the browser" >&2
        exit 1
    }
    grep -q "^\[$index, *\"message\"" "$work/browser.txt" || {
        echo "CI: stream $index (${streams[$index]}) gave no event" >&2
        exit 1
    }
done

# The reconnects each reader made, from the server's inspector: the Last-Event-ID sent and the answer.
curl -sf "${url}_inspector/requests" | python3 -c '
import json, sys
requests = json.load(sys.stdin)["requests"][::-1]
def who(r):
    return "EventSource" if "Chrome" in r["requestHeaders"].get("user-agent", "") else "APIClient.events"
resumed = [(who(r), r["path"], r["requestHeaders"]["last-event-id"], r["status"])
           for r in requests if "last-event-id" in r["requestHeaders"]]
for reconnect in resumed:
    print("  %s reconnected: GET %s with Last-Event-ID: %s -> %d" % reconnect)
expected = [("EventSource", "/awkward", "end", 204), ("EventSource", "/cut", "2", 200), ("EventSource", "/cut", "4", 204),
            ("APIClient.events", "/awkward", "end", 204), ("APIClient.events", "/cut", "2", 200)]
missing = [e for e in expected if e not in resumed]
if not any(r[0] == "EventSource" and r[1].startswith("/order/") and r[2:] == ("5", 204) for r in resumed):
    missing.append(("EventSource", "/order/N/status", "5", 204))
if missing:
    sys.exit("CI: reconnects missing (reader, path, Last-Event-ID, answer): %s" % missing)
'
# The inspector's page shows the streams' events as they went, each after its time.
timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run \
    --user-data-dir="$work/profile-inspector" --virtual-time-budget=3000 --dump-dom "${url}_inspector" \
    2>"$work/chromium-inspector.log" >"$work/inspector.html" || true
python3 -c 'import re, sys; sys.exit(0 if re.search(r"\+\d+ ms\nid: 3\nevent: update\ndata: event 3\ndata: has two lines\n\n",
    open(sys.argv[1]).read()) else 1)' "$work/inspector.html" || {
    echo "CI: /_inspector does not show the /cut stream's events with their times" >&2
    exit 1
}
echo "/_inspector shows each stream's events with their times (+N ms)"
echo "EventSource in headless Chromium and APIClient.events read the same $(grep -vc '(end)' "$work/browser.txt") events from ${#streams[@]} stream(s)"
