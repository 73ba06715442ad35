"""The page in WebKit, Safari's engine, through WebKitGTK's WebDriver: the board comes online, a goal tapped on the
control page (with its scorer) shows on the board, and a player answers "I'm in" on a plan's sign-up view.

    apt-get install webkit2gtk-driver xvfb
    python3 Tests/browser/webkit_smoke.py .build/debug/gatherd

Not part of `make test`: Debian's WebKitGTK is a desktop build of the engine, not iOS Safari; this is a check by
hand that the page's bundle runs in the engine, with the steps the Chromium tests take. Exit status 1, with the
page's text, on the first step that fails.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
TOKEN = "t" * 40


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Smoke:
    def __init__(self, gatherd: str) -> None:
        self.tmp = tempfile.mkdtemp(prefix="gatherd-webkit-")
        self.port, self.wd_port = free_port(), free_port()
        token = os.path.join(self.tmp, "token")
        with open(token, "w") as f:
            f.write(TOKEN + "\n")
        os.chmod(token, 0o600)
        env = dict(os.environ, GATHERD_SOCKET=f"{self.tmp}/s.sock", GATHERD_DATABASE=f"{self.tmp}/db.sqlite")
        self.daemon = subprocess.Popen([gatherd, "--http", f"127.0.0.1:{self.port}", "--http-token-file", token,
                                        "--log-level", "warning"], env=env)
        self.driver = subprocess.Popen(["xvfb-run", "-a", "WebKitWebDriver", f"--port={self.wd_port}"],
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.session = None

    def rpc(self, method: str, params: dict | None = None) -> dict:
        with socket.socket(socket.AF_UNIX) as s:
            s.connect(f"{self.tmp}/s.sock")
            s.sendall((json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": params or {}}) + "\n").encode())
            reply = b""
            while not reply.endswith(b"\n"):
                reply += s.recv(65536)
        answer = json.loads(reply)
        if "result" not in answer:
            raise SystemExit(f"{method} refused: {answer}")
        return answer["result"]

    def webdriver(self, method: str, path: str, body: dict | None = None):
        request = urllib.request.Request(f"http://127.0.0.1:{self.wd_port}{path}", method=method,
                                         data=None if body is None else json.dumps(body).encode(),
                                         headers={"Content-Type": "application/json"})
        return json.loads(urllib.request.urlopen(request, timeout=60).read())["value"]

    def js(self, script: str):
        return self.webdriver("POST", f"/session/{self.session}/execute/sync", {"script": script, "args": []})

    def visit(self, url: str) -> None:
        self.webdriver("POST", f"/session/{self.session}/url", {"url": url})

    def wait(self, condition: str, what: str, timeout: float = 15.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.js(f"return !!({condition})"):
                print("ok:", what)
                return
            time.sleep(0.1)
        print("FAILED:", what, "\n", self.js("return document.body.innerText.slice(0, 400)"))
        raise SystemExit(1)

    def tap(self, words: str) -> None:
        self.js("[...document.querySelectorAll('button')].find(b => b.offsetParent && b.textContent.trim() === "
                f"{json.dumps(words)}).click(); return 1")

    def showing(self, words: str) -> str:
        return (f"[...document.querySelectorAll('button')].some(b => b.offsetParent && b.textContent.trim() === "
                f"{json.dumps(words)})")

    def run(self) -> None:
        for _ in range(100):
            try:
                self.rpc("daemon.ping")
                urllib.request.urlopen(f"http://127.0.0.1:{self.wd_port}/status", timeout=1)
                break
            except (OSError, SystemExit):
                time.sleep(0.2)
        ids = [self.rpc("players.create", {"name": n})["id"] for n in ("Ana", "Bruno", "Carla", "Dani")]
        self.rpc("gather.start", {"teamA": ids[:2], "teamB": ids[2:]})
        options = {"binary": MINIBROWSER, "args": ["--automation"]}
        capabilities = {"capabilities": {"alwaysMatch": {"webkitgtk:browserOptions": options}}}
        self.session = self.webdriver("POST", "/session", capabilities)["sessionId"]
        print("engine:", self.js("return navigator.userAgent"))

        self.visit(f"http://127.0.0.1:{self.port}/#token={TOKEN}")
        self.wait("document.querySelector('[data-testid=status]')?.dataset.state === 'online'", "the board online")
        self.wait("document.querySelector('[data-testid=mode]')?.textContent.trim() === 'control'", "the control page")
        self.js("document.querySelector('[data-testid=btn-goal-a]').click(); return 1")
        self.wait(self.showing("Ana"), "who scored? asked")
        self.tap("Ana")
        self.wait("document.querySelector('[data-testid=score-a]')?.textContent.trim() === '1'", "the goal on the board")

        plan = self.rpc("plan.create", {"startsAt": "2099-12-03T19:00+01:00", "capacity": 10, "place": "Astro 2"})
        link = self.rpc("plan.link", {"plan": plan["id"]})["url"]
        self.visit(f"http://127.0.0.1:{self.port}/{link[link.index('#'):]}")
        self.wait(f"document.querySelector('[data-testid=signup-player-{ids[0]}]')", "the sign-up view's players")
        self.js(f"document.querySelector('[data-testid=signup-player-{ids[0]}]').click(); return 1")
        self.wait(self.showing("I'm in"), "I'm in, offered to Ana")
        self.tap("I'm in")
        for _ in range(50):
            if [e["name"] for e in self.rpc("plan.get", {"plan": plan["id"]})["going"]] == ["Ana"]:
                print("ok: Ana going")
                return
            time.sleep(0.2)
        print("FAILED: Ana is not going")
        raise SystemExit(1)

    def stop(self) -> None:
        if self.session:
            self.webdriver("DELETE", f"/session/{self.session}")
        for process in (self.driver, self.daemon):
            process.terminate()
            process.wait()


if __name__ == "__main__":
    smoke = Smoke(sys.argv[1])
    try:
        smoke.run()
    finally:
        smoke.stop()
