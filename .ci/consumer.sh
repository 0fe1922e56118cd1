#!/usr/bin/env bash
# Proves README.md's "Your first call" and "Adding it as a dependency" work as a newcomer follows them:
# a clone of this checkout in a folder NOT named ServiceLayer (`service-layer`), and next to it a fresh
# package made from the README's own Package.swift fragment, with the folder's name written where the
# README says to: in `path:` only (`name: "ServiceLayer"` keeps every `package: "ServiceLayer"` right),
# and, for the `url:` form, in every `package:` (a URL's package is named after its last part). That package
#   - builds the README's first call as its `main.swift` (the `.executableTarget` MyApp),
#   - builds the README's `async` example as an `@main` program (a second executable target, declared
#     like MyApp),
#   - builds the fragment's optional test target (`swift build --build-tests`);
# the same fragment without the optional test target loads in a package with no Tests folder; and the
# `url:` line resolves to the clone's `main` branch (no version is tagged yet).
# Nothing outside the temporary folder is written (SwiftPM's cache is kept there too).
set -euo pipefail
cd "$(dirname "$0")/.."
checkout=$(pwd)
name=service-layer

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A README code block: the lines of the ```swift block right after the line `marker`.
block() {
    awk -v marker="$1" '
        $0 == marker { found = 1; next }
        found == 1 && /^```swift$/ { inside = 1; next }
        inside && /^```$/ { exit }
        inside { print }
        found == 1 && !inside && !/^```swift$/ { found = 0 }
    ' README.md
}
fragment=$(block '<!-- not compiled: a fragment of the reader'"'"'s own Package.swift -->' | sed '1{/^\/\/ Package.swift$/d}')
first_call=$(block '<!-- compiled: Examples/LearnerApp/Sources/readme-example/main.swift -->')
async_example=$(block '<!-- compiled: Examples/LearnerApp/Sources/readme-async-example/ShowEntrees.swift -->')
for expected in '.package(name: "ServiceLayer", path: "../ServiceLayer")' '.package(url: "file:///path/to/ServiceLayer", branch: "main")' \
    '.executableTarget(name: "MyApp"' '// Optional: only if your package has a Tests/MyAppTests folder' \
    'package: "ServiceLayer"'; do
    if ! grep -qF "$expected" <<<"$fragment"; then
        echo "consumer: README.md's Package.swift fragment no longer has $expected, which this check follows" >&2
        exit 1
    fi
done
if [ -z "$first_call" ] || [ -z "$async_example" ]; then
    echo "consumer: README.md's first call or its async example was not found" >&2
    exit 1
fi

# The clone, in a folder named otherwise than ServiceLayer, with a `main` branch for the url: form.
git clone -q "$checkout" "$work/$name"
git -C "$work/$name" checkout -q -B main
# The README's rule: the folder's name in `path:`; `name:` keeps `package: "ServiceLayer"` as it is.
named=$(sed -e "s|path: \"\\.\\./ServiceLayer\"|path: \"../$name\"|" <<<"$fragment")

# manifest FRAGMENT: a Package.swift for MyApp with those arguments.
manifest() {
    echo '// swift-tools-version:6.0'
    echo 'import PackageDescription'
    echo
    echo 'let package = Package('
    echo '    name: "MyApp",'
    printf '%s\n' "$1"
    echo ')'
}

# By path, with everything: MyApp's main.swift is the first call; ShowEntrees, declared as MyApp is, the
# async example in a file not named main.swift; the optional test target.
app=$work/MyApp
mkdir -p "$app/Sources/MyApp" "$app/Sources/ShowEntrees" "$app/Tests/MyAppTests"
target_line=$(grep -F '.executableTarget(name: "MyApp"' <<<"$named")
second_target=${target_line//\"MyApp\"/\"ShowEntrees\"}
with_second=$(grep -v '// or, fetched by SwiftPM' <<<"$named" | awk -v line="$second_target" '{ print } index($0, ".executableTarget(name: \"MyApp\"") { print line }')
manifest "$with_second" >"$app/Package.swift"
printf '%s\n' "$first_call" >"$app/Sources/MyApp/main.swift"
printf '%s\n' "$async_example" >"$app/Sources/ShowEntrees/ShowEntrees.swift"
cat >"$app/Tests/MyAppTests/MyAppTests.swift" <<'SWIFT'
import FixtureServer
import ServiceLayerTesting
import XCTest

final class MyAppTests: XCTestCase {
    func testTheFixtureServerStarts() throws {
        let server = FixtureServer()
        try server.start()
        server.stop()
    }
}
SWIFT

# A hand-made package with no Tests folder: the fragment without its optional test target loads.
bare=$work/Bare
mkdir -p "$bare/Sources/MyApp"
without_tests=$(grep -v '// or, fetched by SwiftPM' <<<"$named" | awk '
    /\/\/ Optional: only if your package has a Tests/ { skipping = 1; next }
    skipping && /^        \]\),$/ { skipping = 0; next }
    !skipping { print }')
manifest "$without_tests" >"$bare/Package.swift"
printf '%s\n' "$first_call" >"$bare/Sources/MyApp/main.swift"

# By URL: the fragment's url: line, uncommented, with the clone's file URL; the path: line dropped; the
# README's rule for url:, the URL's last part in every `package:`.
by_url=$work/by-url
mkdir -p "$by_url/Sources/MyApp" "$by_url/Tests/MyAppTests"
manifest "$(grep -v '\.package(name: "ServiceLayer", path: ' <<<"$named" |
    sed -E -e "s|// or, fetched by SwiftPM: (.*)file:///path/to/ServiceLayer|\1file://$work/$name|" \
        -e "s|package: \"ServiceLayer\"|package: \"$name\"|g")" >"$by_url/Package.swift"
printf '%s\n' "$first_call" >"$by_url/Sources/MyApp/main.swift"
cp "$app/Tests/MyAppTests/MyAppTests.swift" "$by_url/Tests/MyAppTests/"

for package in Bare by-url; do
    echo "consumer: swift package resolve and describe in $package"
    if ! (cd "$work/$package" && swift package resolve --cache-path "$work/cache" >"$work/$package.log" 2>&1 &&
        swift package describe >>"$work/$package.log" 2>&1); then
        cat "$work/$package/Package.swift" "$work/$package.log" >&2
        echo "consumer: the README's dependency lines do not load (the $package consumer, above)" >&2
        exit 1
    fi
done
if ! grep -A8 "\"identity\" : \"$name\"" "$by_url/Package.resolved" | grep -q '"branch" : "main"'; then
    cat "$by_url/Package.resolved" >&2
    echo "consumer: the url: form did not resolve to the branch main" >&2
    exit 1
fi

echo "consumer: swift build --build-tests of MyApp (main.swift, an @main program, the test target)"
if ! (cd "$app" && swift build --build-tests --cache-path "$work/cache" >"$work/build.log" 2>&1); then
    cat "$app/Package.swift" "$work/build.log" >&2
    echo "consumer: the README's package does not build (above)" >&2
    exit 1
fi
if grep -q 'warning:' "$work/build.log"; then
    grep 'warning:' "$work/build.log" >&2
    echo "consumer: the README's package builds with warnings (above)" >&2
    exit 1
fi
echo "consumer: in a folder named $name, the README's package builds (main.swift, @main, tests), loads without a Tests folder, and the url: form resolves to main"
