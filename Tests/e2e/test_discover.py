"""rpc.discover: an OpenRPC 1.3 document that describes exactly the contract's methods, and validates."""

import json
import os
import subprocess
import sys
import unittest

from harness import HERE, SPEC_METHODS, Client, DaemonTestCase

CHECKER = os.path.join(HERE, "check_openrpc.py")


class DiscoverTests(DaemonTestCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        with Client(cls.daemon.socket_path) as client:
            cls.reply = client.call("rpc.discover")

    def test_the_document_is_openrpc_1_3(self):
        document = self.assertResult(self.reply)
        self.assertIsInstance(document, dict)
        self.assertRegex(str(document.get("openrpc")), r"^1\.3\.\d+$")
        self.assertKeys(document.get("info"), ("title", "version"), "info")

    def test_the_methods_are_exactly_the_contracts(self):
        methods = self.assertResult(self.reply)["methods"]
        self.assertIsInstance(methods, list)
        names = [m.get("name") for m in methods]
        self.assertEqual(len(names), len(set(names)), f"a method is listed twice: {names}")
        # rpc.discover itself may or may not be listed (OpenRPC leaves that open); every other method must be.
        expected = set(SPEC_METHODS) - {"rpc.discover"}
        listed = set(names) - {"rpc.discover"}
        self.assertEqual(sorted(listed - expected), [], "methods the contract does not have")
        self.assertEqual(sorted(expected - listed), [], "methods of the contract that are missing")
        for method in methods:
            with self.subTest(method=method.get("name")):
                self.assertIsInstance(method.get("params"), list)

    def test_the_document_validates(self):
        if not os.path.isfile(CHECKER):
            self.skipTest("Tests/e2e/check_openrpc.py is not there")
        probe = subprocess.run([sys.executable, "-c", "import jsonschema"], capture_output=True)
        if probe.returncode != 0:
            self.skipTest("check_openrpc.py needs the jsonschema module (Debian: python3-jsonschema; PyPI: jsonschema)")
        proc = subprocess.run(
            [sys.executable, CHECKER, "-"], input=json.dumps(self.reply).encode(), capture_output=True, timeout=60
        )
        output = (proc.stdout + proc.stderr).decode("utf-8", "replace")
        self.assertEqual(proc.returncode, 0, f"check_openrpc.py refused the document:\n{output[-4000:]}")


if __name__ == "__main__":
    unittest.main()
