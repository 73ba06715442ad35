"""The configuration file on the real daemon: gatherd started from a file, the precedence
(command line, then environment, then file), errors that name the file and the line, the default files
(systemd's ConfigurationDirectory=, XDG for a user), secrets read from the files named and never logged, and
the shipped /etc/gatherd/gatherd.conf (packaging/gatherd.conf) holding every option of gatherd --help."""
import json
import os
import re
import shutil
import socket
import subprocess
import tempfile
import unittest

from harness import (NOBODY_GID, NOBODY_UID, Client, Daemon, RpcAssertions, binary_path, encode, require_binary,
                     setpriv_prefix)
from test_metrics import wait_for_port
from wsclient import WebSocket

HERE = os.path.dirname(os.path.abspath(__file__))
SHIPPED = os.path.join(os.path.dirname(os.path.dirname(HERE)), "packaging", "gatherd.conf")
TOKEN = "config-file-token-4f9c2a7d1e"


def clean_env(**extra):
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("GATHERD_", "XDG_")) and k not in ("CONFIGURATION_DIRECTORY", "CREDENTIALS_DIRECTORY")}
    env.update(extra)
    return env


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def help_options():
    """The long options gatherd --help lists, but --help, --version and --config."""
    text = subprocess.run([require_binary(), "--help"], capture_output=True, text=True, check=True).stdout
    options = set(re.findall(r"^  (?:-\w, )?--([a-z][a-z0-9-]*)", text, re.M))
    return options - {"help", "version", "config"}


class ConfigCase(RpcAssertions, unittest.TestCase):
    def daemon(self, lines=(), args=(), env=None, pass_paths=False):
        """A daemon whose configuration file (in its folder) holds `lines`; not started."""
        daemon = Daemon(args, pass_paths=pass_paths, env=clean_env(**(env or {})), log_level=None)
        self.addCleanup(daemon.cleanup)
        daemon.config = os.path.join(daemon.tmp, "gatherd.conf")
        with open(daemon.config, "w") as f:
            f.write("".join(line.replace("TMP", daemon.tmp) + "\n" for line in lines))
        daemon.extra_args = ["--config", daemon.config] + [a.replace("TMP", daemon.tmp) for a in daemon.extra_args]
        return daemon

    def line_limit(self, daemon):
        """The line limit the daemon enforces, as its line_too_long error reports it."""
        with daemon.client() as client:
            client.send_raw(b'{"jsonrpc":"2.0","id":1,"method":"daemon.ping","params":{"pad":"' + b"x" * 2000 + b'"}}\n')
            reply = client.read_message()
        if "result" in reply or reply["error"]["data"]["reason"] == "invalid_params":
            return None
        self.assertEqual(reply["error"]["data"]["reason"], "line_too_long", reply)
        return reply["error"]["data"]["limit"]

    def refused(self, daemon):
        """Runs the daemon to its exit; returns stderr, having checked the exit status 1 and that nothing listens."""
        result = subprocess.run(daemon.command(), capture_output=True, text=True, env=daemon.env, cwd=daemon.tmp,
                                timeout=30)
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        self.assertFalse(os.path.exists(daemon.socket_path), "a refused start must not leave a socket")
        return result.stderr


