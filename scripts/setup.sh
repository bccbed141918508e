#!/usr/bin/env bash
# Idempotent set-up: a virtualenv in .venv with tilelens and everything its app and tests need.
# Usage: scripts/setup.sh [app|test]   (test also installs the training stack and Debian's chromium)
set -euo pipefail

# Each install leaves a stamp, .venv/.tilelens-<its extras>-<hash of pyproject.toml + constraints.txt>.
# covered EXTRAS HASH: whether one install made with these pins holds every extra of EXTRAS (comma-separated),
# so that `./dev app` after `./dev test` installs nothing (the tests' app,train,test hold the app's app),
# while new pins install again.
covered() {
    local stamp have extra
    for stamp in .venv/.tilelens-*-"$2"; do
        [ -f "$stamp" ] || continue
        have="${stamp#.venv/.tilelens-}"
        have=",${have%-"$2"},"
        for extra in ${1//,/ }; do
            [[ "$have" == *",$extra,"* ]] || continue 2
        done
        return 0
    done
    return 1
}

main() {
    cd "$(dirname "$0")/.."
    local what="${1:-app}" PY="${PYTHON:-python3}" extras="app" pins need_gb free_gb
    if [ ! -x .venv/bin/python ]; then
        # Python 3.11 or newer (pyproject's requires-python): said plainly, not left to pip to refuse half-way
        if ! "$PY" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
            echo "error: tilelens needs Python 3.11 or newer; $PY is $("$PY" -V 2>&1 || echo 'not found'): give another, e.g. PYTHON=python3.11 $0 $what" >&2
            exit 1
        fi
        "$PY" -m venv .venv
    fi
    [ "$what" = "test" ] && extras="app,train,test"
    pins="$(cat pyproject.toml constraints.txt | sha1sum | cut -c1-12)"
    if ! covered "$extras" "$pins"; then
        echo "setting up .venv ($extras): first run takes a few minutes" >&2
        # The training stack (torch) needs about 7 GB; say so plainly rather than fail half-way in pip.
        need_gb=2; [ "$what" = "test" ] && need_gb=8
        free_gb=$(df -Pk . | awk 'NR==2 {print int($4 / 1048576)}')
        if [ "$free_gb" -lt "$need_gb" ]; then
            echo "error: $free_gb GB free on $(df -P . | awk 'NR==2 {print $6}'), setting up .venv ($extras) needs about $need_gb GB" >&2
            exit 1
        fi
        .venv/bin/python -m pip install -q --upgrade pip
        # constraints.txt: the versions the test suite last passed with (a new release is taken on purpose)
        .venv/bin/python -m pip install -q -c constraints.txt -e ".[$extras]"
        touch ".venv/.tilelens-$extras-$pins"
    fi
    if [ "$what" = "test" ] && ! command -v chromium >/dev/null 2>&1; then
        echo "installing Debian's chromium for the browser tests" >&2
        if [ "$(id -u)" = 0 ]; then
            (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-ipafont-gothic >/dev/null) \
                || echo "warning: chromium could not be installed; browser tests will be skipped" >&2
        else
            echo "warning: not root, cannot apt-get chromium; browser tests will be skipped" >&2
        fi
    fi
}

# Sourced (the tests ask `covered`), it only defines the functions.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    main "$@"
fi
