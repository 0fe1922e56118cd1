#!/usr/bin/env bash
# Type-checks the package for iOS against Apple's real SDK declarations (UIKit, SwiftUI, Security,
# Network, Foundation as Apple ships it), on Linux: every library and executable module, the learner
# screens and the learner's own API code in the six learner modes (the real UIKit and SwiftUI, no
# stand-ins), and the Restaurant app (Examples/RestaurantApp.swiftpm). 0 errors and 0 warnings, for
# arm64-apple-ios15.0 (the package's floor, so the compiler enforces availability); a self-test plants an
# iOS 16 call in a copy of one of the app's screens, which must fail. Then the `os(macOS)` branches, read
# as iOS in a copy (only `Process`, which iOS lacks, may be missing). Then the floor check: the package's
# modules for arm64-apple-ios14.0 must fail (they use iOS 15 APIs), so the check provably checks.
# Then the test targets (Tests/*Tests) and the learner's test snippets (the tutorial's tests-*.swift), against
# a stand-in for XCTest's interface kept in .ci/ios-xctest (the SDK has no XCTest: Xcode keeps it outside the
# SDK), with the package's modules emitted with -enable-testing as a debug build does (`@testable import`);
# a self-test plants an unfenced `Process()` in a copy of a test file, which must fail. Files that import
# swift-testing (`import Testing`) are listed as unchecked: the 17.4 SDK's Swift 5.10 standard library cannot
# build swift-testing's interface (it lacks `#isolation`), and `@Test`/`#expect` need its macro plugin.
# Prints a line per module and learner mode; fails on any error or warning (typecheck.sh fails on errors
# only).
#
# The SDK: ../shared/tools/ios-sdk/setup.sh prepares it from a bare git copy of the public repository
# danpashin/sdks (IOS_SDK_GIT, or .mirror/danpashin+sdks/repo beside the project) and keeps it in the home
# folder (~/.cache/ios-sdk), where a later run on the same machine finds it. No SDK: this stage fails.
#
#   bash .ci/ios.sh            # everything
#   IOS_SCRATCH=DIR bash .ci/ios.sh   # keep the emitted modules and logs in DIR (default: a temporary folder)
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
started=$(date +%s)

# The shared tools: ../shared/tools/ios-sdk beside the project (a worktree deeper down finds it in a parent).
tools=${IOS_SDK_TOOLS:-}
if [ -z "$tools" ]; then
    d=$root
    while [ "$d" != / ]; do
        [ -f "$d/../shared/tools/ios-sdk/setup.sh" ] && { tools=$(cd "$d/../shared/tools/ios-sdk" && pwd); break; }
        d=$(dirname "$d")
    done
fi
if [ -z "$tools" ] || [ ! -f "$tools/setup.sh" ]; then
    echo "CI (ios): FAILED: ../shared/tools/ios-sdk/setup.sh not found (nor IOS_SDK_TOOLS): the iOS type-check needs the shared tools beside the project" >&2
    echo "CI (ios): (a clone of the project with shared/ beside it, as on the CI machine)" >&2
    exit 1
fi
sdk=$(bash "$tools/setup.sh" | tail -n 1)
setup_status=$?
if [ $setup_status -ne 0 ] || [ ! -d "$sdk" ]; then
    cat >&2 <<EOF
CI (ios): FAILED: no iOS SDK (setup.sh exit $setup_status). This stage never passes without one.
CI (ios): Get a bare git copy of the public repository danpashin/sdks (the comments of
CI (ios): $tools/setup.sh say how), put it at .mirror/danpashin+sdks/repo beside the project
CI (ios): (or in a folder above it) or set IOS_SDK_GIT=/path/to/it,
CI (ios): then run bash ../shared/tools/ios-sdk/setup.sh once (about a minute; kept in ~/.cache/ios-sdk).
EOF
    exit 1
fi
echo "ios: SDK $sdk (with two declarations of newer SDKs, in a scratch overlay: see .ci/ios.sh)"

