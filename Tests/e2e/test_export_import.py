"""gatherctl export and gatherctl import against the real daemon: the data a group can take away, and a roster
brought in from a spreadsheet.

    GATHERD_BIN=.build/debug/gatherd python3 -m unittest discover -s Tests/e2e -t Tests/e2e -p test_export_import.py -v
"""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess

from harness import Daemon
from test_gatherctl import RUN_TIMEOUT, GatherctlTestCase

#: Players whose names a naive CSV writer or a spreadsheet would get wrong.
ROSTER = [
    {"name": "Ana", "position": "ST", "skill": "amateur", "age": 27, "favouriteTeam": "Arsenal"},
    {"name": "Silva, Bruno", "position": "goalkeeper", "skill": "professional"},
    {"name": 'Carla "Cat" Díaz', "skill": "beginner", "favouriteTeam": "Benfica, of course"},
    {"name": "=HYPERLINK(\"http://evil.example\")", "position": "W"},
    {"name": "Zé", "age": 41},
]


class ExportImportTests(GatherctlTestCase):
    def add_roster(self) -> list[dict]:
        return [self.c.result("players.create", player) for player in ROSTER]

    def details(self, players: list[dict]) -> list[tuple]:
        return [(p["name"], p["age"], p["position"], p["skill"], p["favouriteTeam"]) for p in players]

    def read_csv(self, path: str) -> list[dict[str, str]]:
        with open(path, newline="", encoding="utf-8") as handle:
            return list(csv.DictReader(handle))

    def test_a_roster_exported_as_csv_imports_into_another_daemon_as_it_was(self):
        players = self.add_roster()
        folder = os.path.join(self.runtime, "export")
        out = self.ctl("export", "--format", "csv", "--output", folder)
        self.assertIn("Exported 5 players, 0 gathers and 0 plans", out)
        rows = self.read_csv(os.path.join(folder, "players.csv"))
        self.assertEqual([row["name"] for row in rows][:3], [p["name"] for p in players][:3])
        # A spreadsheet shows the formula-like name as text: an apostrophe keeps it from running.
        self.assertEqual(rows[3]["name"], "'" + ROSTER[3]["name"])
        with open(os.path.join(folder, "players.csv"), "rb") as handle:
            self.assertTrue(handle.read().startswith(b"name,position,skill,age,favouriteTeam,id\r\n"))

        other = Daemon()
        self.addCleanup(other.cleanup)
        other.start()
        out = self.ctl("import", os.path.join(folder, "players.csv"), socket=other.socket_path)
        self.assertIn("Imported 5 players", out)
        with other.client() as client:
            imported = client.result("players.list")["players"]
        self.assertEqual(self.details(imported), self.details(players))

    def test_json_is_one_document_with_the_roster_every_gather_and_its_goals_and_every_plan(self):
        ids = [p["id"] for p in self.add_roster()]
        self.start_gather(self.c, ids[:2], ids[2:4], ids[4:])
        self.c.result("score.goal", {"team": "teamA", "player": ids[0]})
        self.c.result("score.goal", {"team": "teamB"})
        self.c.result("gather.end")
        cancelled = self.c.result("plan.create", {"startsAt": "2031-06-04T19:00+02:00", "capacity": 10})
        self.c.result("plan.cancel", {"plan": cancelled["id"]})
        open_plan = self.c.result("plan.create", {"startsAt": "2031-06-11T19:00+02:00", "capacity": 10, "place": "Astro 2"})
        self.c.result("plan.join", {"plan": open_plan["id"], "player": ids[1]})
        document = json.loads(self.ctl("export"))
        self.assertEqual(document["format"], "gatherd-export")
        self.assertEqual(document["players"], self.c.result("players.list")["players"])
        self.assertEqual(len(document["gathers"]), 1)
        record = document["gathers"][0]
        self.assertEqual(record, self.c.result("gathers.get", {"id": record["id"]}))
        self.assertEqual([goal["team"] for goal in record["goals"]], ["teamA", "teamB"])
        self.assertEqual([(plan["id"], plan["status"]) for plan in document["plans"]],
                         [(cancelled["id"], "cancelled"), (open_plan["id"], "open")])
        self.assertEqual([signUp["name"] for signUp in document["plans"][1]["going"]], [ROSTER[1]["name"]])

        folder = os.path.join(self.runtime, "tables")
        self.ctl("export", "--format", "csv", "--output", folder)
        self.assertEqual(sorted(os.listdir(folder)),
                         ["gathers.csv", "goals.csv", "lineups.csv", "plans.csv", "players.csv", "signups.csv"])
        goals = self.read_csv(os.path.join(folder, "goals.csv"))
        self.assertEqual([(g["gather"], g["team"], g["name"]) for g in goals],
                         [(str(record["id"]), "teamA", "Ana"), (str(record["id"]), "teamB", "")])
        lineups = self.read_csv(os.path.join(folder, "lineups.csv"))
        self.assertEqual(sorted(row["name"] for row in lineups if row["team"] == "teamA"), ["Ana", "Silva, Bruno"])
        self.assertEqual([row["answer"] for row in self.read_csv(os.path.join(folder, "signups.csv"))], ["going"])
        # Exports never overwrite by mistake.
        proc = self.run_ctl("export", "--format", "csv", "--output", folder)
        self.assertEqual(proc.returncode, 1, self.describe(proc))
        self.assertIn("exists already", proc.stderr)
        self.ctl("export", "--format", "csv", "--output", folder, "--force")

    def test_whoever_may_watch_exports_and_only_a_controller_imports(self):
        watched = Daemon(["--status-socket", "STATUS"])
        self.addCleanup(watched.cleanup)
        status = os.path.join(watched.tmp, "status.sock")
        watched.extra_args = ["--status-socket", status]
        watched.start()
        with watched.client() as client:
            client.result("players.create", {"name": "Ana"})
        document = json.loads(self.ctl("export", socket=status))
        self.assertEqual([p["name"] for p in document["players"]], ["Ana"])
        proc = self.run_ctl("import", self.write("roster.csv", "name\nBruno\n"), socket=status)
        self.assertEqual(proc.returncode, 1, self.describe(proc))
        self.assertIn("players.import changes the match", proc.stderr)

    def write(self, name: str, text: str) -> str:
        path = os.path.join(self.runtime, name)
        with open(path, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
        return path

    def test_a_bad_row_on_line_7_is_named_and_nothing_is_imported(self):
        path = self.write("roster.csv", "name,position,skill\n" + "".join(f"Player {n},DEF,amateur\n" for n in range(5))
                          + "Gil,defender,expert\n" + "Hugo,GK,\n")
        proc = self.run_ctl("import", path)
        self.assertEqual(proc.returncode, 1, self.describe(proc))
        self.assertIn(f"{path} line 7:", proc.stderr)
        self.assertIn('"skill"', proc.stderr)
        self.assertIn("Nothing was imported.", proc.stderr)
        self.assertEqual(self.c.result("players.list")["players"], [])

    def test_a_name_twice_is_refused_naming_both_lines_unless_allowed(self):
        self.c.result("players.create", {"name": "Ana"})
        path = self.write("roster.csv", 'name\r\nBruno\r\nCarla\r\n"Silva, Maria"\r\nbruno\r\n')
        proc = self.run_ctl("import", path)
        self.assertEqual(proc.returncode, 1, self.describe(proc))
        self.assertIn("line 5:", proc.stderr)
        self.assertIn("line 2", proc.stderr)
        self.assertIn("--allow-duplicate", proc.stderr)
        self.assertEqual(len(self.c.result("players.list")["players"]), 1)
        path = self.write("ana.csv", "name\nANA\n")
        proc = self.run_ctl("import", path)
        self.assertIn("player 1, Ana", proc.stderr)
        self.assertIn("Imported 1 player", self.ctl("import", path, "--allow-duplicate"))

    def test_a_malformed_file_is_named_by_its_line(self):
        cases = {
            'name,skill\nAna,amateur\n"Bruno,pro\n': "line 3: a quoted field is not closed",
            # A quoted field may span lines; lines are counted through it.
            'name\n"Ana\nSofia"\n"Bea\n': "line 4: a quoted field is not closed",
            # The model refuses a line break in a name, naming the line its record starts on.
            'name,skill\nAna,amateur\n"Bea\nSilva",amateur\n': "line 3: A name cannot hold control characters",
            "name,skill\nAna,amateur,extra\n": "line 2: 3 fields, but the header has 2",
            "name,height\nAna,180\n": 'line 1: unknown column "height"',
            "position\nGK\n": "line 1: the header has no name column",
            "": "is empty",
        }
        for text, words in cases.items():
            with self.subTest(text=text):
                proc = self.run_ctl("import", self.write("bad.csv", text))
                self.assertEqual(proc.returncode, 1, self.describe(proc))
                self.assertIn(words, proc.stderr)
        self.assertEqual(self.c.result("players.list")["players"], [])

    def test_standard_input_and_a_spreadsheets_byte_order_mark_are_read(self):
        proc = subprocess.run([self.gatherctl, "import", "-", "--socket", self.daemon.socket_path], env=self.env,
                              input="\ufeffName,Skill\r\nAna,amateur\r\n", capture_output=True, encoding="utf-8",
                              timeout=RUN_TIMEOUT)
        self.assertEqual(proc.returncode, 0, self.describe(proc))
        self.assertEqual([(p["name"], p["skill"]) for p in self.c.result("players.list")["players"]], [("Ana", "amateur")])
