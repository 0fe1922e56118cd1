#!/usr/bin/env bash
# Builds the ServiceLayer DocC catalog with the toolchain's docc; any warning (a broken symbol link,
# an undocumented topic reference) fails the build.
set -euo pipefail
cd "$(dirname "$0")/.."

graphs=.build/docs-symbol-graphs
output=.build/ServiceLayer.doccarchive
rm -rf "$graphs" "$output"
mkdir -p "$graphs"

swift package dump-symbol-graph --minimum-access-level public >/dev/null
# Only ServiceLayer's graphs: the fixture server and the demo are documented in their READMEs.
find .build -path '*symbolgraph*' -name 'ServiceLayer*.symbols.json' -exec cp {} "$graphs"/ \;
if ! ls "$graphs"/ServiceLayer.symbols.json >/dev/null 2>&1; then
    echo "docs: no symbol graph for ServiceLayer was produced" >&2
    exit 1
fi

docc convert Sources/ServiceLayer/ServiceLayer.docc \
    --fallback-display-name ServiceLayer \
    --fallback-bundle-identifier org.servicelayer.ServiceLayer \
    --additional-symbol-graph-dir "$graphs" \
    --output-path "$output" \
    --warnings-as-errors
echo "docs: built $output"
