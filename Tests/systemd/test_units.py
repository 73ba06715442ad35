"""The unit files: systemd-analyze verify must print nothing (typos only warn), and the service must score
SAFE (at most 1.0) in systemd-analyze security, as docs/systemd.md says."""
import os, re, shutil, subprocess, tempfile, unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
UNITS = os.path.join(REPO, "systemd")
BIN = os.environ.get("GATHERD_BIN", os.path.join(REPO, ".build", "debug", "gatherd"))


@unittest.skipUnless(shutil.which("systemd-analyze"), "systemd-analyze is not installed")
class UnitFileTests(unittest.TestCase):
    def copy_units(self, source, names):
        """Copies units with ExecStart= pointing at the built binary, which verify needs to exist."""
        directory = tempfile.mkdtemp(prefix="gatherd-units-")
        self.addCleanup(shutil.rmtree, directory)
        for name in names:
            with open(os.path.join(source, name)) as f:
                text = f.read().replace("/usr/local/bin/gatherd", os.path.abspath(BIN))
            with open(os.path.join(directory, name), "w") as f:
                f.write(text)
        return directory

    def verify(self, directory, units, *extra, env=None):
        result = subprocess.run(["systemd-analyze", "verify", "--man=no", *extra, *units], cwd=directory,
                                capture_output=True, text=True, env=env, timeout=60)
        self.assertEqual(result.stderr, "", "systemd-analyze verify complained")
        self.assertEqual(result.returncode, 0)

    def test_system_units_verify_cleanly(self):
        names = [n for n in os.listdir(UNITS) if n.endswith((".socket", ".service", ".timer"))]
        directory = self.copy_units(UNITS, names)
        self.verify(directory, ["gatherd.socket", "gatherd-status.socket", "gatherd-http.socket",
                                "gatherd-metrics.socket", "gatherd.service", "gatherd@pitch1.socket",
                                "gatherd-status@pitch1.socket", "gatherd-http@pitch1.socket",
                                "gatherd-metrics@pitch1.socket", "gatherd@pitch1.service",
                                "gatherd-backup.timer", "gatherd-backup.service"])

    def test_user_units_verify_cleanly(self):
        user = os.path.join(UNITS, "user")
        directory = self.copy_units(user, os.listdir(user))
        runtime = tempfile.mkdtemp(prefix="gatherd-xdg-")
        self.addCleanup(shutil.rmtree, runtime)
        os.chmod(runtime, 0o700)
        self.verify(directory, ["gatherd.socket", "gatherd.service"], "--user",
                    env=dict(os.environ, XDG_RUNTIME_DIR=runtime))

    def test_a_typo_is_caught(self):
        directory = self.copy_units(UNITS, ["gatherd.service", "gatherd.socket"])
        path = os.path.join(directory, "gatherd.service")
        with open(path) as f:
            text = f.read()
        with open(path, "w") as f:
            f.write(text.replace("WatchdogSec=", "WatchdogSecs="))
        result = subprocess.run(["systemd-analyze", "verify", "--man=no", "gatherd.service"], cwd=directory,
                                capture_output=True, text=True, timeout=60)
        self.assertIn("WatchdogSecs", result.stderr)

    def exposure(self, unit):
        result = subprocess.run(["systemd-analyze", "security", "--offline=yes", os.path.join(UNITS, unit)],
                                capture_output=True, text=True, timeout=60)
        match = re.search(r"Overall exposure level for \S+: (\d+\.\d+) (\w+)", result.stdout)
        self.assertIsNotNone(match, result.stdout + result.stderr)
        return float(match.group(1)), match.group(2)

    def test_the_services_score_safe_and_the_docs_say_so(self):
        with open(os.path.join(REPO, "docs", "systemd.md")) as f:
            docs = f.read()
        for unit in ["gatherd.service", "gatherd@.service", "gatherd-backup.service"]:
            score, verdict = self.exposure(unit)
            print("\n    %s: exposure %.1f %s" % (unit, score, verdict), end="")
            self.assertLessEqual(score, 1.0)
            self.assertEqual(verdict, "SAFE")
            self.assertIn("%.1f SAFE" % score, docs, "docs/systemd.md should state the score %.1f" % score)


def unit_settings(name):
    """A unit file's settings, each key with its values in order (comments left out)."""
    settings = {}
    with open(os.path.join(UNITS, name)) as f:
        for key, value in re.findall(r"^([A-Za-z]+)=(.*)$", f.read(), re.M):
            settings.setdefault(key, []).append(value)
    return settings


