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
    def test_the_real_units_under_real_systemd(self):
        result = subprocess.run([os.path.join(HERE, "run_nspawn.sh"), BIN], capture_output=True, text=True,
                                timeout=400)
        lines = [l for l in result.stdout.splitlines() if "python3[" in l or "nspawn:" in l]
        print("\n" + "\n".join(lines))
        self.assertEqual(result.returncode, 0, result.stdout[-4000:] + result.stderr[-2000:])


if __name__ == "__main__":
    unittest.main()
