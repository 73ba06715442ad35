"""A small client for gatherd: JSON-RPC 2.0 over its Unix socket, one JSON message per line.

Standard library only, Python 3.9+. Copy this one file next to your script::

    from gather_client import GatherClient, WrongState

    with GatherClient() as gather:
        ana = gather.call("players.create", name="Ana", position="ST")
        try:
            gather.call("timer.start")
        except WrongState as error:
            print(error.reason, error.message)        # no_active_gather There is no active gather; ...
        with gather.subscribe(["tick", "score"]) as events:
            for event in events:
                print(event.topic, event.params)

The socket is the ``socket_path`` argument, else ``$GATHERD_SOCKET``, else the daemon's default:
``/run/gatherd/gatherd.sock`` for root, ``$XDG_RUNTIME_DIR/gatherd/gatherd.sock`` for anyone else.

One client is one connection. It is thread-safe: one thread may iterate a subscription while others
make calls; every message is read by whichever thread is waiting, and replies and events are handed
to the right waiter, so events that arrive while a call waits for its reply are kept, never lost.

Names and other text people typed (``name``, ``place``, ``note``, a team's name) come as gatherd holds
them; before printing one to a terminal, pass it through ``printable()``, which shows control and
formatting characters as visible ``\\u{1B}``-style escapes, as gatherctl does.

The client does not reconnect. When the daemon goes away, calls and subscriptions raise
``ConnectionLost`` (``Overflow`` when the daemon dropped a subscriber that fell too far behind); make a
new ``GatherClient`` and subscribe again, which brings a fresh snapshot.
"""

import collections
import itertools
import json
import os
import select
import socket
import threading
import time
import unicodedata

__all__ = ["GatherClient", "Subscription", "Event", "default_socket_path", "printable", "GatherError", "NotFound",
           "WrongState", "Forbidden", "InvalidParams", "MethodNotFound", "InvalidRequest", "ParseError",
           "InternalError", "ConnectionLost", "Overflow", "Unreachable"]


class GatherError(Exception):
    """An error reply from gatherd, or (code None) a problem with the connection itself.

    ``code`` is the JSON-RPC error code, ``message`` the daemon's sentence, ``data`` the error's data
    object, ``reason`` its ``data.reason`` (test this, not the message) and ``field`` its
    ``data.field`` (the offending param of an invalid-params error), or None.
    """

    def __init__(self, message, code=None, data=None):
        super().__init__(message)
        self.message = message
        self.code = code
        self.data = data if isinstance(data, dict) else {}
        self.reason = self.data.get("reason")
        self.field = self.data.get("field")


class NotFound(GatherError):
    """-32001: no such player, gather or subscription."""


class WrongState(GatherError):
    """-32002: not now, e.g. reason ``no_active_gather`` or ``invalid_transition``."""


class Forbidden(GatherError):
    """-32003: this peer may read and subscribe, but not change the match."""


class InvalidParams(GatherError):
    """-32602: a param is missing, unknown, of the wrong type or refused by a rule; see ``field``."""


class MethodNotFound(GatherError):
    """-32601: the daemon has no such method."""


class InvalidRequest(GatherError):
    """-32600: not a valid request, e.g. reason ``line_too_long`` (the daemon then hangs up)."""


class ParseError(GatherError):
    """-32700: the daemon could not parse what it was sent."""


class InternalError(GatherError):
    """-32603: the daemon failed; its log says why. Reason ``storage_unavailable``: its database cannot be
    written (full disk, ``data["cause"]`` says why); nothing changed, and the call may be retried later."""


class ConnectionLost(GatherError, ConnectionError):
    """The connection closed (the daemon stopped or hung up). Reconnecting is up to the caller."""


class Overflow(ConnectionLost):
    """The daemon dropped this connection because a subscription fell too far behind (events.overflow)."""


class Unreachable(GatherError, ConnectionError):
    """Nothing answers on the socket: the daemon is not running, or the path is wrong."""


ERRORS = {-32001: NotFound, -32002: WrongState, -32003: Forbidden, -32602: InvalidParams,
          -32601: MethodNotFound, -32600: InvalidRequest, -32700: ParseError, -32603: InternalError}


#: The general categories a terminal does not show as themselves: controls, formatting characters, line and
#: paragraph separators.
_HIDDEN_CATEGORIES = frozenset(("Cc", "Cf", "Zl", "Zp"))


