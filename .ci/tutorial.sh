#!/usr/bin/env bash
# The guided tutorial (Sources/ServiceLayer/ServiceLayer.docc/Tutorials, step files in its Resources/):
# every @Code file exists, is used and changes; every step compiles in Swift 6 mode with warnings as
# errors (command-line steps also with main-actor default isolation); each section's last program runs
# against a fixture-server on port 8090 and prints what its page says. How: .ci/tutorial.py's docstring.
# The SwiftUI chapter's steps are type-checked for iOS by .ci/tutorial-ios.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
# The self-test first proves the page checks fail on planted faults (in a temporary copy of the catalog).
python3 .ci/tutorial.py --self-test
python3 .ci/tutorial.py "$@"