class StartFromFileTests(ConfigCase):
    def test_the_file_sets_the_socket_the_database_and_the_limits(self):
        daemon = self.daemon([
            "# gatherd's settings", "", "socket = TMP/from-file.sock", '  database  =  "TMP/from-file.sqlite"  ',
            "max-line-bytes = 1024", "log-level = notice", "socket-mode=0600",
        ])
        daemon.socket_path = os.path.join(daemon.tmp, "from-file.sock")
        daemon.start()
        self.assertEqual(os.stat(daemon.socket_path).st_mode & 0o777, 0o600)
        with daemon.client() as client:
            self.ok(client, "players.create", {"name": "Ana"})
        self.assertTrue(os.path.exists(os.path.join(daemon.tmp, "from-file.sqlite")))
        self.assertEqual(self.line_limit(daemon), 1024)

    def test_the_command_line_wins_over_the_environment_which_wins_over_the_file(self):
        lines = ["socket = TMP/file.sock", "database = TMP/g.sqlite", "max-line-bytes = 1024"]
        daemon = self.daemon(lines)
        daemon.socket_path = os.path.join(daemon.tmp, "file.sock")
        daemon.start()
        self.assertEqual(self.line_limit(daemon), 1024)
        daemon.stop()

        daemon.env["GATHERD_SOCKET"] = os.path.join(daemon.tmp, "env.sock")
        daemon.env["GATHERD_MAX_LINE_BYTES"] = "1200"
        daemon.socket_path = daemon.env["GATHERD_SOCKET"]
        daemon.start()
        self.assertFalse(os.path.exists(os.path.join(daemon.tmp, "file.sock")))
        self.assertEqual(self.line_limit(daemon), 1200)
        daemon.stop()

        daemon.socket_path = os.path.join(daemon.tmp, "cli.sock")
        daemon.start(daemon.extra_args + ["--socket", daemon.socket_path, "--max-line-bytes", "1500"])
        self.assertFalse(os.path.exists(os.path.join(daemon.tmp, "env.sock")))
        self.assertEqual(self.line_limit(daemon), 1500)

    def test_a_bad_value_that_something_else_overrides_is_never_read(self):
        daemon = self.daemon(["socket = TMP/s.sock", "database = TMP/g.sqlite", "log-level = loud"],
                             env={"GATHERD_LOG_LEVEL": "warning"})
        daemon.socket_path = os.path.join(daemon.tmp, "s.sock")
        daemon.start()

    def test_dev_null_reads_nothing_and_an_empty_value_is_unset(self):
        daemon = self.daemon(["max-line-bytes =", "http = "], args=["--config", "/dev/null"], pass_paths=True)
        daemon.start()
        self.assertIsNone(self.line_limit(daemon))  # the default, 1 MiB, takes the 2 kB line
        daemon.stop()
        daemon.extra_args = ["--config", daemon.config]
        daemon.start()
        self.assertIsNone(self.line_limit(daemon))


class ErrorTests(ConfigCase):
    CASES = [
        (["log-level = info", "htpp = 0.0.0.0:8080"], 2, 'unknown key "htpp"'),
        (["", "# a comment", "max-line-bytes = lots"], 3, "max-line-bytes"),
        (["socket-mode = rw-r--r--"], 1, "socket-mode"),
        (["http = everywhere"], 1, "http"),
        (["log-level = loud"], 1, "log-level"),
        (["socket = TMP/a.sock", "database = TMP/g.sqlite", "socket = TMP/b.sock"], 3, "set on line 1"),
        (["socket TMP/s.sock"], 1, "key = value"),
        (["--socket = TMP/s.sock"], 1, "without the dashes"),
        (["config = /etc/gatherd/other.conf"], 1, "--config"),
        (["http-token-file = TMP/missing-token"], 1, "missing-token"),
        (["log-level = info", "control-group = no-such-group-here"], 2, "no-such-group-here"),
    ]

    def test_each_error_names_the_file_and_the_line_and_gatherd_exits_1(self):
        for lines, line, words in self.CASES:
            with self.subTest(lines=lines):
                # The command line names a socket and a database too: nothing could touch the machine's.
                daemon = self.daemon(lines, args=["--socket", "TMP/s.sock", "--database", "TMP/g.sqlite"])
                daemon.socket_path = os.path.join(daemon.tmp, "s.sock")
                err = self.refused(daemon)
                self.assertIn("%s:%d:" % (daemon.config, line), err)
                self.assertIn(words.replace("TMP", daemon.tmp), err)
                self.assertEqual(len(err.strip().splitlines()), 1, err)

    def test_a_named_file_must_exist(self):
        for how in ("option", "variable"):
            with self.subTest(how=how):
                daemon = self.daemon(pass_paths=True)
                missing = os.path.join(daemon.tmp, "nowhere.conf")
                if how == "option":
                    daemon.extra_args = ["--config", missing]
                else:
                    daemon.extra_args = []
                    daemon.env["GATHERD_CONFIG"] = missing
                err = self.refused(daemon)
                self.assertIn(missing, err)
                self.assertIn("No such file", err)


