"""A full disk under the real daemon: the database on a 3 MB tmpfs that a filler file fills up.

A change that cannot be written gets -32603 `storage_unavailable` and changes nothing; reads, ticks and
subscriptions go on; the log has one error for the outage and one notice when it ends; writes work again
without a restart; after kill -9 every acknowledged write is on disk and no refused one is.

Mounting needs root (CI runs `make test` as root); elsewhere the tests are skipped, saying why.
"""

import errno
import os
import subprocess
import tempfile
import unittest

from harness import Daemon, RpcAssertions

UNAVAILABLE = "Storage is unavailable"
WRITABLE_AGAIN = "Storage is writable again"


def fill(directory):
    """Writes a filler file until the file system is full (ENOSPC); returns its path."""
    path = os.path.join(directory, "filler")
    chunk = b"\0" * 65536
    with open(path, "wb", buffering=0) as handle:
        while chunk:
            try:
                handle.write(chunk)
            except OSError as error:
                if error.errno != errno.ENOSPC:
                    raise
                chunk = chunk[: len(chunk) // 2] if len(chunk) > 512 else b""
    return path


class FullDiskTests(RpcAssertions, unittest.TestCase):
    def setUp(self):
        super().setUp()
        if os.geteuid() != 0:
            self.skipTest("mounting a small tmpfs for the database needs root (CI runs make test as root)")
        self.mount = tempfile.mkdtemp(prefix="gatherd-full-disk-")
        self.addCleanup(os.rmdir, self.mount)
        mounted = subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=3m,mode=0755", "tmpfs", self.mount], capture_output=True, text=True
        )
        if mounted.returncode != 0:
            self.skipTest(f"cannot mount a tmpfs here: {mounted.stderr.strip()}")
        self.addCleanup(self.unmount)
        # Cleanups run last-in first-out: the daemon stops before the file system goes.
        self.daemon = Daemon(log_level="notice")
        self.daemon.db_path = os.path.join(self.mount, "gather.sqlite")
        self.addCleanup(self.daemon.cleanup)
        self.daemon.start()
        self.c = self.daemon.client()

    def unmount(self):
        if subprocess.run(["umount", self.mount], capture_output=True).returncode != 0:
            subprocess.run(["umount", "-l", self.mount], check=True)

    def refused_for_storage(self, client, method, params=None):
        reply = client.call(method, params)
        error = self.assertRpcError(reply, -32603, "storage_unavailable")
        self.assertEqual(error["data"]["cause"], "disk_full", reply)
        self.assertIn("nothing changed", error["message"], reply)
        return error

    def test_a_full_disk_refuses_changes_and_the_match_goes_on_until_space_is_back(self):
        players = [self.ok(self.c, "players.create", {"name": name}) for name in ["Ana", "Bruno", "Carla", "Duarte"]]
        ids = [player["id"] for player in players]
        self.start_gather(self.c, ids[0:2], ids[2:4], seconds=8)
        self.ok(self.c, "score.goal", {"team": "teamA", "player": ids[0]})
        watcher = self.daemon.client()
        self.ok(watcher, "events.subscribe", {"topics": ["tick", "score", "timer"]})
        self.ok(self.c, "timer.start")
        watcher.wait_event(lambda event: event["method"] == "tick")

        filler = fill(self.mount)
        roster = self.ok(self.c, "players.list")
        score = self.ok(self.c, "score.get")
        gather = self.ok(self.c, "gather.current")

        self.refused_for_storage(self.c, "players.create", {"name": "Refused"})
        self.refused_for_storage(self.c, "score.goal", {"team": "teamB"})
        self.refused_for_storage(self.c, "gather.assign", {"player": ids[3], "team": "bench"})
        self.refused_for_storage(self.c, "players.update", {"id": ids[1], "name": "Bruno Refused"})
        # In a batch, each change that cannot be written gets its own error; the read is answered.
        self.c.send([
            {"jsonrpc": "2.0", "id": 101, "method": "players.create", "params": {"name": "Refused too"}},
            {"jsonrpc": "2.0", "id": 102, "method": "score.goal", "params": {"team": "teamA"}},
            {"jsonrpc": "2.0", "id": 103, "method": "players.list"},
        ])
        replies = {reply["id"]: reply for reply in self.c.read_message()}
        self.assertRpcError(replies[101], -32603, "storage_unavailable")
        self.assertRpcError(replies[102], -32603, "storage_unavailable")
        self.assertEqual(self.assertResult(replies[103]), roster)

        # Nothing changed, and reads go on.
        self.assertEqual(self.ok(self.c, "players.list"), roster)
        self.assertEqual(self.ok(self.c, "score.get"), score)
        now = self.ok(self.c, "gather.current")
        self.assertEqual({k: v for k, v in now.items() if k != "timer"}, {k: v for k, v in gather.items() if k != "timer"})
        # Ticks go on to the end of the match; its end cannot be saved now, and the session takes it in its stride.
        finished, skipped = watcher.wait_event(lambda event: event["method"] == "timer", timeout=15)
        self.assertEqual(finished["params"]["change"], "finished")
        self.assertGreaterEqual(len([e for e in skipped if e["method"] == "tick"]), 2, skipped)
        self.assertEqual([e for e in skipped if e["method"] == "score"], [], "a refused goal was published")
        self.assertEqual(self.ok(self.c, "timer.status")["state"], "finished")
        self.refused_for_storage(self.c, "players.create", {"name": "Refused after the whistle"})

        output = self.daemon.output()
        self.assertEqual(output.count(UNAVAILABLE), 1, output[-4000:])
        self.assertIn(self.daemon.db_path, output)
        self.assertNotIn(WRITABLE_AGAIN, output)
        self.assertNotIn("A request failed inside gatherd", output)

        # Space is back: the next change is written, with no restart.
        os.remove(filler)
        goal = self.ok(self.c, "score.goal", {"team": "teamB", "player": ids[2]})
        self.assertEqual(goal["score"]["text"], "1-1")
        event, _ = watcher.wait_event(lambda event: event["method"] == "score")
        self.assertEqual(event["params"]["score"]["text"], "1-1")
        eva = self.ok(self.c, "players.create", {"name": "Eva"})
        output = self.daemon.output()
        self.assertEqual(output.count(UNAVAILABLE), 1, output[-4000:])
        self.assertEqual(output.count(WRITABLE_AGAIN), 1, output[-4000:])

        # kill -9: every acknowledged write is on disk, and no refused one.
        self.daemon.kill9()
        self.daemon.restart()
        self.c = self.daemon.client()
        names = [player["name"] for player in self.ok(self.c, "players.list")["players"]]
        self.assertEqual(names, ["Ana", "Bruno", "Carla", "Duarte", "Eva"])
        self.assertEqual(self.ok(self.c, "players.get", {"id": eva["id"]})["name"], "Eva")
        after = self.ok(self.c, "gather.current")
        self.assertEqual(after["score"]["text"], "1-1")
        self.assertEqual([g["team"] for g in after["goals"]], ["teamA", "teamB"])
        self.assertEqual(self.member_ids(after["teams"], "teamB"), ids[2:4])
        self.assertEqual(after["timer"]["state"], "finished")


if __name__ == "__main__":
    unittest.main()
