"""The organiser's players and money on the control page of a real gatherd: a name typed on a sign-up link shown
to the organiser to confirm, a guest made a regular in one tap, a player added by name (a look-alike refused in
words), a player merged into the one they are after a question, a player renamed (a look-alike name refused in
words, nothing changed) and a player deleted after a question; an ended game discarded, gone from the results with
the ratings as before it and its pitch charges taken back; a game planned from the weekly game, filled in
from it; and after a match that cost a pitch, "End match"
followed by an undo notice that reopens it, the balances with "Paid" per player, "Not paid after all" from the undo notice, and the ledger in words.

    GATHERD_BIN=.build/debug/gatherd python3 -m unittest discover -s Tests/browser -t Tests/browser \
        -p test_roster_money_page.py -v

Everything is observed from outside: on the page, and in the daemon. The page has no test hook.
"""

from __future__ import annotations

import datetime as dt
import json
import unittest

from cdp import chromium_binary
from scoreboard_support import PageCase, js_text, js_visible, open_page, testid, wait_online

PORTRAIT = (390, 844)

#: What the organiser's screens show, for failure messages.
STATE_JS = (
    "(() => { const t = (n) => (document.querySelector(`[data-testid=\"${n}\"]`)?.textContent ?? null); "
    "return {mode: t('mode'), notice: t('notice'), success: t('notice-success'), undo: t('undo-text'), fresh: t('roster-new-list'), "
    "regulars: t('roster-regulars-list'), guests: t('roster-guests-list'), balances: t('money-balances')}; })()"
)


def has(name: str, part: str) -> str:
    return f"({js_text(name)} ?? '').includes({json.dumps(part)})"


