import GatherRPC

/// The entities of the week around the match: the next gather and who is coming, the sign-ups as they happen, the
/// man of the match and the ratings.
extension HomeAssistantDiscovery {
  func planEntities() -> [Entity] {
    let plan = attributes(
      [
        "plan": "value_json.nextPlan.plan", "place": "value_json.nextPlan.place",
        "capacity": "value_json.nextPlan.capacity", "going": "value_json.nextPlan.going",
        "waiting": "value_json.nextPlan.waiting", "places_left": "value_json.nextPlan.placesLeft",
      ], when: "value_json.nextPlan")
    let names = attributes(
      [
        "plan": "value_json.nextPlan.plan", "waiting": "value_json.nextPlan.waitingNames",
        "going": "value_json.nextPlan.goingNames",
      ], when: "value_json.nextPlan")
    let best = "value_json.manOfTheMatch"
    let vote = attributes(
      [
        "players": "\(best).players", "player_ids": "\(best).playerIds", "gather": "\(best).gather",
        "votes": "\(best).votes", "voters": "\(best).voters", "eligible": "\(best).eligible",
        "closed_at": "\(best).closedAt",
      ], when: best)
    let ratings = attributes(
      ["players": "value_json.players | map(attribute='name') | list", "ratings": "value_json.players"],
      when: "value_json.players", topic: topics.ratings)
    return [
      optional(
        "next_plan", "Next gather", "value_json.nextPlan.startsAt", present: "value_json.nextPlan",
        absent: Self.absentTime, plan.merging(["device_class": "timestamp"])),
      number(
        "places_left", "Places left", "value_json.nextPlan.placesLeft", when: "value_json.nextPlan",
        ["icon": "mdi:account-plus", "unit_of_measurement": "players"]),
      number(
        "going", "Going", "value_json.nextPlan.going", when: "value_json.nextPlan",
        ["icon": "mdi:account-group", "unit_of_measurement": "players"]),
      number(
        "waiting", "Waiting list", "value_json.nextPlan.waiting", when: "value_json.nextPlan",
        names.merging(["icon": "mdi:account-clock", "unit_of_measurement": "players"])),
      Entity(
        component: "event", object: "plan_event", name: "Sign-up",
        keys: [
          "state_topic": .string(topics.plan), "event_types": .array(Self.planEventTypes.map { .string($0) }),
          "icon": "mdi:clipboard-account",
        ]),
      // The last vote's winners (all of a tie), from the retained state: a vote that closed while HA was down
      // shows once it is back.
      optional(
        "man_of_the_match", "Man of the match", "\(best).players | join(', ')",
        present: "\(best) and \(best).players", vote.merging(["icon": "mdi:trophy"])),
      // The best-rated player, with the whole table as attributes, highest first.
      optional(
        "ratings", "Best rated", "value_json.players[0].name", present: "value_json.players",
        ratings.merging(["state_topic": .string(topics.ratings), "icon": "mdi:podium"]), availableOn: topics.ratings),
    ]
  }
}
