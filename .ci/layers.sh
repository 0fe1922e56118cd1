#!/usr/bin/env bash
# The core's folders in layer order: a folder may use the folders before it, never one after it. The
# compiler checks it: for each k, the Swift files of layers 1..k are type-checked alone (`swiftc
# -typecheck`, Swift 6, no other module), so a use of anything in a later layer fails with the
# compiler's own error, named here with its layer and file.
#
# Low to high: Plumbing (locks, timers, files, the main queue) < Safety (origins, redaction, redirects,
# secrets) < Errors and Messages, one layer (Errors/: APIError, the type a learner switches over;
# Messages/: the language-neutral message engine and one folder per language's table, English/ first;
# they use each other, so they are checked together) < Responses (the outcome of an exchange and how an
# endpoint reads it) < Seams (request hooks, retry policies) < Reports (ExchangeReport, logging) <
# Caching < Transfers (URLSession tasks and their bytes: data, uploads, downloads, progress) <
# Endpoints (the request a learner describes, and its modifiers) < Sending (APIClient: builds the
# request, authenticates, exchanges, coalesces, delivers). A new folder must be added here.
#
#   bash .ci/layers.sh              check Sources/ServiceLayerCore
#   bash .ci/layers.sh --self-test  prove it fails on a copy where Plumbing/ uses APIError (in Errors/)
set -euo pipefail
cd "$(dirname "$0")/.."

LAYERS=(
    "Plumbing"
    "Safety"
    "Errors Messages"
    "Responses"
    "Seams"
    "Reports"
    "Caching"
    "Transfers"
    "Endpoints"
    "Sending"
)

# check ROOT: type-checks each prefix of LAYERS under ROOT; fails at the first layer that needs a later one.
check() {
    local root=$1 files=() k
    local all
    all=$(cd "$root" && find . -mindepth 2 -name '*.swift' | cut -d/ -f2 | sort -u | tr '\n' ' ')
    for layer in "${LAYERS[@]}"; do
        for folder in $layer; do
            all=${all/"$folder "/}
        done
    done
    if [ -n "${all// /}" ]; then
        echo "layers: folders of $root in no layer: $all(add them to LAYERS in .ci/layers.sh)" >&2
        return 1
    fi
    for k in "${!LAYERS[@]}"; do
        for folder in ${LAYERS[$k]}; do
            while IFS= read -r file; do files+=("$file"); done < <(find "$root/$folder" -name '*.swift' | sort)
        done
        local log
        if ! log=$(swiftc -typecheck -swift-version 6 -parse-as-library -module-name ServiceLayerCore -package-name ServiceLayer \
            "${files[@]}" 2>&1); then
            local first
            first=$(grep -m1 -E 'error:' <<<"$log" || echo "$log" | head -5)
            echo "layers: layer $((k + 1)) (${LAYERS[$k]}) does not compile without the layers after it:" >&2
            echo "  ${first#"$root/"}" >&2
            echo "  a folder may only use the folders of its own and earlier layers (see .ci/layers.sh)" >&2
            return 1
        fi
        echo "layers: ${LAYERS[$k]}: uses nothing of a later layer"
    done
}

if [ "${1:-}" = "--self-test" ]; then
    copy=$(mktemp -d)
    trap 'rm -rf "$copy"' EXIT
    cp -R Sources/ServiceLayerCore/. "$copy/"
    printf 'func planted() -> APIError { .offline }\n' >"$copy/Plumbing/Planted.swift"
    if out=$(check "$copy" 2>&1); then
        echo "layers self-test: a use of Errors/ from Plumbing/ was not caught" >&2
        exit 1
    fi
    grep -q "layer 1 (Plumbing)" <<<"$out" && grep -q "APIError" <<<"$out" || {
        echo "layers self-test: the failure did not name the layer and the symbol:" >&2
        echo "$out" >&2
        exit 1
    }
    echo "layers self-test: a use of Errors/ from Plumbing/ fails, naming the layer and the symbol"
    exit 0
fi
check Sources/ServiceLayerCore
