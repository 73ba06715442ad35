"""A client that sends requests and never reads its replies costs bounded memory, and is closed in the end."""

import json
import time
import unittest

from harness import TIME_SCALE, DaemonTestCase, encode

DISCOVER = encode({"jsonrpc": "2.0", "id": 1, "method": "rpc.discover"}) + b"\n"  # a 68 kB reply per 50-byte line
MEMORY_BOUND_KB = 64 * 1024  # what the daemon may grow by while the flood waits for its reader


def rss_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise AssertionError("no VmRSS in /proc/PID/status")


class BackpressureTests(DaemonTestCase):
    fresh_daemon_per_test = True

    def flood_until_gatherd_stops_reading(self, client, quiet: float = 1.5, cap: int = 400_000) -> int:
        """Sends rpc.discover lines without reading until gatherd has taken nothing for `quiet` seconds;
        returns how many lines it took whole."""
        client.sock.setblocking(False)
        chunk = DISCOVER * 200
        sent = 0
        last_progress = time.monotonic()
        while time.monotonic() - last_progress < quiet * TIME_SCALE:
            self.assertLess(sent, cap * len(DISCOVER), "gatherd kept reading requests whose replies nobody reads")
            try:
                sent += client.sock.send(chunk[sent % len(chunk):])
                last_progress = time.monotonic()
            except BlockingIOError:
                time.sleep(0.01)
        client.sock.setblocking(True)
        client.sock.settimeout(client.timeout)
        return sent // len(DISCOVER)

    def test_replies_nobody_reads_stop_the_reading_and_stay_bounded(self):
        flooder = self.client(rcvbuf=4096)
        # First a burst that gatherd reads in large pieces (NIO's read buffer grows to fit it), as a busy
        # client's would be; its replies are read.
        ping = encode({"jsonrpc": "2.0", "id": 0, "method": "daemon.ping", "pad": "x" * 1000}) + b"\n"
        for _ in range(10):
            flooder.send_raw(ping * 50)
            for _ in range(50):
                self.assertEqual(flooder.read_reply().get("id"), 0)
        before = rss_kb(self.daemon.pid)
        lines = self.flood_until_gatherd_stops_reading(flooder)
        grown = rss_kb(self.daemon.pid) - before
        self.assertLess(
            grown, MEMORY_BOUND_KB,
            f"gatherd grew by {grown} kB holding replies for a peer that does not read ({lines} requests taken)")
        # Others are still served at once, and the flooder's replies come in order when it reads.
        self.assertEqual(self.ok(self.c, "daemon.ping"), {"pong": True})
        for _ in range(5):
            reply = flooder.read_reply()
            self.assertEqual(reply.get("id"), 1)
            self.assertEqual(reply["result"]["openrpc"][:2], "1.")

    def test_a_half_closed_peer_that_never_reads_is_closed(self):
        flooder = self.client(rcvbuf=4096)
        # 340 kB of replies: more than the socket takes, so NIO holds the last ones and the connection is not
        # writable when the peer's end of input comes.
        flooder.send_raw(DISCOVER * 5)
        flooder.shutdown_write()
        # gatherd answers every line, then closes; a peer that never reads is cut off after ten seconds.
        deadline = time.monotonic() + 30 * TIME_SCALE
        while self.ok(self.c, "daemon.status")["connections"] > 1:
            self.assertLess(time.monotonic(), deadline, "the half-closed connection was never closed")
            time.sleep(0.25)
        # What reached its socket is still there to read, then the end of the stream (the last reply may be
        # cut short: the peer did not read it within ten seconds).
        data = b""
        while chunk := flooder.sock.recv(1 << 16):
            data += chunk
        whole = data.split(b"\n")[:-1]
        self.assertGreater(len(whole), 0)
        self.assertTrue(all(json.loads(line)["id"] == 1 for line in whole))


if __name__ == "__main__":
    unittest.main()
