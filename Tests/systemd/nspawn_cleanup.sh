# Sourced by the nspawn runners: removes the runner's temp folder and what systemd-nspawn leaves behind
# (empty cgroups and folders, see ../shared/notes/systemd-in-ci.md). Expects $work and $machine.
cleanup() {
  rm -rf "$work"
  for root in /sys/fs/cgroup/systemd /sys/fs/cgroup/unified /sys/fs/cgroup; do
    for leftover in "$root/payload" "$root/supervisor" "$root/machine.slice/machine-$machine.scope"; do
      [ -d "$leftover" ] && find "$leftover" -depth -type d -exec rmdir {} \; 2>/dev/null || true
    done
  done
  rmdir /run/systemd/nspawn/* 2>/dev/null || true
}
trap cleanup EXIT