class BackupTimerTests(unittest.TestCase):
    def test_the_timer_runs_daily_makes_up_a_missed_day_and_spreads_its_start(self):
        timer = unit_settings("gatherd-backup.timer")
        self.assertEqual(timer["OnCalendar"], ["daily"])
        self.assertEqual(timer["Persistent"], ["true"])
        self.assertEqual(len(timer["RandomizedDelaySec"]), 1)
        self.assertEqual(timer["WantedBy"], ["timers.target"])

    def test_the_backup_runs_as_gatherd_on_its_state_with_its_hardening(self):
        """Same dynamic user (gatherd.service's is named after the unit: gatherd), same StateDirectory= and
        configuration, and every hardening setting of gatherd.service."""
        daemon, backup = unit_settings("gatherd.service"), unit_settings("gatherd-backup.service")
        self.assertEqual(backup["ExecStart"], ["/usr/local/bin/gatherd backup --dated"])
        self.assertEqual(backup["Type"], ["oneshot"])
        self.assertEqual(backup["User"], ["gatherd"])
        self.assertNotIn("User", daemon)
        for key in ["DynamicUser", "StateDirectory", "StateDirectoryMode", "UMask", "ConfigurationDirectory"]:
            self.assertEqual(backup[key], daemon[key], key)
        hardening = ["PrivateNetwork", "IPAddressDeny", "RestrictAddressFamilies", "CapabilityBoundingSet",
                     "NoNewPrivileges", "ProtectSystem", "ProtectHome", "PrivateTmp", "PrivateDevices",
                     "ProtectKernelTunables", "ProtectKernelModules", "ProtectControlGroups", "ProtectProc",
                     "RestrictNamespaces", "MemoryDenyWriteExecute", "SystemCallFilter", "SystemCallArchitectures"]
        for key in hardening:
            self.assertEqual(backup.get(key), daemon[key], key)

    def test_the_timer_is_off_until_the_admin_enables_it(self):
        with open(os.path.join(REPO, "packaging", "postinst")) as f:
            self.assertNotIn("gatherd-backup", f.read())
        with open(os.path.join(REPO, "docs", "systemd.md")) as f:
            self.assertTrue("systemctl enable --now gatherd-backup.timer" in f.read(), "docs/systemd.md says how")


if __name__ == "__main__":
    unittest.main()


class FileDescriptorStoreTests(unittest.TestCase):
    def test_every_service_keeps_connections_and_tells_gatherd_how_many(self):
        """FileDescriptorStoreMax= is what makes connections survive; gatherd reads it from $FDSTORE
        (systemd 254 sets it; 252 does not, so the units set it), and the two must agree."""
        for path in [os.path.join(UNITS, "gatherd.service"), os.path.join(UNITS, "gatherd@.service"),
                     os.path.join(UNITS, "user", "gatherd.service")]:
            with open(path) as f:
                text = f.read()
            store = re.findall(r"^FileDescriptorStoreMax=(\d+)$", text, re.M)
            announced = re.findall(r"^Environment=FDSTORE=(\d+)$", text, re.M)
            self.assertEqual(len(store), 1, path)
            self.assertEqual(store, announced, path)
            self.assertGreaterEqual(int(store[0]), 4096, "%s: room for the connections gatherd supports" % path)


class ConfigurationTests(unittest.TestCase):
    def test_the_system_services_read_etc_gatherd_and_take_secrets_from_the_credential_store(self):
        """ConfigurationDirectory= tells gatherd where gatherd.conf is; each LoadCredential= names a
        credential in systemd's store (a name, not a path), which may be missing without failing the start."""
        for name, prefix in [("gatherd.service", "gatherd"), ("gatherd@.service", "gatherd-%i")]:
            with open(os.path.join(UNITS, name)) as f:
                text = f.read()
            self.assertEqual(re.findall(r"^ConfigurationDirectory=(.*)$", text, re.M), ["gatherd"], name)
            credentials = dict(re.findall(r"^LoadCredential=([^:\n]+):(.*)$", text, re.M))
            self.assertEqual(credentials, {"http-token": prefix + ".http-token",
                                           "mqtt-password": prefix + ".mqtt-password"}, name)

    def test_every_named_socket_is_one_gatherd_knows(self):
        names = set()
        for name in os.listdir(UNITS):
            if name.endswith(".socket"):
                with open(os.path.join(UNITS, name)) as f:
                    names.update(re.findall(r"^FileDescriptorName=(.*)$", f.read(), re.M))
        self.assertEqual(names, {"control", "status", "http", "metrics"})
