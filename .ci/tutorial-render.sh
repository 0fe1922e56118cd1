#!/usr/bin/env bash
# The guided tutorial renders: headless Chromium (Debian's, installed as .ci/cors-browser.sh does) loads the
# docs site that .ci/docs.sh built (.build/docs-site, built first when absent), served on loopback by
# `python3 -m http.server`, and the DOM after DocC's JavaScript ran must hold the table of contents (its
# five chapters), one tutorial page with its steps and their code, an assessment with its choices, and the
# landing page's "Start here" link. Prints the text of one step as Chromium shows it.
set -euo pipefail
cd "$(dirname "$0")/.."

HOSTING_BASE_PATH=${HOSTING_BASE_PATH:-ServiceLayer}
site=.build/docs-site
if [ ! -f "$site/tutorials/servicelayertutorials/index.html" ]; then
    bash .ci/docs.sh
fi
if ! command -v chromium >/dev/null 2>&1; then
    echo "installing Debian's chromium"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi

work=$(mktemp -d)
server=""
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT
ln -s "$PWD/$site" "$work/$HOSTING_BASE_PATH"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server --bind 127.0.0.1 --directory "$work" "$port" >"$work/http.log" 2>&1 &
server=$!
for _ in $(seq 1 50); do
    curl -sf -o /dev/null "http://127.0.0.1:$port/$HOSTING_BASE_PATH/index.html" && break
    sleep 0.1
done

# The page's text after its scripts ran: tags removed (code tokens join up again as they were written),
# entities decoded, runs of white space made one space.
render() {
    timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run \
        --user-data-dir="$work/profile" --virtual-time-budget=20000 --dump-dom \
        "http://127.0.0.1:$port/$HOSTING_BASE_PATH/$1" 2>>"$work/chromium.log" |
        python3 -c '
import html, re, sys
page = re.sub(r"<(script|style)\b.*?</\1>", "", sys.stdin.read(), flags=re.S)
print(re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", "", page))))'
}

# expect PAGE-TEXT-FILE WHAT STRING...: each string must appear in the page's text.
expect() {
    local file=$1 what=$2 missing=0
    shift 2
    for string in "$@"; do
        if ! grep -qF -- "$string" "$file"; then
            echo "tutorial-render: $what does not show: $string" >&2
            missing=1
        fi
    done
    if [ $missing -ne 0 ]; then
        echo "tutorial-render: its text as Chromium rendered it:" >&2
        cut -c 1-3000 "$file" >&2
        tail -5 "$work/chromium.log" >&2
        exit 1
    fi
    echo "tutorial-render: $what renders"
}

render tutorials/servicelayertutorials >"$work/toc.txt"
expect "$work/toc.txt" "the table of contents" "Networking in Swift, step by step" \
    "New to networking in Swift? Start here." "Meet the menu" "When something goes wrong" "Your own API" \
    "Test it" "Show it in an app"

render tutorials/servicelayer/meetthemenu >"$work/page.txt"
expect "$work/page.txt" "the tutorial page Meet the menu, its steps and code" \
    "Start the server and list the categories" "Step 1" "Step 3" \
    "MenuController.shared.fetchCategories { result in" "dispatchMain()" "An order, and its notification" \
    "Check Your Understanding" "It ends before the completion runs"

render documentation/servicelayer >"$work/landing.txt"
expect "$work/landing.txt" "the landing page's link to the tutorial" "New to networking in Swift? Start here"

# One step as Chromium shows it: Meet the menu's third step, its text and its code.
python3 - "$work/page.txt" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
start = text.index("Step 3")
end = min(i for i in (text.find("No Preview", start), text.find("Section 2", start), start + 1500) if i > start)
print("tutorial-render: one step as rendered:\n  " + text[start:end].strip()[:1500])
PY
