#!/usr/bin/env bash
# Two modules' folders in layer order: a folder may use the folders before it, never one after it. The
# compiler checks it: for each k, the Swift files of layers 1..k are type-checked alone (`swiftc
# -typecheck`, Swift 6, no other module), so a use of anything in a later layer fails with the
# compiler's own error, named here with its layer and file.
#
# The client core (Sources/ServiceLayerCore), low to high: Plumbing (locks, timers, files, the main
# queue) < Safety (origins, loopback hosts, redaction, redirects, secrets) < Errors and Messages, one layer (Errors/:
# APIError, the type a learner switches over; Messages/: the language-neutral message engine and one
# folder per language's table, English/ first; they use each other, so they are checked together) <
# Responses (the outcome of an exchange and how an endpoint reads it) < Seams (request hooks, retry
# policies) < Reports (ExchangeReport, logging) < Caching < Transfers (URLSession tasks and their bytes:
# data, uploads, downloads, progress) < Endpoints (the request a learner describes, and its modifiers) <
# Sending (APIClient: builds the request, authenticates, exchanges, coalesces, delivers).
#
# The fixture server (server-fixtures/Sources), its rooms as floors, low to high: Wire (HTTP/1.1 on
# sockets, dates, faults as the wire carries them out, the lock; it hands what it reads to one handler and
# tells one observer) < JSON < Teaching (the teaching answers as facts, and each language's table) < Routing
# (routes, the router, caching validators, CORS, static files) < APIFolder (the --api folder) < Recording
# (--record) < BuiltInAPIs (the three backends) < Describing (OpenAPI, Swift models) < Inspecting (what the
# server saw) < TestControls (queued faults, recorded requests) < Pages (every HTML page) < Server (the
# public FixtureServer: assembles the rest). A new folder must be added to its list here.
#
#   bash .ci/layers.sh              check both
#   bash .ci/layers.sh core|server  check one
#   bash .ci/layers.sh --self-test  prove it fails on a copy of each where the lowest layer uses a higher one
#                                   (the core's Plumbing/ uses APIError; the server's Wire/ uses Router)
set -euo pipefail
cd "$(dirname "$0")/.."

CORE_LAYERS=(
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

SERVER_LAYERS=(
    "Wire"
    "JSON"
    "Teaching"
    "Routing"
    "APIFolder"
    "Recording"
    "BuiltInAPIs"
    "Describing"
    "Inspecting"
    "TestControls"
    "Pages"
    "Server"
)

# check ROOT MODULE LAYER...: type-checks each prefix of the LAYERs under ROOT as module MODULE; fails at the
# first layer that needs a later one. A folder of ROOT in no layer fails too.
check() {
    local root=$1 module=$2
    shift 2
    local layers=("$@") files=() k all stub
    all=$(cd "$root" && find . -mindepth 2 -name '*.swift' | cut -d/ -f2 | sort -u | tr '\n' ' ')
    for layer in "${layers[@]}"; do
        for folder in $layer; do
            all=${all/"$folder "/}
        done
    done
    if [ -n "${all// /}" ]; then
        echo "layers: folders of $root in no layer: $all(add them to its list in .ci/layers.sh)" >&2
        return 1
    fi
    # A module with resources has `Bundle.module`, which SwiftPM generates; a stand-in for type-checking.
    stub=$(mktemp -d)/resource_bundle_accessor.swift
    printf 'import Foundation\nextension Foundation.Bundle { static var module: Bundle { .main } }\n' >"$stub"
    for k in "${!layers[@]}"; do
        for folder in ${layers[$k]}; do
            while IFS= read -r file; do files+=("$file"); done < <(find "$root/$folder" -name '*.swift' | sort)
        done
        local log
        if ! log=$(swiftc -typecheck -swift-version 6 -parse-as-library -module-name "$module" \
            -package-name ServiceLayer "${files[@]}" "$stub" 2>&1); then
            local first
            first=$(grep -m1 -E 'error:' <<<"$log" || echo "$log" | head -5)
            echo "layers: $module layer $((k + 1)) (${layers[$k]}) does not compile without the layers after it:" >&2
            echo "  ${first#"$root/"}" >&2
            echo "  a folder may only use the folders of its own and earlier layers (see .ci/layers.sh)" >&2
            rm -rf "$(dirname "$stub")"
            return 1
        fi
        echo "layers: $module: ${layers[$k]}: uses nothing of a later layer"
    done
    rm -rf "$(dirname "$stub")"
}

# self_test NAME SOURCES MODULE LOWEST SYMBOL PLANTED LAYER...: a copy of SOURCES where the LOWEST folder holds
# the Swift line PLANTED (a use of SYMBOL, declared higher) must fail, naming layer 1 and SYMBOL.
self_test() {
    local sources=$1 module=$2 lowest=$3 symbol=$4 planted=$5
    shift 5
    local copy out
    copy=$(mktemp -d)
    cp -R "$sources/." "$copy/"
    printf '%s\n' "$planted" >"$copy/$lowest/Planted.swift"
    if out=$(check "$copy" "$module" "$@" 2>&1); then
        rm -rf "$copy"
        echo "layers self-test: a use of $symbol from $lowest/ in $module was not caught" >&2
        exit 1
    fi
    rm -rf "$copy"
    grep -q "$module layer 1 ($lowest)" <<<"$out" && grep -q "$symbol" <<<"$out" || {
        echo "layers self-test: the failure did not name $module's layer and the symbol:" >&2
        echo "$out" >&2
        exit 1
    }
    echo "layers self-test: a use of $symbol from $lowest/ fails in $module, naming the layer and the symbol"
}

if [ "${1:-}" = "--self-test" ]; then
    self_test Sources/ServiceLayerCore ServiceLayerCore Plumbing APIError \
        'func planted() -> APIError { .offline }' "${CORE_LAYERS[@]}"
    self_test server-fixtures/Sources FixtureServer Wire Router \
        'func planted() -> Router { Router() }' "${SERVER_LAYERS[@]}"
    exit 0
fi
if [ "${1:-core}" = "core" ] || [ -z "${1:-}" ]; then check Sources/ServiceLayerCore ServiceLayerCore "${CORE_LAYERS[@]}"; fi
if [ "${1:-server}" = "server" ]; then check server-fixtures/Sources FixtureServer "${SERVER_LAYERS[@]}"; fi
