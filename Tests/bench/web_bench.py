#!/usr/bin/env python3
"""web_bench.py - the scoreboard's WebSocket next to the Unix socket, in one run.

Usage: web_bench.py --gatherd PATH [--tmp DIR] [--viewers 500] [--ticks 8] [--seconds 5] [--connections 16]

1. Starts gatherd with --http on a free port, a gather with its clock running.
2. Fan-out: --viewers subscribers of `tick` on the Unix socket, then as many WebSocket viewers; for --ticks
   ticks, the spread of one tick = the last viewer's arrival minus the first's. Both phases use the same
   single-threaded Python reader, so its own cost is in both figures alike.
3. Requests: --connections connections, each sending daemon.ping and waiting for the reply, for --seconds,
   over each transport; requests/s, and gatherd's CPU time per request (which the client does not limit).

Prints a Markdown section. Exit status 0 when everything ran.
"""
import argparse, base64, json, os, selectors, signal, socket, statistics, struct, subprocess, sys, tempfile, time

TICK = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "events.subscribe", "params": {"topics": ["tick"]}}).encode()
PING = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "daemon.ping"}).encode()


def ws_frame(payload, mask=b"\x11\x22\x33\x44"):
    head = bytes([0x81, 0x80 | len(payload)]) if len(payload) < 126 else bytes([0x81, 0xFE]) + struct.pack(">H", len(payload))
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


