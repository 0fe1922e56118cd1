#!/usr/bin/env bash
# A newcomer's first hour, followed literally: in a clone whose folder is not named ServiceLayer, the
# guided tutorial's first chapter ("Meet the menu") step by step and "Your own API"'s first program, each
# in a package made by today's `swift package init --type executable`, built and run against
# fixture-server. How: .ci/first-hour.py's docstring. It clones HEAD: commit what you want checked.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 .ci/first-hour.py "$@"
