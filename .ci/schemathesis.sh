#!/usr/bin/env bash
# Schemathesis (PyPI) against `fixture-server --api server-fixtures/Examples/movies`, from the example's
# OpenAPI description (server-fixtures/Examples/movies/openapi.json): issue 34 asks that no generated
# request — any query value, any id, any body — gets a 5xx or stops the server.
#
# Creates (or reuses) .build/schemathesis-venv with the pins of .ci/schemathesis-requirements.txt, starts
# the server on a free loopback port, runs every phase (examples, coverage, fuzzing, stateful) with the
# check not_a_server_error and a bounded number of examples per operation (SCHEMATHESIS_MAX_EXAMPLES, 40 by
# default; the whole run is also cut at 15 minutes), then checks that the server is still alive and
# answering. Always stops the server.
set -euo pipefail
cd "$(dirname "$0")/.."

venv=.build/schemathesis-venv
source .ci/pinned-venv.sh
pinned_venv schemathesis "$venv" .ci/schemathesis-requirements.txt

source .ci/fixture-server.sh
report_dir=.build/schemathesis-report
rm -rf "$report_dir"
server_log=.build/schemathesis-server.log
start_fixture_server schemathesis "$venv/bin/python" "$server_log" --api server-fixtures/Examples/movies

# Run from .build so that Schemathesis's own cache folder (.schemathesis/) stays out of the work tree.
status=0
(cd .build && timeout 900 "schemathesis-venv/bin/schemathesis" run ../server-fixtures/Examples/movies/openapi.json \
    --url "http://127.0.0.1:$port" \
    --checks not_a_server_error \
    --max-examples "${SCHEMATHESIS_MAX_EXAMPLES:-40}" \
    --seed 34 \
    --workers 1 \
    --request-timeout 10 \
    --generation-database none \
    --report junit --report-dir schemathesis-report \
    --no-color) || status=$?

if ! kill -0 "$server_pid" 2>/dev/null; then
    echo "CI: fixture-server exited during the Schemathesis run; its log:" >&2
    tail -n 50 "$server_log" >&2 || true
    exit 1
fi
if ! "$venv/bin/python" -c "import sys, urllib.request; sys.exit(0 if urllib.request.urlopen('http://127.0.0.1:$port/movies', timeout=10).status == 200 else 1)"; then
    echo "CI: fixture-server stopped answering after the Schemathesis run" >&2
    exit 1
fi
if [ "$status" -ne 0 ]; then
    echo "CI: Schemathesis found a server error or could not finish (exit $status; report in $report_dir)" >&2
    exit 1
fi
echo "CI: Schemathesis found no server error, and fixture-server is still answering"
