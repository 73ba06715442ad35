"""The MQTT options and their variables. A bad URL, an unreadable password or CA file, or a topic
prefix MQTT cannot take is a startup error that names the option or variable it came from, with exit status 1,
before anything else happens; the variables do what the options do; `--help` documents every option."""

import os
import subprocess
import tempfile
import unittest

from harness import Daemon, RpcAssertions, require_binary
from mqttbroker import MQTTTestCase
from test_config import clean_env


class StartupErrors(unittest.TestCase):
    def run_gatherd(self, *args, env=None):
        folder = tempfile.mkdtemp(prefix="gatherd-mqtt-settings-")
        self.addCleanup(subprocess.run, ["rm", "-rf", folder])
        command = [require_binary(), "--socket", os.path.join(folder, "s"), "--database", os.path.join(folder, "db"), *args]
        result = subprocess.run(command, capture_output=True, text=True, timeout=20,
                                env={**os.environ, **(env or {})}, cwd=folder)
        return result, folder

    def refused(self, option, *args, env=None, says=None):
        result, folder = self.run_gatherd(*args, env=env)
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertIn(option, result.stderr)
        if says:
            self.assertIn(says, result.stderr)
        self.assertFalse(os.path.exists(os.path.join(folder, "db")), "nothing was touched before the error")
        return result.stderr

    def test_bad_urls_name_the_option(self):
        for url, says in [("http://hub.lan", "mqtt:// or mqtts://"), ("hub.lan:1883", "not an MQTT URL"),
                          ("mqtt://hub.lan:0", "port"), ("mqtt://hub.lan:x", "port"), ("mqtt://", "no host"),
                          ("mqtt://user:secret@hub.lan", "--mqtt-password-file"), ("mqtt://hub.lan/topic", "path")]:
            with self.subTest(url=url):
                self.assertNotIn("secret", self.refused("--mqtt", "--mqtt", url, says=says), "a password is never shown")

    def test_the_variable_is_checked_the_same_way(self):
        self.refused("GATHERD_MQTT=ftp://hub.lan: ", env={"GATHERD_MQTT": "ftp://hub.lan"}, says="mqtt:// or mqtts://")
        self.refused("GATHERD_MQTT_TICKS=sometimes: ", "--mqtt", "mqtt://hub.lan", env={"GATHERD_MQTT_TICKS": "sometimes"})

    def test_an_unreadable_or_empty_password_file_names_the_option(self):
        stderr = self.refused("--mqtt-password-file", "--mqtt", "mqtt://u@hub.lan", "--mqtt-password-file", "/nonexistent/pw")
        self.assertIn("No such file", stderr)
        empty = tempfile.NamedTemporaryFile(delete=False)
        self.addCleanup(os.unlink, empty.name)
        self.refused("--mqtt-password-file", "--mqtt", "mqtt://u@hub.lan", "--mqtt-password-file", empty.name, says="empty")

    def test_a_password_needs_a_user(self):
        with tempfile.NamedTemporaryFile("w", delete=False) as password:
            password.write("secret\n")
        self.addCleanup(os.unlink, password.name)
        stderr = self.refused("--mqtt-password-file", "--mqtt", "mqtt://hub.lan", "--mqtt-password-file", password.name,
                              says="names no user")
        self.assertNotIn("secret", stderr)

    def test_a_ca_file_needs_mqtts_and_must_be_readable(self):
        self.refused("--mqtt-ca-file", "--mqtt", "mqtt://hub.lan", "--mqtt-ca-file", "/etc/hostname", says="mqtts://")
        self.refused("--mqtt-ca-file", "--mqtt", "mqtts://hub.lan", "--mqtt-ca-file", "/nonexistent/ca.pem")

    def test_topic_prefixes_mqtt_cannot_take_name_the_option(self):
        for prefix, says in [("gatherd/#", "wildcard"), ("a/+/b", "wildcard"), ("/gatherd", "empty level"),
                             ("gatherd/", "empty level"), ("$SYS/x", "$")]:
            with self.subTest(prefix=prefix):
                self.refused("--mqtt-topic", "--mqtt", "mqtt://hub.lan", "--mqtt-topic", prefix, says=says)
        self.refused("--mqtt-discovery-prefix", "--mqtt", "mqtt://hub.lan", "--mqtt-discovery-prefix", "home//assistant")

    def test_mqtt_options_without_a_broker_are_refused(self):
        self.refused("--mqtt-control", "--mqtt-control", says="needs --mqtt")
        self.refused("GATHERD_MQTT_TOPIC=x/y: ", env={"GATHERD_MQTT_TOPIC": "x/y"}, says="needs --mqtt")

    def test_help_documents_every_option_and_variable(self):
        result = subprocess.run([require_binary(), "--help"], capture_output=True, text=True, timeout=20)
        for option in ["--mqtt <url>", "--mqtt-password-file", "--mqtt-ca-file", "--mqtt-topic", "--mqtt-discovery-prefix",
                       "--mqtt-control", "--mqtt-ticks"]:
            self.assertIn(option, result.stdout)
        for variable in ["GATHERD_MQTT,", "GATHERD_MQTT_PASSWORD_FILE", "GATHERD_MQTT_CA_FILE", "GATHERD_MQTT_TOPIC",
                         "GATHERD_MQTT_DISCOVERY_PREFIX", "GATHERD_MQTT_CONTROL", "GATHERD_MQTT_TICKS", "GATHERD_INSTANCE"]:
            self.assertIn(variable, result.stdout.replace("\n", " "))


