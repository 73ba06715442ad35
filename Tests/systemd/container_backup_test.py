"""gatherd-backup.service and gatherd restore under real systemd (PID 1 in a throwaway container): the daily
copy runs as gatherd.service's own dynamic user on its StateDirectory= while gatherd serves, and a copy goes
back only once gatherd and its sockets are stopped.

Runs inside the container as gather-ci.service (run_nspawn.sh ... container_backup_test.py); its exit status is
the container's."""
import glob, json, os, socket, sqlite3, subprocess, sys

CONTROL = "/run/gatherd/gatherd.sock"
BACKUPS = "/var/lib/gatherd/backups"
DATABASE = "/var/lib/gatherd/gather.sqlite"
failures = []


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what, flush=True)
    if not condition:
        failures.append(what)


def call(method, params=None):
    with socket.socket(socket.AF_UNIX) as s:
        s.settimeout(15)
        s.connect(CONTROL)
        s.sendall((json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": params or {}}) + "\n").encode())
        return json.loads(s.makefile().readline())


def show(prop, unit):
    return subprocess.run(["systemctl", "show", "-P", prop, unit], capture_output=True, text=True).stdout.strip()


def systemctl(*args):
    return subprocess.run(["systemctl", *args], capture_output=True, text=True)


def names(path):
    with sqlite3.connect("file:%s?mode=ro" % path, uri=True) as db:
        return [row[0] for row in db.execute("SELECT name FROM player ORDER BY id")]


def report_and_exit():
    if failures:
        for unit in ["gatherd.service", "gatherd-backup.service"]:
            subprocess.run(["journalctl", "-q", "-u", unit, "-o", "short-monotonic", "--no-pager"])
    print("%d failure(s)" % len(failures), flush=True)
    sys.exit(1 if failures else 0)


sys.excepthook = lambda kind, value, trace: (sys.__excepthook__(kind, value, trace), failures.append("raised"),
                                             report_and_exit())

check(show("UnitFileState", "gatherd-backup.timer") == "disabled", "the timer is off until enabled")
for name in ["Ana", "Bruno"]:
    call("players.create", {"name": name})
gatherd_pid = int(show("MainPID", "gatherd.service"))
gatherd_uid = os.stat("/proc/%d" % gatherd_pid).st_uid
check(gatherd_uid != 0, "gatherd runs as its dynamic user, uid %d" % gatherd_uid)

started = systemctl("start", "gatherd-backup.service")
check(started.returncode == 0, "gatherd-backup.service copies while gatherd runs: " + started.stderr.strip())
check(show("Result", "gatherd-backup.service") == "success", "its result is success")
copies = sorted(glob.glob(BACKUPS + "/gather-*Z.sqlite"))
check(len(copies) == 1, "one dated copy in %s: %s" % (BACKUPS, copies))
if copies:
    check(os.stat(copies[0]).st_uid == gatherd_uid, "the copy is gatherd's user's, like the database")
    check(os.stat(copies[0]).st_mode & 0o777 == 0o600, "nobody else may read it")
    check(names(copies[0]) == ["Ana", "Bruno"], "it holds the roster")
check(show("MainPID", "gatherd.service") == str(gatherd_pid), "gatherd served on, not restarted")
check(os.stat(DATABASE).st_uid == gatherd_uid, "the database kept its owner")
call("players.create", {"name": "After the copy"})

# (The container's unit folder is read-only, so the timer is started rather than enabled.)
enabled = systemctl("start", "gatherd-backup.timer")
check(enabled.returncode == 0, "systemctl start gatherd-backup.timer: " + enabled.stderr.strip())
check(show("ActiveState", "gatherd-backup.timer") == "active", "the timer waits for its next run")
check(show("NextElapseUSecRealtime", "gatherd-backup.timer") != "", "and has one")

gatherd = ["/usr/local/bin/gatherd"]
refused = subprocess.run(gatherd + ["restore", copies[0]], capture_output=True, text=True)
check(refused.returncode == 1 and "gatherd is running" in refused.stderr, "restore refuses a running gatherd: "
      + refused.stderr.strip())
# Stopping the socket stops gatherd too (Requires=gatherd.socket).
systemctl("stop", "gatherd.socket", "gatherd-status.socket", "gatherd.service")
check(show("ActiveState", "gatherd.service") == "inactive", "gatherd is stopped")
# In this container a getty that systemd forked but that never ran keeps a copy of every listening socket, so
# the stopped socket still takes connections; restore says so. On a host the stopped socket refuses them.
refused = subprocess.run(gatherd + ["restore", copies[0]], capture_output=True, text=True)
check(refused.returncode == 1 and "listens on gatherd's socket /run/gatherd/gatherd.sock" in refused.stderr,
      "restore refuses while something listens on gatherd's socket: " + refused.stderr.strip())
os.unlink(CONTROL)
restored = subprocess.run(gatherd + ["restore", copies[0]], capture_output=True, text=True)
check(restored.returncode == 0, "restore once everything is stopped: " + restored.stdout + restored.stderr)
check(os.stat(DATABASE).st_uid == gatherd_uid, "the restored database belongs to gatherd's user, not root")
kept = glob.glob(DATABASE + ".replaced-*")
check(len(kept) == 1 and names(kept[0]) == ["Ana", "Bruno", "After the copy"], "the replaced database is kept")
systemctl("start", "gatherd.socket", "gatherd-status.socket")
roster = [p["name"] for p in call("players.list")["result"]["players"]]
check(roster == ["Ana", "Bruno"], "gatherd starts on the restored database: %s" % roster)
report_and_exit()
