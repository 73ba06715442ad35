"""gatherd under systemd-socket-activate, with a NOTIFY_SOCKET receiver of our own: no PID 1 needed.
The first connection starts it, READY=1 comes only when it answers, STATUS= follows the match, STOPPING=1
comes on SIGTERM, and the socket named "status" refuses every mutation."""
import json, os, queue, shutil, signal, socket, subprocess, tempfile, threading, time, unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
BIN = os.environ.get("GATHERD_BIN", os.path.join(REPO, ".build", "debug", "gatherd"))


def rpc(path, method, params=None):
    with socket.socket(socket.AF_UNIX) as s:
        s.settimeout(10)
        s.connect(path)
        s.sendall((json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": params or {}}) + "\n").encode())
        return json.loads(s.makefile().readline())


@unittest.skipUnless(shutil.which("systemd-socket-activate"), "systemd-socket-activate is not installed")
class SocketActivationTests(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="gatherd-activate-")
        self.addCleanup(shutil.rmtree, self.dir, True)
        self.control = os.path.join(self.dir, "control.sock")
        self.status = os.path.join(self.dir, "status.sock")
        self.notifications = queue.Queue()
        receiver = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        receiver.bind(os.path.join(self.dir, "notify"))
        self.addCleanup(receiver.close)
        threading.Thread(target=self.receive, args=(receiver,), daemon=True).start()
        env = dict(os.environ, NOTIFY_SOCKET=os.path.join(self.dir, "notify"))
        self.process = subprocess.Popen(
            ["systemd-socket-activate", "-l", self.control, "--fdname=control", "-l", self.status,
             "--fdname=status", "-E", "NOTIFY_SOCKET", BIN, "--database", os.path.join(self.dir, "g.sqlite"),
             "--log-level", "warning"],
            env=env, stderr=subprocess.PIPE, text=True)
        self.addCleanup(self.stop)
        # systemd-socket-activate says so on stderr once both sockets listen.
        listening = 0
        while listening < 2:
            line = self.process.stderr.readline()
            self.assertTrue(line, "systemd-socket-activate exited before listening")
            listening += "Listening on" in line
        threading.Thread(target=self.process.stderr.read, daemon=True).start()

    def receive(self, receiver):
        while True:
            try:
                self.notifications.put(receiver.recv(4096).decode())
            except OSError:
                return

    def stop(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)

    def next_notification(self, containing, timeout=10):
        deadline = time.monotonic() + timeout
        while True:
            message = self.notifications.get(timeout=max(0.01, deadline - time.monotonic()))
            if containing in message:
                return message

    def command(self):
        with open("/proc/%d/comm" % self.process.pid) as f:
            return f.read().strip()

    def test_the_first_connection_starts_gatherd_which_is_ready_only_when_it_answers(self):
        self.assertEqual(self.command(), "systemd-socket-")
        self.assertTrue(self.notifications.empty(), "nothing may be announced before the first connection")
        self.assertEqual(rpc(self.control, "daemon.ping")["result"], {"pong": True})
        self.assertEqual(self.command(), "gatherd")
        ready = self.next_notification("READY=1")
        self.assertIn("MAINPID=%d" % self.process.pid, ready)
        self.assertIn("STATUS=no gather, 0 players", ready)
        self.assertEqual(rpc(self.control, "daemon.ping")["result"], {"pong": True})

    def test_status_follows_the_match(self):
        for name in ["Ana", "Bruno"]:
            rpc(self.control, "players.create", {"name": name})
        self.next_notification("READY=1")
        rpc(self.control, "gather.start", {"teamA": [1], "teamB": [2], "seconds": 90})
        rpc(self.control, "score.goal", {"team": "teamB"})
        self.next_notification("STATUS=Team A 0-1 Team B, 01:30 left, stopped")
        rpc(self.control, "timer.start")
        self.next_notification("left, running")
        rpc(self.control, "gather.end")
        self.next_notification("STATUS=no gather, 2 players")

    def test_sigterm_announces_stopping_and_exits_cleanly(self):
        rpc(self.control, "daemon.ping")
        self.next_notification("READY=1")
        self.process.send_signal(signal.SIGTERM)
        self.next_notification("STOPPING=1")
        self.assertEqual(self.process.wait(10), 0)
        self.assertTrue(os.path.exists(self.control), "an inherited socket is never unlinked")

    def test_the_status_socket_refuses_every_mutation_but_serves_reads(self):
        reply = rpc(self.status, "players.create", {"name": "Eve"})
        self.assertEqual(reply["error"]["code"], -32003)
        self.assertEqual(reply["error"]["data"]["reason"], "forbidden")
        self.assertEqual(rpc(self.status, "players.list")["result"]["players"], [])
        self.assertFalse(rpc(self.status, "daemon.status")["result"]["controller"])
        self.assertTrue(rpc(self.control, "daemon.status")["result"]["controller"])
        subscription = rpc(self.status, "events.subscribe", {"topics": ["players"]})
        self.assertIn("subscription", subscription["result"])


if __name__ == "__main__":
    unittest.main()
