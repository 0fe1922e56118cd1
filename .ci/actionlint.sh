#!/usr/bin/env bash
# Checks the GitHub Actions workflows (.github/workflows) with actionlint; any finding fails.
#
# The workflows run on GitHub's macOS runners, which CI here cannot reach, so this is their only check.
# Creates (or reuses) a virtual environment in .build/actionlint-venv with the pinned package of
# .ci/actionlint-requirements.txt, then runs actionlint on every workflow file.
set -euo pipefail
cd "$(dirname "$0")/.."

venv=.build/actionlint-venv
requirements=.ci/actionlint-requirements.txt

# --- the virtual environment --------------------------------------------------------------------
source .ci/pinned-venv.sh
pinned_venv actionlint "$venv" "$requirements"

# --- the check ----------------------------------------------------------------------------------
"$venv/bin/actionlint" -version | head -n 1
shopt -s nullglob
workflows=(.github/workflows/*.yml .github/workflows/*.yaml)
if [ ${#workflows[@]} -eq 0 ]; then
    echo "CI: no workflow in .github/workflows" >&2
    exit 1
fi
# shellcheck and pyflakes, where installed, check the workflows' scripts too; without them actionlint
# skips those checks and says nothing.
if ! "$venv/bin/actionlint" -no-color "${workflows[@]}"; then
    echo "CI: actionlint found problems in ${workflows[*]}" >&2
    exit 1
fi
echo "CI: actionlint found nothing in ${workflows[*]}"
