"""The command line: --help, default paths from the XDG variables, GATHERD_* variables, bad flags."""

import os
import shutil
import stat
import subprocess
import tempfile
import unittest

from harness import (
    NOBODY_GID,
    NOBODY_UID,
    Client,
    Daemon,
    RpcAssertions,
    encode,
    require_binary,
    setpriv_prefix,
)


def run(args, env=None, timeout=10):
    """Runs the binary to completion; fails the test (after killing it) if it is still running at `timeout`."""
    proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        raise AssertionError(f"{args} was still running after {timeout} s; output: {out[-500:]!r} {err[-500:]!r}")
    return proc.returncode, out.decode("utf-8", "replace"), err.decode("utf-8", "replace")


def clean_env(**extra):
    env = {k: v for k, v in os.environ.items() if not k.startswith("GATHERD_") and not k.startswith("XDG_")}
    env.update(extra)
    return env


class HelpTests(unittest.TestCase):
    def test_help_lists_the_flags_and_the_environment_variables(self):
        code, out, err = run([require_binary(), "--help"])
        self.assertEqual(code, 0, err)
        for word in (
            "--socket",
            "--database",
            "--socket-mode",
            "--control-group",
            "--max-line-bytes",
            "--log-level",
            "GATHERD_SOCKET",
            "GATHERD_DATABASE",
        ):
            with self.subTest(word=word):
                if word not in out and word in err:
                    self.fail(f"--help printed {word} on stderr; help goes to standard output")
                self.assertIn(word, out)

    def test_bad_command_lines_are_refused(self):
        binary = require_binary()
        for index, extra in enumerate(
            (
                ["--no-such-flag"],
                ["--log-level", "loud"],
                ["--max-line-bytes", "lots"],
                ["--socket-mode", "rw-rw----"],
                ["--database"],
            )
        ):
            with self.subTest(args=extra):
                tmp = self.make_tmp()
                socket_path = os.path.join(tmp, "x.sock")
                args = ["--socket", socket_path] + (["--database", os.path.join(tmp, "x.sqlite")] if extra != ["--database"] else [])
                code, out, err = run([binary] + args + extra, env=clean_env())
                self.assertNotEqual(code, 0, f"gatherd accepted {extra}")
                self.assertTrue(err.strip(), f"gatherd said nothing on stderr about {extra}")
                self.assertFalse(os.path.exists(socket_path), "a refused command line must not leave a socket")

    def make_tmp(self):
        tmp = tempfile.mkdtemp(prefix="gatherd-e2e-")
        self.addCleanup(shutil.rmtree, tmp, True)
        return tmp


class DaemonCase(RpcAssertions, unittest.TestCase):
    def start(self, daemon: Daemon) -> Daemon:
        self.addCleanup(daemon.cleanup)
        daemon.start()
        return daemon

    def connect(self, daemon: Daemon) -> Client:
        client = daemon.client()
        self.addCleanup(client.close)
        return client


