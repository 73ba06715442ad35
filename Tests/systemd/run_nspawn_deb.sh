#!/usr/bin/env bash
# Boots a throwaway systemd (systemd-nspawn, the host's /usr under a writable overlay, a copy of its dpkg
# database, empty /etc) and runs container_deb_test.py inside as a oneshot unit, with the two packages in
# /srv/debs: FIRST is installed, UPGRADE (a higher version) is installed over it mid-match. Exits with the
# test's status. Needs root. Usage: Tests/systemd/run_nspawn_deb.sh FIRST.deb UPGRADE.deb
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
first=$(realpath "$1")
upgrade=$(realpath "$2")
work=$(mktemp -d /tmp/gatherd-nspawn-deb.XXXXXX)
machine="gather-deb-$$"

# shellcheck source=nspawn_cleanup.sh
. "$here/nspawn_cleanup.sh"

mkdir -p "$work/units" "$work/usr" "$work/debs"
# dpkg -i needs the host's package database (for Depends) and must not write to the host's: a copy.
cp -a /var/lib/dpkg "$work/dpkg"
# Its stat overrides name users and groups of the host that the container's empty /etc does not have.
: > "$work/dpkg/statoverride"
cp "$first" "$work/debs/first.deb"
cp "$upgrade" "$work/debs/upgrade.deb"
cp "$here/container_deb_test.py" "$work/debs/"
cat > "$work/units/gather-deb.target" <<'UNIT'
[Unit]
Description=gatherd's package test (instead of multi-user.target: none of the host's services)
Requires=basic.target
Wants=gather-deb.service systemd-journald.service
After=basic.target
AllowIsolate=yes
UNIT
cat > "$work/units/gather-deb.service" <<'UNIT'
[Unit]
Description=gatherd's package under real systemd
After=basic.target systemd-journald.service systemd-sysusers.service

[Service]
Type=oneshot
ExecStart=/usr/bin/python3 -u /srv/debs/container_deb_test.py
StandardOutput=journal+console
StandardError=journal+console
ExecStopPost=/bin/sh -c 'systemctl exit $${EXIT_STATUS:-1}'
UNIT

# /etc/systemd/system is writable (the package's postinst enables units there); /usr is an overlay, so dpkg
# can install into it while the host's /usr stays untouched.
status=0
timeout --kill-after=10 300 systemd-nspawn -q -D / --volatile=yes --register=no --keep-unit \
  --console=read-only --private-network --machine="$machine" \
  --bind="$work/units:/etc/systemd/system" --overlay="/usr:$work/usr:/usr" --bind="$work/dpkg:/var/lib/dpkg" \
  --bind-ro="$work/debs:/srv/debs" \
  -b systemd.unit=gather-deb.target systemd.show_status=0 systemd.firstboot=off </dev/null || status=$?
echo "systemd-nspawn: the package tests inside exited with status $status"
exit "$status"
