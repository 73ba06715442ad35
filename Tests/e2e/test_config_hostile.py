"""Hostile files and values in gatherd's settings, on the real daemon. A FIFO, a socket, a device or a
directory where a file is expected (the configuration file, the web token, the MQTT password and CA files,
systemd's credentials) is refused at once, naming the setting and the path, instead of hanging the start; so
is a file too large to be one. A NUL byte or bytes that are not UTF-8 in the configuration file are refused
with the file and the line, and a byte-order mark at its start is skipped. A token must be printable ASCII.
And the variables that were refused without being named are named, with their values."""
import os
import shutil
import socket
import subprocess
import tempfile
import unittest

from harness import Daemon, require_binary
from test_config import ConfigCase, clean_env


class HostileCase(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="gatherd-hostile-")
        self.addCleanup(shutil.rmtree, self.tmp, True)
        self.socket = self.path("s.sock")

    def path(self, name):
        return os.path.join(self.tmp, name)

    def write(self, name, data):
        with open(self.path(name), "wb") as f:
            f.write(data)
        return self.path(name)

    def fifo(self, name="fifo"):
        os.mkfifo(self.path(name))
        return self.path(name)

    def refused(self, *args, env=None, timeout=10):
        """Runs gatherd (its socket and database in the test's folder) with `args`; returns its stderr, having
        checked that it exited with status 1 within `timeout` seconds, said one line, and left no socket."""
        command = [require_binary(), "--socket", self.socket, "--database", self.path("g.sqlite"), *args]
        proc = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                env=clean_env(**(env or {})), cwd=self.tmp)
        try:
            _, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
            self.fail("gatherd %s %s was still running after %d s instead of refusing to start (waiting on a file?)"
                      % (args, env, timeout))
        err = err.decode("utf-8", "replace")
        self.assertEqual(proc.returncode, 1, err)
        self.assertFalse(os.path.exists(self.socket), "a refused start must not leave a socket")
        self.assertEqual(len(err.strip().splitlines()), 1, err)
        return err


class FilesThatAreNotFilesTests(HostileCase):
    def test_a_fifo_named_by_any_setting_is_refused_at_once_naming_the_setting_and_the_path(self):
        fifo = self.fifo()
        config = self.write("gatherd.conf", b"http = 127.0.0.1:0\nhttp-token-file = %s\n" % fifo.encode())
        cases = [
            (["--config", fifo], {}, "--config %s: not a regular file (a FIFO); give a file that holds key = value"),
            ([], {"GATHERD_CONFIG": fifo}, "GATHERD_CONFIG=%s: not a regular file (a FIFO)"),
            (["--http", "127.0.0.1:0", "--http-token-file", fifo], {},
             "--http-token-file %s: not a regular file (a FIFO); give a file that holds the token."),
            (["--http", "127.0.0.1:0"], {"GATHERD_HTTP_TOKEN_FILE": fifo}, "GATHERD_HTTP_TOKEN_FILE=%s: not a regular"),
            (["--config", config], {}, config + ":2: http-token-file = %s: not a regular file (a FIFO)"),
            (["--mqtt", "mqtt://u@127.0.0.1:1", "--mqtt-password-file", fifo], {},
             "--mqtt-password-file %s: not a regular file (a FIFO); give a file that holds the password."),
            (["--mqtt", "mqtt://u@127.0.0.1:1"], {"GATHERD_MQTT_PASSWORD_FILE": fifo},
             "GATHERD_MQTT_PASSWORD_FILE=%s: not a regular file (a FIFO)"),
            (["--mqtt", "mqtts://127.0.0.1:1", "--mqtt-ca-file", fifo], {}, "--mqtt-ca-file %s: not a regular file (a FIFO)"),
        ]
        for args, env, words in cases:
            with self.subTest(args=args, env=env):
                self.assertIn("gatherd: " + words % fifo, self.refused(*args, env=env))

    def test_a_fifo_systemd_passes_as_a_credential_is_refused(self):
        credentials = self.path("credentials")
        os.mkdir(credentials)
        for name, args, secret in [("http-token", ["--http", "127.0.0.1:0"], "token"),
                                   ("mqtt-password", ["--mqtt", "mqtt://u@127.0.0.1:1"], "password")]:
            with self.subTest(credential=name):
                path = os.path.join(credentials, name)
                os.mkfifo(path)
                err = self.refused(*args, env={"CREDENTIALS_DIRECTORY": credentials})
                self.assertIn("systemd's credential %s (%s): not a regular file (a FIFO); give a file that holds the %s."
                              % (name, path, secret), err)
                os.unlink(path)

    def test_a_fifo_where_the_default_file_would_be_is_refused(self):
        folder = self.path("etc-gatherd")
        os.mkdir(folder)
        fifo = self.fifo(os.path.join("etc-gatherd", "gatherd.conf"))
        err = self.refused(env={"CONFIGURATION_DIRECTORY": folder})
        self.assertIn("gatherd: %s: not a regular file (a FIFO)" % fifo, err)

    def test_sockets_devices_directories_and_large_files_are_refused(self):
        unix = socket.socket(socket.AF_UNIX)
        self.addCleanup(unix.close)
        unix.bind(self.path("unix"))
        big_config = self.write("big.conf", b"# " + b"x" * (1 << 20) + b"\n")
        big_token = self.write("big-token", b"t" * 4097)
        http = ["--http", "127.0.0.1:0", "--http-token-file"]
        for args, words in [
            (["--config", "/dev/zero"], "--config /dev/zero: not a regular file (a character device)"),
            (["--config", self.tmp], "--config %s: not a regular file (a directory)" % self.tmp),
            (["--config", big_config], "--config %s: it is larger than 1048576 bytes" % big_config),
            (http + ["/dev/zero"], "--http-token-file /dev/zero: not a regular file (a character device)"),
            (http + [self.path("unix")], "--http-token-file %s: not a regular file (a socket)" % self.path("unix")),
            (http + [big_token], "--http-token-file %s: it is larger than 4096 bytes" % big_token),
        ]:
            with self.subTest(args=args):
                self.assertIn("gatherd: " + words, self.refused(*args))


