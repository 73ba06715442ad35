"""WebSocket framing follows RFC 6455: frames a client may not send close the connection with 1002
(protocol error), text that is not UTF-8 with 1007, and nothing in such a frame is carried out; every other
connection goes on."""
import json, struct, unittest

from webcase import TOKEN, WebCase


def create(name):
    return json.dumps({"jsonrpc": "2.0", "id": 7, "method": "players.create", "params": {"name": name}}).encode()


class FramingTests(WebCase):
    def controller(self):
        ws = self.ws()
        self.assertEqual(ws.call("auth.token", {"token": TOKEN})["result"], {"control": True})
        return ws

    def assertClosedWith(self, ws, code, what):
        closed, reason = ws.recv_close()
        self.assertEqual(closed, code, "%s: %s" % (what, reason))
        with self.assertRaises(EOFError, msg=what):
            ws.recv_frame()

    def assertNobodyWasCreated(self):
        self.assertEqual(self.ok(self.c, "players.list")["players"], [])

    def test_an_unmasked_frame_is_not_carried_out(self):
        ws = self.controller()
        ws.send_frame(0x1, create("Unmasked"), masked=False)
        self.assertClosedWith(ws, 1002, "unmasked")
        self.assertNobodyWasCreated()

    def test_reserved_bits_are_refused(self):
        for rsv, name in [(4, "RSV1"), (2, "RSV2"), (1, "RSV3")]:
            ws = self.controller()
            ws.send_frame(0x1, create(name), rsv=rsv)
            self.assertClosedWith(ws, 1002, name)
        self.assertNobodyWasCreated()

    def test_reserved_opcodes_are_refused(self):
        for opcode in [0x3, 0x7, 0xB, 0xF]:
            ws = self.ws()
            ws.send_frame(opcode, b"x")
            self.assertClosedWith(ws, 1002, "opcode %#x" % opcode)

    def test_bad_close_frames_are_protocol_errors(self):
        for payload, what in [(struct.pack(">H", 999), "code 999"), (b"\x03", "a 1-byte payload"),
                              (struct.pack(">H", 1005), "code 1005"), (struct.pack(">H", 1006), "code 1006"),
                              (struct.pack(">H", 5000), "code 5000")]:
            ws = self.ws()
            ws.send_frame(0x8, payload)
            self.assertClosedWith(ws, 1002, what)
        ws = self.ws()
        ws.send_frame(0x8, struct.pack(">H", 1000) + b"\xc3\x28")
        self.assertClosedWith(ws, 1007, "a close reason that is not UTF-8")

    def test_a_valid_close_is_echoed(self):
        for code in [1000, 1001, 3000, 4999]:
            ws = self.ws()
            ws.send_frame(0x8, struct.pack(">H", code) + b"bye")
            self.assertClosedWith(ws, code, "close %d" % code)

    def test_text_that_is_not_utf8_closes_1007(self):
        ws = self.controller()
        ws.send_frame(0x1, create("Ana") .replace(b"Ana", b"\xc3\x28"))
        self.assertClosedWith(ws, 1007, "invalid UTF-8")
        ws = self.ws()
        ws.send_frame(0x1, b'{"jsonrpc":"2.0","id":1,"method":"daemon.ping","x":"\xed\xa0\x80"}')
        self.assertClosedWith(ws, 1007, "a UTF-16 surrogate")
        self.assertNobodyWasCreated()

    def test_fragments_follow_the_rules(self):
        ws = self.ws()
        ws.send_frame(0x0, b"{}")
        self.assertClosedWith(ws, 1002, "a continuation of nothing")
        ws = self.ws()
        ws.send_frame(0x1, b'{"jsonrpc":', fin=False)
        ws.send_frame(0x1, b'"2.0"}')
        self.assertClosedWith(ws, 1002, "a new message inside another")
        ws = self.ws()
        message = b'{"jsonrpc":"2.0","id":5,"method":"daemon.ping"}'
        ws.send_frame(0x1, message[:10], fin=False)
        ws.send_frame(0x9, b"between")  # a control frame may come between fragments
        ws.send_frame(0x0, b"", fin=False)
        ws.send_frame(0x0, message[10:])
        self.assertEqual(ws.recv_frame(), (0xA, b"between"))
        self.assertEqual(ws.recv()["result"], {"pong": True})

    def test_other_connections_go_on(self):
        bystander = self.ws()
        bystander.call("events.subscribe", {"topics": ["players"]})
        for opcode, payload, kwargs in [(0x1, b"{}", {"masked": False}), (0x3, b"", {}), (0x1, b"\xff", {})]:
            ws = self.ws()
            ws.send_frame(opcode, payload, **kwargs)
            ws.recv_close()
        self.ok(self.c, "players.create", {"name": "Ana"})
        self.assertEqual(bystander.recv()["params"]["player"]["name"], "Ana")


if __name__ == "__main__":
    unittest.main()