def printable(text):
    """``text`` as it may be printed: each control or formatting character (Unicode categories Cc, Cf, Zl, Zp:
    escape codes, line breaks, zero-width spaces, direction overrides) as a visible ``\\u{1B}``-style escape,
    so that a name cannot clear or retitle a terminal, start a line of its own or reverse the text after it.
    """
    return "".join("\\u{%X}" % ord(char) if unicodedata.category(char) in _HIDDEN_CATEGORIES else char
                   for char in text)


def default_socket_path(socket_path=None):
    """The socket to use: the argument, else $GATHERD_SOCKET, else the daemon's default for this user."""
    if socket_path:
        return str(socket_path)
    if os.environ.get("GATHERD_SOCKET"):
        return os.environ["GATHERD_SOCKET"]
    if os.geteuid() == 0:
        return "/run/gatherd/gatherd.sock"
    runtime = os.environ.get("XDG_RUNTIME_DIR") or "/run/user/%d" % os.getuid()
    return os.path.join(runtime, "gatherd", "gatherd.sock")


class Event:
    """One event: ``topic`` (tick, score, timer, gather, players), ``seq`` and the whole ``params``.

    ``event["display"]`` is short for ``event.params["display"]``.
    """

    __slots__ = ("topic", "seq", "params")

    def __init__(self, topic, params):
        self.topic, self.seq, self.params = topic, params.get("seq"), params

    def __getitem__(self, key):
        return self.params[key]

    def __repr__(self):
        return "Event(%r, seq=%r, %r)" % (self.topic, self.seq, self.params)


