"""A small driver for headless Chromium over the DevTools protocol (CDP), Python standard library only.

    with Browser() as browser:
        page = browser.new_page(width=844, height=390)
        page.navigate("http://127.0.0.1:8080/")
        page.wait_for("document.querySelector('[data-testid=status]').dataset.state === 'online'", "page online")

- `Browser` starts `chromium --headless=new --no-sandbox --remote-debugging-port=0 --user-data-dir=TMP`, reads
  the DevTools WebSocket URL from its stderr ("DevTools listening on ws://…") and attaches to a new tab.
- `WebSocket` is a minimal RFC 6455 client (text frames, fragmentation, ping/pong, close): enough for CDP, and
  for tests that need a raw WebSocket. Every read has a deadline.
- `Page.wait_for(condition)` evaluates a JavaScript condition inside the page, which re-checks it on every
  DOM change and animation frame until it holds or the deadline passes; Python never sleeps to wait.
"""

from __future__ import annotations

import base64
import json
import os
import re
import select
import shutil
import socket
import struct
import subprocess
import tempfile
import threading
import time
import urllib.parse
from typing import Any

#: How long one CDP command may take.
COMMAND_TIMEOUT = float(os.environ.get("GATHERD_BROWSER_TIMEOUT", "15"))
#: How long Chromium may take to print its DevTools URL.
LAUNCH_TIMEOUT = 30.0


class CDPError(AssertionError):
    """A CDP command failed, or a wait in the page ran out."""


def chromium_binary() -> str | None:
    for name in (os.environ.get("CHROMIUM") or "", "chromium", "chromium-browser", "google-chrome"):
        if name and shutil.which(name):
            return shutil.which(name)
    return None


# --------------------------------------------------------------------------------------------------
# WebSocket (RFC 6455), client side


