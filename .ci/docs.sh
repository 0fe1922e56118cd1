#!/usr/bin/env bash
# Builds the DocC catalogs of ServiceLayer and of its testing kit, ServiceLayerTesting, with the
# toolchain's docc; any warning (a broken symbol link, an undocumented topic reference) fails the build.
# Then makes the static site for GitHub Pages in .build/docs-site: both archives are built for static
# hosting under /$HOSTING_BASE_PATH/ (the repository's name: Pages serves a project site there) and
# merged with `docc merge` into one site with a landing page listing both modules. The workflow's `docs`
# job publishes that folder from main. To read it here (the README's one command):
#   bash .ci/docs.sh --open    builds, serves the site on http://127.0.0.1:8000/ (PORT=... for another
#                              port) and opens the guided tutorial in the browser; Control-C stops it
set -euo pipefail
cd "$(dirname "$0")/.."

open_site=false
case "${1:-}" in
--open) open_site=true ;;
"") ;;
*)
    echo "usage: bash .ci/docs.sh [--open]" >&2
    exit 2
    ;;
esac

HOSTING_BASE_PATH=${HOSTING_BASE_PATH:-ServiceLayer}
site=.build/docs-site

# dump-symbol-graph builds the package and emits a graph for every module. On a fresh clone it also
# tries the test-runner modules (ServiceLayerPackageTests, ...DiscoveredTests) that only `swift test`
# makes, and exits non-zero for them: those failures are not ours to document, any other one is. Old
# graphs are removed first so that a module whose graph failed cannot be documented from a stale one.
mkdir -p .build && rm -rf .build/*/symbolgraph
if ! swift package dump-symbol-graph --minimum-access-level public >.build/docs-symbol-graph.log 2>&1; then
    failed=$(grep -oE "Failed to emit symbol graph for '[^']+'" .build/docs-symbol-graph.log | cut -d"'" -f2 || true)
    others=$(grep -vE 'Package(Discovered)?Tests$' <<<"$failed" || true)
    if [ -z "$failed" ] || [ -n "$others" ]; then
        cat .build/docs-symbol-graph.log >&2
        echo "docs: swift package dump-symbol-graph failed${others:+ for: $others}" >&2
        exit 1
    fi
fi

# ServiceLayer re-exports ServiceLayerCore (`@_exported import`), and a learner reads one manual: its graph
# is extracted again with the core's symbols in it (swift-symbolgraph-extract's
# -experimental-allowed-reexported-modules), so that ``APIClient`` in an article resolves in ServiceLayer's
# archive, as `APIClient` does in code that imports ServiceLayer. The graph dump's own ServiceLayer graphs
# are removed so that only this one is documented.
bin=$(swift build --show-bin-path)
target=$(swiftc -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')
sdk=()
if command -v xcrun >/dev/null 2>&1; then sdk=(-sdk "$(xcrun --show-sdk-path --sdk macosx)"); fi
find .build -path '*symbolgraph*' \( -name 'ServiceLayer.symbols.json' -o -name 'ServiceLayer@*.symbols.json' \) -delete
mkdir -p .build/reexported-symbolgraph
swift-symbolgraph-extract -module-name ServiceLayer -target "$target" "${sdk[@]}" -I "$bin/Modules" -I "$bin" \
    -minimum-access-level public -experimental-allowed-reexported-modules=ServiceLayerCore \
    -output-dir .build/reexported-symbolgraph

# One catalog per module, each with only its own module's graphs: the fixture server and the demo are
# documented in their READMEs.
build() {
    local module=$1 catalog=$2
    local graphs=.build/docs-symbol-graphs/$module output=.build/$module.doccarchive
    rm -rf "$graphs" "$output"
    mkdir -p "$graphs"
    find .build -path '*symbolgraph*' \( -name "$module.symbols.json" -o -name "$module@*.symbols.json" \) \
        -exec cp {} "$graphs"/ \;
    if ! ls "$graphs/$module.symbols.json" >/dev/null 2>&1; then
        echo "docs: no symbol graph for $module was produced" >&2
        exit 1
    fi
    docc convert "$catalog" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.servicelayer.$module" \
        --additional-symbol-graph-dir "$graphs" \
        --output-path "$output" \
        --transform-for-static-hosting \
        --hosting-base-path "$HOSTING_BASE_PATH" \
        --warnings-as-errors
    echo "docs: built $output"
}

build ServiceLayer Sources/ServiceLayer/ServiceLayer.docc
build ServiceLayerTesting Sources/ServiceLayerTesting/ServiceLayerTesting.docc

# The site: one merged archive (docc merge needs archives built for static hosting, as above).
rm -rf "$site"
docc merge .build/ServiceLayer.doccarchive .build/ServiceLayerTesting.doccarchive \
    --synthesized-landing-page-name ServiceLayer \
    --synthesized-landing-page-kind Package \
    --output-path "$site"
# DocC's app answers the site's root with "The page you're looking for can't be found" (its landing page
# is /documentation/): the root becomes a redirect there, relative so it works under any base path.
cat >"$site/index.html" <<'HTML'
<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>ServiceLayer documentation</title>
<meta http-equiv="refresh" content="0; url=documentation/"><link rel="canonical" href="documentation/"></head>
<body><p><a href="documentation/">ServiceLayer documentation</a> (ServiceLayer and ServiceLayerTesting)</p></body></html>
HTML
for page in documentation/servicelayer/index.html documentation/servicelayertesting/index.html index.html; do
    if [ ! -f "$site/$page" ]; then
        echo "docs: the site has no $page" >&2
        exit 1
    fi
done
echo "docs: built the site in $site (hosting base path /$HOSTING_BASE_PATH/)"

if $open_site; then
    # The site's links start with /$HOSTING_BASE_PATH/: serve a folder where that path is the site.
    port=${PORT:-8000}
    mkdir -p .build/docs-serve && ln -sfn ../docs-site ".build/docs-serve/$HOSTING_BASE_PATH"
    url="http://127.0.0.1:$port/$HOSTING_BASE_PATH/tutorials/servicelayertutorials/"
    echo "docs: serving the site at http://127.0.0.1:$port/$HOSTING_BASE_PATH/documentation/servicelayer/"
    echo "docs: the guided tutorial is $url (Control-C stops the server)"
    python3 -m http.server --bind 127.0.0.1 --directory .build/docs-serve "$port" &
    server=$!
    trap 'kill "$server" 2>/dev/null || true' EXIT INT TERM
    sleep 1
    if command -v open >/dev/null 2>&1; then
        open "$url"
    elif command -v xdg-open >/dev/null 2>&1; then
        xdg-open "$url" >/dev/null 2>&1 || echo "docs: open $url in your browser"
    else
        echo "docs: open $url in your browser"
    fi
    wait "$server"
fi
