"""Phones outside the home network reach the sign-up link through a real Caddy with a certificate (docs/outside.md):
Debian's caddy runs the very Caddyfile docs/outside.md gives, on free ports, with Caddy's own certificate authority
in place of Let's Encrypt (`local_certs`: the tests have no internet); Chromium maps the site's name to 127.0.0.1
and checks the certificate against that authority's key (`--ignore-certificate-errors-spki-list`, not
`--ignore-certificate-errors`). gatherd runs on the loopback with `--public-url https://gather.example:PORT/`:

- the sign-up link `gatherctl plan link` prints is the public https address, with no note that it works on this
  network only;
- it opens the sign-up view through Caddy, in a secure context, and a player signs up there (the page's WebSocket
  passes through Caddy too).

    GATHERD_BIN=.build/debug/gatherd python3 -m unittest discover -s Tests/browser -t Tests/browser -p test_caddy_outside.py -v
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import os
import re
import shutil
import signal
import socket
import ssl
import subprocess
import tempfile
import time
import unittest

from cdp import Browser, chromium_binary
from scoreboard_support import REPO, STATE_JS, WebDaemon, free_port, harness, js_text, js_visible, testid, wait_online

DOC = os.path.join(REPO, "docs", "outside.md")
SITE = "gather.example"
PORTRAIT = (390, 844)


def caddyfile_of_the_docs() -> str:
    """The Caddyfile that follows `<!-- outside-caddyfile: … -->` in docs/outside.md, unindented."""
    with open(DOC) as handle:
        found = re.search(r"<!-- outside-caddyfile:[^>]*-->\s*```caddyfile\n(.*?)```", handle.read(), re.S)
    if not found:
        raise AssertionError("docs/outside.md has no outside-caddyfile block")
    lines = found.group(1).splitlines()
    indent = min(len(line) - len(line.lstrip(" ")) for line in lines if line.strip())
    return "\n".join(line[indent:] for line in lines) + "\n"


class Caddy:
    """Debian's caddy in the foreground with the docs' Caddyfile, its own local CA and storage in a temporary folder,
    on free ports; ready once a TLS handshake for the site verifies against that CA."""

    def __init__(self, upstream_port: int) -> None:
        self.port, http_port = free_port(), free_port()
        self.dir = tempfile.mkdtemp(prefix="gatherd-caddy-")
        site = caddyfile_of_the_docs()
        if "127.0.0.1:8080" not in site or SITE not in site:
            raise AssertionError(f"the docs' Caddyfile changed shape: {site!r}")
        # The test's own global options: no admin endpoint, a local CA instead of Let's Encrypt, free ports.
        config = (f"{{\n\tadmin off\n\tlocal_certs\n\tskip_install_trust\n\thttp_port {http_port}\n"
                  f"\thttps_port {self.port}\n}}\n" + site.replace("127.0.0.1:8080", f"127.0.0.1:{upstream_port}"))
        self.caddyfile = os.path.join(self.dir, "Caddyfile")
        with open(self.caddyfile, "w") as handle:
            handle.write(config)
        env = dict(os.environ, XDG_DATA_HOME=os.path.join(self.dir, "data"),
                   XDG_CONFIG_HOME=os.path.join(self.dir, "config"), HOME=self.dir)
        self.log = open(os.path.join(self.dir, "caddy.log"), "wb")
        self.proc = subprocess.Popen(["caddy", "run", "--config", self.caddyfile, "--adapter", "caddyfile"], env=env,
                                     stdout=self.log, stderr=subprocess.STDOUT)
        self.authority = os.path.join(self.dir, "data", "caddy", "pki", "authorities", "local")
        try:
            self.wait_ready()
        except AssertionError:
            self.stop()
            raise

    def wait_ready(self) -> None:
        """Try a verified TLS handshake for the site every 10 ms, for at most 10 s (Caddy makes its CA, then the
        site's certificate, once it has started)."""
        deadline = time.monotonic() + harness.READY_DEADLINE
        while True:
            if self.proc.poll() is not None:
                raise AssertionError(f"caddy exited with status {self.proc.returncode}: {self.output()}")
            try:
                context = ssl.create_default_context(cafile=os.path.join(self.authority, "root.crt"))
                with socket.create_connection(("127.0.0.1", self.port), timeout=1.0) as raw:
                    with context.wrap_socket(raw, server_hostname=SITE):
                        return
            except (OSError, ssl.SSLError):
                if time.monotonic() >= deadline:
                    raise AssertionError(f"caddy did not serve {SITE} over TLS within {harness.READY_DEADLINE} s: "
                                         f"{self.output()}")
                time.sleep(harness.READY_INTERVAL)

    def spki_hash(self) -> str:
        """The base64 SHA-256 of the intermediate CA's public key, which Caddy sends with the site's certificate."""
        key = subprocess.run(["openssl", "x509", "-in", os.path.join(self.authority, "intermediate.crt"), "-pubkey",
                              "-noout"], check=True, capture_output=True, timeout=30).stdout
        der = subprocess.run(["openssl", "pkey", "-pubin", "-outform", "der"], input=key, check=True,
                             capture_output=True, timeout=30).stdout
        return base64.b64encode(hashlib.sha256(der).digest()).decode()

    @property
    def origin(self) -> str:
        return f"https://{SITE}:{self.port}"

    def output(self) -> str:
        with open(os.path.join(self.dir, "caddy.log"), errors="replace") as handle:
            return handle.read()[-3000:]

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self.log.close()
        shutil.rmtree(self.dir, ignore_errors=True)


@unittest.skipIf(chromium_binary() is None or shutil.which("caddy") is None, "needs chromium and caddy (make deps)")
class CaddyOutsideTest(harness.RpcAssertions, unittest.TestCase):
    def setUp(self) -> None:
        super().setUp()
        self.daemon = WebDaemon()
        self.addCleanup(self.daemon.cleanup)
        self.caddy = Caddy(self.daemon.port)
        self.addCleanup(self.caddy.stop)
        self.daemon.extra_args += ["--public-url", self.caddy.origin + "/"]
        self.daemon.start()
        self.c = self.daemon.client()
        self.browser = Browser([f"--host-resolver-rules=MAP {SITE} 127.0.0.1",
                                f"--ignore-certificate-errors-spki-list={self.caddy.spki_hash()}"])
        self.addCleanup(self.browser.close)

    def test_a_player_signs_up_through_caddy_with_the_link_gatherctl_prints(self) -> None:
        ana = self.ok(self.c, "players.create", {"name": "Ana"})["id"]
        starts = (dt.date.today() + dt.timedelta(days=3)).isoformat() + "T19:00+01:00"
        plan = self.ok(self.c, "plan.create", {"startsAt": starts, "capacity": 10, "place": "Astro 2"})["id"]
        gatherctl = os.path.join(os.path.dirname(self.daemon.binary), "gatherctl")
        printed = subprocess.run([gatherctl, "--socket", self.daemon.socket_path, "plan", "link", "--plan", str(plan)],
                                 capture_output=True, text=True, timeout=30)
        self.assertEqual((printed.returncode, printed.stderr), (0, ""), "a public https link, and no note")
        link = printed.stdout.strip()
        self.assertTrue(link.startswith(self.caddy.origin + "/#signup="), link)

        phone = self.browser.new_page(width=PORTRAIT[0], height=PORTRAIT[1], mobile=True)
        self.addCleanup(phone.close)
        phone.navigate(link)
        wait_online(phone)
        self.assertEqual(phone.evaluate("[location.origin, window.isSecureContext]"), [self.caddy.origin, True])
        phone.wait_for(js_visible("signup"), "the sign-up view", state=STATE_JS)
        phone.click(testid(f"signup-player-{ana}"))
        phone.wait_for(js_visible("btn-in"), "the answer buttons", state=STATE_JS)
        phone.click(testid("btn-in"))
        phone.wait_for(f"{js_text('signup-result')}.includes(\"You're in, Ana\")", "the confirmation", state=STATE_JS)
        self.assertEqual([p["name"] for p in self.ok(self.c, "plan.get", {"plan": plan})["going"]], ["Ana"])
        self.assertEqual(phone.problems(), [], "the page broke a CSP rule or threw")


if __name__ == "__main__":
    unittest.main()