class DefaultPathTests(DaemonCase):
    def test_xdg_runtime_dir_and_xdg_state_home_give_the_default_paths(self):
        """Without --socket/--database: $XDG_RUNTIME_DIR/gatherd/gatherd.sock and $XDG_STATE_HOME/gatherd/gather.sqlite.

        As root the contract names /run and /var/lib instead, so when the tests run as root the daemon is
        started as uid 65534 (through setpriv), for which the XDG paths apply without any doubt.
        """
        wrapper = []
        daemon = Daemon(pass_paths=False, dir_mode=0o755)
        self.addCleanup(daemon.cleanup)
        runtime = os.path.join(daemon.tmp, "runtime")
        state = os.path.join(daemon.tmp, "state")
        home = os.path.join(daemon.tmp, "home")
        for folder in (runtime, state, home):
            os.mkdir(folder, 0o700)
        if os.geteuid() == 0:
            if not shutil.which("setpriv"):
                self.skipTest("running as root without setpriv: cannot start gatherd as an ordinary user")
            for folder in (runtime, state, home):
                os.chown(folder, NOBODY_UID, NOBODY_GID)
            wrapper = setpriv_prefix()
            probe = subprocess.run(wrapper + ["/usr/bin/test", "-x", daemon.binary], capture_output=True)
            if probe.returncode != 0:
                self.skipTest(f"uid {NOBODY_UID} cannot execute {daemon.binary}")
        daemon.wrapper = wrapper
        daemon.env = clean_env(XDG_RUNTIME_DIR=runtime, XDG_STATE_HOME=state, HOME=home)
        daemon.socket_path = os.path.join(runtime, "gatherd", "gatherd.sock")
        daemon.start()
        self.assertTrue(stat.S_ISSOCK(os.stat(daemon.socket_path).st_mode), "the socket is at $XDG_RUNTIME_DIR/gatherd/gatherd.sock")
        database = os.path.join(state, "gatherd", "gather.sqlite")
        client = self.connect(daemon)
        self.assertEqual(self.ok(client, "daemon.status")["pid"], daemon.pid)
        self.ok(client, "players.create", {"name": "Stored"})
        self.assertTrue(os.path.isfile(database), f"the database is at {database}; found {sorted(os.listdir(state))}")
        code, _ = daemon.stop()
        self.assertEqual(code, 0)
        daemon.start()
        client = self.connect(daemon)
        self.assertEqual([p["name"] for p in self.ok(client, "players.list")["players"]], ["Stored"])


class EnvironmentTests(DaemonCase):
    def test_gatherd_variables_configure_the_daemon(self):
        daemon = Daemon(pass_paths=False, log_level=None)
        socket_path = os.path.join(daemon.tmp, "from-env.sock")
        database = os.path.join(daemon.tmp, "from-env.sqlite")
        daemon.socket_path = socket_path
        daemon.env = clean_env(
            GATHERD_SOCKET=socket_path,
            GATHERD_DATABASE=database,
            GATHERD_SOCKET_MODE="0600",
            GATHERD_MAX_LINE_BYTES="2048",
            GATHERD_LOG_LEVEL="warning",
        )
        self.start(daemon)
        self.assertEqual(stat.S_IMODE(os.stat(socket_path).st_mode), 0o600)
        client = self.connect(daemon)
        self.ok(client, "players.create", {"name": "Env"})
        self.assertTrue(os.path.isfile(database))
        offender = self.connect(daemon)
        try:
            offender.send_raw(encode({"jsonrpc": "2.0", "method": "daemon.ping", "id": 1, "pad": "z" * 3000}) + b"\n")
        except (BrokenPipeError, ConnectionResetError):
            pass
        seen = offender.expect_eof()
        self.assertEqual(len(seen), 1, seen)
        error = self.assertRpcError(seen[0], -32600, "line_too_long", id=None)
        self.assertEqual(error["data"].get("limit"), 2048)

    def test_flags_win_over_the_environment(self):
        daemon = Daemon()
        env_socket = os.path.join(daemon.tmp, "env.sock")
        env_database = os.path.join(daemon.tmp, "env.sqlite")
        daemon.env = clean_env(GATHERD_SOCKET=env_socket, GATHERD_DATABASE=env_database, GATHERD_SOCKET_MODE="0600")
        self.start(daemon)
        client = self.connect(daemon)
        self.ok(client, "players.create", {"name": "Flag"})
        self.assertTrue(os.path.exists(daemon.socket_path))
        self.assertTrue(os.path.isfile(daemon.db_path))
        self.assertFalse(os.path.exists(env_socket))
        self.assertFalse(os.path.exists(env_database))


class DefaultModeTests(DaemonCase):
    def test_the_socket_is_0660_by_default_and_follows_socket_mode(self):
        for args, mode in (((), 0o660), (("--socket-mode", "0600"), 0o600), (("--socket-mode", "666"), 0o666)):
            with self.subTest(args=args):
                daemon = self.start(Daemon(args, env=clean_env()))
                self.assertEqual(stat.S_IMODE(os.stat(daemon.socket_path).st_mode), mode)
                daemon.cleanup()


if __name__ == "__main__":
    unittest.main()
