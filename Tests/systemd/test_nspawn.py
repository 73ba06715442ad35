"""gatherd's real units under real systemd, booted in a throwaway systemd-nspawn container (about 15 s):
see run_nspawn.sh and container_test.py."""
import os, shutil, subprocess, unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
# The binary `make install` staged (what users run), else the build's own.
INSTALLED = os.path.join(os.environ.get("GATHERD_INSTALL_ROOT", "/nonexistent"), "usr/local/bin/gatherd")
BIN = INSTALLED if os.path.exists(INSTALLED) else os.environ.get(
    "GATHERD_BIN", os.path.join(REPO, ".build", "debug", "gatherd"))


@unittest.skipUnless(os.geteuid() == 0, "booting a container needs root")
@unittest.skipUnless(shutil.which("systemd-nspawn"), "systemd-nspawn is not installed (apt-get install systemd-container)")
class RealSystemdTests(unittest.TestCase):
    def run_in_container(self, *script):
        result = subprocess.run([os.path.join(HERE, "run_nspawn.sh"), BIN, *script], capture_output=True,
                                text=True, timeout=400)
        lines = [l for l in result.stdout.splitlines() if "python3[" in l or "nspawn:" in l]
        print("\n" + "\n".join(lines[-60:]))
        self.assertEqual(result.returncode, 0, result.stdout[-6000:] + result.stderr[-2000:])

    def test_the_real_units_under_real_systemd(self):
        self.run_in_container()

    def test_200_clients_keep_their_connections_across_restart_and_kill_9(self):
        """The fd store keeps every connection; see container_restart_test.py for the figures."""
        self.run_in_container("container_restart_test.py")

    def test_the_backup_timer_copies_as_gatherd_and_restore_waits_for_it_to_stop(self):
        """gatherd-backup.service shares gatherd.service's dynamic user; see container_backup_test.py."""
        self.run_in_container("container_backup_test.py")


if __name__ == "__main__":
    unittest.main()