class ConfigTextTests(HostileCase):
    def test_a_nul_byte_in_a_value_is_refused_with_its_line_and_nothing_is_bound(self):
        config = self.write("gatherd.conf", b"log-level = info\nstatus-socket = %s\x00junk\n" % self.path("n.sock").encode())
        err = self.refused("--config", config)
        self.assertIn("gatherd: %s:2: the line holds a NUL byte" % config, err)
        self.assertNotIn("\x00", err)
        self.assertFalse(os.path.exists(self.path("n.sock")))

    def test_a_nul_byte_in_a_comment_is_refused_too(self):
        config = self.write("gatherd.conf", b"# gatherd\n\n# a \x00 comment\nlog-level = info\n")
        self.assertIn("%s:3: the line holds a NUL byte" % config, self.refused("--config", config))

    def test_bytes_that_are_not_utf8_are_refused_with_their_line(self):
        config = self.write("gatherd.conf", b"log-level = info\n# caf\xe9 du coin\n")
        self.assertIn("gatherd: %s:2: the line is not valid UTF-8" % config, self.refused("--config", config))


class ByteOrderMarkTests(ConfigCase):
    def test_a_file_saved_with_a_byte_order_mark_is_read(self):
        daemon = self.daemon(pass_paths=True)
        with open(daemon.config, "wb") as f:
            f.write(b"\xef\xbb\xbflog-level = notice\r\nmax-line-bytes = 1024\r\n")
        daemon.start()
        self.assertEqual(self.line_limit(daemon), 1024)


class TokenAndPasswordTests(HostileCase):
    def test_a_token_of_control_characters_is_refused_without_showing_it(self):
        token = self.write("token", b"\x07" * 20 + b"\n")
        err = self.refused("--http", "127.0.0.1:0", "--http-token-file", token)
        self.assertIn("gatherd: --http-token-file %s: the token must be one line of at least 16 printable ASCII "
                      "characters, ! to ~, with no spaces or control characters" % token, err)
        self.assertNotIn("\x07", err)

    def test_a_nul_byte_in_a_token_or_password_file_is_refused(self):
        token = self.write("token", b"0123456789abcdef0123\n\x00\n")
        self.assertIn("--http-token-file %s: the token must be" % token,
                      self.refused("--http", "127.0.0.1:0", "--http-token-file", token))
        password = self.write("password", b"secret\x00more\n")
        err = self.refused("--mqtt", "mqtt://u@127.0.0.1:1", "--mqtt-password-file", password)
        self.assertIn("--mqtt-password-file %s: the file holds a NUL byte" % password, err)
        self.assertNotIn("secret", err)

    def test_a_token_of_every_printable_character_is_taken(self):
        token = self.write("token", b"!\"#$%&'()*+,-./09:;<=>?@AZ[\\]^_`az{|}~\n")
        daemon = Daemon(["--http", "127.0.0.1:0", "--http-token-file", token], env=clean_env())
        self.addCleanup(daemon.cleanup)
        daemon.start()


class NamedVariableTests(HostileCase):
    def test_each_variable_is_named_with_its_value_and_what_it_takes(self):
        for variable, value, says in [
            ("GATHERD_STATUS_SOCKET_MODE", "8", "not an octal file mode from 0000 to 0777, such as 0660."),
            ("GATHERD_SOCKET_MODE", "999", "not an octal file mode from 0000 to 0777, such as 0660."),
            ("GATHERD_MAX_LINE_BYTES", "lots", "not a whole number of bytes from 256 to 67108864."),
            ("GATHERD_LOG_LEVEL", "loud",
             "not a log level; give trace, debug, info, notice, warning, error or critical."),
        ]:
            with self.subTest(variable=variable):
                err = self.refused(env={variable: value})
                self.assertEqual(err, "gatherd: %s=%s: %s\n" % (variable, value, says))

    def test_a_value_a_terminal_would_not_show_is_escaped(self):
        err = self.refused(env={"GATHERD_LOG_LEVEL": "\x1b[2J\x1b]0;owned\x07loud"})
        self.assertIn('GATHERD_LOG_LEVEL="\\u{1B}[2J\\u{1B}]0;owned\\u{7}loud": not a log level', err)
        self.assertNotIn("\x1b", err)


if __name__ == "__main__":
    unittest.main()
