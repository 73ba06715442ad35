"""What the scoreboard's browser tests and the screenshot script share: a daemon with its HTTP listener on a
free port and a control token, a headless Chromium, and the page's `data-testid`s.

The daemon is the real gatherd (`$GATHERD_BIN`), started by Tests/e2e/harness.py's `Daemon` with
`--http 127.0.0.1:PORT --http-token-file FILE`.
"""

from __future__ import annotations

import json
import os
import secrets
import socket
import sys
import time
import unittest
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(REPO, "Tests", "e2e"))

import harness  # noqa: E402

from cdp import Browser, Page  # noqa: E402

#: A phone held sideways, and a tablet on a stand.
PHONE = (844, 390)
TABLET = (1180, 820)


def free_port() -> int:
    """A TCP port that nothing listens on right now (the kernel's pick, released at once)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class WebDaemon(harness.Daemon):
    """gatherd with its HTTP listener on 127.0.0.1:<free port> and a control token in a file."""

    def __init__(self, **kwargs: Any) -> None:
        self.port = free_port()
        self.token = secrets.token_urlsafe(24)
        super().__init__(**kwargs)
        self.token_path = os.path.join(self.tmp, "http-token")
        with open(self.token_path, "w") as handle:
            handle.write(self.token + "\n")
        os.chmod(self.token_path, 0o600)
        self.extra_args += ["--http", f"127.0.0.1:{self.port}", "--http-token-file", self.token_path]

    def start(self, extra_args: Any = None) -> "WebDaemon":
        """Starts gatherd and waits until both its Unix socket and its HTTP port answer."""
        super().start(extra_args)
        self.wait_http()
        return self

    def wait_http(self) -> None:
        """Readiness, like harness.Daemon.wait_ready: try to connect every 10 ms, for at most 10 s."""
        deadline = time.monotonic() + harness.READY_DEADLINE
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1.0):
                    return
            except OSError as error:
                if time.monotonic() >= deadline:
                    raise AssertionError(
                        f"gatherd's HTTP listener on port {self.port} was not ready within "
                        f"{harness.READY_DEADLINE} s ({error}); output:\n{self.output()[-4000:]}"
                    )
            time.sleep(harness.READY_INTERVAL)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def control_url(self) -> str:
        return f"{self.base_url}/#token={self.token}"


def testid(name: str) -> str:
    return f"[data-testid={json.dumps(name)}]"


def js_text(name: str) -> str:
    """A JavaScript expression: the trimmed text of the element with that data-testid (null if missing)."""
    return f"(document.querySelector({json.dumps(testid(name))})?.textContent ?? '').trim()"


def js_visible(name: str) -> str:
    """A JavaScript expression: whether the element is rendered (not hidden, has a box)."""
    return (
        f"(() => {{ const e = document.querySelector({json.dumps(testid(name))}); "
        "if (!e) return false; const r = e.getBoundingClientRect(); "
        "return !e.closest('[hidden]') && getComputedStyle(e).visibility !== 'hidden' && r.width > 0 && r.height > 0; })()"
    )


#: What the page shows, for failure messages.
STATE_JS = (
    "(() => { const t = (n) => (document.querySelector(`[data-testid=\"${n}\"]`)?.textContent ?? null); "
    "return {status: t('status'), mode: t('mode'), notice: t('notice'), a: t('team-a-name'), scoreA: t('score-a'), "
    "b: t('team-b-name'), scoreB: t('score-b'), clock: t('clock'), added: t('added'), period: t('period'), "
    "state: t('timer-state'), goals: [...document.querySelectorAll('[data-testid=goals] li')].map(e => e.textContent), "
    "noGather: !document.querySelector('[data-testid=no-gather]').hidden, "
    "controls: !document.querySelector('[data-testid=controls]').hidden, href: location.href}; })()"
)


def wait_online(page: Page, timeout: float = 10.0) -> None:
    page.wait_for(
        "document.querySelector('[data-testid=status]').dataset.state === 'online'",
        "the page to show online",
        timeout=timeout,
        state=STATE_JS,
    )


def open_page(browser: Browser, url: str, size: tuple[int, int] = TABLET, scheme: str | None = None) -> Page:
    page = browser.new_page(width=size[0], height=size[1], mobile=size == PHONE)
    if scheme:
        page.color_scheme(scheme)
    page.navigate(url)
    wait_online(page)
    return page


class PageCase(harness.RpcAssertions, unittest.TestCase):
    """One headless Chromium per class (with `browser_args`), and per test a fresh gatherd with its web listener
    (with `daemon_args` and `daemon_env`) and a socket client `self.c`."""

    browser: Browser
    browser_args: list[str] = []
    daemon_args: list[str] = []
    #: The daemon's environment (its time zone, say); None keeps the tests' own.
    daemon_env: dict[str, str] | None = None

    @classmethod
    def setUpClass(cls) -> None:
        super().setUpClass()
        cls.browser = Browser(cls.browser_args)
        cls.addClassCleanup(cls.browser.close)

    def setUp(self) -> None:
        super().setUp()
        self.daemon = WebDaemon(env=self.daemon_env)
        self.daemon.extra_args += self.daemon_args
        self.addCleanup(self.daemon.cleanup)
        self.daemon.start()
        self.c = self.daemon.client()

    def signup_phone(self, link: str, player: int, size: tuple[int, int] = (390, 844)) -> Page:
        """A phone held upright on a plan's sign-up `link`, with `player` picked: its answer buttons showing. The
        page is closed after the test, which also fails if it broke a CSP rule or threw."""
        page = open_page(self.browser, link, size=size)
        self.addCleanup(page.close)
        self.addCleanup(lambda: self.assertEqual(page.problems(), [], "the page broke a CSP rule or threw"))
        page.wait_for(js_visible(f"signup-player-{player}"), "the sign-up view's names", state=STATE_JS)
        self.pick(page, player)
        return page

    @staticmethod
    def pick(page: Page, player: int) -> None:
        """Picks `player` on a sign-up view, as a tap on their name does, and waits for the answer buttons, which
        a player sees before tapping one."""
        page.click(testid(f"signup-player-{player}"))
        page.wait_for(js_visible("btn-in"), "the answer buttons", state=STATE_JS)