class WebSocket:
    def __init__(self, url: str, timeout: float = COMMAND_TIMEOUT, headers: dict[str, str] | None = None) -> None:
        parts = urllib.parse.urlsplit(url)
        if parts.scheme != "ws":
            raise ValueError(f"only ws:// URLs are supported: {url}")
        host = parts.hostname or "127.0.0.1"
        port = parts.port or 80
        path = parts.path or "/"
        if parts.query:
            path += "?" + parts.query
        self.sock = socket.create_connection((host, port), timeout=timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.timeout = timeout
        self.buffer = b""
        self.closed = False
        key = base64.b64encode(os.urandom(16)).decode()
        lines = [
            f"GET {path} HTTP/1.1",
            f"Host: {parts.netloc}",
            "Upgrade: websocket",
            "Connection: Upgrade",
            f"Sec-WebSocket-Key: {key}",
            "Sec-WebSocket-Version: 13",
        ]
        lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
        self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        deadline = time.monotonic() + timeout
        while b"\r\n\r\n" not in self.buffer:
            self._fill(deadline)
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        status = head.split(b"\r\n", 1)[0].decode("latin-1")
        if " 101 " not in status + " ":
            raise CDPError(f"WebSocket upgrade to {url} refused: {status}")

    def _fill(self, deadline: float) -> None:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("no WebSocket data before the deadline")
        ready, _, _ = select.select([self.sock], [], [], left)
        if not ready:
            raise TimeoutError("no WebSocket data before the deadline")
        chunk = self.sock.recv(1 << 20)
        if not chunk:
            self.closed = True
            raise ConnectionError("the WebSocket peer closed the connection")
        self.buffer += chunk

    def _read_exact(self, count: int, deadline: float) -> bytes:
        while len(self.buffer) < count:
            self._fill(deadline)
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def _send_frame(self, opcode: int, payload: bytes) -> None:
        header = bytes([0x80 | opcode])
        length = len(payload)
        if length < 126:
            header += bytes([0x80 | length])
        elif length < 1 << 16:
            header += bytes([0x80 | 126]) + struct.pack("!H", length)
        else:
            header += bytes([0x80 | 127]) + struct.pack("!Q", length)
        mask = os.urandom(4)
        self.sock.sendall(header + mask + _mask(payload, mask))

    def send(self, text: str) -> None:
        self._send_frame(0x1, text.encode("utf-8"))

    def recv(self, timeout: float | None = None) -> str:
        """The next text message (fragments joined); answers pings; raises ConnectionError on close."""
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        parts: list[bytes] = []
        while True:
            first, second = self._read_exact(2, deadline)
            fin, opcode = first & 0x80, first & 0x0F
            length = second & 0x7F
            if length == 126:
                (length,) = struct.unpack("!H", self._read_exact(2, deadline))
            elif length == 127:
                (length,) = struct.unpack("!Q", self._read_exact(8, deadline))
            mask = self._read_exact(4, deadline) if second & 0x80 else None
            payload = self._read_exact(length, deadline)
            if mask:
                payload = _mask(payload, mask)
            if opcode == 0x8:
                self.closed = True
                raise ConnectionError(f"WebSocket closed by the peer: {payload[:2].hex()} {payload[2:]!r}")
            if opcode == 0x9:
                self._send_frame(0xA, payload)
                continue
            if opcode == 0xA:
                continue
            parts.append(payload)
            if fin:
                return b"".join(parts).decode("utf-8")

    def close(self) -> None:
        if not self.closed:
            try:
                self._send_frame(0x8, struct.pack("!H", 1000))
            except OSError:
                pass
        self.closed = True
        self.sock.close()


def _mask(payload: bytes, mask: bytes) -> bytes:
    repeated = (mask * (len(payload) // 4 + 1))[: len(payload)]
    return (int.from_bytes(payload, "big") ^ int.from_bytes(repeated, "big")).to_bytes(len(payload), "big")


# --------------------------------------------------------------------------------------------------
# Browser and page


class Browser:
    def __init__(self, extra_args: list[str] | None = None) -> None:
        binary = chromium_binary()
        if binary is None:
            raise CDPError("chromium not found on the PATH (make deps installs Debian's chromium)")
        self.profile = tempfile.mkdtemp(prefix="gatherd-chromium-")
        self._output: list[str] = []
        self._found = threading.Event()
        self._url: str | None = None
        args = [
            binary,
            "--headless=new",
            "--no-sandbox",
            "--remote-debugging-port=0",
            f"--user-data-dir={self.profile}",
            "--no-first-run",
            "--no-default-browser-check",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--disable-extensions",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-features=Translate,MediaRouter,OptimizationHints",
            "--hide-scrollbars",
            "--mute-audio",
            "about:blank",
        ] + list(extra_args or [])
        # The phone's language (navigator.languages and Accept-Language), for the screenshots in another language.
        if os.environ.get("GATHERD_BROWSER_LANG"):
            args += [f"--lang={os.environ['GATHERD_BROWSER_LANG']}", f"--accept-lang={os.environ['GATHERD_BROWSER_LANG']}"]
        self.proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        # A thread reads stderr as Chromium writes it (so the pipe never fills) and signals the DevTools URL.
        self._reader = threading.Thread(target=self._read_stderr, name="chromium-stderr", daemon=True)
        self._reader.start()
        if not self._found.wait(LAUNCH_TIMEOUT) or self._url is None:
            status = self.proc.poll()
            self.close()
            why = f"exited with status {status}" if status is not None else f"did not, within {LAUNCH_TIMEOUT} s"
            raise CDPError(f"chromium printed no DevTools URL (it {why}):\n{self.output()[-3000:]}")
        self.ws = WebSocket(self._url)
        self.next_id = 0
        self.events: list[dict] = []

    def _read_stderr(self) -> None:
        assert self.proc.stderr is not None
        pattern = re.compile(r"DevTools listening on (ws://\S+)")
        for raw in self.proc.stderr:
            line = raw.decode("utf-8", "replace")
            self._output.append(line)
            found = pattern.search(line)
            if found and self._url is None:
                self._url = found.group(1)
                self._found.set()
        self._found.set()  # Chromium exited (or closed stderr) without a URL: stop waiting.

    def output(self) -> str:
        return "".join(self._output)

    def send(self, method: str, params: dict | None = None, session: str | None = None,
             timeout: float = COMMAND_TIMEOUT) -> dict:
        self.next_id += 1
        message: dict[str, Any] = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self.ws.send(json.dumps(message))
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise CDPError(f"CDP {method} got no answer within {timeout} s")
            reply = json.loads(self.ws.recv(timeout=left))
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise CDPError(f"CDP {method} failed: {reply['error']}")
                return reply.get("result", {})
            if "method" in reply:
                self.events.append(reply)

    def wait_event(self, method: str, session: str | None = None, timeout: float = COMMAND_TIMEOUT) -> dict:
        deadline = time.monotonic() + timeout
        while True:
            for index, event in enumerate(self.events):
                if event["method"] == method and (session is None or event.get("sessionId") == session):
                    del self.events[index]
                    return event.get("params", {})
            left = deadline - time.monotonic()
            if left <= 0:
                raise CDPError(f"no CDP event {method} within {timeout} s")
            message = json.loads(self.ws.recv(timeout=left))
            if "method" in message:
                self.events.append(message)

    def new_page(self, width: int = 1180, height: int = 820, mobile: bool = False, scale: float = 1) -> "Page":
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        page = Page(self, target, session)
        page.send("Page.enable")
        page.send("Runtime.enable")
        page.send("Page.addScriptToEvaluateOnNewDocument", {"source": _PROBLEMS_JS})
        page.resize(width, height, mobile=mobile, scale=scale)
        return page

    def close(self) -> None:
        try:
            if getattr(self, "ws", None) is not None:
                try:
                    self.send("Browser.close", timeout=5)
                except (CDPError, OSError, ConnectionError, TimeoutError):
                    pass
                self.ws.close()
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
            self.proc.wait(10)
            self._reader.join(5)
            shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self) -> "Browser":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


#: Runs before the page's own scripts: records Content-Security-Policy violations and uncaught errors, which
#: `Page.problems()` returns.
_PROBLEMS_JS = """
window.__problems = [];
document.addEventListener('securitypolicyviolation', (e) =>
  window.__problems.push('CSP violation: ' + e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline')));
window.addEventListener('error', (e) => window.__problems.push('error: ' + e.message));
window.addEventListener('unhandledrejection', (e) => window.__problems.push('unhandled rejection: ' + String(e.reason)));
"""

#: Installed in the page by `wait_for`: resolves once `check()` is truthy, re-checking on DOM changes and on
#: every animation frame (a 50 ms timer stands in when frames stop), or rejects at the deadline.
_WAIT_JS = """
(check, timeoutMs) => new Promise((resolve, reject) => {
  const started = performance.now();
  let done = false, observer = null, timer = null;
  const finish = (ok, value) => {
    if (done) return;
    done = true;
    if (observer) observer.disconnect();
    clearInterval(timer);
    ok ? resolve(value) : reject(value);
  };
  const test = () => {
    if (done) return;
    let value;
    try { value = check(); } catch (e) { value = undefined; }
    if (value) { finish(true, value); return; }
    if (performance.now() - started > timeoutMs) { finish(false, new Error('timeout')); return; }
    requestAnimationFrame(test);
  };
  observer = new MutationObserver(test);
  observer.observe(document, {subtree: true, childList: true, characterData: true, attributes: true});
  timer = setInterval(test, 50);
  test();
})
"""


#: Whether the element `selector` finds can be clicked now: scrolled into view, with a box, not covered, and in the
#: same place as on the previous check (a page still laying itself out moves its buttons). Returns its centre, or
#: (with `explain`) why not.
_CLICKABLE_JS = """
(selector, explain) => {
  const e = document.querySelector(selector);
  if (!e) return explain ? {ok: false, why: "it is missing"} : null;
  e.scrollIntoView({block: 'center', inline: 'center'});
  const r = e.getBoundingClientRect();
  const box = {ok: true, x: r.left + r.width / 2, y: r.top + r.height / 2, w: r.width, h: r.height};
  if (r.width === 0 || r.height === 0) return explain ? Object.assign(box, {ok: false, why: "it is not visible"}) : null;
  const at = document.elementFromPoint(box.x, box.y);
  if (!at || !(at === e || e.contains(at))) return explain ? Object.assign(box, {ok: false, why: "something else covers it"}) : null;
  const key = [r.left, r.top, r.width, r.height].join(",");
  const still = e.__clickBox === key;
  e.__clickBox = key;
  return still || explain ? box : null;
}
"""


class Page:
    def __init__(self, browser: Browser, target: str, session: str) -> None:
        self.browser = browser
        self.target = target
        self.session = session

    def send(self, method: str, params: dict | None = None, timeout: float = COMMAND_TIMEOUT) -> dict:
        return self.browser.send(method, params, session=self.session, timeout=timeout)

    def resize(self, width: int, height: int, mobile: bool = False, scale: float = 1) -> None:
        self.send(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": scale, "mobile": mobile,
             "screenOrientation": {"type": "landscapePrimary" if width >= height else "portraitPrimary",
                                   "angle": 90 if width >= height else 0}},
        )

    def color_scheme(self, scheme: str) -> None:
        self.send("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})

    def navigate(self, url: str, timeout: float = COMMAND_TIMEOUT) -> None:
        self.browser.events = [e for e in self.browser.events if e["method"] != "Page.loadEventFired"]
        result = self.send("Page.navigate", {"url": url})
        if result.get("errorText"):
            raise CDPError(f"navigation to {url} failed: {result['errorText']}")
        self.browser.wait_event("Page.loadEventFired", session=self.session, timeout=timeout)

    def evaluate(self, expression: str, timeout: float = COMMAND_TIMEOUT) -> Any:
        """Evaluates `expression` in the page (awaiting a promise) and returns its value as JSON."""
        result = self.send(
            "Runtime.evaluate",
            {"expression": expression, "awaitPromise": True, "returnByValue": True, "userGesture": True},
            timeout=timeout,
        )
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            text = details.get("exception", {}).get("description") or details.get("text")
            raise CDPError(f"JavaScript failed: {text}\nin: {expression[:500]}")
        return result.get("result", {}).get("value")

    def wait_for(self, condition: str, what: str, timeout: float = 5.0, state: str | None = None) -> Any:
        """Waits until the JavaScript expression `condition` is truthy in the page and returns its value.

        On timeout fails with `what`, and the value of `state` (a JavaScript expression describing the page)
        so the failure says what the page showed instead."""
        expression = f"({_WAIT_JS})(() => ({condition}), {int(timeout * 1000)}).then(v => ({{ok: true, value: v}}), " \
                     f"e => ({{ok: false}}))"
        outcome = self.evaluate(expression, timeout=timeout + COMMAND_TIMEOUT)
        if not outcome or not outcome.get("ok"):
            shown = self.evaluate(state) if state else None
            raise CDPError(f"timed out after {timeout} s waiting for {what}" + (f"; the page shows {shown!r}" if state else ""))
        return outcome.get("value")

    def problems(self) -> list[str]:
        """CSP violations and uncaught errors the page has had since it loaded."""
        return self.evaluate("window.__problems || []")

    def click(self, selector: str, timeout: float = 3.0) -> None:
        """Clicks the element like a user: a mouse press and release at its centre. Like a user, it waits (up to
        `timeout`) until the element is there, visible, still (the same box on two animation frames running) and
        not covered by anything else; it fails if that does not come."""
        box = None
        if timeout > 0:
            try:
                box = self.wait_for(f"({_CLICKABLE_JS})({json.dumps(selector)})", f"{selector} to be clickable", timeout=timeout)
            except CDPError:
                box = None
        if not box:
            box = self.evaluate(f"({_CLICKABLE_JS})({json.dumps(selector)}, true)")
            if not box or not box.get("ok"):
                why = (box or {}).get("why", "it is missing")
                raise CDPError(f"cannot click {selector}: {why} ({box})")
        for kind in ("mousePressed", "mouseReleased"):
            self.send("Input.dispatchMouseEvent",
                      {"type": kind, "x": box["x"], "y": box["y"], "button": "left", "clickCount": 1})

    def fill(self, selector: str, text: str) -> None:
        """Types `text` into an input like a user: a click to focus it, its old text selected, then the text."""
        self.click(selector)
        self.evaluate(f"document.querySelector({json.dumps(selector)}).select()")
        self.send("Input.insertText", {"text": text})

    def choose(self, selector: str, value: str) -> None:
        """Picks the option of a <select> with this value, as a user's choice does (an input and a change event)."""
        chosen = self.evaluate(
            f"""(() => {{
              const e = document.querySelector({json.dumps(selector)});
              if (!e || ![...e.options].some(o => o.value === {json.dumps(value)})) return false;
              e.focus(); e.value = {json.dumps(value)};
              e.dispatchEvent(new Event('input', {{bubbles: true}})); e.dispatchEvent(new Event('change', {{bubbles: true}}));
              return true;
            }})()"""
        )
        if not chosen:
            raise CDPError(f"cannot choose {value!r} in {selector}")

    #: Keys `press` knows: DOM key, code and Windows virtual key code (what Chromium needs to act on them).
    KEYS = {"Tab": ("Tab", 9, ""), "Enter": ("Enter", 13, "\r"), "Escape": ("Escape", 27, ""), " ": ("Space", 32, " ")}

    def press(self, key: str, shift: bool = False) -> None:
        """Presses and releases a key, like a keyboard: to wherever the focus is."""
        code, vk, text = self.KEYS[key]
        common = {"key": key, "code": code, "windowsVirtualKeyCode": vk, "nativeVirtualKeyCode": vk,
                  "modifiers": 8 if shift else 0}
        self.send("Input.dispatchKeyEvent", {"type": "keyDown", **common, **({"text": text} if text else {})})
        self.send("Input.dispatchKeyEvent", {"type": "keyUp", **common})

    def screenshot(self, path: str) -> None:
        data = self.send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": False})["data"]
        with open(path, "wb") as handle:
            handle.write(base64.b64decode(data))

    def close(self) -> None:
        try:
            self.browser.send("Target.closeTarget", {"targetId": self.target})
        except (CDPError, OSError, ConnectionError, TimeoutError):
            pass
