#!/bin/sh
# Installs Home Assistant core 2024.3.3 for Tests/e2e/test_homeassistant.py into a venv of its own (default
# .build-ha in the checkout), from PyPI, with every package pinned by constraints.txt.
#
#   Tests/homeassistant/install.sh [VENV]           install (a venv already made from these files is kept)
#   Tests/homeassistant/install.sh --check [VENV]   exit 0 if VENV holds this install, 1 if not
#
# 2024.3 is the newest Home Assistant that runs on Debian 12's Python 3.11. PYTHON (default python3) makes the
# venv. The install takes about a minute and 800 MB; each start of Home Assistant then takes 2-3 s.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
check=false
if [ "${1:-}" = "--check" ]; then
  check=true
  shift
fi
venv=${1:-.build-ha}
python=${PYTHON:-python3}
# The venv's stamp: which requirements and constraints it was made from.
stamp=$(cat "$here/requirements.txt" "$here/constraints.txt" | sha256sum | cut -d' ' -f1)

if [ -x "$venv/bin/hass" ] && [ "$(cat "$venv/.gatherd-stamp" 2>/dev/null)" = "$stamp" ]; then
  exit 0
fi
if $check; then
  exit 1
fi

started=$(date +%s)
rm -rf "$venv"
"$python" -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-input \
  -r "$here/requirements.txt" -c "$here/constraints.txt"
echo "$stamp" > "$venv/.gatherd-stamp"
echo "Installed Home Assistant $("$venv/bin/python" -c 'from homeassistant.const import __version__; print(__version__)') in $venv in $(($(date +%s) - started)) s."
