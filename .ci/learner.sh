#!/usr/bin/env bash
# Builds the learner-style screens and the learner's own API code (TeamController & co.) in
# Examples/LearnerApp in the six language modes an app target can use (Swift 6 with main-actor default
# isolation, Swift 6 with explicit @MainActor, Swift 5, Swift 5 with main-actor default isolation, and
# Xcode 26's Approachable Concurrency in Swift 6 and in Swift 5), every warning an error, then runs them
# against an embedded fixture server. Fails on any warning, error or failed check.
set -euo pipefail
cd "$(dirname "$0")/../Examples/LearnerApp"

log=$(mktemp)
trap 'rm -f "$log"' EXIT

swift build 2>&1 | tee "$log"
if grep -E "(warning|error):" "$log" | grep -v "^warning: 'swift-format'"; then
    echo "CI: the learner screens printed warnings or errors (listed above)" >&2
    exit 1
fi

swift run learner-check 2>&1 | tee "$log"
grep -q "learner-check: every mode passed" "$log"
