#!/usr/bin/env python3
"""hold.py - open many connections to a Unix socket and keep them open (for `make bench`).

Usage: hold.py SOCKET N [LINE]

Opens N connections to SOCKET. With LINE, sends it (plus "\\n") on every connection and waits until each
one has received one reply line, so the server has really accepted and served all of them. Then prints
"ready N" on stdout and holds the connections until its stdin reaches EOF or it gets SIGTERM/SIGINT.
Exit status 1 if a connection fails or a reply does not come within 30 s.
"""
import resource
import selectors
import signal
import socket
import sys
import time


def main() -> int:
    if len(sys.argv) not in (3, 4):
        print(__doc__, file=sys.stderr)
        return 2
    path, count = sys.argv[1], int(sys.argv[2])
    line = sys.argv[3].encode() + b"\n" if len(sys.argv) == 4 else None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))

    socks = []
    for i in range(count):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            s.connect(path)
        except OSError as e:
            print(f"hold.py: connection {i}: {e}", file=sys.stderr)
            return 1
        socks.append(s)

    if line:
        sel = selectors.DefaultSelector()
        for s in socks:
            s.sendall(line)
            s.setblocking(False)
            sel.register(s, selectors.EVENT_READ, bytearray())
        waiting = len(socks)
        deadline = time.monotonic() + 30
        while waiting:
            if time.monotonic() > deadline:
                print(f"hold.py: {waiting} of {count} replies missing after 30 s", file=sys.stderr)
                return 1
            for key, _ in sel.select(timeout=1):
                data = key.fileobj.recv(65536)
                if not data:
                    print("hold.py: a connection was closed by the server", file=sys.stderr)
                    return 1
                key.data.extend(data)
                if b"\n" in key.data:
                    sel.unregister(key.fileobj)
                    waiting -= 1

    print(f"ready {len(socks)}", flush=True)
    try:
        sys.stdin.read()  # until the driver closes our stdin (or dies)
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
