#!/usr/bin/env bash
# HTTPolice (an HTTP linter from PyPI) over a fixed set of exchanges with the fixture server.
#
# Creates (or reuses) .build/httpolice-venv with the pins of .ci/httpolice-requirements.txt, starts
# `fixture-server --api server-fixtures/Examples/movies` on a free loopback port, and runs
# .ci/httpolice_check.py: it records every exchange of its list (the built-in backends, the movies
# example, conditional requests, errors, framing edge cases) into .build/httpolice/, checks them, prints
# the notices by id, and fails on an error notice that .ci/httpolice-allow.txt does not list with a
# reason. Always stops the server.
set -euo pipefail
cd "$(dirname "$0")/.."

venv=.build/httpolice-venv
source .ci/pinned-venv.sh
pinned_venv httpolice "$venv" .ci/httpolice-requirements.txt

source .ci/fixture-server.sh
record_dir=.build/httpolice
rm -rf "$record_dir"
start_fixture_server httpolice "$venv/bin/python" .build/httpolice-server.log --api server-fixtures/Examples/movies

"$venv/bin/python" .ci/httpolice_check.py --port "$port" --record-dir "$record_dir" --allow .ci/httpolice-allow.txt
echo "CI: HTTPolice found no error notice outside .ci/httpolice-allow.txt"