class FromTheEnvironment(MQTTTestCase, RpcAssertions, unittest.TestCase):
    broker_kwargs = {"users": {"gatherd": "from a credential"}}

    def test_the_variables_and_a_systemd_credential_configure_mqtt(self):
        credentials = tempfile.mkdtemp(prefix="gatherd-credentials-")
        self.addCleanup(subprocess.run, ["rm", "-rf", credentials])
        with open(os.path.join(credentials, "mqtt-password"), "w") as f:
            f.write("from a credential")
        env = {**os.environ, "GATHERD_MQTT": f"mqtt://gatherd@127.0.0.1:{self.broker.port}", "GATHERD_MQTT_CONTROL": "yes",
               "GATHERD_MQTT_TOPIC": "club/one", "CREDENTIALS_DIRECTORY": credentials}
        daemon = Daemon(env=env, log_level="info")
        self.addCleanup(daemon.cleanup)
        daemon.start()
        self.broker.wait_for_line(r"New client connected from \S+ as club_one .*u'gatherd'")
        self.broker.wait_for_line(r"^club_one 1 club/one/rpc$")


class FromTheConfigFile(MQTTTestCase, RpcAssertions, unittest.TestCase):
    """The configuration file feeds the MQTT settings like every other: keys named after the
    options, below the variables, and a refused value named by its file and line."""

    def daemon(self, lines, env=None):
        daemon = Daemon(env={**clean_env(), **(env or {})}, log_level="info")
        self.addCleanup(daemon.cleanup)
        config = os.path.join(daemon.tmp, "gatherd.conf")
        with open(config, "w") as f:
            f.write("\n".join(lines) + "\n")
        daemon.extra_args = ["--config", config]
        return daemon, config

    def test_the_file_configures_mqtt_and_a_variable_wins_over_it(self):
        daemon, _ = self.daemon([f"mqtt = {self.broker.url}", "mqtt-control = on", "mqtt-topic = club/file",
                                 "mqtt-discovery-prefix = homeassistant", "mqtt-ticks = off"],
                                env={"GATHERD_MQTT_TOPIC": "club/variable"})
        daemon.start()
        self.broker.wait_for_line(r"^club_variable 1 club/variable/rpc$")

    def test_the_command_line_turns_control_off_that_the_file_turns_on(self):
        watcher = self.watch("homeassistant/button/#")
        daemon, _ = self.daemon([f"mqtt = {self.broker.url}", "mqtt-control = on"])
        daemon.extra_args.append("--no-mqtt-control")
        daemon.start()
        # Without control, gatherd removes the buttons: an empty retained config where a button's would be.
        removal = watcher.wait("homeassistant/button/gatherd_main/goal_a/config")
        self.assertEqual((removal.payload, removal.retain), (b"", True))

    def test_a_bad_value_in_the_file_names_the_file_and_the_line(self):
        daemon, config = self.daemon(["mqtt = mqtt://hub.lan", "", "mqtt-topic = gatherd/#"])
        result = subprocess.run(daemon.command(), capture_output=True, text=True, env=daemon.env, timeout=30)
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertIn(f"{config}:3: mqtt-topic = gatherd/#: cannot be a topic prefix", result.stderr)


if __name__ == "__main__":
    unittest.main()
