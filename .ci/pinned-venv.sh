# Sourced by the .ci scripts that need a Python tool from PyPI.
#
# pinned_venv LABEL VENV REQUIREMENTS: creates (or reuses) the virtual environment VENV and installs the
# pinned packages of REQUIREMENTS into it, again only when the pins changed since the last install.
pinned_venv() {
    local label=$1 venv=$2 requirements=$3
    mkdir -p "$(dirname "$venv")"
    if [ ! -x "$venv/bin/python" ]; then
        echo "$label: creating $venv"
        python3 -m venv "$venv"
    fi
    if ! cmp -s "$requirements" "$venv/installed-requirements.txt"; then
        echo "$label: installing $requirements"
        "$venv/bin/pip" install --disable-pip-version-check --quiet -r "$requirements"
        cp "$requirements" "$venv/installed-requirements.txt"
    fi
}
