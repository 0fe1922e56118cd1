#!/usr/bin/env bash
# A web page on another origin calls the fixture server from a real browser (issue 36): Debian's Chromium,
# headless, loads .ci/cors-page/index.html from one fixture-server (--static, one port), whose script fetches
# the movies example from a second fixture-server (--api, another port) with a preflighted GET and PATCH,
# and writes what arrived into the DOM; --dump-dom prints it. Passes only when the data arrived (titles,
# the exposed X-Total-Count, the PATCH's answer), and when the control — the same page against a server
# started with --no-cors — is blocked by the browser.
set -euo pipefail
cd "$(dirname "$0")/.."

# chromium, $server (fixture-server), $work, start NAME ARGS... (sets $url), and the cleanup at exit.
source .ci/headless-chromium.sh

# Loads the page in headless Chromium against the API at $1; prints the page's result line.
browse() {
    timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run \
        --user-data-dir="$work/profile-$2" --virtual-time-budget=20000 --dump-dom "${page}index.html?api=$1" \
        2>"$work/chromium-$2.log" | grep -o '<pre id="result">[^<]*</pre>' | sed 's/<[^>]*>//g' || true
}

start page --static .ci/cors-page
page=$url
start api --api server-fixtures/Examples/movies
api=$url
start closed --api server-fixtures/Examples/movies --no-cors
closed=$url
echo "page $page, API $api, API without CORS $closed"

result=$(browse "$api" open)
echo "with CORS:    $result"
# The page writes JSON; the browser's DOM dump escapes its quotes as &quot;.
result=${result//&quot;/\"}
if [[ "$result" != "CORS-OK "* ]] || [[ "$result" != *"The Lighthouse Keeper"* ]] ||
    [[ "$result" != *'"total":"2"'* ]] || [[ "$result" != *'"rating":9.5'* ]]; then
    echo "CI: the cross-origin page did not get the data (see above); chromium said:" >&2
    tail -20 "$work/chromium-open.log" >&2
    cat "$work/api.log" >&2
    exit 1
fi
grep -q "OPTIONS /movies/1 -> 204" "$work/api.log" || {
    echo "CI: the browser sent no preflight for the PATCH (the test did not reach the preflight path)" >&2
    exit 1
}

control=$(browse "$closed" closed)
echo "with --no-cors: $control"
if [[ "$control" != "CORS-BLOCKED "* ]]; then
    echo "CI: the control failed: with --no-cors the browser should have blocked the page's fetch" >&2
    exit 1
fi
grep -q "OPTIONS /movies?genre=drama -> 204" "$work/closed.log" || {
    echo "CI: the control's request never reached the server without CORS" >&2
    exit 1
}
echo "CORS in a real browser: a page on $page read $api; the same page was blocked by $closed (--no-cors)"
