"""The man of the match over MQTT when the vote closes while gatherd is down, on a real mosquitto with a real
paho-mqtt client: the retained state carries the outcome of the last vote that closed, so Home Assistant gets
it once gatherd is back, though the `man_of_the_match` event went out before MQTT was connected."""

import time
import unittest

from harness import RpcAssertions, iso_to_epoch
from mqttbroker import MQTTTestCase
from test_mqtt import attributes, shown

STATE = "gatherd/main/state"


class ManOfTheMatchOnMQTT(MQTTTestCase, RpcAssertions, unittest.TestCase):
    def test_a_vote_that_closed_while_gatherd_was_down_is_in_the_state_after_it_returns(self):
        daemon = self.start_daemon("--vote-closes", "1m")
        client = daemon.client()
        ids = [self.ok(client, "players.create", {"name": name})["id"] for name in ("Ana", "Bruno", "Carla")]
        self.start_gather(client, [ids[0], ids[1]], [ids[2]])
        ended = self.ok(client, "gather.end")
        watcher = self.watch(STATE, "homeassistant/sensor/gatherd_main/man_of_the_match/config")
        self.assertIsNone(watcher.wait(STATE).json()["manOfTheMatch"], "no vote has closed yet")
        for voter, choice in ((ids[0], ids[2]), (ids[1], ids[2])):
            self.ok(client, "vote.cast", {"gather": ended["id"], "voter": voter, "player": choice})
        daemon.kill9()
        # The vote closes a minute after the end, while no gatherd runs.
        time.sleep(max(0.0, iso_to_epoch(ended["manOfTheMatch"]["closesAt"]) - time.time()) + 1)
        mark = watcher.mark()
        daemon.restart()
        state = watcher.wait(STATE, lambda m: m.json()["manOfTheMatch"] is not None, after=mark, timeout=30).json()
        self.assertTrue(watcher.received(STATE, after=mark)[-1].retain)
        best = state["manOfTheMatch"]
        self.assertEqual((best["gather"], best["players"], best["playerIds"]), (ended["id"], ["Carla"], [ids[2]]))
        self.assertEqual((best["votes"], best["voters"], best["eligible"]), (2, 2, 3))
        self.assertEqual(best["closedAt"], ended["manOfTheMatch"]["closesAt"])
        # Home Assistant's Man of the match sensor shows the winner, before 2024.10 and after.
        config = watcher.wait("homeassistant/sensor/gatherd_main/man_of_the_match/config").json()
        for release in ((2024, 3), (2024, 10)):
            self.assertEqual(shown(config, {STATE: state}, release), "Carla")
        self.assertEqual({key: value for key, value in attributes(config, {STATE: state}).items() if key != "closed_at"},
                         {"players": ["Carla"], "player_ids": [ids[2]], "gather": ended["id"], "votes": 2, "voters": 2,
                          "eligible": 3})


if __name__ == "__main__":
    unittest.main()
