"""The roster's ratings over MQTT, on a real mosquitto with a real paho-mqtt client: the same 0-100 number the
page and gatherctl show, retained, published again when a gather's result changes it."""

import unittest

from harness import RpcAssertions
from mqttbroker import MQTTTestCase

TOPIC = "gatherd/main/ratings"


class RatingsOnMQTT(MQTTTestCase, RpcAssertions, unittest.TestCase):
    def test_the_ratings_are_retained_and_follow_a_result_with_the_numbers_stats_shows(self):
        daemon = self.start_daemon()
        client = daemon.client()
        ids = {name: self.ok(client, "players.create", {"name": name})["id"] for name in ("Ana", "Bruno", "Carla")}
        watcher = self.watch(TOPIC)
        first = watcher.wait(TOPIC, lambda m: len(m.json()["players"]) == 3)
        self.assertTrue(first.retain, "a late subscriber gets the ratings at once")
        self.assertEqual([(p["name"], p["rating"], p["settling"]) for p in first.json()["players"]],
                         [("Ana", 50, True), ("Bruno", 50, True), ("Carla", 50, True)], "equal, then by name")

        mark = watcher.mark()
        self.start_gather(client, [ids["Carla"]], [ids["Ana"]])
        self.ok(client, "score.goal", {"team": "teamA", "player": ids["Carla"]})
        self.ok(client, "gather.end")
        after = watcher.wait(TOPIC, after=mark).json()["players"]
        self.assertEqual(after[0]["name"], "Carla", "the winner first")
        self.assertEqual([p["rating"] for p in after], sorted((p["rating"] for p in after), reverse=True))
        stats = {row["name"]: row["rating"]["display"]
                 for row in self.ok(client, "stats.players", {"minGathers": 0})["players"]}
        self.assertEqual({p["name"]: p["rating"] for p in after}, stats, "the numbers gatherctl and the page show")
        self.assertEqual({p["name"]: p["gathers"] for p in after}, {"Ana": 1, "Bruno": 0, "Carla": 1})


if __name__ == "__main__":
    unittest.main()
