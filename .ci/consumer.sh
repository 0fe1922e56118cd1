#!/usr/bin/env bash
# Proves the README's "Adding it as a dependency" lines work: a throwaway consumer package, made in a
# temporary folder from the README's own Package.swift fragment, depends on THIS checkout both ways —
#   .package(path: "../ServiceLayer")                               (the working tree as it is)
#   .package(url: "file://.../ServiceLayer", from: "0.1.0")        (SwiftPM clones it and picks the tag)
# — and `swift package resolve` must succeed for each; the path form is then built with a one-line
# `import ServiceLayer` file, so the product names and the re-exported core are real too.
# The `url:` form needs a tag `0.1.0`. When this checkout has none (before the first release, or in a
# worktree), a throwaway clone is tagged instead: the check tests the mechanism and never tags this
# repository. Nothing outside the temporary folder is written (SwiftPM's cache is kept there too).
set -euo pipefail
cd "$(dirname "$0")/.."
checkout=$(pwd)
version=0.1.0

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The README's fragment: the lines between `// Package.swift` and the end of that code block.
fragment=$(sed -n '/^\/\/ Package.swift$/,/^```$/p' README.md | sed '1d;$d')
if ! grep -q '\.package(path: "\.\./ServiceLayer")' <<<"$fragment" ||
    ! grep -q "\.package(url: \"file:///path/to/ServiceLayer\", from: \"$version\")" <<<"$fragment"; then
    echo "consumer: README.md's Package.swift fragment no longer has the path: and url:/from: lines this check expects" >&2
    exit 1
fi

# The dependency as the README names it: a folder called ServiceLayer next to the consumer (the package's
# identity is that last path component, which .product(..., package: "ServiceLayer") names).
if git -C "$checkout" rev-parse -q --verify "refs/tags/$version" >/dev/null; then
    ln -s "$checkout" "$work/ServiceLayer"
    echo "consumer: this checkout has the tag $version; the url: form fetches it"
else
    git clone -q "$checkout" "$work/ServiceLayer"
    git -C "$work/ServiceLayer" tag "$version"
    echo "consumer: no tag $version here; the url: form fetches a throwaway clone tagged $version"
fi
if [ ! -f "$work/ServiceLayer/Package.swift" ]; then
    echo "consumer: $work/ServiceLayer has no Package.swift" >&2
    exit 1
fi

# consumer NAME DEPENDENCY-LINES: a package MyApp whose dependencies and targets are the README's.
consumer() {
    local dependencies=$2 package=$work/$1
    mkdir -p "$package/Sources/MyApp" "$package/Tests/MyAppTests"
    {
        echo '// swift-tools-version:6.0'
        echo 'import PackageDescription'
        echo
        echo 'let package = Package('
        echo '    name: "MyApp",'
        echo '    platforms: [.macOS(.v12)],'
        printf '%s\n' "$dependencies"
        echo ')'
    } >"$package/Package.swift"
    printf 'import ServiceLayer\n\npublic let menu = MenuController.shared\n' >"$package/Sources/MyApp/MyApp.swift"
    printf 'import ServiceLayerTesting\n' >"$package/Tests/MyAppTests/MyAppTests.swift"
}

# By path: the fragment as written (../ServiceLayer, next to MyApp), the url: comment dropped.
consumer MyApp "$(grep -v '// or, fetched by SwiftPM' <<<"$fragment")"
# By URL: the fragment's url: line, uncommented, with this checkout's file URL; the path: line dropped.
consumer by-url "$(grep -v '\.package(path: ' <<<"$fragment" |
    sed -E "s|// or, fetched by SwiftPM: (.*)file:///path/to/ServiceLayer|\1file://$work/ServiceLayer|")"

for package in MyApp by-url; do
    echo "consumer: swift package resolve in $package"
    if ! (cd "$work/$package" && swift package resolve --cache-path "$work/cache" >"$work/$package.log" 2>&1); then
        cat "$work/$package/Package.swift" "$work/$package.log" >&2
        echo "consumer: the README's dependency lines do not resolve (the $package consumer, above)" >&2
        exit 1
    fi
done
resolved=$(grep -A8 '"identity" : "servicelayer"' "$work/by-url/Package.resolved" | grep -oE '"version" : "[^"]+"' || true)
if [ "$resolved" != "\"version\" : \"$version\"" ]; then
    cat "$work/by-url/Package.resolved" >&2
    echo "consumer: the url: form did not resolve to the tag $version" >&2
    exit 1
fi

echo "consumer: swift build of the by-path consumer (import ServiceLayer)"
if ! (cd "$work/MyApp" && swift build --cache-path "$work/cache" >"$work/build.log" 2>&1); then
    cat "$work/build.log" >&2
    echo "consumer: a package depending on ServiceLayer by path does not build" >&2
    exit 1
fi
echo "consumer: both dependency forms resolve (url: to $version) and the path form builds"
