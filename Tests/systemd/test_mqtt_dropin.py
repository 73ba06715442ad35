"""The MQTT systemd drop-in (systemd/mqtt.conf): it verifies cleanly on both services, allows exactly what MQTT
needs, leaves the shipped units' SAFE score alone (it is not installed among the units), and under real systemd
(systemd-nspawn, about 15 s) lets gatherd reach a broker that the shipped sandbox keeps it from:
container_mqtt_test.py."""
import os, re, shutil, subprocess, tempfile, unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
UNITS = os.path.join(REPO, "systemd")
DROPIN = os.path.join(UNITS, "mqtt.conf")
BIN = os.environ.get("GATHERD_BIN", os.path.join(REPO, ".build", "debug", "gatherd"))
INSTALL_ROOT = os.environ.get("GATHERD_INSTALL_ROOT")


def settings(text):
    return [line for line in text.splitlines() if line and not line.startswith(("#", "["))]


@unittest.skipUnless(shutil.which("systemd-analyze"), "systemd-analyze is not installed")
class TheDropIn(unittest.TestCase):
    def units_with_dropin(self):
        directory = tempfile.mkdtemp(prefix="gatherd-dropin-")
        self.addCleanup(shutil.rmtree, directory)
        for name in ["gatherd.service", "gatherd@.service", "gatherd.socket", "gatherd@.socket"]:
            with open(os.path.join(UNITS, name)) as f:
                text = f.read().replace("/usr/local/bin/gatherd", os.path.abspath(BIN))
            with open(os.path.join(directory, name), "w") as f:
                f.write(text)
        for service in ["gatherd.service", "gatherd@.service"]:
            os.makedirs(os.path.join(directory, service + ".d"))
            shutil.copy(DROPIN, os.path.join(directory, service + ".d", "mqtt.conf"))
        return directory

    def test_it_allows_ipv4_ipv6_and_outgoing_connections_only(self):
        with open(DROPIN) as f:
            lines = settings(f.read())
        self.assertEqual(lines, ["PrivateNetwork=no", "RestrictAddressFamilies=",
                                 "RestrictAddressFamilies=AF_UNIX AF_INET AF_INET6", "IPAddressDeny=", "SocketBindDeny=any"])

    def test_it_verifies_cleanly_on_both_services(self):
        directory = self.units_with_dropin()
        result = subprocess.run(["systemd-analyze", "verify", "--man=no", "gatherd.service", "gatherd@pitch1.service"],
                                cwd=directory, capture_output=True, text=True, timeout=60)
        self.assertEqual((result.returncode, result.stderr), (0, ""))

    def test_the_units_without_it_keep_their_score_and_with_it_the_docs_say_what_it_costs(self):
        def exposure(path):
            result = subprocess.run(["systemd-analyze", "security", "--offline=yes", path], capture_output=True,
                                    text=True, timeout=60)
            return re.search(r"Overall exposure level for \S+: (\d+\.\d+ \w+)", result.stdout).group(1)

        with open(os.path.join(REPO, "docs", "systemd.md")) as f:
            docs = f.read()
        shipped = exposure(os.path.join(UNITS, "gatherd.service"))
        self.assertEqual(shipped, "0.6 SAFE", "the shipped unit, without the drop-in")
        with_dropin = exposure(os.path.join(self.units_with_dropin(), "gatherd.service"))
        print("\n    gatherd.service: %s; with mqtt.conf: %s" % (shipped, with_dropin), end="")
        self.assertIn(with_dropin, docs, "docs/systemd.md states the score with the drop-in")

    def test_make_install_puts_it_beside_the_units_not_among_them(self):
        if not INSTALL_ROOT:
            self.skipTest("GATHERD_INSTALL_ROOT is not set (make test sets it)")
        prefix = os.path.join(INSTALL_ROOT, "usr", "local")
        self.assertTrue(os.path.isfile(os.path.join(prefix, "share", "gatherd", "mqtt.conf")))
        units = os.path.join(prefix, "lib", "systemd", "system")
        self.assertEqual([name for name in os.listdir(units) if name.endswith(".d")], [], "not enabled by itself")
        with open(os.path.join(units, "gatherd@.service")) as f:
            self.assertIn("Environment=GATHERD_INSTANCE=%i", f.read())


@unittest.skipUnless(os.geteuid() == 0, "booting a container needs root")
@unittest.skipUnless(shutil.which("systemd-nspawn"), "systemd-nspawn is not installed (apt-get install systemd-container)")
@unittest.skipUnless(shutil.which("mosquitto"), "mosquitto is not installed (make deps installs it)")
class UnderRealSystemd(unittest.TestCase):
    def test_the_sandbox_keeps_mqtt_out_until_the_dropin_lets_it_through(self):
        installed = os.path.join(INSTALL_ROOT or "/nonexistent", "usr/local/bin/gatherd")
        binary = installed if os.path.exists(installed) else BIN
        result = subprocess.run([os.path.join(HERE, "run_nspawn.sh"), binary, "container_mqtt_test.py"],
                                capture_output=True, text=True, timeout=400)
        lines = [line for line in result.stdout.splitlines() if "python3[" in line or "nspawn:" in line]
        print("\n" + "\n".join(lines[-40:]))
        self.assertEqual(result.returncode, 0, result.stdout[-6000:] + result.stderr[-2000:])


if __name__ == "__main__":
    unittest.main()
