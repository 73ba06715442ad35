"""A TCP proxy in front of gatherd's HTTP listener that can lose a reply, as a phone's network does: it passes
everything through, reads the page's WebSocket frames both ways, and once armed for a method it lets the request
through to gatherd, then drops gatherd's reply to it and cuts the connection.

    proxy = DroppingProxy(daemon.port)        # the page at http://127.0.0.1:{proxy.port}/
    proxy.arm("score.goal")                   # the next score.goal's reply is lost
    proxy.requests("score.goal")              # how many score.goal requests went through
    proxy.wait_requests("score.goal", 2, 15)  # until the second one went through

Each connection has two threads; everything stops with `close()`.
"""

from __future__ import annotations

import json
import socket
import struct
import threading

from scoreboard_support import free_port


def read_frame(sock: socket.socket, buffer: bytearray) -> tuple[bytes, bytes] | None:
    """The next whole WebSocket frame from `sock` (its raw bytes, and its payload unmasked), or None at the end."""
    def need(count: int) -> bool:
        while len(buffer) < count:
            chunk = sock.recv(65536)
            if not chunk:
                return False
            buffer.extend(chunk)
        return True
    if not need(2):
        return None
    length, offset = buffer[1] & 0x7F, 2
    if length == 126:
        if not need(4):
            return None
        (length,), offset = struct.unpack("!H", buffer[2:4]), 4
    elif length == 127:
        if not need(10):
            return None
        (length,), offset = struct.unpack("!Q", buffer[2:10]), 10
    masked = buffer[1] & 0x80
    total = offset + (4 if masked else 0) + length
    if not need(total):
        return None
    raw = bytes(buffer[:total])
    del buffer[:total]
    payload = raw[total - length:]
    if masked:
        mask = raw[offset:offset + 4]
        payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return raw, payload


def cut(*socks: socket.socket) -> None:
    """Ends both directions of each connection at once: a close alone would wait for the other thread's recv."""
    for sock in socks:
        try:
            sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        sock.close()


class DroppingProxy:
    def __init__(self, upstream_port: int) -> None:
        self.upstream = upstream_port
        self.port = free_port()
        self.lock = threading.Condition()
        self.armed: str | None = None
        self.dropping: set = set()
        self.seen: dict[str, int] = {}
        self.server = socket.create_server(("127.0.0.1", self.port))
        self.closed = False
        threading.Thread(target=self.accept, daemon=True).start()

    def arm(self, method: str) -> None:
        with self.lock:
            self.armed = method

    def requests(self, method: str) -> int:
        with self.lock:
            return self.seen.get(method, 0)

    def wait_requests(self, method: str, count: int, timeout: float) -> int:
        """Waits until `count` requests of `method` went through, or `timeout` seconds; returns how many did."""
        with self.lock:
            self.lock.wait_for(lambda: self.seen.get(method, 0) >= count, timeout)
            return self.seen.get(method, 0)

    def accept(self) -> None:
        while not self.closed:
            try:
                client, _ = self.server.accept()
            except OSError:
                return
            upstream = socket.create_connection(("127.0.0.1", self.upstream))
            threading.Thread(target=self.from_client, args=(client, upstream), daemon=True).start()
            threading.Thread(target=self.from_server, args=(upstream, client), daemon=True).start()

    def from_client(self, client: socket.socket, upstream: socket.socket) -> None:
        """The browser's bytes, passed on; once upgraded, each request is counted, and an armed one noted."""
        buffer = bytearray()
        try:
            while b"\r\n\r\n" not in buffer:
                chunk = client.recv(65536)
                if not chunk:
                    return
                buffer.extend(chunk)
            head = bytes(buffer[:buffer.index(b"\r\n\r\n") + 4])
            upstream.sendall(head)
            del buffer[:len(head)]
            if b"upgrade: websocket" not in head.lower():
                upstream.sendall(bytes(buffer))
                while chunk := client.recv(65536):
                    upstream.sendall(chunk)
                return
            while (frame := read_frame(client, buffer)) is not None:
                raw, payload = frame
                try:
                    message = json.loads(payload)
                except ValueError:
                    message = None
                if isinstance(message, dict) and "method" in message and "id" in message:
                    with self.lock:
                        self.seen[message["method"]] = self.seen.get(message["method"], 0) + 1
                        self.lock.notify_all()
                        if self.armed == message["method"]:
                            self.armed = None
                            self.dropping.add((id(client), message["id"]))
                upstream.sendall(raw)
        except OSError:
            pass
        finally:
            cut(client, upstream)

    def from_server(self, upstream: socket.socket, client: socket.socket) -> None:
        """gatherd's bytes, passed on, but for the reply to a request armed for: then the connection is cut."""
        buffer = bytearray()
        try:
            while b"\r\n\r\n" not in buffer:
                chunk = upstream.recv(65536)
                if not chunk:
                    return
                buffer.extend(chunk)
            if not buffer.startswith(b"HTTP/1.1 101"):
                client.sendall(bytes(buffer))
                while chunk := upstream.recv(65536):
                    client.sendall(chunk)
                return
            head = bytes(buffer[:buffer.index(b"\r\n\r\n") + 4])
            client.sendall(head)
            del buffer[:len(head)]
            while (frame := read_frame(upstream, buffer)) is not None:
                raw, payload = frame
                try:
                    message = json.loads(payload)
                except ValueError:
                    message = None
                with self.lock:
                    lost = isinstance(message, dict) and (id(client), message.get("id")) in self.dropping
                if lost:
                    return
                client.sendall(raw)
        except OSError:
            pass
        finally:
            cut(client, upstream)

    def close(self) -> None:
        self.closed = True
        self.server.close()
