"""The scoreboard's links and QR codes: `web.link`, `web.share` and `gatherctl web link` (the view-only link by
default, `--control`, `--qr`, `--all`) against the real daemon. A link never names 0.0.0.0, [::] or the machine's host name; a wildcard
listener is named by this machine's network addresses; a listener only this machine can reach gets its link with
a note of what to pass. The QR codes are decoded by a real reader, Debian's zbarimg: the terminal's half blocks
turned into pixels, and the daemon's SVG drawn as pixels the same way."""
import json, os, pty, re, select, socket, subprocess, tempfile, unittest
from urllib.parse import unquote, urlsplit

from harness import Daemon
from webcase import TOKEN, WebCase, free_port
from wsclient import WebSocket

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def machine_addresses():
    """This machine's addresses other devices may reach, as `hostname -I` lists them (no loopback, no link-local)."""
    out = subprocess.run(["hostname", "-I"], capture_output=True, text=True, timeout=10).stdout.split()
    return {a for a in out if not a.lower().startswith("fe80:")}


def zbar(pixels):
    """Decodes rows of booleans (True = dark) with zbarimg, each module 8 pixels wide, as a PGM image."""
    scale = 8
    with tempfile.NamedTemporaryFile(suffix=".pgm") as image:
        height, width = len(pixels) * scale, len(pixels[0]) * scale
        rows = b"".join(bytes(0 if dark else 255 for dark in row for _ in range(scale)) * scale for row in pixels)
        image.write(b"P5 %d %d 255\n" % (width, height) + rows)
        image.flush()
        result = subprocess.run(["zbarimg", "--quiet", "--raw", image.name], capture_output=True, text=True, timeout=60)
    return result.stdout.splitlines()


def half_blocks_to_pixels(lines):
    """The terminal's drawing back into modules: a block (or half) is light, a space dark; each line is two rows."""
    top = {"█": True, "▀": True, "▄": False, " ": False}
    bottom = {"█": True, "▀": False, "▄": True, " ": False}
    pixels = []
    for line in lines:
        pixels.append([not top[c] for c in line])
        pixels.append([not bottom[c] for c in line])
    return pixels


def svg_to_pixels(svg):
    """The daemon's SVG back into modules: its viewBox is the side, each `Mx yhNv1h-Nz` a run of dark modules."""
    side = int(re.search(r'viewBox="0 0 (\d+) \d+"', svg).group(1))
    pixels = [[False] * side for _ in range(side)]
    for x, y, run in re.findall(r"M(\d+) (\d+)h(\d+)v1h-\d+z", svg):
        for dx in range(int(run)):
            pixels[int(y)][int(x) + dx] = True
    return pixels


class Gatherctl:
    def gatherctl(self, *args, env=None):
        binary = os.environ.get("GATHERCTL_BIN") or os.path.join(os.path.dirname(self.daemon.binary), "gatherctl")
        return subprocess.run([binary, "--socket", self.daemon.socket_path, *args], capture_output=True, text=True,
                              timeout=30, env=env)

    def qr_text(self, stdout):
        """The link on the first line, and the QR code's lines below it."""
        lines = stdout.rstrip("\n").split("\n")
        return lines[0], lines[1:]