class Conn:
    """One connection with a reader that yields whole messages (lines, or WebSocket text frames)."""

    def __init__(self, kind, sock_path, port):
        self.kind, self.buffer = kind, b""
        if kind == "unix":
            self.sock = socket.socket(socket.AF_UNIX)
            self.sock.connect(sock_path)
        else:
            self.sock = socket.create_connection(("127.0.0.1", port))
            key = base64.b64encode(os.urandom(16)).decode()
            self.sock.sendall(("GET /rpc HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                               "Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n" % (port, key)).encode())
            while b"\r\n\r\n" not in self.buffer:
                self.buffer += self.sock.recv(4096)
            head, _, self.buffer = self.buffer.partition(b"\r\n\r\n")
            assert head.startswith(b"HTTP/1.1 101"), head[:40]

    def frame(self, payload):
        return payload + b"\n" if self.kind == "unix" else ws_frame(payload)

    def messages(self):
        """Reads what is there (non-blocking) and returns the complete messages."""
        try:
            chunk = self.sock.recv(262144)
        except BlockingIOError:
            chunk = b""
        self.buffer += chunk
        out = []
        if self.kind == "unix":
            *lines, self.buffer = self.buffer.split(b"\n")
            return lines
        while len(self.buffer) >= 2:
            length, start = self.buffer[1] & 0x7F, 2
            if length == 126:
                if len(self.buffer) < 4:
                    break
                length, start = struct.unpack(">H", self.buffer[2:4])[0], 4
            if len(self.buffer) < start + length:
                break
            out.append(self.buffer[start:start + length])
            self.buffer = self.buffer[start + length:]
        return out


def cpu_seconds(pid):
    fields = open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def call(sock_path, method, params=None):
    c = Conn("unix", sock_path, 0)
    c.sock.sendall(json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": params or {}}).encode() + b"\n")
    while True:
        c.sock.setblocking(True)
        for line in c.messages():
            c.sock.close()
            return json.loads(line)


def fan_out(kind, args, sock_path, port):
    conns = [Conn(kind, sock_path, port) for _ in range(args.viewers)]
    selector = selectors.DefaultSelector()
    for c in conns:
        c.sock.sendall(c.frame(TICK))
        c.sock.setblocking(True)
        while not c.messages():
            pass
        c.sock.setblocking(False)
        selector.register(c.sock, selectors.EVENT_READ, c)
    arrivals = {}
    deadline = time.monotonic() + args.ticks + 5
    while time.monotonic() < deadline and sum(len(v) == args.viewers for v in arrivals.values()) < args.ticks:
        for key, _ in selector.select(timeout=0.5):
            now = time.monotonic()
            for message in key.data.messages():
                seq = json.loads(message)["params"]["seq"]
                arrivals.setdefault(seq, []).append(now)
    for c in conns:
        c.sock.close()
    spreads = [(max(v) - min(v)) * 1000 for v in arrivals.values() if len(v) == args.viewers]
    return spreads


def requests(kind, args, sock_path, port, pid):
    conns = [Conn(kind, sock_path, port) for _ in range(args.connections)]
    selector = selectors.DefaultSelector()
    for c in conns:
        c.sock.setblocking(False)
        selector.register(c.sock, selectors.EVENT_READ, c)
        c.sock.sendall(c.frame(PING))
    done, cpu0, start = 0, cpu_seconds(pid), time.monotonic()
    while time.monotonic() - start < args.seconds:
        for key, _ in selector.select(timeout=1):
            for _ in key.data.messages():
                done += 1
                key.data.sock.sendall(key.data.frame(PING))
    elapsed, cpu = time.monotonic() - start, cpu_seconds(pid) - cpu0
    for c in conns:
        c.sock.close()
    return done / elapsed, cpu / max(done, 1) * 1e6


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--gatherd", required=True)
    parser.add_argument("--tmp")
    parser.add_argument("--viewers", type=int, default=500)
    parser.add_argument("--ticks", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=5)
    parser.add_argument("--connections", type=int, default=16)
    args = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="web-bench.", dir=args.tmp)
    sock_path, db = os.path.join(tmp, "s.sock"), os.path.join(tmp, "gather.sqlite")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    # Every viewer comes from 127.0.0.1: the caps on web connections (256 in all, 32 per address) are raised to
    # let them all in.
    caps = str(max(1024, 2 * args.viewers + args.connections))
    proc = subprocess.Popen([args.gatherd, "--socket", sock_path, "--database", db, "--http", "127.0.0.1:%d" % port,
                             "--http-max-connections", caps, "--http-max-connections-per-address", caps,
                             "--log-level", "warning"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while not os.path.exists(sock_path) and time.monotonic() < deadline:
            time.sleep(0.05)  # the daemon's start-up has no event of its own to wait on from here
        for name in ("Ana", "Bruno"):
            call(sock_path, "players.create", {"name": name})
        call(sock_path, "gather.start", {"teamA": [1], "teamB": [2], "minutes": 60})
        call(sock_path, "timer.start")
        spreads = {kind: fan_out(kind, args, sock_path, port) for kind in ("unix", "ws")}
        rates = {kind: requests(kind, args, sock_path, port, proc.pid) for kind in ("unix", "ws")}
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)

    def p50(values):
        return statistics.median(values) if values else float("nan")

    print("\n## The scoreboard's WebSocket next to the Unix socket\n")
    print("`Tests/bench/web_bench.py --gatherd %s` (in `make bench`), load %.1f. Fan-out: %d viewers of `tick`, %d"
          " ticks each; spread = last arrival − first, in ms, read by one Python thread (the same reader for both,"
          " so its own cost is in both). Requests: %d connections, one `daemon.ping` in flight each, %.0f s."
          % (os.path.basename(args.gatherd), os.getloadavg()[0], args.viewers, args.ticks, args.connections, args.seconds))
    print()
    print("| transport | tick spread p50 | tick spread max | requests/s | gatherd CPU per request |")
    print("|---|---:|---:|---:|---:|")
    for kind, label in (("unix", "Unix socket"), ("ws", "WebSocket")):
        s = spreads[kind]
        print("| %s | %.1f ms | %.1f ms | %.0f | %.1f µs |" % (label, p50(s), max(s) if s else float("nan"),
                                                            rates[kind][0], rates[kind][1]))
    ratio = p50(spreads["ws"]) / p50(spreads["unix"]) if spreads["unix"] else float("nan")
    print("\nWebSocket spread / Unix spread (p50): %.2f×; WebSocket requests/s / Unix: %.2f×." % (
        ratio, rates["ws"][0] / rates["unix"][0]))


if __name__ == "__main__":
    main()
