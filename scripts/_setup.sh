# shellcheck shell=bash
# Shared by scripts/run and scripts/test (sourced, not run): find a Python >= 3.11, create
# .venv if missing and install praetor-bot into it, editable, under constraints.txt.
# Fast when nothing changed: pip runs only when the hash of pyproject.toml + constraints.txt
# (and the extras asked for) differs from the stamp left by the last successful install.

PRAETOR_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${PRAETOR_VENV:-$PRAETOR_ROOT/.venv}"

praetor_log() { printf '[praetor] %s\n' "$*" >&2; }

praetor_find_python() {
    local candidate
    for candidate in "${PYTHON:-}" python3.11 python3.12 python3.13 python3 python; do
        [[ -n "$candidate" ]] || continue
        command -v "$candidate" >/dev/null 2>&1 || continue
        if "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
            command -v "$candidate"
            return 0
        fi
    done
    praetor_log "no Python >= 3.11 found (set PYTHON=/path/to/python3.11)"
    return 1
}

praetor_sha256() {
    if command -v sha256sum >/dev/null 2>&1; then
        sha256sum | cut -d' ' -f1
    else
        shasum -a 256 | cut -d' ' -f1 # macOS
    fi
}

# praetor_setup EXTRAS   e.g. praetor_setup "postgres" or praetor_setup "test,postgres"
praetor_setup() {
    local extras="$1" python stamp want fresh=0
    if [[ ! -x "$VENV/bin/python" ]]; then
        python="$(praetor_find_python)"
        praetor_log "creating $VENV with $python"
        "$python" -m venv "$VENV"
    fi
    want="$(cat "$PRAETOR_ROOT/pyproject.toml" "$PRAETOR_ROOT/constraints.txt" | praetor_sha256)"
    # An install with more extras (test,postgres,mutate) also satisfies one with fewer (postgres).
    for stamp in "$VENV/.praetor-stamp-$extras" "$VENV/.praetor-stamp-test,postgres" \
        "$VENV/.praetor-stamp-test,postgres,mutate"; do
        if [[ -f "$stamp" && "$(cat "$stamp")" == "$want" ]]; then
            fresh=1
            break
        fi
    done
    if ((fresh)) && "$VENV/bin/python" -c \
        'import importlib.metadata as m; m.version("praetor-bot")' 2>/dev/null; then
        return 0
    fi
    praetor_log "installing praetor-bot[$extras] into $VENV (constraints.txt)"
    "$VENV/bin/python" -m pip install -qq --disable-pip-version-check \
        -c "$PRAETOR_ROOT/constraints.txt" -e "${PRAETOR_ROOT}[${extras}]"
    printf '%s\n' "$want" >"$VENV/.praetor-stamp-$extras"
}
