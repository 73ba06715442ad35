"""The scoreboard behind a real reverse proxy: Debian's nginx with a self-signed certificate in front
of gatherd on 127.0.0.1, configured with the very snippet docs/scoreboard.md gives, and headless Chromium
(`--ignore-certificate-errors`) driving the page over https:

- the page loads over https, a secure context; the Screen Wake Lock is granted and held while a gather runs;
- the service worker registers, and serves the page's shell while gatherd is stopped (nginx answers 502);
- Chromium reports the page installable (`Page.getInstallabilityErrors` is empty);
- the control link (`web.link`, built on `--public-url`) gives control: the page starts the clock;
- the share view's QR code decodes (zbarimg) to the public address.

The Caddy snippet of docs/scoreboard.md is checked with `caddy adapt`.

    GATHERD_BIN=.build/debug/gatherd python3 -m unittest Tests/browser/test_https_proxy.py -v
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import unittest

from cdp import Browser, chromium_binary
from scoreboard_support import REPO, STATE_JS, WebDaemon, free_port, harness, js_text, testid, wait_online
from touchline_support import decode_qr, install_observers, wake_lock_state

DOC = os.path.join(REPO, "docs", "scoreboard.md")


def snippet(marker: str) -> str:
    """The fenced block that follows `<!-- marker: … -->` in docs/scoreboard.md."""
    with open(DOC) as handle:
        text = handle.read()
    found = re.search(r"<!-- " + re.escape(marker) + r":[^>]*-->\s*```\w*\n(.*?)```", text, re.S)
    if not found:
        raise AssertionError(f"docs/scoreboard.md has no {marker} block")
    return found.group(1)


def wait_port(port: int, proc: subprocess.Popen, what: str) -> None:
    """Readiness of a server we started: try to connect every 10 ms, for at most 10 s."""
    deadline = time.monotonic() + harness.READY_DEADLINE
    while True:
        if proc.poll() is not None:
            raise AssertionError(f"{what} exited with status {proc.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1.0):
                return
        except OSError:
            if time.monotonic() >= deadline:
                raise AssertionError(f"{what} did not listen on port {port} within {harness.READY_DEADLINE} s")
            time.sleep(harness.READY_INTERVAL)


class Nginx:
    """Debian's nginx in the foreground with docs/scoreboard.md's server block, in a temporary prefix."""

    def __init__(self, upstream_port: int) -> None:
        self.port = free_port()
        self.dir = tempfile.mkdtemp(prefix="gatherd-nginx-")
        cert, key = os.path.join(self.dir, "cert.pem"), os.path.join(self.dir, "key.pem")
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=localhost",
                        "-keyout", key, "-out", cert], check=True, capture_output=True, timeout=60)
        server = (snippet("nginx-snippet")
                  .replace("listen 443 ssl;", f"listen 127.0.0.1:{self.port} ssl;")
                  .replace("/etc/letsencrypt/live/gather.example/fullchain.pem", cert)
                  .replace("/etc/letsencrypt/live/gather.example/privkey.pem", key)
                  .replace("gather.example", "localhost")
                  .replace("http://127.0.0.1:8080", f"http://127.0.0.1:{upstream_port}"))
        temp = "".join(f"{kind}_temp_path {os.path.join(self.dir, kind)};\n"
                       for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
        user = "user root root;\n" if os.geteuid() == 0 else ""
        self.conf = os.path.join(self.dir, "nginx.conf")
        with open(self.conf, "w") as handle:
            handle.write(f"{user}worker_processes 1;\npid {self.dir}/nginx.pid;\nerror_log {self.dir}/error.log;\n"
                         f"events {{ worker_connections 128; }}\nhttp {{\naccess_log off;\n{temp}{server}}}\n")
        self.proc = subprocess.Popen(["nginx", "-p", self.dir, "-c", self.conf, "-e", f"{self.dir}/error.log",
                                      "-g", "daemon off;"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_port(self.port, self.proc, "nginx")
        except AssertionError:
            self.stop()
            raise

    @property
    def origin(self) -> str:
        return f"https://localhost:{self.port}"

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        shutil.rmtree(self.dir, ignore_errors=True)


@unittest.skipIf(chromium_binary() is None or shutil.which("nginx") is None, "needs chromium and nginx (make deps)")
class HttpsProxyTest(harness.RpcAssertions, unittest.TestCase):
    def setUp(self) -> None:
        super().setUp()
        self.daemon = WebDaemon()
        self.addCleanup(self.daemon.cleanup)
        upstream = self.daemon.port
        self.nginx = Nginx(upstream)
        self.addCleanup(self.nginx.stop)
        self.daemon.extra_args += ["--public-url", self.nginx.origin + "/"]
        self.daemon.start()
        self.c = self.daemon.client()
        self.browser = Browser(["--ignore-certificate-errors"])
        self.addCleanup(self.browser.close)

    def test_the_page_over_https_behind_nginx(self) -> None:
        ana = self.ok(self.c, "players.create", {"name": "Ana"})["id"]
        bea = self.ok(self.c, "players.create", {"name": "Bea"})["id"]
        link = self.ok(self.c, "web.link")
        self.assertEqual(link["view"], self.nginx.origin + "/")
        self.assertTrue(link["url"].startswith(self.nginx.origin + "/#token="), link)
        self.browser.send("Browser.grantPermissions", {"permissions": ["wakeLockScreen"], "origin": self.nginx.origin})
        page = self.browser.new_page(width=1180, height=820)
        install_observers(page)
        self.addCleanup(page.close)
        page.navigate(link["url"])
        wait_online(page)
        self.assertEqual(page.evaluate("[location.protocol, window.isSecureContext]"), ["https:", True])
        page.wait_for(f"{js_text('mode')} === 'control'", "control with the token", state=STATE_JS)

        # The service worker registers and takes the page; Chromium finds nothing missing to install it.
        page.wait_for("navigator.serviceWorker.controller !== null", "the service worker to control the page",
                      timeout=10)
        self.assertEqual(page.send("Page.getInstallabilityErrors")["installabilityErrors"], [])

        # A gather: the wake lock is granted and held; the referee's page starts the clock through the proxy.
        self.ok(self.c, "gather.start", {"teamA": [ana], "teamB": [bea], "minutes": 10})
        page.wait_for("document.querySelector('[data-testid=awake]').dataset.state === 'awake'", "the screen kept on",
                      state=STATE_JS)
        self.assertEqual(wake_lock_state(page), {"requested": 1, "held": 1})
        page.click(testid("btn-toggle"))
        page.wait_for(f"{js_text('btn-toggle')} === 'Pause'", "the clock started from the page", state=STATE_JS)
        self.assertEqual(self.ok(self.c, "timer.status")["state"], "running")

        # The share view's QR code is the public address.
        page.click(testid("btn-share"))
        page.wait_for("document.querySelector('[data-testid=share-qr]')?.complete", "the QR code", state=STATE_JS)
        self.assertEqual(decode_qr(page, "[data-testid=share-qr]"), [self.nginx.origin + "/"])
        page.click(testid("share-close"))

        # gatherd stops: nginx answers 502, and the service worker serves the kept shell, which says offline.
        self.daemon.stop()
        page.navigate(self.nginx.origin + "/")
        page.wait_for("document.querySelector('[data-testid=status]')?.dataset.state === 'offline'",
                      "the board's offline state from the kept shell", timeout=10, state=STATE_JS)
        self.assertEqual(page.evaluate("document.title"), "gatherd scoreboard")
        self.daemon.start()
        wait_online(page, timeout=20)
        self.assertEqual(page.problems(), [], "the page broke a CSP rule or threw")


class CaddySnippetTest(unittest.TestCase):
    @unittest.skipIf(shutil.which("caddy") is None, "caddy is not installed (make deps installs it)")
    def test_the_caddyfile_in_the_docs_adapts(self) -> None:
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "Caddyfile")
            with open(path, "w") as handle:
                handle.write(snippet("caddy-snippet"))
            result = subprocess.run(["caddy", "adapt", "--adapter", "caddyfile", "--config", path],
                                    capture_output=True, text=True, timeout=60)
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertIn('"reverse_proxy"', result.stdout)
            self.assertIn('"127.0.0.1:8080"', result.stdout)
            self.assertIn('"gather.example"', result.stdout)


if __name__ == "__main__":
    unittest.main()
