#!/usr/bin/env bash
# Builds the DocC catalogs of ServiceLayer and of its testing kit, ServiceLayerTesting, with the
# toolchain's docc; any warning (a broken symbol link, an undocumented topic reference) fails the build.
set -euo pipefail
cd "$(dirname "$0")/.."

swift package dump-symbol-graph --minimum-access-level public >/dev/null

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
        --warnings-as-errors
    echo "docs: built $output"
}

build ServiceLayer Sources/ServiceLayer/ServiceLayer.docc
build ServiceLayerTesting Sources/ServiceLayerTesting/ServiceLayerTesting.docc