class LoopbackLinkTests(Gatherctl, WebCase):
    """gatherd --http 127.0.0.1:PORT: the link works only on this machine, and gatherctl says what to pass."""

    def test_the_control_link_with_a_note_of_what_to_pass(self):
        result = self.gatherctl("web", "link", "--control")
        self.assertEqual(result.returncode, 0, result.stderr)
        url = result.stdout.strip()
        self.assertEqual(url, "http://127.0.0.1:%d/#token=%s" % (self.port, url.split("#token=", 1)[1]))
        self.assertEqual(unquote(url.split("#token=", 1)[1]), TOKEN)
        self.assertIn("--http 0.0.0.0:%d" % self.port, result.stderr)
        link = self.ok(self.c, "web.link")
        self.assertEqual(link["url"], url)
        self.assertEqual(link["view"], "http://127.0.0.1:%d/" % self.port)
        self.assertEqual(link["links"], [{"url": url, "view": link["view"]}])
        self.assertIn("--public-url", link["note"])

    def test_view_prints_the_view_only_link_which_any_web_client_may_ask_for(self):
        result = self.gatherctl("web", "link", "--view")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout, "http://127.0.0.1:%d/\n" % self.port)
        # The view-only link is the default: nothing to hold up at the pitch gives control.
        self.assertEqual(self.gatherctl("web", "link").stdout, result.stdout)
        self.assertEqual(self.gatherctl("web", "link", "--control", "--view").returncode, 2)
        ws = self.ws()
        share = ws.call("web.share")["result"]
        self.assertEqual([l["url"] for l in share["links"]], ["http://127.0.0.1:%d/" % self.port])
        self.assertTrue(share["links"][0]["qr"].startswith("<svg "))
        self.assertEqual(zbar(svg_to_pixels(share["links"][0]["qr"])), ["http://127.0.0.1:%d/" % self.port])

    def test_qr_draws_the_link_for_a_phone_camera(self):
        # --qr alone draws the view-only link: a code held up at the pitch never gives control.
        result = self.gatherctl("web", "link", "--qr")
        self.assertEqual(result.returncode, 0, result.stderr)
        url, drawing = self.qr_text(result.stdout)
        self.assertEqual(url, "http://127.0.0.1:%d/" % self.port)
        self.assertNotIn("\x1b", result.stdout, "no colours when the output is not a terminal")
        self.assertTrue(all(len(line) == len(drawing[0]) for line in drawing))
        self.assertEqual(zbar(half_blocks_to_pixels(drawing)), [url])
        # --control --qr draws the control link, for the referee's phone.
        control = self.gatherctl("web", "link", "--qr", "--control")
        url, drawing = self.qr_text(control.stdout)
        self.assertTrue(url.startswith("http://127.0.0.1:%d/#token=" % self.port), url)
        self.assertEqual(zbar(half_blocks_to_pixels(drawing)), [url])

    def test_on_a_terminal_the_code_is_drawn_white_on_black(self):
        binary = os.environ.get("GATHERCTL_BIN") or os.path.join(os.path.dirname(self.daemon.binary), "gatherctl")
        main, child = pty.openpty()
        env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
        proc = subprocess.Popen([binary, "--socket", self.daemon.socket_path, "web", "link", "--view", "--qr"],
                                stdin=subprocess.DEVNULL, stdout=child, stderr=subprocess.DEVNULL, env=env)
        os.close(child)
        output = b""
        while True:
            ready, _, _ = select.select([main], [], [], 30)
            self.assertTrue(ready, "gatherctl wrote nothing for 30 s")
            try:
                chunk = os.read(main, 65536)
            except OSError:
                break
            if not chunk:
                break
            output += chunk
        os.close(main)
        self.assertEqual(proc.wait(30), 0)
        lines = output.decode().replace("\r\n", "\n").rstrip("\n").split("\n")
        self.assertTrue(all(l.startswith("\x1b[37;40m") and l.endswith("\x1b[0m") for l in lines[1:]), lines[1:3])
        self.assertEqual(zbar(half_blocks_to_pixels([ANSI.sub("", l) for l in lines[1:]])), [lines[0]])


class WildcardListener:
    """gatherd --http 0.0.0.0:PORT rather than WebCase's 127.0.0.1."""

    def make_daemon(self):
        daemon = super().make_daemon()
        daemon.extra_args = ["0.0.0.0:%d" % self.port if a == "127.0.0.1:%d" % self.port else a
                             for a in daemon.extra_args]
        return daemon


