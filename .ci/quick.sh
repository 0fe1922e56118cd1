#!/usr/bin/env bash
# The quick subset of the tests, for the edit-build-test loop: every test class except those that wait
# for time to pass (real timeouts and backoffs, child processes, the soak and the fault matrix, slow
# fixture-server faults). About 800 of the 1000 tests, in under 15 s on two cores once built.
# `swift test` runs them all (CI does); run it before you push.
#
#   bash .ci/quick.sh            build the tests, then run the quick subset
#   bash .ci/quick.sh --no-build run it on the build you have
set -euo pipefail
cd "$(dirname "$0")/.."

# Class names as `swift test --skip` takes them (a regular expression; `TimeoutTests` also matches
# SessionTimeoutTests and HostileTimeoutTests). A slow new test class belongs here.
slow=(
    TimeoutTests MainQueueWatchdogTests SoakTests FaultMatrixTests RedirectCancelRaceTests HostileEndlessTests
    RetryTests RetryPolicyIntegrationTests ErrorMessageTableTests TransportErrorMessageTests
    CoalescingTests CoalescingIntegrationTests ExactlyOnceTests ExpiringTokenTests TokenRefreshTests
    TokenRefreshFailureTests ProductsAuthorizationTests ResultObserverTests RedactionTests MenuImageTests
    MenuFailureTests DownloadTests TwoProcessDiskCacheTests UsersOptionsTests DemoWalkTests
    FaultTests FuzzTests ConnectionTests ReadOnlyAndDelayTests WatchAndSnapshotTests MessageLanguageTests
    LocalizedDescriptionURLTests EventStreamClientTests EventStreamErrorTests
)
pattern=$(IFS='|'; echo "${slow[*]}")

if [ "${1:-}" != "--no-build" ]; then
    swift build --build-tests
fi
swift test --skip-build --skip "$pattern"