class Subscription:
    """The events of one ``events.subscribe``: iterate it, or call ``next(timeout)``.

    ``id`` is the subscription id, ``seq`` the daemon's seq at the snapshot, ``snapshot`` the state at
    that seq (``gather``, ``score``, ``timer``; None without an active gather) and ``last_seq`` the
    seq of the latest event handed out. Iteration blocks until the next event, raises ``Overflow`` or
    ``ConnectionLost`` when the connection ends, and stops after ``close()``.
    """

    def __init__(self, client, result):
        self.client = client
        self.id = result["subscription"]
        self.seq = self.last_seq = result["seq"]
        self.snapshot = result["snapshot"]
        self.closed = False

    def next(self, timeout=None):
        """The next event; raises TimeoutError if none comes within ``timeout`` seconds (None: wait).

        Raises StopIteration once the subscription is closed.
        """
        item = self.client._wait(self._take, timeout)
        if item is StopIteration:
            raise StopIteration
        if item.topic == "events.overflow":
            raise Overflow(item.params.get("message") or "The subscription fell too far behind.",
                           data=item.params)
        self.last_seq = item.seq
        return item

    @property
    def pending(self):
        """How many events have arrived and not been handed out yet."""
        return len(self.client._events.get(self.id, ()))

    def _take(self):
        queue = self.client._events.get(self.id)
        if self.closed or queue is None:
            return StopIteration
        if queue:
            return queue.popleft()
        if self.client._eof:
            raise ConnectionLost("gatherd closed the connection at %s." % self.client.socket_path)
        return None

    def __iter__(self):
        return self

    def __next__(self):
        return self.next()

    def close(self):
        """Unsubscribe (if the connection is still up) and drop the events not yet read."""
        if self.closed:
            return
        self.closed = True
        with self.client._cond:
            self.client._events.pop(self.id, None)
            self.client._cond.notify_all()
        if not self.client._eof:
            try:
                self.client.call("events.unsubscribe", subscription=self.id)
            except (NotFound, ConnectionLost):
                pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class GatherClient:
    """One connection to gatherd. Connects at once; raises ``Unreachable`` when nothing answers.

    ``timeout`` (seconds, None for no limit) bounds connecting, sending, and each ``call`` waiting for
    its reply; a call that runs out raises TimeoutError (a late reply is then ignored). It does not
    bound waiting for events. The client never reconnects: after ``ConnectionLost``, make a new one.
    """

    def __init__(self, socket_path=None, timeout=10.0):
        self.socket_path = default_socket_path(socket_path)
        self.timeout = timeout
        self._ids = itertools.count(1)
        self._cond = threading.Condition()
        self._send_lock = threading.Lock()
        self._reading = False
        self._eof = False
        self._buffer = b""
        self._pending = {}  # request id -> reply message, or None until it arrives (oldest first)
        self._events = {}   # subscription id -> deque of Events not yet handed out
        self._subscribing = set()  # ids of events.subscribe requests in flight
        self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._sock.settimeout(timeout)
        try:
            self._sock.connect(self.socket_path)
        except OSError as error:
            self._sock.close()
            raise Unreachable("Cannot reach gatherd at %s: %s." % (self.socket_path, error.strerror or error),
                              data={"socket": self.socket_path}) from None

    def call(self, method, /, **params):
        """Call ``method`` with by-name ``params`` and return its result, or raise its GatherError."""
        with self._cond:
            request_id = next(self._ids)
            self._pending[request_id] = None
            if method == "events.subscribe":  # its events get a queue the moment the reply is read
                self._subscribing.add(request_id)
        try:
            self._send({"jsonrpc": "2.0", "id": request_id, "method": method}, params)
            reply = self._wait(lambda: self._pending.get(request_id) or self._lost(), self.timeout)
        finally:
            with self._cond:
                self._pending.pop(request_id, None)
                self._subscribing.discard(request_id)
        if "error" in reply:
            error = reply["error"] or {}
            raise ERRORS.get(error.get("code"), GatherError)(
                error.get("message", "gatherd refused the request."), code=error.get("code"), data=error.get("data"))
        return reply.get("result")

    def notify(self, method, /, **params):
        """Send ``method`` as a notification: it runs, and nothing comes back, not even an error."""
        self._send({"jsonrpc": "2.0", "method": method}, params)

    def subscribe(self, topics=None):
        """Subscribe to ``topics`` (default all: tick, score, timer, gather, players); a Subscription."""
        if isinstance(topics, str):
            topics = [topics]
        result = self.call("events.subscribe", **({} if topics is None else {"topics": list(topics)}))
        return Subscription(self, result)

    def close(self):
        """Close the connection; waiting calls and subscriptions then raise ConnectionLost."""
        try:
            self._sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self._sock.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _lost(self):
        if self._eof:
            raise ConnectionLost("gatherd closed the connection at %s." % self.socket_path)
        return None

    def _send(self, message, params):
        if params:
            message["params"] = params
        data = (json.dumps(message, separators=(",", ":")) + "\n").encode()
        try:
            with self._send_lock:
                self._sock.sendall(data)
        except OSError as error:
            raise ConnectionLost("Lost the connection to gatherd at %s: %s." % (self.socket_path, error)) from None

    def _wait(self, ready, timeout):
        """Read and file messages until ``ready()`` (called under the lock) returns something."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._cond:
            while True:
                value = ready()
                if value is not None:
                    return value
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    raise TimeoutError("gatherd did not answer within %s s." % timeout)
                if self._reading:  # another thread reads; it wakes us for each message
                    self._cond.wait(left)
                    continue
                self._reading = True
                self._cond.release()
                try:
                    lines = self._read(left)
                finally:
                    self._cond.acquire()
                    self._reading = False
                    self._cond.notify_all()
                for line in lines:
                    self._file(line)

    def _read(self, timeout):
        """Complete lines read within ``timeout`` (maybe none); sets _eof when the connection ends."""
        try:
            poll = select.poll()
            poll.register(self._sock, select.POLLIN)
            if poll.poll(None if timeout is None else timeout * 1000):
                chunk = self._sock.recv(65536)
                if not chunk:
                    self._eof = True
                self._buffer += chunk
        except (OSError, ValueError):
            self._eof = True
        *lines, self._buffer = self._buffer.split(b"\n")
        return lines

    def _file(self, line):
        """Hand one message to its waiter: a reply to its call, an event to its subscription's queue."""
        try:
            message = json.loads(line)
        except ValueError:
            return
        if not isinstance(message, dict):
            return
        if "method" in message:
            params = message.get("params") or {}
            queue = self._events.get(params.get("subscription"))
            if queue is not None:
                queue.append(Event(message["method"], params))
            return
        request_id = message.get("id")
        if request_id is None:  # an error without id (parse error, line too long): the oldest request's
            request_id = next((key for key, reply in self._pending.items() if reply is None), None)
        if request_id in self._pending:
            self._pending[request_id] = message
            result = message.get("result")
            if request_id in self._subscribing and isinstance(result, dict) and "subscription" in result:
                self._events.setdefault(result["subscription"], collections.deque())
