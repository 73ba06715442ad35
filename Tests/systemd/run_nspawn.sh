#!/usr/bin/env bash
# Boots a throwaway systemd (systemd-nspawn, host /usr read-only, empty /etc) with gatherd's real units and
# the given binary, and runs a test script (container_test.py unless named) inside it as a oneshot unit, with
# gatherctl (from beside gatherd) and the clients/ folder at hand. Exits with the test's status.
# Needs root. Usage: Tests/systemd/run_nspawn.sh path/to/gatherd [container_restart_test.py]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
bin=$(realpath "$1")
script=${2:-container_test.py}
work=$(mktemp -d /tmp/gatherd-nspawn.XXXXXX)
machine="gather-ci-$$"

# shellcheck source=nspawn_cleanup.sh
. "$here/nspawn_cleanup.sh"

mkdir -p "$work/units" "$work/bin" "$work/sysusers"
cp "$repo"/systemd/*.socket "$repo"/systemd/*.service "$repo"/systemd/*.timer "$work/units/"
cp "$repo/systemd/gatherd.sysusers" "$work/sysusers/gatherd.conf"
cp "$bin" "$work/bin/gatherd"
cp "$here/$script" "$work/bin/container_test.py"
cp "$here/../e2e/threadstop.py" "$work/bin/threadstop.py"
if [ -x "$(dirname "$bin")/gatherctl" ]; then cp "$(dirname "$bin")/gatherctl" "$work/bin/gatherctl"; fi
cat > "$work/units/gather-ci.service" <<'UNIT'
[Unit]
Description=gatherd's tests under real systemd
Wants=gatherd.socket gatherd-status.socket systemd-journald.service
After=gatherd.socket gatherd-status.socket systemd-journald.service systemd-sysusers.service

[Service]
Type=oneshot
ExecStart=/usr/bin/python3 -u /usr/local/bin/container_test.py
StandardOutput=journal+console
StandardError=journal+console
ExecStopPost=/bin/sh -c 'systemctl exit $${EXIT_STATUS:-1}'
UNIT

binds=(--bind-ro="$work/units:/etc/systemd/system" --bind-ro="$work/bin:/usr/local/bin"
  --bind-ro="$work/sysusers:/etc/sysusers.d" --bind-ro="$repo/clients:/srv/gather-clients"
  --bind-ro="$repo/systemd:/srv/gather-systemd")
# A debug build loads the Swift runtime from the toolchain; a --static-swift-stdlib build (make install) needs
# nothing outside /usr.
if ldd "$bin" | grep -q /opt/swift; then binds+=(--bind-ro=/opt/swift); fi

# bpf(2) is allowed so that IPAddressAllow=/IPAddressDeny= work inside as on a real host (nspawn blocks it
# by default, and systemd then silently runs without its IP firewall).
status=0
timeout --kill-after=10 300 systemd-nspawn -q -D / --volatile=yes --register=no --keep-unit --system-call-filter=bpf \
  --console=read-only --private-network --machine="$machine" "${binds[@]}" \
  -b systemd.wants=gather-ci.service systemd.show_status=0 systemd.firstboot=off </dev/null || status=$?
echo "systemd-nspawn: the tests inside exited with status $status"
exit "$status"