scratch=${IOS_SCRATCH:-$(mktemp -d)}
[ -n "${IOS_SCRATCH:-}" ] || trap 'rm -rf "$scratch"' EXIT
# A kept IOS_SCRATCH keeps its overlay SDK and module caches (a second run is faster), nothing else.
rm -rf "$scratch/src" "$scratch/15/mods" "$scratch/15/logs" "$scratch/14/mods" "$scratch/14/logs" "$scratch/mac" \
    "$scratch/planted-tests"
mkdir -p "$scratch/src"

# The SDK as a Swift 6.1+ SDK (Xcode 16.3 and later) declares it, for two declarations the 17.4 SDK (built
# with Swift 5.10) lacks and this compiler or a learner's code needs; the rest of the SDK is linked, not
# copied. (They belong in setup.sh's patches; here until then.)
#  - _Concurrency's `_deinitOnExecutor` (the runtime's swift_task_deinitOnExecutor), which SILGen looks
#    up for every class under `-default-isolation MainActor` ("Missing 'swift_task_deinitOnExecutor'
#    function! This is likely due to an outdated/incompatible SDK."): the declaration of this toolchain's
#    own _Concurrency interface, body-less.
#  - Dispatch's `extension DispatchSpecificKey: Sendable where T: Sendable`, which Xcode 16's SDK has
#    (quoted in https://github.com/swiftlang/swift-corelibs-libdispatch/issues/845).
link_all_but() { # FROM TO NAME: links FROM's entries into TO, all but NAME
    local e
    mkdir -p "$2"
    for e in "$1"/*; do
        [ "$(basename "$e")" = "$3" ] || ln -s "$e" "$2/$(basename "$e")"
    done
}
if [ "$(cat "$scratch/sdk/.overlay-of" 2>/dev/null)" != "$sdk" ]; then
rm -rf "$scratch/sdk" "$scratch/resource" "$scratch/15/cache" "$scratch/14/cache"
link_all_but "$sdk" "$scratch/sdk" usr
link_all_but "$sdk/usr" "$scratch/sdk/usr" lib
link_all_but "$sdk/usr/lib" "$scratch/sdk/usr/lib" swift
mkdir -p "$scratch/sdk/usr/lib/swift"
for e in "$sdk/usr/lib/swift"/*; do
    case $(basename "$e") in
        _Concurrency.swiftmodule | Dispatch.swiftmodule) cp -r "$e" "$scratch/sdk/usr/lib/swift/" ;;
        *) ln -s "$e" "$scratch/sdk/usr/lib/swift/$(basename "$e")" ;;
    esac
done
for arch in arm64 arm64e; do
    cat >>"$scratch/sdk/usr/lib/swift/_Concurrency.swiftmodule/$arch-apple-ios.swiftinterface" <<'EOF'
@available(macOS 15.4, iOS 18.4, watchOS 11.4, tvOS 18.4, visionOS 2.4, *)
@_silgen_name("swift_task_deinitOnExecutor")
@usableFromInline
internal func _deinitOnExecutor(_ object: __owned Swift.AnyObject, _ work: @escaping @convention(thin) (__owned Swift.AnyObject) -> Swift.Void, _ executor: Builtin.Executor, _ flags: Builtin.Word)
EOF
    cat >>"$scratch/sdk/usr/lib/swift/Dispatch.swiftmodule/$arch-apple-ios.swiftinterface" <<'EOF'
extension Dispatch.DispatchSpecificKey : Swift.Sendable where T : Swift.Sendable {
}
EOF
done
ln -s "$(dirname "$sdk")/resource" "$scratch/resource" # typecheck.sh looks for the resource folder beside the SDK
echo "$sdk" >"$scratch/sdk/.overlay-of"
fi
sdk=$scratch/sdk

# SwiftPM's generated `Bundle.module` accessor (what it writes for a target with resources on Apple
# platforms, as DerivedSources/resource_bundle_accessor.swift): FixtureServer reads its Data folder with it.
accessor() { # MODULE
    cat <<EOF
import Foundation

extension Foundation.Bundle {
    static let module: Bundle = {
        let mainPath = Bundle.main.bundleURL.appendingPathComponent("ServiceLayer_$1.bundle").path
        let buildPath = "/build/ServiceLayer_$1.bundle"

        let preferredBundle = Bundle(path: mainPath)

        guard let bundle = preferredBundle ?? Bundle(path: buildPath) else {
            Swift.fatalError("could not load resource bundle: from \(mainPath) or \(buildPath)")
        }

        return bundle
    }()
}
EOF
}

# A module's sources in the scratch folder: symbolic links to every .swift file under the given folders
# (recursively: files move between subfolders; not a DocC catalog's tutorial steps, which SwiftPM does not
# compile either), plus SwiftPM's accessor when the target has resources.
# Prints the folder.
sources() { # NAME WITH_ACCESSOR DIR...
    local name=$1 with_accessor=$2 dir f
    shift 2
    dir=$scratch/src/$name
    mkdir -p "$dir"
    for d in "$@"; do
        while IFS= read -r f; do
            ln -s "$root/$f" "$dir/$(basename "$f")"
        done < <(cd "$root" && find "$d" -name '*.swift' -not -path '*.docc/*' -not -name '*StandIns.swift' -not -name 'LearnerWalk.swift')
    done
    [ "$with_accessor" = yes ] && accessor "$name" >"$dir/resource_bundle_accessor.swift"
    echo "$dir"
}

# The package's modules, in dependency order (Package.swift).
package_modules=(
    Loopback lib "$(sources Loopback no Sources/Loopback)"
    ServiceLayerCore lib "$(sources ServiceLayerCore yes Sources/ServiceLayerCore)"
    ServiceLayer lib "$(sources ServiceLayer yes Sources/ServiceLayer)"
    ServiceLayerTesting lib "$(sources ServiceLayerTesting no Sources/ServiceLayerTesting)"
    FixtureServer lib "$(sources FixtureServer yes server-fixtures/Sources)"
    fixture-server exe "$(sources fixture-server no server-fixtures/fixture-server)"
    DemoKit lib "$(sources DemoKit no Sources/DemoKit)"
    service-demo exe "$(sources service-demo no Sources/service-demo)"
    service-bench exe "$(sources service-bench no Sources/service-bench)"
    main-queue-trap exe "$(sources main-queue-trap no Tests/MainQueueTrap)"
    message-language-probe exe "$(sources message-language-probe no Tests/MessageLanguageProbe)"
    event-transcript exe "$(sources event-transcript no Tests/EventTranscript)"
    LanguageChoiceTable lib "$(sources LanguageChoiceTable no Tests/LanguageChoice)"
)

# Diagnostics name the scratch folder's links (and the os(macOS) pass's copies, beside them as
# src/mac-NAME/FILE): name the project's files instead.
real_paths() {
    local line file link
    while IFS= read -r line; do
        if [[ $line == "$scratch/src/"* ]]; then
            file=${line%%:*}
            link=${file/\/src\/mac-//src/}
            [ -L "$link" ] && line="$(realpath --relative-to="$root" "$link")${line#"$file"}"
        fi
        printf '%s\n' "$line"
    done
}

failed=0
# Runs typecheck.sh and fails on an error or a warning (typecheck.sh fails on errors only).
check() { # TRIPLE OUT NAME KIND DIR...
    local triple=$1 out=$2 output status
    shift 2
    output=$(bash "$tools/typecheck.sh" "$sdk" "$triple" "$out" "$@" | real_paths)
    status=$? # pipefail: typecheck.sh's status
    echo "$output"
    [ $status -ne 0 ] && failed=1
    while IFS= read -r name; do
        failed=1
        grep -E ': (warning|error):' "$out/logs/$name.log" | real_paths | head -n 20
    done < <(awk '/ rc=/ && !/ warnings=0$/ { print $1 }' <<<"$output")
    return 0
}

# -enable-testing, as SwiftPM's and Xcode's debug builds do: the test targets `@testable import` these modules.
echo "ios: the package's modules, arm64-apple-ios15.0"
SWIFT_FLAGS="-swift-version 6 -enable-testing" check arm64-apple-ios15.0 "$scratch/15" "${package_modules[@]}"

# The test targets (Package.swift's testTarget entries: every folder Tests/*Tests) and the learner's test
# snippets (the tutorial's Sources/ServiceLayer/ServiceLayer.docc/Resources/tests-*.swift, each a module of its
# own: two steps of one file declare the same class), against .ci/ios-xctest, emitted first as the module
# `XCTest`. Emitted as libraries, so the checks after type-checking (isolation regions) run too.
test_sources() { # NAME DIR: sources NAME no DIR, without the files that import swift-testing (listed)
    local dir f
    dir=$(sources "$1" no "$2")
    for f in "$dir"/*.swift; do
        if grep -q '^import Testing' "$f"; then
            echo "  unchecked (imports swift-testing, which has no iOS stand-in here): $(realpath --relative-to="$root" "$f")" >&2
            rm "$f"
        fi
    done
    echo "$dir"
}
echo "ios: the test targets and the learner's test snippets, against .ci/ios-xctest's XCTest, arm64-apple-ios15.0"
test_modules=(XCTest lib "$(sources XCTest no .ci/ios-xctest)")
for d in Tests/*Tests; do
    test_modules+=("$(basename "$d")" lib "$(test_sources "$(basename "$d")" "$d")")
done
for f in Sources/ServiceLayer/ServiceLayer.docc/Resources/tests-*.swift; do
    case $f in *-Package.swift) continue ;; esac # a step's manifest (PackageDescription), not a test snippet
    name=$(basename "$f" .swift)
    name=Snippet_${name//-/_}
    mkdir -p "$scratch/src/$name"
    ln -s "$root/$f" "$scratch/src/$name/"
    test_modules+=("$name" lib "$scratch/src/$name")
done
SWIFT_FLAGS="-swift-version 6" check arm64-apple-ios15.0 "$scratch/15" "${test_modules[@]}"

# The test targets' check checks: a copy of DemoKitTests with an unfenced `Process()` planted in one file must
# fail, naming that file (iOS has no `Process`: a child process is for Linux and macOS only, behind a fence).
planted_tests=$scratch/src/DemoKitTests-planted
mkdir -p "$planted_tests"
cp -L "$scratch/src/DemoKitTests"/*.swift "$planted_tests/"
cat >>"$planted_tests/DemoWalkTests.swift" <<'EOF'

/// Planted by .ci/ios.sh's self-test: a child process with no `#if os(Linux) || os(macOS)` fence.
func plantedChildProcess() { _ = Process() }
EOF
# The same check as above (the package's modules and the stand-in from the iOS 15 pass), its verdict kept apart.
saved_failed=$failed
failed=0
SWIFT_FLAGS="-swift-version 6 -I $scratch/15/mods -module-cache-path $scratch/15/cache" \
    check arm64-apple-ios15.0 "$scratch/planted-tests" DemoKitTests lib "$planted_tests" >"$scratch/planted-tests.txt" 2>&1
planted_failed=$failed
failed=$saved_failed
if [ "$planted_failed" -ne 0 ] \
    && grep -q "DemoWalkTests.swift:.*error: cannot find 'Process' in scope" "$scratch/planted-tests/logs/DemoKitTests.log"; then
    echo "  self-test: an unfenced Process() planted in (a copy of) DemoWalkTests.swift fails, as it should"
else
    echo "CI (ios): the self-test's unfenced Process() in a copy of DemoWalkTests.swift did not fail: the test targets' check checks nothing" >&2
    cat "$scratch/planted-tests.txt" >&2
    failed=1
fi

# The learner screens and the learner's own API code (Examples/LearnerApp), in the six learner modes with the
# flags of Examples/LearnerApp/Package.swift, against the real UIKit and SwiftUI: the stand-ins and
# LearnerWalk (which plays UIKit's and SwiftUI's part on Linux) are left out, and the screens import UIKit
# and SwiftUI under `#if os(iOS)`.
approachable="-enable-upcoming-feature InferIsolatedConformances -enable-upcoming-feature NonisolatedNonsendingByDefault"
approachable5="$approachable -enable-upcoming-feature InferSendableFromCaptures -enable-upcoming-feature GlobalActorIsolatedTypesUsability -enable-upcoming-feature DisableOutwardActorInference"
learner_modes=(
    "LearnerSwift6MainActorDefault|-swift-version 6 -default-isolation MainActor -DMAIN_ACTOR_DEFAULT"
    "LearnerSwift6ExplicitMainActor|-swift-version 6 -DEXPLICIT_MAIN_ACTOR"
    "LearnerSwift5|-swift-version 5"
    "LearnerSwift5MainActorDefault|-swift-version 5 -default-isolation MainActor -DMAIN_ACTOR_DEFAULT"
    "LearnerSwift6Approachable|-swift-version 6 -default-isolation MainActor -DMAIN_ACTOR_DEFAULT $approachable"
    "LearnerSwift5Approachable|-swift-version 5 -default-isolation MainActor -DMAIN_ACTOR_DEFAULT $approachable5"
)
echo "ios: the learner screens and own API in the six learner modes, arm64-apple-ios15.0"
for mode in "${learner_modes[@]}"; do
    name=${mode%%|*}
    SWIFT_FLAGS=${mode#*|} check arm64-apple-ios15.0 "$scratch/15" "$name" lib "$(sources "$name" no "Examples/LearnerApp/Sources/$name")"
done

# The Restaurant app (Examples/RestaurantApp.swiftpm, an App Playground: AppleProductTypes exists only in
# Xcode and Swift Playgrounds, so nothing builds it on Linux) against the real SwiftUI, as each of its two
# manifests builds it: Package@swift-6.2.swift (Xcode 26: Swift 6, main-actor default isolation) and
# Package.swift (Xcode 16, Swift Playgrounds: Swift 6). Emitted as a library, so that the checks that run
# after type-checking (SIL: isolation regions, definite initialization) run too.
echo "ios: the Restaurant app (Examples/RestaurantApp.swiftpm), arm64-apple-ios15.0"
app_sources=$(sources AppModule no Examples/RestaurantApp.swiftpm/Sources)
for mode in "main-actor default isolation|-swift-version 6 -default-isolation MainActor" "no default isolation|-swift-version 6"; do
    echo "  ${mode%%|*}:"
    SWIFT_FLAGS=${mode#*|} check arm64-apple-ios15.0 "$scratch/15" AppModule lib "$app_sources"
done

# The app's check checks: a copy of the app with an iOS 16 call planted in one screen must fail.
planted=$scratch/src/AppModule-planted
mkdir -p "$planted"
cp -L "$app_sources"/*.swift "$planted/"
cat >>"$planted/OrderView.swift" <<'EOF'

extension OrderView {
    var planted: some View { List {}.scrollContentBackground(.hidden) }  // iOS 16
}
EOF
SWIFT_FLAGS="-swift-version 6 -default-isolation MainActor -I $scratch/15/mods -module-cache-path $scratch/15/cache" \
    bash "$tools/typecheck.sh" "$sdk" arm64-apple-ios15.0 "$scratch/planted" AppModule exe "$planted" >/dev/null
if grep -q "OrderView.swift:.*error: 'scrollContentBackground' is only available in iOS 16" "$scratch/planted/logs/AppModule.log"; then
    echo "  self-test: an iOS 16 call planted in (a copy of) OrderView.swift fails, as it should"
else
    echo "CI (ios): the self-test's planted iOS 16 call in OrderView.swift did not fail: the app's check checks nothing" >&2
    failed=1
fi

# The macOS-only branches, as far as the iOS SDK allows: a copy of every module that has an `os(macOS)`
# condition, with `os(macOS)` read as `os(iOS)` (true here), type-checked against the iOS SDK's Darwin,
# Mach and Foundation. What macOS has and iOS has not is left unchecked: `Process` (Foundation's NSTask,
# absent from the iOS SDK) — service-bench's child processes. Any other error fails the stage.
echo "ios: the os(macOS) branches, read as os(iOS) (a copy), arm64-apple-ios15.0"
mkdir -p "$scratch/mac"
cp -r "$scratch/15/mods" "$scratch/mac/mods"
mac_modules=()
for ((i = 0; i < ${#package_modules[@]}; i += 3)); do
    name=${package_modules[i]} kind=${package_modules[i + 1]} dir=${package_modules[i + 2]}
    grep -Rq "os(macOS)" "$dir"/ || continue
    copy=$scratch/src/mac-$name
    mkdir -p "$copy"
    for f in "$dir"/*.swift; do sed 's/os(macOS)/os(iOS)/g' "$f" >"$copy/$(basename "$f")"; done
    mac_modules+=("$name" "$kind" "$copy")
done
# (The iOS 15 pass's module cache: the last -module-cache-path given wins.)
mac_output=$(SWIFT_FLAGS="-swift-version 6 -module-cache-path $scratch/15/cache" \
    bash "$tools/typecheck.sh" "$sdk" arm64-apple-ios15.0 "$scratch/mac" "${mac_modules[@]}" | real_paths)
awk '/ rc=/' <<<"$mac_output"
for ((i = 0; i < ${#mac_modules[@]}; i += 3)); do
    log=$scratch/mac/logs/${mac_modules[i]}.log
    unexpected=$(grep -E ': (error|warning):' "$log" | grep -vE ": error: cannot find (type )?'Process' in scope")
    if [ -n "$unexpected" ]; then
        echo "$unexpected" | real_paths
        failed=1
    fi
    grep -E ": error: cannot find (type )?'Process' in scope" "$log" | real_paths \
        | sed -E "s|^|  expected, unchecked beyond it (iOS has no Process): |; s|: error: .*||"
done

# The floor check: the same package modules for iOS 14 must fail (availability errors: the package uses
# iOS 15 APIs, as Package.swift's floor says), or the checks above prove nothing about availability.
echo "ios: floor check: the package's modules for arm64-apple-ios14.0 must fail"
floor_output=$(bash "$tools/typecheck.sh" "$sdk" arm64-apple-ios14.0 "$scratch/14" "${package_modules[@]}" | real_paths)
floor_status=$? # pipefail: typecheck.sh's status
echo "$floor_output"
floor_errors=$(cat "$scratch/14/logs/"*.log | grep -cE ': error: .* is only available in iOS 15(\.0)? or newer')
if [ $floor_status -eq 0 ] || [ "$floor_errors" -eq 0 ]; then
    echo "CI (ios): the iOS 14 floor check passed (status $floor_status, $floor_errors availability errors): the type-check does not check availability" >&2
    failed=1
else
    echo "ios: iOS 14 fails as it should: $floor_errors errors of 'only available in iOS 15.0 or newer', in:"
    cat "$scratch/14/logs/"*.log | grep -E ': error: .* is only available in iOS 15(\.0)? or newer' | real_paths \
        | sed -E "s|^|  |; s|: error: |: |"
fi

elapsed=$(($(date +%s) - started))
if [ $failed -ne 0 ]; then
    echo "CI (ios): FAILED: errors or warnings above (${elapsed} s)" >&2
    exit 1
fi
echo "ios: every module, learner mode, app screen, test target and test snippet type-checks for arm64-apple-ios15.0 with 0 errors and 0 warnings (${elapsed} s)"