@unittest.skipIf(chromium_binary() is None, "chromium is not installed (make deps installs it)")
class RosterAndMoneyPageTest(PageCase):
    def setUp(self) -> None:
        super().setUp()
        self.ids = {name: self.ok(self.c, "players.create", {"name": name})["id"]
                    for name in ("Ana", "Bruno", "Carla", "Dani")}

    def open(self, url: str):
        page = open_page(self.browser, url, size=PORTRAIT)
        self.addCleanup(page.close)
        self.addCleanup(lambda: self.assertEqual(page.problems(), [], "the page broke a CSP rule or threw"))
        wait_online(page)
        return page

    def organiser(self):
        page = self.open(self.daemon.control_url())
        self.wait(page, f"{js_text('mode')} === 'control'", "the control page")
        return page

    def wait(self, page, condition: str, what: str, timeout: float = 5.0) -> None:
        page.wait_for(condition, what, timeout=timeout, state=STATE_JS)

    def player(self, pid: int) -> dict:
        return self.ok(self.c, "players.get", {"id": pid})

    def test_new_names_regulars_a_new_player_and_a_merge(self):
        starts = (dt.datetime.now(dt.timezone.utc) + dt.timedelta(days=3)).replace(microsecond=0)
        plan = self.ok(self.c, "plan.create", {"startsAt": starts.isoformat().replace("+00:00", "Z"), "capacity": 10})
        link = self.ok(self.c, "plan.link", {"plan": plan["id"]})["url"]
        page = self.organiser()

        # Ana brings a friend from her sign-up link: a name the organiser has yet to confirm.
        phone = self.open(link)
        self.wait(phone, js_visible("signup"), "the sign-up view")
        phone.click(testid(f"signup-player-{self.ids['Ana']}"))
        self.wait(phone, js_visible("btn-in"), "the answer buttons")
        phone.click(testid("btn-in"))
        self.wait(phone, js_visible("guest-name"), "the guest's name")
        phone.fill(testid("guest-name"), "Zé from work")
        phone.click(testid("btn-guest"))
        self.wait(page, f"{js_visible('new-names')} && {has('new-names-text', 'Zé from work')}", "the new name, live")
        [ze] = [p for p in self.ok(self.c, "players.list")["players"] if p["name"] == "Zé from work"]
        self.assertFalse(ze["confirmed"])

        page.click(testid("btn-new-names"))
        self.wait(page, f"{js_visible('roster')} && {has('roster-new-list', 'Zé from work')}", "the roster, new names first")
        page.click(testid(f"btn-confirm-{ze['id']}"))
        self.wait(page, f"{has('roster-guests-list', 'Zé from work')} && !{js_visible('roster-new')}", "Zé confirmed")
        self.assertTrue(self.player(ze["id"])["confirmed"])
        self.assertFalse(page.evaluate(js_visible("new-names")), "nothing left to confirm")

        # A guest becomes a regular in one tap, and back.
        bruno = self.ids["Bruno"]
        page.click(testid(f"btn-regular-{bruno}"))
        self.wait(page, has("roster-regulars-list", "Bruno"), "Bruno a regular")
        self.assertTrue(self.player(bruno)["regular"])

        # A new player by name; one that looks like a roster player's is refused in words, and nothing is added.
        page.fill(testid("roster-name"), "Eli")
        page.click(testid("btn-roster-add"))
        self.wait(page, has("roster-guests-list", "Eli"), "Eli added")
        page.fill(testid("roster-name"), "ANA")
        page.click(testid("btn-roster-add"))
        self.wait(page, has("notice", "Ana"), "the refusal naming Ana")
        names = [p["name"] for p in self.ok(self.c, "players.list")["players"]]
        self.assertEqual(sorted(names), ["Ana", "Bruno", "Carla", "Dani", "Eli", "Zé from work"])

        # Zé is Dani: merged after a question that says what moves.
        page.click(testid(f"btn-player-{ze['id']}"))
        self.wait(page, js_visible("dialog-player"), "Zé's dialog")
        page.choose(testid("player-merge"), str(self.ids["Dani"]))
        page.click(testid("btn-player-merge"))
        self.wait(page, f"{js_visible('dialog-confirm')} && {has('confirm-text', 'Dani')}", "the question")
        page.click(testid("confirm-ok"))
        self.wait(page, f"!{has('roster-guests-list', 'Zé')}", "Zé gone from the list")
        going = [e["name"] for e in self.ok(self.c, "plan.get", {"plan": plan["id"]})["going"]]
        self.assertIn("Dani", going, "Dani has Zé's place in the game")
        self.assertNotIn("Zé from work", [p["name"] for p in self.ok(self.c, "players.list")["players"]])

    def test_end_then_reopen_then_the_money_and_paid(self):
        a, b, c, d = (self.ids[n] for n in ("Ana", "Bruno", "Carla", "Dani"))
        gather = self.ok(self.c, "gather.start", {"teamA": [a, b], "teamB": [c, d]})
        self.ok(self.c, "fees.setCost", {"gather": gather["id"], "cost": {"amount": 4000, "currency": "EUR"}, "paidBy": a})
        page = self.organiser()
        self.wait(page, js_visible("btn-end"), "the match controls")

        page.click(testid("btn-end"))
        self.wait(page, js_visible("dialog-confirm"), "the question before ending")
        page.click(testid("confirm-ok"))
        self.wait(page, f"{js_visible('undo')} && {js_visible('btn-undo-action')}", "the undo notice")
        self.assertIn("Reopen", page.evaluate(js_text("btn-undo-action")))
        page.click(testid("btn-undo-action"))
        self.wait(page, f"{js_visible('btn-end')} && {has('notice-success', 'back on')} && !{js_visible('undo')}", "the match back on")
        self.assertIsNotNone(self.active(), "gatherd has the match on again")

        page.click(testid("btn-end"))
        self.wait(page, js_visible("dialog-confirm"), "the question before ending")
        page.click(testid("confirm-ok"))
        # The undo notice comes with End's reply and moves the buttons under it: tapped once it is there.
        self.wait(page, f"{js_visible('btn-money')} && {js_visible('undo')}", "between matches, with the undo notice")
        page.click(testid("btn-money"))
        self.wait(page, f"{js_visible('money')} && {has('money-balances', 'Bruno')}", "the balances")
        self.assertIn("€10.00", page.evaluate(js_text(f"balance-{b}-EUR")), "a quarter of the pitch each")
        self.assertEqual(page.evaluate(f"document.querySelector('[data-testid=balance-{a}-EUR]').dataset.owed"),
                         "credit", "Ana paid the pitch: the others owe her")
        page.click(testid(f"btn-paid-{b}-EUR"))
        self.wait(page, f"document.querySelector('[data-testid=balance-{b}-EUR]')?.dataset.owed === 'square'",
                  "Bruno square")
        [balance] = [x for x in self.ok(self.c, "fees.balance", {"player": b})["balances"]]
        self.assertEqual(balance["owed"]["amount"], 0)
        page.evaluate("document.querySelector('[data-testid=money-ledger-box]').open = true")
        self.wait(page, has("money-ledger", "paid for the pitch") + " && " + has("money-ledger", "paid"), "the ledger")

        # Ticked by mistake: "Not paid after all" on the undo notice, and Bruno owes his quarter again.
        self.wait(page, f"{js_visible('undo')} && {has('btn-undo-action', 'Not paid')}", "the undo notice for Paid")
        self.assertIn("Bruno paid €10.00", page.evaluate(js_text("undo-text")))
        page.click(testid("btn-undo-action"))
        self.wait(page, f"document.querySelector('[data-testid=balance-{b}-EUR]')?.dataset.owed === 'owes' && "
                  f"{js_visible(f'btn-paid-{b}-EUR')}", "Bruno owing again, with Paid to tick")
        self.assertIn("€10.00", page.evaluate(js_text(f"balance-{b}-EUR")))
        [balance] = [x for x in self.ok(self.c, "fees.balance", {"player": b})["balances"]]
        self.assertEqual(balance["owed"]["amount"], 1000, "gatherd has him owing again")
        self.wait(page, has("money-ledger", "Marked paid by mistake"), "the correction in the ledger, which only grows")
        self.assertEqual(page.evaluate(f"document.querySelector('[data-testid=balance-{a}-EUR]').dataset.owed"), "credit")

    def test_rename_and_delete_a_player_and_a_look_alike_name_refused(self):
        starts = (dt.datetime.now(dt.timezone.utc) + dt.timedelta(days=3)).replace(microsecond=0)
        plan = self.ok(self.c, "plan.create", {"startsAt": starts.isoformat().replace("+00:00", "Z"), "capacity": 2})
        for name in ("Carla", "Dani", "Ana"):
            self.ok(self.c, "plan.join", {"plan": plan["id"], "player": self.ids[name]})
        bruno, carla = self.ids["Bruno"], self.ids["Carla"]
        page = self.organiser()
        self.wait(page, js_visible("btn-roster"), "the Players button between matches")
        page.click(testid("btn-roster"))
        self.wait(page, f"{js_visible('roster')} && {has('roster-guests-list', 'Bruno')}", "the roster")

        # Bruno's full name, from his dialog.
        page.click(testid(f"btn-player-{bruno}"))
        self.wait(page, f"{js_visible('dialog-player')} && {js_text('player-title')} === 'Bruno'", "Bruno's dialog")
        page.fill(testid("player-name"), "Bruno Silva")
        page.click(testid("btn-player-rename"))
        self.wait(page, f"{has('roster-guests-list', 'Bruno Silva')} && !{js_visible('dialog-player')}", "Bruno renamed")
        self.assertEqual(self.player(bruno)["name"], "Bruno Silva")

        # A name that looks like another player's is refused in words, and nothing changes.
        page.click(testid(f"btn-player-{bruno}"))
        self.wait(page, js_visible("dialog-player"), "Bruno's dialog again")
        page.fill(testid("player-name"), " ana ")
        page.click(testid("btn-player-rename"))
        self.wait(page, has("notice", "Ana is already on the list"), "the refusal naming Ana")
        self.assertEqual(self.player(bruno)["name"], "Bruno Silva")
        self.assertEqual(sorted(p["name"] for p in self.ok(self.c, "players.list")["players"]),
                         ["Ana", "Bruno Silva", "Carla", "Dani"])
        page.click(testid("btn-player-close"))
        self.wait(page, f"!{js_visible('dialog-player')} && {has('roster-guests-list', 'Bruno Silva')}", "the dialog closed")

        # Carla deleted, after a question that says what happens: off the list, and off the game (Ana moves up).
        page.click(testid(f"btn-player-{carla}"))
        self.wait(page, js_visible("dialog-player"), "Carla's dialog")
        page.click(testid("btn-player-delete"))
        self.wait(page, f"{js_visible('dialog-confirm')} && {has('confirm-text', 'Carla leaves the list')}", "the question")
        page.click(testid("confirm-ok"))
        self.wait(page, f"{has('notice-success', 'Carla is off the list')} && !{has('roster', 'Carla')}", "Carla gone")
        self.assertNotIn(carla, [p["id"] for p in self.ok(self.c, "players.list")["players"]])
        after = self.ok(self.c, "plan.get", {"plan": plan["id"]})
        self.assertEqual(([e["name"] for e in after["going"]], after["waiting"]), (["Dani", "Ana"], []),
                         "the first waiting took Carla's place")

    def test_an_ended_game_discarded_leaves_the_results_and_the_ratings_as_before_it(self):
        a, b, c, d = (self.ids[n] for n in ("Ana", "Bruno", "Carla", "Dani"))
        self.ok(self.c, "gather.start", {"teamA": [a, b], "teamB": [c, d]})
        self.ok(self.c, "score.set", {"teamA": 2, "teamB": 0})
        first = self.ok(self.c, "gather.end")
        before = self.ratings()
        # A one-minute test game that should never have counted, with a pitch cost.
        test_game = self.ok(self.c, "gather.start", {"teamA": [a, c], "teamB": [b, d]})
        self.ok(self.c, "score.set", {"teamA": 0, "teamB": 5})
        self.ok(self.c, "fees.setCost", {"gather": test_game["id"], "cost": {"amount": 4000, "currency": "EUR"}, "paidBy": a})
        self.ok(self.c, "gather.end")
        self.assertNotEqual(self.ratings(), before, "the test game moved the ratings")
        charged = [x["owed"]["amount"] for x in self.ok(self.c, "fees.balance")["balances"]]
        self.assertEqual(len(charged), 4)
        self.assertTrue(any(amount != 0 for amount in charged), f"the test game's pitch was charged: {charged}")

        page = self.organiser()
        played = "[...document.querySelectorAll('[data-testid=player-row]')].map(r => r.children[1].textContent.trim())"
        self.wait(page, f"{js_visible('btn-discard')} && {played}.join() === '2,2,2,2'", "the last result and the table")
        page.click(testid("btn-discard"))
        self.wait(page, f"{js_visible('dialog-confirm')} && {has('confirm-text', 'leaves the results')}", "the question")
        page.click(testid("confirm-ok"))
        self.wait(page, f"{has('notice-success', 'Discarded')} && {played}.join() === '1,1,1,1'",
                  "the game gone from the table")
        self.assertEqual([g["id"] for g in self.ok(self.c, "gathers.list")["gathers"]], [first["id"]])
        self.assertEqual(self.ratings(), before, "the ratings replayed without the test game")
        shown = page.evaluate("Object.fromEntries([...document.querySelectorAll('[data-testid=player-row]')]"
                              ".map(r => [r.children[0].textContent.trim(), r.children[7].textContent.trim()]))")
        for player in self.ok(self.c, "stats.players")["players"]:
            self.assertTrue(shown[player["name"]].startswith(str(player["rating"]["display"])), shown)
        owed = [x["owed"]["amount"] for x in self.ok(self.c, "fees.balance")["balances"]]
        self.assertEqual(owed, [0, 0, 0, 0], "its pitch charges taken back")

    def ratings(self) -> dict:
        return {p["name"]: p["rating"] for p in self.ok(self.c, "stats.players")["players"]}

    def test_a_game_planned_from_the_weekly_game_is_filled_in_from_it(self):
        schedule = self.ok(self.c, "plan.schedule", {
            "weekday": "thursday", "time": "19:00", "capacity": 12, "place": "Astro 2", "note": "Bring both shirts",
            "opensBefore": 3600, "cost": {"amount": 6000, "currency": "EUR"}, "paidBy": self.ids["Ana"]})
        page = self.organiser()
        self.wait(page, js_visible("btn-new-plan"), "Plan a game")
        page.click(testid("btn-new-plan"))
        chip = f"plan-week-{schedule['id']}"
        self.wait(page, f"{js_visible('plan-form')} && {js_visible(chip)}", "the weekly game's week offered")
        self.assertIn("Astro 2", page.evaluate(js_text(chip)))
        page.click(testid(chip))
        self.wait(page, "document.querySelector('[data-testid=plan-place]').value === 'Astro 2'", "the form filled in")
        self.assertEqual(page.evaluate("document.querySelector('[data-testid=plan-capacity]').value"), "12")
        self.assertEqual(page.evaluate("document.querySelector('[data-testid=plan-time]').value"), "19:00")
        page.click(testid("btn-plan-save"))
        self.wait(page, "!!document.querySelector('[data-testid=signup-qr]')", "the new plan's share view")
        [plan] = self.ok(self.c, "plans.list")["plans"]
        self.assertEqual((plan["schedule"], plan["place"], plan["note"], plan["capacity"]),
                         (schedule["id"], "Astro 2", "Bring both shirts", 12), "made as that week's game")
        self.assertEqual((plan["fee"]["cost"]["amount"], plan["fee"]["paidBy"]["id"]), (6000, self.ids["Ana"]),
                         "with the weekly game's cost and who pays the pitch")

    def active(self):
        current = self.ok(self.c, "gather.current")
        return current["id"] if current else None


if __name__ == "__main__":
    unittest.main()
