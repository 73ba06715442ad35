"""Phones paired as controllers, against the real daemon: what needs a process, its listener and its database file.

- kill -9 keeps every device, its credential (as a hash), a revocation and an open pairing link;
- a revoked device's open WebSocket is closed at once, and its credential refused over POST (401);
- the credential works as Authorization: Bearer on POST /rpc;
- neither a pairing code nor a credential is ever logged (at debug level) or written to the database: only their
  SHA-256;
- gatherctl web pair, devices and revoke, and gatherctl web link's word on a link that works on this network only.

(What the methods refuse, and their access, are method tests: Tests/GatherDaemonTests/Methods/WebDevice*.)
"""
import hashlib, json, os, re, subprocess, unittest

from webcase import TOKEN, WebCase


def code_of(link):
    return link.split("#pair=", 1)[1]


class DeviceCase(WebCase):
    daemon_log_level = "debug"

    def pair(self, name):
        """A phone paired through a new link, over a WebSocket of its own: (its credential, its device)."""
        code = code_of(self.ok(self.c, "web.pair", {"name": name})["url"])
        phone = self.ws()
        paired = phone.call("web.pairDevice", {"code": code})["result"]
        phone.close()
        return paired["credential"], paired["device"]

    def controller_ws(self, credential):
        ws = self.ws()
        self.assertTrue(ws.call("auth.token", {"token": credential})["result"]["control"])
        return ws

    def database_bytes(self):
        data = b""
        for suffix in ("", "-wal"):
            path = self.daemon.db_path + suffix
            if os.path.exists(path):
                with open(path, "rb") as handle:
                    data += handle.read()
        return data


class DevicesSurviveACrash(DeviceCase):
    def test_devices_revocations_and_an_open_link_survive_kill_9(self):
        ana, ana_device = self.pair("Ana's phone")
        bea, _ = self.pair("Bea's phone")
        self.ok(self.c, "web.revoke", {"device": ana_device["id"]})
        pending = code_of(self.ok(self.c, "web.pair", {"name": "Carla's phone"})["url"])
        devices = self.ok(self.c, "web.devices")["devices"]

        self.daemon.kill9()
        self.daemon.restart()
        self.wait_http()
        self.c = self.client()

        self.assertEqual(self.ok(self.c, "web.devices")["devices"], devices)
        ws = self.controller_ws(bea)
        self.assertEqual(ws.call("players.create", {"name": "Ana"})["result"]["name"], "Ana")
        self.assertRpcError(self.ws().call("auth.token", {"token": ana}), -32003, "invalid_token")
        carla = self.ws().call("web.pairDevice", {"code": pending})["result"]
        self.assertEqual(carla["device"]["name"], "Carla's phone", "a link made before the crash still pairs, once")
        self.assertRpcError(self.ws().call("web.pairDevice", {"code": pending}), -32002, "pairing_used")


class RevokedConnections(DeviceCase):
    def test_a_revoked_phones_open_page_is_closed_at_once(self):
        credential, device = self.pair("Ana's phone")
        page = self.controller_ws(credential)
        self.assertIn("subscription", page.call("events.subscribe", {"topics": ["players"]})["result"])
        shared = self.controller_ws(TOKEN)
        revoked = self.ok(self.c, "web.revoke", {"device": device["id"]})
        self.assertEqual(revoked["connections"], 1)
        with self.assertRaises(EOFError):
            page.recv()
        self.assertEqual(shared.call("players.create", {"name": "Bea"})["result"]["name"], "Bea",
                         "the shared control link goes on")

    def test_the_credential_is_a_bearer_token_on_post_until_revoked(self):
        credential, device = self.pair("Ana's phone")
        create = {"jsonrpc": "2.0", "id": 1, "method": "players.create", "params": {"name": "Ana"}}
        status, _, body = self.post(create, {"Authorization": "Bearer " + credential})
        self.assertEqual(status, 200)
        self.assertEqual(json.loads(body)["result"]["name"], "Ana")
        self.ok(self.c, "web.revoke", {"device": device["id"]})
        status, headers, _ = self.post(create, {"Authorization": "Bearer " + credential})
        self.assertEqual(status, 401)
        self.assertIn("invalid_token", headers["www-authenticate"])
        self.assertEqual([p["name"] for p in self.ok(self.c, "players.list")["players"]], ["Ana"])


