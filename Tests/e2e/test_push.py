"""Web Push at the edge: a real local HTTPS push service receives what gatherd sends when a place becomes a
waiting player's, and the PyPI libraries a browser's side is checked with (http_ece, py-vapid) decrypt the message
(RFC 8291) and verify its VAPID token (RFC 8292). Params and refusals are the method tests'."""
import base64
import hashlib
import hmac
import http.server
import json
import os
import queue
import shutil
import ssl
import subprocess
import tempfile
import threading
import time
import unittest

import http_ece
import py_vapid
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from harness import Daemon, DaemonTestCase
from test_plans import in_days


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


class PushService:
    """An HTTPS endpoint on a free loopback port, with a self-signed certificate for 127.0.0.1."""

    def __init__(self, folder: str) -> None:
        self.cert = os.path.join(folder, "push-cert.pem")
        key = os.path.join(folder, "push-key.pem")
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
             "-keyout", key, "-out", self.cert, "-days", "1", "-subj", "/CN=127.0.0.1",
             "-addext", "subjectAltName=IP:127.0.0.1"],
            check=True, capture_output=True)
        self.received: queue.Queue = queue.Queue()
        received = self.received

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                received.put((self.path, dict(self.headers), body))
                self.send_response(410 if self.path.startswith("/gone") else 201)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(self.cert, key)
        self.server.socket = context.wrap_socket(self.server.socket, server_side=True)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


class PushDeliveryTests(DaemonTestCase):
    fresh_daemon_per_test = True

    def make_daemon(self) -> Daemon:
        folder = tempfile.mkdtemp(prefix="gatherd-push-")
        self.addCleanup(shutil.rmtree, folder, True)
        self.service = PushService(folder)
        self.addCleanup(self.service.stop)
        return Daemon(log_level="info", extra_args=[
            "--push-services", f"127.0.0.1:{self.service.port}",
            "--push-ca-file", self.service.cert,
            "--push-contact", "mailto:organiser@example.org",
        ])

    def test_a_place_freed_reaches_the_waiting_players_phone_encrypted_and_signed(self):
        players = self.make_players(self.c, 3)
        first, second = players[0]["id"], players[2]["id"]
        plan = self.ok(self.c, "plan.create", {"startsAt": in_days(3), "capacity": 2})
        for player in players:
            self.ok(self.c, "plan.join", {"plan": plan["id"], "player": player["id"]})

        phone = ec.generate_private_key(ec.SECP256R1())
        p256dh = phone.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        auth = os.urandom(16)
        endpoint = f"https://127.0.0.1:{self.service.port}/push/phone-1"
        self.ok(self.c, "push.subscribe", {
            "player": second,
            "subscription": {"endpoint": endpoint, "keys": {"p256dh": b64url(p256dh), "auth": b64url(auth)}},
        })
        server_key = self.ok(self.c, "push.key")["publicKey"]

        self.ok(self.c, "plan.leave", {"plan": plan["id"], "player": first})

        path, headers, body = self.service.received.get(timeout=20)
        self.assertEqual(path, "/push/phone-1")
        headers = {k.lower(): v for k, v in headers.items()}
        self.assertEqual(headers["content-encoding"], "aes128gcm")
        self.assertIn("ttl", headers)

        authorization = headers["authorization"]
        self.assertTrue(py_vapid.Vapid02.verify(authorization.replace(", ", ",")), "the VAPID token verifies")
        parts = dict(p.split("=", 1) for p in authorization.split(" ", 1)[1].replace(" ", "").split(","))
        self.assertEqual(parts["k"], server_key, "signed with the key push.key gives browsers")
        claims = json.loads(base64.urlsafe_b64decode(parts["t"].split(".")[1] + "=="))
        self.assertEqual(claims["aud"], f"https://127.0.0.1:{self.service.port}")
        self.assertEqual(claims["sub"], "mailto:organiser@example.org")

        message = json.loads(http_ece.decrypt(body, private_key=phone, auth_secret=auth, version="aes128gcm"))
        self.assertEqual(message["title"], "You're in", message)
        self.assertIn("you're going", message["body"])
        self.assertEqual(message["tag"], f"plan{plan['id']}-place", "a later push about the place replaces this one")
        self.assertEqual(message["lang"], "en")

    def test_a_phone_the_push_service_says_is_gone_is_forgotten(self):
        players = self.make_players(self.c, 3)
        plan = self.ok(self.c, "plan.create", {"startsAt": in_days(3), "capacity": 2})
        for player in players:
            self.ok(self.c, "plan.join", {"plan": plan["id"], "player": player["id"]})
        phone = ec.generate_private_key(ec.SECP256R1()).public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        endpoint = f"https://127.0.0.1:{self.service.port}/gone/phone-2"
        self.ok(self.c, "push.subscribe", {
            "player": players[2]["id"],
            "subscription": {"endpoint": endpoint, "keys": {"p256dh": b64url(phone), "auth": b64url(os.urandom(16))}},
        })
        self.ok(self.c, "plan.leave", {"plan": plan["id"], "player": players[0]["id"]})

        path, _, _ = self.service.received.get(timeout=20)
        self.assertEqual(path, "/gone/phone-2")
        deadline = time.monotonic() + 10
        while "forgot it" not in self.daemon.output():
            self.assertLess(time.monotonic(), deadline, "the 410 was acted on")
            time.sleep(0.05)
        self.assertEqual(self.ok(self.c, "push.unsubscribe", {"endpoint": endpoint}), {"removed": False})


class WebhookTests(DaemonTestCase):
    fresh_daemon_per_test = True

    def make_daemon(self) -> Daemon:
        folder = tempfile.mkdtemp(prefix="gatherd-webhook-")
        self.addCleanup(shutil.rmtree, folder, True)
        self.service = PushService(folder)
        self.addCleanup(self.service.stop)
        self.secret = b"s3cret shared with the hook"
        secret_file = os.path.join(folder, "webhook-secret")
        with open(secret_file, "wb") as f:
            f.write(self.secret)
        return Daemon([
            "--webhook", f"https://127.0.0.1:{self.service.port}/hook",
            "--webhook-secret-file", secret_file,
            "--push-ca-file", self.service.cert,
        ])

    def test_a_plan_event_is_posted_signed_with_hmac_of_its_body(self):
        plan = self.ok(self.c, "plan.create", {"startsAt": in_days(3), "capacity": 10})
        path, headers, body = self.service.received.get(timeout=20)
        headers = {k.lower(): v for k, v in headers.items()}
        self.assertEqual(path, "/hook")
        self.assertEqual(headers["content-type"], "application/json")
        expected = "sha256=" + hmac.new(self.secret, body, hashlib.sha256).hexdigest()
        self.assertEqual(headers["x-gatherd-signature"], expected)
        self.assertEqual(headers["x-gatherd-event"], "plan")
        event = json.loads(body)
        self.assertEqual((event["event"], event["change"], event["plan"]["id"]), ("plan", "created", plan["id"]))
        self.assertEqual(headers["x-gatherd-seq"], str(event["seq"]))


if __name__ == "__main__":
    unittest.main()
