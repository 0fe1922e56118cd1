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
