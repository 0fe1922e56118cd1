#!/usr/bin/env bash
# The core's compile work without the build system, as BENCHMARKS.md's issue 47 rounds measure it:
# one whole-module `swiftc` per module (-Onone -g -enable-testing, one thread, warm caches), its user+sys
# CPU seconds; and the share of the core's IR (`-wmo -emit-ir -Onone`) that the message folder's types
# take, by the functions whose demangled names mention a type declared in Sources/ServiceLayerCore/Messages/.
#   bash .ci/compile-work.sh [CHECKOUT]   (a work tree; this one by default)
set -euo pipefail
tree=$(cd "${1:-$(dirname "$0")/..}" && pwd)
core="$tree/Sources/ServiceLayerCore"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
files=$(find "$core" -name '*.swift' | sort)
echo "tree: $tree ($(git -C "$tree" rev-parse --short HEAD))"
echo "Messages/ lines: $(find "$core/Messages" -name '*.swift' -print0 | xargs -0 cat | wc -l) of $(cat $files | wc -l) in the core"
compile() {  # whole module, one thread, warm: the median user+sys of three
    local times=()
    for _ in 1 2 3; do
        /usr/bin/time -f '%U %S' -o "$out/t" swiftc -module-name ServiceLayerCore -swift-version 6 -parse-as-library -wmo \
            -Onone -g -enable-testing -num-threads 0 -c $files -o "$out/core.o" 2>/dev/null
        times+=("$(awk '{ printf "%.2f", $1 + $2 }' "$out/t")")
    done
    printf '%s\n' "${times[@]}" | sort -n | sed -n 2p
}
echo "whole-module compile work (CPU s, median of 3): $(compile)"
swiftc -module-name ServiceLayerCore -swift-version 6 -parse-as-library -wmo -Onone -emit-ir $files -o "$out/core.ll" 2>/dev/null
types=$(grep -rhoE '^\s*(public |private |fileprivate )?(struct|enum|protocol|class|extension) [A-Z][A-Za-z]*' "$core/Messages" \
    | awk '{ print $NF }' | sort -u | grep -vE '^(APIError|String|URL|Data)$' | paste -sd'|')
python3 - "$out/core.ll" "$types" <<'PY'
import re, subprocess, sys
ir, types = open(sys.argv[1]).read(), sys.argv[2]
functions = re.findall(r'^define [^@]*@("?[^"(]+"?)\(.*?\n(.*?)\n}', ir, re.S | re.M)
names = [name.strip('"') for name, _ in functions]
demangled = subprocess.run(["swift-demangle", "--simplified"], input="\n".join(names), capture_output=True, text=True).stdout.split("\n")
pattern = re.compile(r"\b(" + types + r")\b")
total = messages = 0
for (name, body), readable in zip(functions, demangled):
    count = sum(1 for line in body.split("\n") if line.startswith("  ") and not line.lstrip().startswith(";"))
    total += count
    if pattern.search(readable): messages += count
print(f"IR instructions: {total}; in functions of Messages/ types: {messages} ({100 * messages / total:.1f} %)")
PY
