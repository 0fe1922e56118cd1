#!/usr/bin/env bash
# Selects the pinned Xcode on a GitHub macOS runner, then fails early when its Swift is older than the
# swift-tools-version of a manifest here (Package.swift, Examples/LearnerApp/Package.swift): a build
# with an older Swift fails later, and less clearly.
#
# Usage: bash .ci/apple-toolchain.sh XCODE_VERSION   (as .github/workflows/ci.yml runs it)
#        bash .ci/apple-toolchain.sh --check-only     (only the Swift check, with the `swift` on PATH)
set -euo pipefail
cd "$(dirname "$0")/.."

requested=${1:?usage: apple-toolchain.sh XCODE_VERSION | --check-only}
if [ "$requested" != "--check-only" ]; then
    app="/Applications/Xcode_${requested}.app"
    if [ ! -d "$app" ]; then
        echo "CI: Xcode $requested is not installed on this runner (no $app). Installed:" >&2
        ls -d /Applications/Xcode*.app >&2 || true
        exit 1
    fi
    sudo xcode-select --switch "$app/Contents/Developer"
    xcodebuild -version
fi

swift --version
swift_version=$(swift --version 2>&1 | sed -nE 's/.*Swift version ([0-9]+(\.[0-9]+)*).*/\1/p' | head -n 1)
if [ -z "$swift_version" ]; then
    echo "CI: cannot read the Swift version from \`swift --version\`" >&2
    exit 1
fi

# Whether version $1 is at least version $2 (dotted numbers; a missing part counts as 0).
at_least() {
    local have need i
    IFS=. read -r -a have <<<"$1"
    IFS=. read -r -a need <<<"$2"
    for i in 0 1 2; do
        if [ "${have[i]:-0}" -ne "${need[i]:-0}" ]; then
            [ "${have[i]:-0}" -gt "${need[i]:-0}" ]
            return
        fi
    done
}

for manifest in Package.swift Examples/LearnerApp/Package.swift; do
    tools=$(sed -nE '1s/.*swift-tools-version: *([0-9]+(\.[0-9]+)*).*/\1/p' "$manifest")
    if [ -z "$tools" ]; then
        echo "CI: $manifest does not start with a swift-tools-version line" >&2
        exit 1
    fi
    if ! at_least "$swift_version" "$tools"; then
        echo "CI: Swift $swift_version is older than $manifest's swift-tools-version $tools" >&2
        exit 1
    fi
    echo "CI: Swift $swift_version is at least $manifest's swift-tools-version $tools"
done
