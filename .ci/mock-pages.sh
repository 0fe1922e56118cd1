#!/usr/bin/env bash
# The self-describing mock's pages in a real browser (issue 44): Debian's Chromium, headless, loads
# GET / (the index), GET /docs and GET /_inspector of `fixture-server --api server-fixtures/Examples/movies`
# with --dump-dom and a virtual time budget (the inspector polls with fetch and setTimeout, no EventSource,
# so virtual time runs). Passes only when:
#   - the index links to /docs, /openapi.json and /_inspector, before the first API, in view on a
#     1280×900 screenshot (the links' background colour is found in it), and says why a link answers 401;
#   - /docs shows the routes (GET /movies, POST /login, GET /movies/{id}/reviews) and the Swift models
#     (struct Movie: Codable, with the inferred optional rating; MoviePopularAnswer for a routes.json route);
#   - /_inspector shows the wrong call made just before it was opened (a PATCH with a string year), with its
#     reason, and its Authorization masked (the token appears nowhere in the page), and its script has
#     polled /_inspector/requests (the status line says "updated live"); the browser's own requests
#     (its /favicon.ico) are folded away.
set -euo pipefail
cd "$(dirname "$0")/.."

# chromium, $server (fixture-server), $work, start NAME ARGS... (sets $url), and the cleanup at exit.
source .ci/headless-chromium.sh
start server --api server-fixtures/Examples/movies

# Prints the DOM of $1 after the virtual time budget.
dump() {
    timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run \
        --user-data-dir="$work/profile-$2" --virtual-time-budget=3000 --dump-dom "$1" 2>"$work/chromium-$2.log"
}

failed=0
expect() { # expect LABEL FILE TEXT: the dump FILE contains TEXT
    if grep -qF -- "$3" "$2"; then
        echo "  ok: $1"
    else
        echo "  MISSING: $1 ($3)" >&2
        failed=1
    fi
}

dump "$url" index >"$work/index.html"
echo "GET / ($(wc -c <"$work/index.html") bytes of DOM)"
expect "the index links to /docs" "$work/index.html" 'href="/docs"'
expect "the index links to /openapi.json" "$work/index.html" 'href="/openapi.json"'
expect "the index links to /_inspector" "$work/index.html" 'href="/_inspector"'
expect "the index says why a link answers 401" "$work/index.html" 'answers <b>401</b>'
if ! python3 -c 'import sys; t = open(sys.argv[1]).read(); sys.exit(0 if t.index("class=\"pages\"") < t.index("<h2>") else 1)' \
    "$work/index.html"; then
    echo "  MISSING: the index's links to its pages come before the APIs" >&2
    failed=1
fi
# In view at 1280×900: the links' background (#eef5ff, ServerPages.style, nowhere else on the page) is in
# a screenshot of the window.
timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run \
    --user-data-dir="$work/profile-shot" --window-size=1280,900 --hide-scrollbars \
    --screenshot="$work/index.png" "$url" 2>"$work/chromium-shot.log" >/dev/null
if python3 - "$work/index.png" <<'PYTHON'; then
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n"
pos, chunks, width, height, kind = 8, b"", 0, 0, 0
while pos < len(data):
    length, tag = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + length]
    if tag == b"IHDR":
        width, height, depth, kind = struct.unpack(">IIBB", body[:10])
    elif tag == b"IDAT":
        chunks += body
    pos += 12 + length
step = {2: 3, 6: 4}[kind]
raw, stride, previous, found = zlib.decompress(chunks), width * step, bytearray(width * step), 0
for row in range(height):
    line = raw[row * (stride + 1):(row + 1) * (stride + 1)]
    method, current = line[0], bytearray(line[1:])
    for i in range(stride):
        a = current[i - step] if i >= step else 0
        b, c = previous[i], previous[i - step] if i >= step else 0
        if method == 1: current[i] = (current[i] + a) & 255
        elif method == 2: current[i] = (current[i] + b) & 255
        elif method == 3: current[i] = (current[i] + (a + b) // 2) & 255
        elif method == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            current[i] = (current[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    found += sum(1 for x in range(0, stride, step) if current[x:x + 3] == b"\xee\xf5\xff")
    previous = current
sys.exit(0 if found > 500 else 1)
PYTHON
    echo "  ok: the index's links are in view at 1280×900"
else
    echo "  MISSING: the index's links are not in view at 1280×900 (screenshot: no #eef5ff)" >&2
    failed=1
fi

dump "${url}docs" docs >"$work/docs.html"
echo "GET /docs ($(wc -c <"$work/docs.html") bytes of DOM)"
expect "the list route" "$work/docs.html" '<code>/movies</code>'
expect "the canned login route" "$work/docs.html" '<code>/login</code>'
expect "the nested list" "$work/docs.html" '<code>/movies/{id}/reviews</code>'
expect "an example answer" "$work/docs.html" 'The Lighthouse Keeper'
expect "the Swift model" "$work/docs.html" 'struct Movie: Codable {'
expect "the inferred optional" "$work/docs.html" 'let rating: Double?'
expect "the nested struct" "$work/docs.html" 'struct Director: Codable {'
expect "a routes.json answer's model" "$work/docs.html" 'struct MoviePopularAnswer: Codable {'
expect "a collection's page envelope" "$work/docs.html" 'struct MovieListPage: Codable {'

# The learner's wrong call, just before opening the inspector: a string where movies hold numbers.
secret="pages-check-token-5150"
curl -s -o /dev/null -X PATCH -H "Authorization: Bearer $secret" -H 'Content-Type: application/json' \
    -d '{"year":"2024"}' "${url}movies/1"
dump "${url}_inspector" inspector >"$work/inspector.html"
echo "GET /_inspector ($(wc -c <"$work/inspector.html") bytes of DOM)"
expect "the wrong call" "$work/inspector.html" '/movies/1'
expect "its status" "$work/inspector.html" '>400<'
expect "why it failed" "$work/inspector.html" 'Field year is a string, but the other items of movies have a number there'
expect "the token masked" "$work/inspector.html" 'Bearer ••••••'
expect "the page polled /_inspector/requests" "$work/inspector.html" 'updated live'
expect "the browser's own requests folded away" "$work/inspector.html" 'of the browser'"'"'s own and the server'"'"'s pages hidden'
if grep -qF "$secret" "$work/inspector.html"; then
    echo "  LEAKED: the token appears in the inspector's page" >&2
    failed=1
else
    echo "  ok: the token appears nowhere in the page"
fi

if [ "$failed" -ne 0 ]; then
    echo "CI: a page of the self-describing mock lacks what it should show (see above); chromium said:" >&2
    tail -n 20 "$work"/chromium-*.log >&2 || true
    exit 1
fi
echo "CI: the index, /docs and /_inspector show the routes, the model and the last call with its secret masked"