class DefaultFileTests(ConfigCase):
    def test_systemds_configuration_directory_is_read_when_the_file_exists(self):
        daemon = self.daemon(pass_paths=True)
        daemon.extra_args = []
        folder = os.path.join(daemon.tmp, "etc-gatherd")
        os.mkdir(folder)
        daemon.env["CONFIGURATION_DIRECTORY"] = folder
        daemon.start()  # no gatherd.conf there: the defaults
        self.assertIsNone(self.line_limit(daemon))
        daemon.stop()
        with open(os.path.join(folder, "gatherd.conf"), "w") as f:
            f.write("max-line-bytes = 2000\n")
        daemon.start()
        self.assertEqual(self.line_limit(daemon), 2000)
        daemon.stop()
        with open(os.path.join(folder, "gatherd.conf"), "w") as f:
            f.write("max-line-bytes = 2000\nnonsense = 1\n")
        self.assertIn(os.path.join(folder, "gatherd.conf") + ":2:", self.refused(daemon))

    def test_a_user_reads_xdg_config_home(self):
        daemon = self.daemon(pass_paths=False)
        os.chmod(daemon.tmp, 0o755)
        home = os.path.join(daemon.tmp, "home")
        config = os.path.join(daemon.tmp, "config")
        runtime = os.path.join(daemon.tmp, "runtime")
        for folder in (home, config, os.path.join(config, "gatherd"), runtime):
            os.mkdir(folder, 0o700)
        with open(os.path.join(config, "gatherd", "gatherd.conf"), "w") as f:
            f.write("max-line-bytes = 1100\ndatabase = %s/g.sqlite\n" % home)
        if os.geteuid() == 0:
            if not shutil.which("setpriv"):
                self.skipTest("running as root without setpriv: cannot start gatherd as an ordinary user")
            for root, dirs, files in os.walk(daemon.tmp):
                for name in [root] + [os.path.join(root, n) for n in dirs + files]:
                    os.chown(name, NOBODY_UID, NOBODY_GID)
            daemon.wrapper = setpriv_prefix()
            if subprocess.run(daemon.wrapper + ["/usr/bin/test", "-x", daemon.binary]).returncode != 0:
                self.skipTest("uid %d cannot execute %s" % (NOBODY_UID, daemon.binary))
        daemon.extra_args = []
        daemon.env.update(XDG_CONFIG_HOME=config, HOME=home, XDG_RUNTIME_DIR=runtime)
        daemon.socket_path = os.path.join(runtime, "gatherd", "gatherd.sock")
        daemon.start()
        self.assertEqual(self.line_limit(daemon), 1100)
        self.assertTrue(os.path.exists(os.path.join(home, "g.sqlite")))