class WildcardLinkTests(WildcardListener, Gatherctl, WebCase):
    """gatherd --http 0.0.0.0:PORT: named by this machine's network addresses, never 0.0.0.0 or its host name."""

    def test_the_links_name_the_machines_addresses(self):
        link = self.ok(self.c, "web.link")
        hosts = [urlsplit(l["view"]).hostname for l in link["links"]]
        addresses = machine_addresses()
        for url in [link["url"], link["view"]] + [l["url"] for l in link["links"]]:
            self.assertNotIn("0.0.0.0", url)
            self.assertNotRegex(url, r"//\[::\]")
            self.assertNotIn("//%s:" % socket.gethostname(), url, "the host name may resolve only on this machine")
        if addresses:
            self.assertTrue(set(hosts) <= addresses, (hosts, addresses))
            self.assertNotIn("note", link)
        else:
            self.assertEqual(hosts, ["127.0.0.1"])
            self.assertIn("--public-url", link["note"])
        result = self.gatherctl("web", "link", "--all", "--control")
        self.assertEqual(result.stdout.splitlines(), [l["url"] for l in link["links"]])
        every = self.gatherctl("web", "link", "--all")
        self.assertEqual(every.stdout.splitlines(), [l["view"] for l in link["links"]])
        first = self.gatherctl("web", "link", "--view", "--qr")
        url, drawing = self.qr_text(first.stdout)
        self.assertEqual(url, link["view"])
        self.assertEqual(zbar(half_blocks_to_pixels(drawing)), [url])


class WildcardSignUpLinkTests(WildcardListener, Gatherctl, WebCase):
    """A plan's sign-up link names the address people use exactly as the page's links do, and `gatherctl plan
    link --qr` draws it for the group chat (a screenshot) or a phone's camera."""

    def test_the_sign_up_link_names_the_machines_addresses_and_draws_as_a_qr_code(self):
        plan = self.ok(self.c, "plan.create", {"startsAt": "2099-12-03T19:00+01:00", "capacity": 10})["id"]
        link = self.ok(self.c, "plan.link", {"plan": plan})
        pages = [l["view"] for l in self.ok(self.c, "web.link")["links"]]
        self.assertEqual(link["links"], [page + "#signup=" + link["url"].split("#signup=", 1)[1] for page in pages])
        self.assertEqual(link["url"], link["links"][0])
        for url in link["links"]:
            self.assertNotIn("0.0.0.0", url)
            self.assertNotIn("//%s:" % socket.gethostname(), url)
        result = self.gatherctl("plan", "link", "--qr")
        self.assertEqual(result.returncode, 0, result.stderr)
        url, drawing = self.qr_text(result.stdout)
        self.assertEqual(url, link["url"])
        self.assertEqual(zbar(half_blocks_to_pixels(drawing)), [url])
        every = self.gatherctl("plan", "link", "--plan", str(plan), "--all")
        self.assertEqual(every.stdout.splitlines(), link["links"])


class PublicURLLinkTests(Gatherctl, WebCase):
    web_args = ("--public-url", "https://gather.example/pitch/")

    def test_the_links_and_codes_are_the_public_url(self):
        result = self.gatherctl("web", "link", "--qr", "--control")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stderr, "")
        url, drawing = self.qr_text(result.stdout)
        self.assertEqual(unquote(url), "https://gather.example/pitch/#token=" + TOKEN)
        self.assertEqual(zbar(half_blocks_to_pixels(drawing)), [url])
        share = self.ok(self.c, "web.share")
        self.assertEqual([l["url"] for l in share["links"]], ["https://gather.example/pitch/"])
        self.assertEqual(zbar(svg_to_pixels(share["links"][0]["qr"])), ["https://gather.example/pitch/"])


class UnixSocketLinkTests(Gatherctl, unittest.TestCase):
    def test_a_unix_socket_listener_asks_for_the_public_url(self):
        folder = tempfile.mkdtemp(prefix="gatherd-http-")
        self.daemon = Daemon(["--http", "unix:%s/http.sock" % folder])
        self.addCleanup(self.daemon.cleanup)
        self.daemon.start()
        result = self.gatherctl("web", "link", "--view")
        self.assertEqual(result.returncode, 1)
        self.assertIn("--public-url", result.stderr)
        self.assertEqual(result.stdout, "")
        client = self.daemon.client()
        reply = client.call("web.share")
        self.assertEqual(reply["error"]["data"]["reason"], "web_disabled", reply)


if __name__ == "__main__":
    unittest.main()
