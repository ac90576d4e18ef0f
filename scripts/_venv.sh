# Sourced by scripts/run-bot, scripts/run-tests and scripts/play (bash, from the project root):
# `use_venv REQUIREMENTS` leaves a working .venv made by Python 3.11 or newer, with
# REQUIREMENTS installed, or says what is missing and exits.

PYTHON_CANDIDATES="python3.13 python3.12 python3.11 python3"
IS_NEW_ENOUGH='import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)'

find_python() {
    local candidate
    for candidate in $PYTHON_CANDIDATES; do
        if command -v "$candidate" >/dev/null 2>&1 && "$candidate" -c "$IS_NEW_ENOUGH" >/dev/null 2>&1; then
            echo "$candidate"
            return 0
        fi
    done
    return 1
}

venv_works() {
    [ -x .venv/bin/python ] && .venv/bin/python -c "$IS_NEW_ENOUGH; import pip" >/dev/null 2>&1
}

use_venv() {
    local requirements=$1 python stamp
    if ! venv_works; then
        if ! python=$(find_python); then
            echo "This project needs Python 3.11 or newer, and none was found (tried $PYTHON_CANDIDATES)." >&2
            if command -v python3 >/dev/null 2>&1; then
                echo "python3 here is $(python3 --version 2>&1)." >&2
            fi
            echo "Install Python 3.11 or newer (python.org, or your system's packages, e.g. apt install python3.12 python3.12-venv), then run this again." >&2
            exit 1
        fi
        if [ -e .venv ]; then
            echo "The .venv folder was made by an older Python or is broken: making it again with $python." >&2
            rm -rf .venv
        fi
        if ! "$python" -m venv .venv; then
            rm -rf .venv
            echo "Could not make .venv with $python: install its venv module (e.g. apt install python3-venv) and run this again." >&2
            exit 1
        fi
    fi
    # Install only when these requirements were never installed here, or changed since (a
    # stamp per file: run-bot's install must not pass for run-tests' test tools).
    stamp=$(cat requirements*.txt | cksum)
    if [ "$(cat ".venv/.installed-$requirements" 2>/dev/null)" != "$stamp" ]; then
        if ! .venv/bin/python -m pip install -q -r "$requirements"; then
            echo "Installing $requirements failed (see above): check the network and run this again." >&2
            exit 1
        fi
        echo "$stamp" > ".venv/.installed-$requirements"
    fi
}
