#!/usr/bin/env bash
# Builds the learner-style screens and the learner's own API code (TeamController & co.) in
# Examples/LearnerApp in the six language modes an app target can use (Swift 6 with main-actor default
# isolation, Swift 6 with explicit @MainActor, Swift 5, Swift 5 with main-actor default isolation, and
# Xcode 26's Approachable Concurrency in Swift 6 and in Swift 5), every warning an error, then runs them
# against an embedded fixture server. Fails on any error, on a warning in the learner's own files, or on a failed check.
set -euo pipefail
cd "$(dirname "$0")/../Examples/LearnerApp"

log=$(mktemp)
trap 'rm -f "$log"' EXIT

swift build 2>&1 | tee "$log"
# Errors anywhere fail; warnings only in the learner's own files (any folder of Examples/LearnerApp,
# not a dependency's checkout under its .build): an SDK's or the library's warning is not the learner's.
learner_warning="^(/[^:]*/)?Examples/LearnerApp/[^:]+:[0-9]+(:[0-9]+)?: warning:"
if grep -E "error:" "$log" || grep -E "$learner_warning" "$log" | grep -v "/Examples/LearnerApp/\.build/"; then
    echo "CI: the learner screens printed warnings or errors (listed above)" >&2
    exit 1
fi

swift run learner-check 2>&1 | tee "$log"
grep -q "learner-check: every mode passed" "$log"

# The "Your own API" article's command-line program (movies-example), run as the article says: against
# `fixture-server --api server-fixtures/Examples/movies` on localhost:8090, where its controller points.
swift build --product fixture-server
server_log=$(mktemp)
.build/debug/fixture-server --api ../../server-fixtures/Examples/movies >"$server_log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -f "$log" "$server_log"' EXIT
for _ in $(seq 1 100); do
    grep -q "listening on" "$server_log" && break
    kill -0 "$server" 2>/dev/null || { cat "$server_log" >&2; echo "CI: fixture-server --api did not start" >&2; exit 1; }
    sleep 0.1
done
swift run movies-example 2>&1 | tee "$log"
if ! grep -q "Popular movies, page 1 of 2:" "$log" || ! grep -q "The Lighthouse Keeper (2019)" "$log"; then
    echo "CI: movies-example did not print the movies example's first page (listed above)" >&2
    exit 1
fi
echo "learner: movies-example printed the movies example's first page"
