"""Every start-up error names its setting as it was given: a bad value for any option of gatherd --help, given
on the command line, in its GATHERD_* variable or in the configuration file, stops gatherd with exit status 1
and one line that starts with `--option VALUE:`, `GATHERD_OPTION=VALUE:` or `FILE:LINE: option = VALUE:`,
whichever it came from, then says what is wrong."""
import os
import shutil
import subprocess
import tempfile
import unittest

from harness import require_binary
from test_config import clean_env, help_options

# option: (a value gatherd refuses, what the message says, options the check needs). TMP is the test's folder,
# where "plain" is a regular file and nothing else exists.
BAD_VALUES = {
    "socket": ("TMP/plain", "exists and is not a socket", []),
    "database": ("TMP", "Cannot open the database", []),
    "socket-mode": ("999", "not an octal file mode", []),
    "status-socket": ("TMP/plain", "exists and is not a socket", []),
    "status-socket-mode": ("8", "not an octal file mode", []),
    "control-group": ("no-such-group-here", 'no group named "no-such-group-here"', []),
    "max-line-bytes": ("100", "not a whole number of bytes from 256", []),
    "http": ("everywhere", "is not an address", []),
    "http-token-file": ("TMP/missing", "No such file or directory", ["--http", "127.0.0.1:0"]),
    "public-url": ("ftp://gather.example", "the scheme must be http or https", []),
    "allowed-host": ("pitch:8080", "is not a host name", []),
    "http-max-connections": ("0", "not a whole number from 1 to 65536", []),
    "http-max-connections-per-address": ("many", "not a whole number from 1 to 65536", []),
    "http-header-timeout": ("0", "not a whole number of seconds from 1 to 3600", []),
    "http-idle-timeout": ("99999", "not a whole number of seconds from 1 to 3600", []),
    "metrics": ("localhost", "is not an address", []),
    "mqtt": ("http://hub.lan", "the scheme must be mqtt:// or mqtts://", []),
    "mqtt-password-file": ("TMP/missing", "No such file or directory", ["--mqtt", "mqtt://u@127.0.0.1:1"]),
    "mqtt-ca-file": ("TMP/missing", "No such file or directory", ["--mqtt", "mqtts://127.0.0.1:1"]),
    "mqtt-topic": ("club/#", "cannot be a topic prefix", ["--mqtt", "mqtt://127.0.0.1:1"]),
    "mqtt-discovery-prefix": ("home//assistant", "cannot be a topic prefix", ["--mqtt", "mqtt://127.0.0.1:1"]),
    "mqtt-control": ("sometimes", "give on or off", []),
    "mqtt-ticks": ("sometimes", "give on or off", []),
    "log-level": ("loud", "not a log level", []),
    "backup-directory": ("TMP/plain", "exists and is not a folder", []),
    "backup-keep": ("0", "not a whole number of copies from 1 to 10000", []),
    "vote-closes": ("noon", "neither a time of day HH:MM", []),
    "plan-expiry": ("31d", "not a duration from 0 to 30d, such as 6h, 90m or 1d12h", []),
    "plan-reminders": ("48h,2s", "not a duration from 1m to 28d, such as 6h, 90m or 1d12h", []),
    "quiet-hours": ("25:00-09:00", "25 is not an hour of the day", []),
    "fine-late-drop-out": ("abc", "not an amount and a currency", []),
    "fine-no-show": ("abc", "not an amount and a currency", []),
    "strikes": ("0", "not a whole number from 1 to 20", []),
    "strike-days": ("0", "not a whole number of days from 1 to 365", []),
    "push-contact": ("foo", "not a contact a push service can reach", []),
    "push-services": ("10.0.0.1:x:y", "is not a host, host:port or *.domain", []),
    "push-ca-file": ("TMP/missing", "No such file or directory", []),
    "webhook": ("ftp://example.org/x", "not an http or https URL with a host", []),
    "webhook-secret-file": ("TMP/missing", "No such file or directory", ["--webhook", "https://example.org/h"]),
}
# Flags: no value on the command line; their variable and key take on or off.
FLAGS = {"mqtt-control"}
# The variables whose name is not the option's.
VARIABLES = {"allowed-host": "GATHERD_ALLOWED_HOSTS", "webhook": "GATHERD_WEBHOOKS"}


def variable(option):
    return VARIABLES.get(option, "GATHERD_" + option.upper().replace("-", "_"))


class EveryOptionTests(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="gatherd-setting-errors-")
        self.addCleanup(shutil.rmtree, self.tmp, True)
        open(os.path.join(self.tmp, "plain"), "w").close()
        self.config = os.path.join(self.tmp, "gatherd.conf")

    def refused(self, option, how):
        """gatherd's stderr for `option`'s bad value given `how` (option, variable or file), after checking that
        it exited with status 1 and said one line."""
        value, _, needs = BAD_VALUES[option]
        value = value.replace("TMP", self.tmp)
        paths = {"socket": os.path.join(self.tmp, "s.sock"), "database": os.path.join(self.tmp, "g.sqlite")}
        args = [arg for name, path in paths.items() if name != option for arg in ("--" + name, path)] + needs
        env = clean_env()
        with open(self.config, "w") as f:
            f.write("# every other key is unset\n" + ("%s = %s\n" % (option, value) if how == "file" else ""))
        args += ["--config", self.config]
        if how == "option":
            args += ["--" + option, value]
        elif how == "variable":
            env[variable(option)] = value
        result = subprocess.run([require_binary(), *args], capture_output=True, text=True, env=env, cwd=self.tmp,
                                timeout=30)
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertEqual(len(result.stderr.strip().splitlines()), 1, result.stderr)
        return result.stderr

    def test_the_table_covers_every_option_of_help(self):
        self.assertEqual(set(BAD_VALUES), help_options(),
                         "give each option of gatherd --help a bad value here, so that its errors are checked")

    def test_a_bad_value_is_named_by_the_option_the_variable_or_the_files_line_it_came_from(self):
        for option, (value, says, _) in sorted(BAD_VALUES.items()):
            value = value.replace("TMP", self.tmp)
            sources = {
                "variable": "%s=%s: " % (variable(option), value),
                "file": "%s:2: %s = %s: " % (self.config, option, value),
            }
            if option not in FLAGS:
                sources["option"] = "--%s %s: " % (option, value)
            for how, source in sources.items():
                with self.subTest(option=option, given=how):
                    err = self.refused(option, how)
                    self.assertIn(source, err)
                    self.assertIn(says, err[err.index(source):])


if __name__ == "__main__":
    unittest.main()
