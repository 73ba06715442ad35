"""Starting and stopping: SIGTERM/SIGINT, the socket file, a second daemon, a stale socket."""

import os
import resource
import signal
import subprocess
import time
import unittest

from harness import TIME_SCALE, DaemonTestCase, encode, try_connect

IDLE_CLIENTS = 1000


class ShutdownTests(DaemonTestCase):
    fresh_daemon_per_test = True

    def test_sigterm_with_many_idle_clients_exits_0_quickly(self):
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if soft < IDLE_CLIENTS + 100 <= hard:
            resource.setrlimit(resource.RLIMIT_NOFILE, (IDLE_CLIENTS + 100, hard))
            self.addCleanup(resource.setrlimit, resource.RLIMIT_NOFILE, (soft, hard))
        clients = [self.client() for _ in range(IDLE_CLIENTS)]
        # Make sure the daemon has accepted every one of them before the signal.
        for client in clients:
            client.request("daemon.ping", id="hello")
        for client in clients:
            self.assertEqual(self.assertResult(client.read_reply(), id="hello"), {"pong": True})
        self.assertGreaterEqual(self.ok(self.c, "daemon.status")["connections"], IDLE_CLIENTS)
        code, seconds = self.daemon.stop(timeout=30)
        print(f"\n    SIGTERM with {IDLE_CLIENTS} idle clients: exited with status {code} in {seconds * 1000:.0f} ms", flush=True)
        self.assertEqual(code, 0)
        self.assertLess(seconds, 5.0 * TIME_SCALE)
        for client in clients:
            self.assertEqual(client.expect_eof(timeout=5), [], "every connection is closed")
        self.assertFalse(os.path.exists(self.daemon.socket_path), "a clean exit removes the socket file")

    def test_sigterm_answers_the_requests_already_read_and_loses_nothing_acknowledged(self):
        count = 40
        self.c.send_raw(b"".join(
            encode({"jsonrpc": "2.0", "id": i, "method": "players.create", "params": {"name": "P%d" % i}}) + b"\n"
            for i in range(count)))
        first = self.c.read_reply()  # the daemon has started on the burst
        code, _ = self.daemon.stop()
        self.assertEqual(code, 0)
        replies = [first] + self.c.expect_eof()
        print(f"\n    SIGTERM during {count} pipelined requests: {len(replies)} answered", flush=True)
        self.assertFalse(self.c.reset_by_peer, "the connection closes in order, not with a reset")
        self.assertEqual([r["id"] for r in replies], list(range(len(replies))), "answered in order, none skipped")
        self.assertTrue(all("result" in r for r in replies))
        self.daemon.start()
        players = self.ok(self.client(), "players.list")["players"]
        self.assertEqual(len(players), len(replies), "every acknowledged change is committed, and only those")

    def test_sigterm_while_gone_clients_batches_are_still_running_exits_cleanly(self):
        # Clients that send a batch of changes and queries and hang up at once leave work in flight on the
        # session's loop and the query thread; SIGTERM comes while it runs. gatherd must still stop cleanly:
        # exit 0, and no loop handed work after it stopped (NIO's "Cannot schedule tasks" error, and under
        # `make asan` the leak that came with it: docs/reliability.md).
        batch = []
        for k in range(20):
            if k % 2:
                batch.append({"jsonrpc": "2.0", "id": k, "method": "stats.players"})
            else:
                batch.append({"jsonrpc": "2.0", "id": k, "method": "players.create", "params": {"name": "P%d" % k}})
        line = encode(batch) + b"\n"
        for _ in range(30):
            client = self.client()
            client.send_raw(line)
            client.close()
        code, _ = self.daemon.stop()
        output = self.daemon.output()
        self.assertEqual(code, 0, output[-2000:])
        self.assertNotIn("Cannot schedule tasks", output)

    def test_sigint_exits_0_and_removes_the_socket(self):
        self.ok(self.c, "players.create", {"name": "Ana"})
        code, seconds = self.daemon.stop(signum=signal.SIGINT)
        self.assertEqual(code, 0)
        self.assertLess(seconds, 5.0 * TIME_SCALE)
        self.assertFalse(os.path.exists(self.daemon.socket_path))
        self.assertEqual(self.c.expect_eof(), [])

    def test_sigterm_mid_match_keeps_everything(self):
        a, b = self.make_players(self.c, 2)
        self.start_gather(self.c, [a["id"]], [b["id"]], minutes=20)
        self.ok(self.c, "score.goal", {"team": "teamA", "player": a["id"]})
        self.ok(self.c, "timer.start")
        watcher = self.client()
        self.ok(watcher, "events.subscribe")
        before = self.ok(self.c, "gather.current")
        code, _ = self.daemon.stop()
        self.assertEqual(code, 0)
        watcher.expect_eof()  # whatever events were on their way, then the close
        self.daemon.start()
        client = self.client()
        after = self.ok(client, "gather.current")
        self.assertEqual({k: v for k, v in after.items() if k != "timer"}, {k: v for k, v in before.items() if k != "timer"})
        self.assertEqual(after["timer"]["state"], "running")
        self.assertEqual(self.ok(client, "players.list")["players"], [a, b])


class SocketFileTests(DaemonTestCase):
    fresh_daemon_per_test = True

    def test_a_second_daemon_on_a_live_socket_refuses_to_start(self):
        inode = os.stat(self.daemon.socket_path).st_ino
        other_db = os.path.join(self.daemon.tmp, "other.sqlite")
        proc = subprocess.Popen(
            [self.daemon.binary, "--socket", self.daemon.socket_path, "--database", other_db, "--log-level", "warning"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        try:
            _, stderr = proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
            self.fail("a second gatherd on a live socket kept running instead of refusing to start")
        message = stderr.decode("utf-8", errors="replace")
        print(f"\n    second daemon: exit {proc.returncode}, stderr: {message.strip()[:300]!r}", flush=True)
        self.assertNotEqual(proc.returncode, 0)
        self.assertTrue(
            "socket" in message.lower() or self.daemon.socket_path in message,
            f"stderr should say what is wrong with the socket: {message!r}",
        )
        self.assertFalse(os.path.exists(other_db), "the refused daemon left a database file behind")
        # The first daemon is untouched: same socket file, still serving.
        self.assertEqual(os.stat(self.daemon.socket_path).st_ino, inode, "the live socket file was replaced")
        fresh = self.client()
        self.assertEqual(self.ok(fresh, "daemon.ping"), {"pong": True})
        self.assertEqual(self.ok(fresh, "daemon.status")["pid"], self.daemon.pid)

    def test_a_stale_socket_file_is_replaced(self):
        self.ok(self.c, "players.create", {"name": "Ana"})
        self.daemon.kill9()
        self.assertTrue(os.path.exists(self.daemon.socket_path), "kill -9 leaves the socket file behind")
        self.assertIsNone(try_connect(self.daemon.socket_path), "nobody listens on a stale socket")
        begin = time.monotonic()
        self.daemon.start()
        print(f"\n    restart over a stale socket: ready in {(time.monotonic() - begin) * 1000:.0f} ms", flush=True)
        client = self.client()
        self.assertEqual(self.ok(client, "daemon.status")["pid"], self.daemon.pid)
        self.assertEqual([p["name"] for p in self.ok(client, "players.list")["players"]], ["Ana"])
        code, _ = self.daemon.stop()
        self.assertEqual(code, 0)
        self.assertFalse(os.path.exists(self.daemon.socket_path))


if __name__ == "__main__":
    unittest.main()
