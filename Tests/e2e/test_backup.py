"""gatherd backup and gatherd restore (and gatherctl's, which run them) against the real daemon and real files.

A backup taken while a client writes as fast as it can holds every write acknowledged before the backup began,
and restores into a fresh daemon with all of them; restore refuses a damaged file, a file that is not
gatherd's, a newer gatherd's database and a running daemon, and keeps the database it replaces.

    GATHERD_BIN=.build/debug/gatherd python3 -m unittest Tests/e2e/test_backup.py -v
"""

from __future__ import annotations

import glob
import os
import select
import socket
import sqlite3
import subprocess
import threading
import time

from harness import Client, Daemon, DaemonTestCase
from test_gatherctl import require_gatherctl

RUN_TIMEOUT = 60.0


class BackupCase(DaemonTestCase):
    fresh_daemon_per_test = True

    def gatherd(self, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
        """Runs `gatherd ARGS` (backup or restore) to its end."""
        return subprocess.run([self.daemon.binary, *args], capture_output=True, text=True, timeout=RUN_TIMEOUT,
                              env=dict(os.environ, **(env or {})), cwd=self.daemon.tmp)

    def backup(self, path: str, *args: str) -> subprocess.CompletedProcess:
        return self.gatherd("backup", "--database", self.daemon.db_path, "--config", "/dev/null", path, *args)

    def restore(self, daemon: Daemon, path: str) -> subprocess.CompletedProcess:
        return self.gatherd("restore", "--database", daemon.db_path, "--socket", daemon.socket_path,
                            "--config", "/dev/null", path)

    def integrity(self, path: str) -> str:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
            return db.execute("PRAGMA integrity_check").fetchone()[0]

    def good_backup(self) -> str:
        path = os.path.join(self.daemon.tmp, "good.sqlite")
        proc = self.backup(path)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        return path


class BackupUnderLoadTests(BackupCase):
    def test_a_backup_taken_under_write_load_restores_every_acknowledged_write(self):
        ids = [player["id"] for player in self.make_players(self.c, 4)]
        self.start_gather(self.c, ids[:2], ids[2:])
        acknowledged: list[tuple[float, str, object]] = []
        progress = threading.Condition()
        stop = threading.Event()
        failures: list[str] = []

        def write() -> None:
            with Client(self.daemon.socket_path) as client:
                number = 0
                score = {"teamA": 0, "teamB": 0}
                while not stop.is_set():
                    number += 1
                    # A goal every third write, for each side in turn, until a side nears 99 (the most a score shows).
                    team = "teamA" if number % 6 == 0 else "teamB"
                    if number % 3 or score[team] >= 95:
                        reply = client.call("players.create", {"name": f"Load {number}"})
                        kind, value = "player", f"Load {number}"
                    else:
                        reply = client.call("score.goal", {"team": team})
                        score = reply.get("result", {}).get("score", score)
                        kind, value = team, score[team]
                    if "result" not in reply:
                        failures.append(repr(reply))
                        with progress:
                            progress.notify_all()
                        return
                    with progress:
                        acknowledged.append((time.monotonic(), kind, value))
                        progress.notify_all()

        writer = threading.Thread(target=write)
        writer.start()
        backups: list[tuple[float, str, subprocess.CompletedProcess]] = []
        try:
            for round in range(4):
                with progress:
                    progress.wait_for(lambda: len(acknowledged) >= 40 * (round + 1) or failures, timeout=RUN_TIMEOUT)
                path = os.path.join(self.daemon.tmp, f"backup-{round}.sqlite")
                began = time.monotonic()
                backups.append((began, path, self.backup(path)))
        finally:
            stop.set()
            writer.join(30)
        self.assertEqual(failures, [])
        for _, path, proc in backups:
            self.assertEqual(proc.returncode, 0, proc.stderr)
            self.assertIn(f"to {path}", proc.stdout)
            self.assertEqual(self.integrity(path), "ok")
        began, last, _ = backups[-1]
        before = [(kind, value) for at, kind, value in acknowledged if at < began]
        after = [(kind, value) for at, kind, value in acknowledged if at >= began]
        self.assertGreater(len(before), 100)
        self.assertGreater(len(after), 0, "the writer went on while the backups were taken")

        fresh = Daemon()
        self.addCleanup(fresh.cleanup)
        proc = self.restore(fresh, last)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertIn("Restored", proc.stdout)
        fresh.start()
        with fresh.client() as client:
            names = {player["name"] for player in client.result("players.list")["players"]}
            score = client.result("score.get")["score"]
        missing = [value for kind, value in before if kind == "player" and value not in names]
        self.assertEqual(missing, [], "players acknowledged before the backup began are missing")
        for team in ("teamA", "teamB"):
            goals = [value for kind, value in before if kind == team]
            self.assertGreater(len(goals), 5)
            self.assertGreaterEqual(score[team], max(goals), f"{team}'s goals acknowledged before the backup began")
        self.assertEqual(self.integrity(fresh.db_path), "ok")


class BackupFileTests(BackupCase):
    def test_an_existing_file_is_kept_unless_force(self):
        self.make_players(self.c, 2)
        path = os.path.join(self.daemon.tmp, "copy.sqlite")
        with open(path, "w") as handle:
            handle.write("mine")
        proc = self.backup(path)
        self.assertEqual(proc.returncode, 1)
        self.assertIn("exists already", proc.stderr)
        with open(path) as handle:
            self.assertEqual(handle.read(), "mine")
        proc = self.backup(path, "--force")
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertEqual(self.integrity(path), "ok")
        self.assertEqual(oct(os.stat(path).st_mode & 0o777), "0o600")
        self.assertEqual(glob.glob(path + ".tmp-*"), [])

    def test_dated_copies_go_beside_the_database_and_the_oldest_go(self):
        self.make_players(self.c, 1)
        for _ in range(3):
            proc = self.gatherd("backup", "--dated", "--database", self.daemon.db_path, "--config", "/dev/null",
                                env={"GATHERD_BACKUP_KEEP": "2"})
            self.assertEqual(proc.returncode, 0, proc.stderr)
        copies = sorted(glob.glob(os.path.join(self.daemon.tmp, "backups", "gather-*Z.sqlite")))
        self.assertEqual(len(copies), 2, copies)
        self.assertIn("deleted the oldest", proc.stdout)
        self.assertIn(copies[-1], proc.stdout)

    def test_a_bad_backup_keep_names_its_setting_and_copies_nothing(self):
        config = os.path.join(self.daemon.tmp, "gatherd.conf")
        with open(config, "w") as handle:
            handle.write("log-level = info\nbackup-keep = none\n")
        proc = self.gatherd("backup", "--dated", "--database", self.daemon.db_path, "--config", config)
        self.assertEqual(proc.returncode, 1)
        self.assertIn(f"{config}:2: backup-keep = none: not a whole number", proc.stderr)
        self.assertFalse(os.path.exists(os.path.join(self.daemon.tmp, "backups")))


class RestoreRefusalTests(BackupCase):
    def assert_refused(self, path: str, words: str) -> None:
        """Restore is refused with `words` in its message, and the daemon comes back with what it had."""
        with self.daemon.client() as client:
            before = client.result("players.list")
        self.daemon.stop()
        proc = self.restore(self.daemon, path)
        self.assertEqual(proc.returncode, 1, proc.stdout)
        self.assertIn(words, proc.stderr)
        self.assertEqual(glob.glob(self.daemon.db_path + ".replaced-*"), [])
        self.daemon.start()
        with self.daemon.client() as client:
            self.assertEqual(client.result("players.list"), before)

    def test_a_damaged_file_is_refused(self):
        self.make_players(self.c, 300)
        path = self.good_backup()
        with open(path, "r+b") as handle:
            handle.seek(4096 * 2)
            handle.write(b"\x5a" * 4096 * 2)
        self.assert_refused(path, "damaged")

    def test_a_file_that_is_not_gatherds_is_refused(self):
        self.make_players(self.c, 2)
        path = os.path.join(self.daemon.tmp, "other.sqlite")
        with sqlite3.connect(path) as db:
            db.execute("CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT)")
        self.assert_refused(path, "not gatherd's")
        text = os.path.join(self.daemon.tmp, "notes.txt")
        with open(text, "w") as handle:
            handle.write("a shopping list\n" * 500)
        self.assert_refused(text, "not an SQLite database")

    def test_a_newer_gatherds_database_is_refused(self):
        self.make_players(self.c, 2)
        path = self.good_backup()
        with sqlite3.connect(path) as db:
            db.execute("INSERT INTO grdb_migrations (identifier) VALUES ('a-later-release')")
        self.assert_refused(path, "newer gatherd")

    def test_a_running_daemon_is_refused_by_its_database_or_its_socket(self):
        self.make_players(self.c, 2)
        path = self.good_backup()
        proc = self.restore(self.daemon, path)
        self.assertEqual(proc.returncode, 1)
        self.assertIn("gatherd is running: its database", proc.stderr)
        self.assertIn("systemctl stop gatherd.service", proc.stderr)
        # Another database, but the running daemon's socket answers.
        elsewhere = Daemon()
        self.addCleanup(elsewhere.cleanup)
        elsewhere.socket_path = self.daemon.socket_path
        proc = self.restore(elsewhere, path)
        self.assertEqual(proc.returncode, 1)
        self.assertIn(f"Something listens on gatherd's socket {self.daemon.socket_path}", proc.stderr)
        self.assertFalse(os.path.exists(elsewhere.db_path))
        self.assertEqual(len(self.c.result("players.list")["players"]), 2, "the daemon serves on")

    def test_a_listening_socket_is_found_without_connecting_to_it(self):
        """A socket unit's socket would start its service on a connection: restore reads /proc/net/unix instead."""
        path = self.good_backup()
        self.daemon.stop()
        listener = socket.socket(socket.AF_UNIX)
        self.addCleanup(listener.close)
        unit_socket = os.path.join(self.daemon.tmp, "unit.sock")
        listener.bind(unit_socket)
        listener.listen(4)
        proc = self.gatherd("restore", "--database", self.daemon.db_path, "--socket", unit_socket, "--config",
                            "/dev/null", path)
        self.assertEqual(proc.returncode, 1)
        self.assertIn(f"Something listens on gatherd's socket {unit_socket}", proc.stderr)
        readable, _, _ = select.select([listener], [], [], 0)
        self.assertEqual(readable, [], "restore connected to the socket")

    def test_a_restore_keeps_the_database_it_replaces(self):
        self.make_players(self.c, 2)
        path = self.good_backup()
        self.c.result("players.create", {"name": "After the backup"})
        self.daemon.stop()
        proc = self.restore(self.daemon, path)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        kept = glob.glob(self.daemon.db_path + ".replaced-*Z.sqlite")
        self.assertEqual(len(kept), 1, kept)
        self.assertIn(kept[0], proc.stdout)
        with sqlite3.connect(f"file:{kept[0]}?mode=ro", uri=True) as db:
            self.assertEqual(db.execute("SELECT COUNT(*) FROM player").fetchone()[0], 3)
        self.daemon.start()
        with self.daemon.client() as client:
            self.assertEqual(len(client.result("players.list")["players"]), 2)


class GatherctlBackupTests(BackupCase):
    """gatherctl backup and restore run the gatherd installed beside gatherctl, with the same rules."""

    def gatherctl(self, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run([require_gatherctl(), "--socket", self.daemon.socket_path, *args], capture_output=True,
                              text=True, timeout=RUN_TIMEOUT, cwd=self.daemon.tmp)

    def test_gatherctl_backs_up_a_running_daemon_and_restores_it_once_stopped(self):
        self.make_players(self.c, 3)
        path = os.path.join(self.daemon.tmp, "ctl.sqlite")
        where = ("--database", self.daemon.db_path, "--config", "/dev/null")
        proc = self.gatherctl("backup", path, *where)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertIn(f"to {path}", proc.stdout)
        self.assertEqual(self.integrity(path), "ok")
        again = self.gatherctl("backup", path, *where)
        self.assertEqual(again.returncode, 1, "an existing copy is kept")
        self.assertIn("exists already", again.stderr)
        self.c.result("players.create", {"name": "After the backup"})
        refused = self.gatherctl("restore", path, *where)
        self.assertEqual(refused.returncode, 1)
        self.assertIn("gatherd is running", refused.stderr)
        self.daemon.stop()
        proc = self.gatherctl("restore", path, *where)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.daemon.start()
        with self.daemon.client() as client:
            self.assertEqual(len(client.result("players.list")["players"]), 3)


if __name__ == "__main__":
    import unittest

    unittest.main()
