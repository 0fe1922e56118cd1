#!/usr/bin/env bash
# The tutorial's "Show it in an app" steps (SwiftUI), type-checked for iOS against Apple's real SwiftUI:
# each step, as the learner's app stands after it (.ci/tutorial.py --ios writes one module folder per
# step), in Swift 6 with main-actor default isolation and warnings as errors, for arm64-apple-ios15.0 (the
# package's floor: the compiler enforces availability, so NavigationStack, iOS 16, would fail). The
# library's modules are emitted first, in dependency order, in plain Swift 6 mode, as SwiftPM builds them.
# Uses the SDK of ../shared/tools/ios-sdk (setup.sh makes it; typecheck.sh compiles): .ci/ios.sh can call
# this script, or the function tutorial_ios_steps after sourcing it.
set -euo pipefail
cd "$(dirname "$0")/.."

tutorial_ios_steps() {
    local tools=${IOS_SDK_TOOLS:-/work/shared/tools/ios-sdk}
    local triple=arm64-apple-ios15.0 out=.build/tutorial-ios sdk
    sdk=$(bash "$tools/setup.sh" | tail -n 1)
    rm -rf "$out/steps" && mkdir -p "$out"
    # typecheck.sh compiles every *.swift under a folder: the modules' sources are linked into $out/src
    # without their DocC catalogs, whose Resources/ hold the tutorial's step files (SwiftPM skips *.docc).
    local module
    rm -rf "$out/src"
    for module in ServiceLayerCore ServiceLayer; do
        mkdir -p "$out/src/$module"
        find "Sources/$module" -name '*.docc' -prune -o -name '*.swift' -print | while read -r file; do
            mkdir -p "$out/src/$(dirname "${file#Sources/}")"
            ln -s "$PWD/$file" "$out/src/${file#Sources/}"
        done
    done
    SWIFT_FLAGS="-swift-version 6" bash "$tools/typecheck.sh" "$sdk" "$triple" "$out" \
        ServiceLayerCore lib "$out/src/ServiceLayerCore" ServiceLayer lib "$out/src/ServiceLayer"
    local modules=()
    while read -r name dir; do modules+=("$name" lib "$dir"); done < <(python3 .ci/tutorial.py --ios "$out/steps")
    if [ ${#modules[@]} -eq 0 ]; then
        echo "tutorial-ios: no iOS steps found" >&2
        return 1
    fi
    SWIFT_FLAGS="-swift-version 6 -default-isolation MainActor -warnings-as-errors" \
        bash "$tools/typecheck.sh" "$sdk" "$triple" "$out" "${modules[@]}"
    echo "tutorial-ios: $((${#modules[@]} / 3)) SwiftUI steps type-check for $triple (Swift 6, main-actor default)"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    tutorial_ios_steps
fi
