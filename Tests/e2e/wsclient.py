"""A small RFC 6455 WebSocket client for the tests, standard library only: a handshake, masked frames out,
frames in. Enough to speak JSON-RPC to gatherd's /rpc the way a browser does."""
import base64, hashlib, json, os, socket, struct

GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


class HandshakeRefused(Exception):
    def __init__(self, status, headers, body):
        super().__init__("HTTP %d" % status)
        self.status, self.headers, self.body = status, headers, body


def connect(port, host="127.0.0.1", source=None, timeout=10, rcvbuf=None):
    """A TCP connection to gatherd, from the loopback address `source` (127.0.0.N) when given: each address is
    a client of its own for gatherd's per-address limits. `rcvbuf` shrinks the receive buffer before connecting,
    as a client that reads slowly would."""
    s = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    try:
        if rcvbuf:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        if source:
            s.bind((source, 0))
        s.settimeout(timeout)
        s.connect((host, port))
    except BaseException:
        s.close()
        raise
    return s


def http_request(port, method, path, headers=None, body=b"", host="127.0.0.1", timeout=10, source=None):
    """One HTTP/1.1 request on a fresh connection; returns (status, headers, body). Reads to EOF or length.
    `headers` may replace Host (a value of None leaves the header out)."""
    with connect(port, host, source, timeout) as s:
        headers = dict({"Host": "%s:%d" % (host if ":" not in host else "[%s]" % host, port)}, **(headers or {}))
        lines = ["%s %s HTTP/1.1" % (method, path), "Connection: close", "Content-Length: %d" % len(body)]
        lines += ["%s: %s" % item for item in headers.items() if item[1] is not None]
        s.sendall(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        data = b""
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
    return parse_response(data)


def parse_response(data):
    head, _, body = data.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    headers = {}
    for line in header_lines:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return int(status_line.split()[1]), headers, body


class WebSocket:
    """A WebSocket client. It answers the server's pings while it waits for a message, as browsers do."""

    def __init__(self, port, path="/rpc", origin=None, host="127.0.0.1", timeout=10, source=None, host_header=None,
                 rcvbuf=None):
        self.sock = connect(port, host, source, timeout, rcvbuf)
        try:
            self._handshake(path, origin, host, port, host_header)
        except HandshakeRefused:
            raise
        except BaseException:
            self.sock.close()
            raise

    def _handshake(self, path, origin, host, port, host_header):
        key = base64.b64encode(os.urandom(16)).decode()
        lines = ["GET %s HTTP/1.1" % path, "Host: " + (host_header or "%s:%d" % (host, port)), "Upgrade: websocket",
                 "Connection: Upgrade", "Sec-WebSocket-Key: " + key, "Sec-WebSocket-Version: 13"]
        if origin:
            lines.append("Origin: " + origin)
        self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = self.sock.recv(4096)
            if not chunk:
                break
            data += chunk
        if b"\r\n\r\n" not in data:
            raise EOFError("the server closed the connection during the handshake")
        head, _, self.buffer = data.partition(b"\r\n\r\n")
        status, headers, _ = parse_response(head + b"\r\n\r\n")
        if status != 101:
            rest = self.buffer
            self.sock.close()
            raise HandshakeRefused(status, headers, rest)
        accept = base64.b64encode(hashlib.sha1((key + GUID).encode()).digest()).decode()
        assert headers.get("sec-websocket-accept") == accept, headers

    def send_frame(self, opcode, payload, fin=True, rsv=0, masked=True):
        """One frame; `rsv` sets the reserved bits (0–7), `masked=False` sends it unmasked, as no client may."""
        mask = os.urandom(4) if masked else b""
        header = bytes([(0x80 if fin else 0) | (rsv << 4) | opcode])
        flag = 0x80 if masked else 0
        if len(payload) < 126:
            header += bytes([flag | len(payload)])
        elif len(payload) < 65536:
            header += bytes([flag | 126]) + struct.pack(">H", len(payload))
        else:
            header += bytes([flag | 127]) + struct.pack(">Q", len(payload))
        body = bytes(b ^ mask[i % 4] for i, b in enumerate(payload)) if masked else payload
        self.sock.sendall(header + mask + body)

    def send(self, message):
        self.send_frame(0x1, json.dumps(message).encode())

    def _read(self, count):
        while len(self.buffer) < count:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise EOFError("the server closed the connection")
            self.buffer += chunk
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def recv_frame(self):
        """(opcode, payload) of the next frame; EOFError when the connection ends."""
        first, second = self._read(2)
        length = second & 0x7F
        if length == 126:
            length = struct.unpack(">H", self._read(2))[0]
        elif length == 127:
            length = struct.unpack(">Q", self._read(8))[0]
        assert not second & 0x80, "a server's frames are never masked"
        return first & 0x0F, self._read(length)

    def recv(self):
        """The next text message, as JSON; pings are answered on the way."""
        while True:
            opcode, payload = self.recv_frame()
            if opcode == 0x1:
                return json.loads(payload)
            if opcode == 0x9:
                self.send_frame(0xA, payload)
            if opcode == 0x8:
                raise EOFError("close frame %r" % payload)

    def recv_close(self):
        """Reads until the server's close frame; returns (code, reason). Pings are answered, messages skipped."""
        while True:
            opcode, payload = self.recv_frame()
            if opcode == 0x9:
                self.send_frame(0xA, payload)
            if opcode == 0x8:
                return (struct.unpack(">H", payload[:2])[0] if len(payload) >= 2 else None), payload[2:].decode()

    def call(self, method, params=None, id=1):
        message = {"jsonrpc": "2.0", "id": id, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)
        while True:
            reply = self.recv()
            if reply.get("id") == id:
                return reply

    def close(self):
        self.sock.close()