class SecretTests(ConfigCase):
    def test_the_token_file_the_config_names_is_used_and_never_logged(self):
        port = free_port()
        daemon = self.daemon(["socket = TMP/s.sock", "database = TMP/g.sqlite", "http = 127.0.0.1:%d" % port,
                              "http-token-file = TMP/token", "log-level = trace"])
        with open(os.path.join(daemon.tmp, "token"), "w") as f:
            f.write(TOKEN + "\n")
        daemon.socket_path = os.path.join(daemon.tmp, "s.sock")
        daemon.start()
        wait_for_port(port)
        web = WebSocket(port)
        self.addCleanup(web.close)
        self.assertEqual(web.call("auth.token", {"token": TOKEN})["result"]["control"], True)
        self.assertIn("result", web.call("players.create", {"name": "Ana"}, id=2))
        with daemon.client() as client:
            self.ok(client, "web.link")
        daemon.stop()
        output = daemon.output()
        # Logged at the most verbose level, the token's file and every call that carried it, but not the token.
        self.assertIn("rpc_method=auth.token", output)
        self.assertIn("rpc_method=web.link", output)
        self.assertNotIn(TOKEN, output)

    def test_allowed_hosts_from_the_file_are_answered_and_others_are_not(self):
        port = free_port()
        daemon = self.daemon(["socket = TMP/s.sock", "database = TMP/g.sqlite", "http = 127.0.0.1:%d" % port,
                              "allowed-host = pitch.lan", "allowed-host = board.lan, 192.0.2.7"])
        daemon.socket_path = os.path.join(daemon.tmp, "s.sock")
        daemon.start()
        wait_for_port(port)

        def status(host):
            with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
                conn.sendall(b"GET /healthz HTTP/1.1\r\nHost: %s:%d\r\nConnection: close\r\n\r\n" % (host, port))
                return int(conn.recv(64).split()[1])

        self.assertEqual([status(h) for h in (b"pitch.lan", b"board.lan", b"192.0.2.7")], [200, 200, 200])
        self.assertEqual(status(b"evil.example"), 421)

    def test_systemds_credential_stands_in_when_no_file_is_named(self):
        port = free_port()
        daemon = self.daemon(["socket = TMP/s.sock", "database = TMP/g.sqlite", "http = 127.0.0.1:%d" % port])
        credentials = os.path.join(daemon.tmp, "credentials")
        os.mkdir(credentials)
        with open(os.path.join(credentials, "http-token"), "w") as f:
            f.write(TOKEN + "\n")
        daemon.env["CREDENTIALS_DIRECTORY"] = credentials
        daemon.socket_path = os.path.join(daemon.tmp, "s.sock")
        daemon.start()
        wait_for_port(port)
        web = WebSocket(port)
        self.addCleanup(web.close)
        self.assertEqual(web.call("auth.token", {"token": TOKEN})["result"]["control"], True)

    def test_an_unreadable_token_stops_gatherd_naming_the_line_but_not_the_token(self):
        daemon = self.daemon(["socket = TMP/s.sock", "database = TMP/g.sqlite", "http = 127.0.0.1:0",
                              "http-token-file = TMP/short"])
        with open(os.path.join(daemon.tmp, "short"), "w") as f:
            f.write("tooshort\n")
        daemon.socket_path = os.path.join(daemon.tmp, "s.sock")
        err = self.refused(daemon)
        self.assertIn(daemon.config + ":4:", err)
        self.assertNotIn("tooshort", err)


class ShippedFileTests(ConfigCase):
    def shipped(self):
        with open(SHIPPED) as f:
            return f.read()

    def test_every_option_of_help_is_in_the_shipped_file_commented_out(self):
        text = self.shipped()
        keys = set(re.findall(r"^# ([a-z][a-z0-9-]*) =", text, re.M))
        self.assertEqual([l for l in text.splitlines() if l.strip() and not l.startswith("#")], [],
                         "every line of the shipped file is a comment")
        missing = help_options() - keys
        self.assertEqual(missing, set(), "options of gatherd --help missing from packaging/gatherd.conf: %s" % missing)
        self.assertEqual(keys - help_options(), set(), "keys in packaging/gatherd.conf that are no option")

    def test_gatherd_takes_the_shipped_file_and_every_default_in_it(self):
        daemon = self.daemon(pass_paths=True)
        daemon.extra_args = ["--config", SHIPPED]
        daemon.start()
        daemon.stop()
        # Every key uncommented, at the value shown: each is a value gatherd accepts (the socket and the
        # database come from the command line, which wins).
        uncommented = re.sub(r"^# ([a-z][a-z0-9-]* =)", r"\1", self.shipped(), flags=re.M)
        with open(daemon.config, "w") as f:
            f.write(uncommented)
        daemon.extra_args = ["--config", daemon.config]
        daemon.start()
        self.assertIsNone(self.line_limit(daemon))


if __name__ == "__main__":
    unittest.main()