class SecretsStaySecret(DeviceCase):
    def test_codes_and_credentials_are_never_logged_nor_written_only_their_hashes(self):
        code = code_of(self.ok(self.c, "web.pair")["url"])
        phone = self.ws()
        credential = phone.call("web.pairDevice", {"code": code, "name": "Pixel"})["result"]["credential"]
        self.assertTrue(phone.call("auth.token", {"token": credential})["result"]["control"])
        self.assertRpcError(self.ws().call("web.pairDevice", {"code": code}), -32002, "pairing_used")
        self.ok(self.c, "web.devices")
        output, stored = self.daemon.output(), self.database_bytes()
        self.assertIn("Paired device 1", output, "the log says what happened")
        for secret in (code, credential):
            self.assertNotIn(secret, output)
            self.assertNotIn(secret.encode(), stored)
            self.assertIn(hashlib.sha256(secret.encode()).hexdigest().encode(), stored)


class GatherctlDevices(DeviceCase):
    web_args = ("--public-url", "https://gather.example/")

    def gatherctl(self, *args):
        binary = os.environ.get("GATHERCTL_BIN") or os.path.join(os.path.dirname(self.daemon.binary), "gatherctl")
        return subprocess.run([binary, "--socket", self.daemon.socket_path, *args], capture_output=True, text=True,
                              timeout=30)

    def test_pair_list_and_revoke_from_the_command_line(self):
        self.assertEqual(self.gatherctl("web", "devices").stdout,
                         "No phone is paired. gatherctl web pair prints a link that pairs one.\n")
        paired = self.gatherctl("web", "pair", "--name", "Ana's phone")
        self.assertEqual(paired.returncode, 0, paired.stderr)
        link = paired.stdout.strip()
        self.assertTrue(link.startswith("https://gather.example/#pair="), link)
        self.assertIn("it works once, and pairs \"Ana's phone\"", paired.stderr)
        self.assertNotIn("only on this network", paired.stderr)
        qr = self.gatherctl("web", "pair", "--qr")
        self.assertGreater(len(qr.stdout.splitlines()), 10, "the link and its QR code")

        phone = self.ws()
        device = phone.call("web.pairDevice", {"code": code_of(link)})["result"]["device"]
        listed = self.gatherctl("web", "devices")
        lines = listed.stdout.splitlines()
        self.assertEqual(lines[0].split(), ["ID", "NAME", "PAIRED", "LAST", "SEEN"])
        self.assertEqual(re.split(r"\s{2,}", lines[1])[:2], ["1", "Ana's phone"], listed.stdout)
        as_json = json.loads(self.gatherctl("web", "devices", "--json").stdout)
        self.assertEqual(as_json, {"devices": [device]})

        revoked = self.gatherctl("web", "revoke", "1")
        self.assertEqual(revoked.returncode, 0, revoked.stderr)
        self.assertEqual(revoked.stdout,
                         "Revoked Ana's phone (device 1): it is no longer a controller; 0 open pages lost the controls.\n")
        again = self.gatherctl("web", "revoke", "1")
        self.assertEqual(again.returncode, 1)
        self.assertIn("There is no paired device with id 1", again.stderr)


class LanOnlyLinks(WebCase):
    """gatherctl web link says when phones away from this network cannot open the link, and what to do."""

    def link_notes(self, public_url):
        self.daemon.stop()
        self.daemon.restart([*self.daemon.extra_args, "--public-url", public_url])
        self.wait_http()
        binary = os.path.join(os.path.dirname(self.daemon.binary), "gatherctl")
        result = subprocess.run([binary, "--socket", self.daemon.socket_path, "web", "link"], capture_output=True,
                                text=True, timeout=30)
        self.assertEqual(result.stdout.strip(), public_url)
        return result.stderr

    def test_private_addresses_and_local_names_are_lan_only(self):
        for url in ("http://192.168.1.20:8080/", "http://10.0.0.7:8080/", "http://pitch.lan:8080/",
                    "http://gatherd.local:8080/", "http://[fd12::7]:8080/", "http://100.101.102.103:8080/"):
            notes = self.link_notes(url)
            self.assertIn("this link works only on this network", notes, url)
            self.assertIn("--public-url https://YOUR.DOMAIN/", notes, url)
            self.assertIn("docs/outside.md", notes, url)
        for url in ("https://gather.example/", "http://203.0.113.5:8080/"):
            self.assertNotIn("only on this network", self.link_notes(url), url)


if __name__ == "__main__":
    unittest.main()
