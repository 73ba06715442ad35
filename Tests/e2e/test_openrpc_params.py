"""rpc.discover's params against the daemon: every documented required param is really required, nothing
undocumented is, and x-requires-one-of groups (timer.set: minutes and/or seconds) hold."""
from __future__ import annotations

import re
import unittest
from typing import Any

from harness import DaemonTestCase


class DocumentedParamsTests(DaemonTestCase):
    fresh_daemon_per_test = True

    def setUp(self) -> None:
        super().setUp()
        self.document = self.c.call("rpc.discover")["result"]
        self.ids = [player["id"] for player in self.make_players(self.c, 4)]

    def prepare(self, method: str) -> None:
        """No gather for gather.start (it checks that first), an active one for everything else."""
        active = self.c.call("gather.current")["result"] is not None
        if method == "gather.start" and active:
            self.assertIn("result", self.c.call("gather.cancel"))
        elif method != "gather.start" and not active:
            ids = self.ids
            self.assertIn("result", self.c.call("gather.start", {"teamA": ids[:1], "teamB": ids[1:2], "bench": ids[2:]}))

    def resolve(self, schema: dict) -> dict:
        while "$ref" in schema:
            node: Any = self.document
            for token in schema["$ref"][2:].split("/"):
                node = node[token]
            schema = node
        return schema

    def sample(self, schema: dict) -> Any:
        """A value the schema allows (its first alternative, its first enum value, its smallest size); ids are
        the roster's, a different one each time, so that no player appears twice in a lineup."""
        if schema.get("$ref", "").endswith("/Id"):
            self.next_id = self.next_id % len(self.ids) + 1
            return self.ids[self.next_id - 1]
        schema = self.resolve(schema)
        for key in ("oneOf", "anyOf"):
            if key in schema:
                return self.sample(next(s for s in schema[key] if self.resolve(s).get("type") != "null"))
        if "enum" in schema:
            return schema["enum"][0]
        kind = schema.get("type")
        if kind == "integer":
            return max(schema.get("minimum", 1), 1)
        if kind == "string":
            return "x" * max(schema.get("minLength", 1), 1)
        if kind == "array":
            return [self.sample(schema["items"])] * max(schema.get("minItems", 1), 1)
        if kind == "boolean":
            return True
        if kind == "object":
            return {name: self.sample(schema["properties"][name]) for name in schema.get("required", [])}
        self.fail(f"no sample for {schema}")

    def call(self, method: str, params: dict) -> dict:
        reply = self.c.call(method, params)
        self.assertIn("jsonrpc", reply, f"{method} {params}: {reply}")
        return reply

    def assert_missing(self, method: str, params: dict, names: list[str]) -> None:
        error = self.call(method, params).get("error")
        self.assertIsNotNone(error, f"{method} {params} was accepted without {names}")
        self.assertEqual(error["code"], -32602, f"{method} {params}: {error}")
        self.assertIn(error["data"]["field"], names, f"{method} {params}: {error}")

    def assert_nothing_missing(self, method: str, params: dict) -> None:
        """Accepted, or refused for another reason, or for the value of a param that was given."""
        error = self.call(method, params).get("error")
        if error is not None and error["code"] == -32602:
            # A field inside a param names it first: players[0].name is about players.
            field = re.split(r"[.\[]", error["data"].get("field") or "")[0]
            self.assertIn(field, params, f"{method} {params} wants an undocumented param: {error}")

    def test_every_method_requires_exactly_its_documented_params(self):
        checked = 0
        for method in self.document["methods"]:
            name, params = method["name"], method.get("params", [])
            if name == "rpc.discover":
                continue
            required = {p["name"]: self.sample(p["schema"]) for p in params if p.get("required")}
            group = method.get("x-requires-one-of", [])
            self.prepare(name)
            self.next_id = 0
            samples = {p["name"]: self.sample(p["schema"]) for p in params}
            # Every other param given, optional ones too: only the missing one can be the reason.
            for missing in required:
                self.assert_missing(name, {k: v for k, v in samples.items() if k != missing}, [missing])
                checked += 1
            if group:
                self.assert_missing(name, dict(required), group)
                checked += 1
            for alone in group or [None]:
                self.assert_nothing_missing(name, {**required, **({alone: samples[alone]} if alone else {})})
        self.assertGreater(checked, 10, "the document should have required params to check")

    def test_timer_set_takes_minutes_or_seconds_or_both(self):
        method = next(m for m in self.document["methods"] if m["name"] == "timer.set")
        self.assertEqual([p["name"] for p in method["params"] if p.get("required")], [])
        self.assertEqual(method["x-requires-one-of"], ["minutes", "seconds"])
        self.prepare("timer.set")
        for params, total in [({"minutes": 1}, 60), ({"seconds": 90}, 90), ({"minutes": 2, "seconds": 5}, 125)]:
            timer = self.call("timer.set", params)["result"]
            self.assertEqual((timer["duration"], timer["state"]), (total, "stopped"), params)


if __name__ == "__main__":
    unittest.main()
