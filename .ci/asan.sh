#!/usr/bin/env bash
# The whole test suite under AddressSanitizer with LeakSanitizer on.
#
# Builds into its own scratch path (.build-asan) so the debug build of `.build` is kept. Known
# one-time allocations of libcurl, XCTest, Foundation, Dispatch and the Swift runtime are suppressed
# by .ci/asan-suppressions.txt (each with its reason); anything else ASan or LSan reports fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."

log=.asan-log.txt
export ASAN_OPTIONS="detect_leaks=1"
export LSAN_OPTIONS="suppressions=$PWD/.ci/asan-suppressions.txt:print_suppressions=1"

start=$SECONDS
status=0
swift test --sanitize=address --scratch-path .build-asan 2>&1 | tee "$log" || status=$?
echo "asan: swift test took $((SECONDS - start)) s and exited $status"

if grep -qE "ERROR: (AddressSanitizer|LeakSanitizer)" "$log"; then
    echo "CI: AddressSanitizer or LeakSanitizer reported an error (see above and $log)" >&2
    exit 1
fi
if [ "$status" -ne 0 ]; then
    echo "CI: the tests under AddressSanitizer failed (exit $status)" >&2
    exit 1
fi
echo "CI: tests passed under AddressSanitizer with leak detection"
