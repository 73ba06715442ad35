"""The Debian package under real systemd (PID 1 in a throwaway container): dpkg -i, socket activation by the
first `gatherctl status`, who may control, an upgrade mid-match, dpkg -r and dpkg -P.

Runs inside the container as gather-deb.service (see run_nspawn_deb.sh); its exit status is the container's."""
import json, os, socket, subprocess, sys, urllib.error, urllib.request
from datetime import datetime

DEBS = "/srv/debs"
CONTROL = "/run/gatherd/gatherd.sock"
STATUS = "/run/gatherd/status.sock"
DATABASE = "/var/lib/gatherd/gather.sqlite"
CONF = "/etc/gatherd/gatherd.conf"
TOKEN = "credstore-token-6e2b9d41c7a0"
failures = []


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what, flush=True)
    if not condition:
        failures.append(what)


def run(*argv, user=None):
    """Runs a command (as `user`, with its groups, when given); returns (status, stdout, stderr)."""
    if user:
        argv = ("setpriv", "--reuid", user, "--regid", user, "--init-groups", "--reset-env", *argv)
    result = subprocess.run(argv, capture_output=True, text=True, timeout=60)
    return result.returncode, result.stdout.strip(), result.stderr.strip()


def ctl_json(*argv, user=None, socket=CONTROL):
    status, out, err = run("gatherctl", "--socket", socket, *argv, "--json", user=user)
    check(status == 0, "gatherctl %s as %s: %s" % (" ".join(argv), user or "root", err or "ok"))
    return json.loads(out) if status == 0 else None


def show(prop, unit="gatherd.service"):
    return run("systemctl", "show", "-P", prop, unit)[1]


def dpkg(*argv):
    status, out, err = run("dpkg", *argv)
    check(status == 0, "dpkg %s: %s" % (" ".join(argv), err.splitlines()[-1] if status and err else "ok"))


def ends_at(gather):
    return datetime.fromisoformat(gather["timer"]["endsAt"].replace("Z", "+00:00")).timestamp()


def version_of(deb):
    return run("dpkg-deb", "-f", deb, "Version")[1]


def line_limit():
    """The line limit the running gatherd enforces: a 1,000-byte line's line_too_long error, or None."""
    with socket.socket(socket.AF_UNIX) as s:
        s.settimeout(10)
        s.connect(CONTROL)
        s.sendall(b'{"jsonrpc":"2.0","id":1,"method":"daemon.ping","params":{"pad":"' + b"x" * 1000 + b'"}}\n')
        reply = json.loads(s.makefile("rb").readline())
    error = reply.get("error", {}).get("data", {})
    return error.get("limit") if error.get("reason") == "line_too_long" else None


def post(message, token=None):
    """POST /rpc on gatherd-http.socket; returns the reply."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = "Bearer " + token
    request = urllib.request.Request("http://127.0.0.1:8080/rpc", json.dumps(message).encode(), headers)
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def metrics():
    """GET /metrics on gatherd-metrics.socket: {series: value}."""
    with urllib.request.urlopen("http://127.0.0.1:9464/metrics", timeout=10) as response:
        text = response.read().decode()
    pairs = (line.rsplit(" ", 1) for line in text.splitlines() if line and not line.startswith("#"))
    return {series: float(value) for series, value in pairs}


def conffile_edits_hold(what):
    """After an upgrade: the admin's edit is still in the file, dpkg left no copy beside it, and it applies."""
    with open(CONF) as f:
        check("max-line-bytes = 512" in f.read(), what + ": the edit is still in " + CONF)
    leftovers = [n for n in os.listdir("/etc/gatherd") if n != "gatherd.conf"]
    check(leftovers == [], what + ": dpkg left nothing beside it (%s)" % leftovers)
    check(line_limit() == 512, what + ": and gatherd applies it (a 1,000-byte line is over its 512-byte limit)")


def report_and_exit(code):
    if failures or code:
        print("---- journal ----", flush=True)
        subprocess.run(["journalctl", "-q", "-u", "gatherd.service", "-u", "gatherd.socket", "--no-pager"])
    print("%d failure(s)" % len(failures), flush=True)
    sys.exit(1 if failures or code else 0)


sys.excepthook = lambda kind, value, trace: (sys.__excepthook__(kind, value, trace), report_and_exit(1))
first, upgrade = os.path.join(DEBS, "first.deb"), os.path.join(DEBS, "upgrade.deb")
# A host built as a Docker image forbids starting services (policy-rc.d exits 101, and deb-systemd-invoke
# obeys); a real Debian system has none. /usr is an overlay here, so removing it leaves the host alone.
if os.path.exists("/usr/sbin/policy-rc.d"):
    os.remove("/usr/sbin/policy-rc.d")

# Install: the group exists, the sockets listen, the daemon waits for its first client.
dpkg("-i", first)
check(run("getent", "group", "gather")[0] == 0, "postinst created the gather group (systemd-sysusers)")
check(run("systemctl", "is-enabled", "gatherd.socket")[1] == "enabled", "gatherd.socket is enabled")
check(show("ActiveState", "gatherd.socket") == "active" and os.path.exists(CONTROL), "gatherd.socket listens")
check(show("ActiveState") == "inactive", "gatherd.service waits for its first client")
upstream = version_of(first).split("+")[0].split("-")[0]
check(run("gatherd", "--version")[1] == "gatherd " + upstream, "gatherd --version prints " + upstream)
check(run("gatherctl", "--version")[1] == "gatherctl " + upstream, "gatherctl --version prints " + upstream)
status = ctl_json("status")
check(status is not None and status["gather"] is None, "the first gatherctl status is answered")
check(show("ActiveState") == "active", "and it started gatherd.service")

# Access: alice (in gather) controls the match; bob reads the status socket but may not change anything.
run("systemd-sysusers", "--inline", "u alice - Alice /home/alice", "u bob - Bob /home/bob", "m alice gather")
for name, position in [("Ana", "ST"), ("Bruno", "GK")]:
    ctl_json("players", "add", name, "--position", position, user="alice")
ctl_json("gather", "start", "--team-a", "1", "--team-b", "2", "--duration", "10:00", user="alice")
ctl_json("score", "goal", "a", "--player", "1", user="alice")
ctl_json("timer", "start", user="alice")
check(run("gatherctl", "--socket", CONTROL, "status", user="bob")[0] == 3, "bob cannot open the control socket")
seen = ctl_json("gather", "status", user="bob", socket=STATUS)
check(seen is not None and seen["score"]["text"] == "1-0", "bob reads the match on the status socket")
refused = run("gatherctl", "timer", "pause", "--socket", STATUS, user="bob")
check(refused[0] == 1 and refused[1] == "", "bob may not pause the clock (exit %d: %s)" % (refused[0], refused[2]))

# The configuration file: a conffile with every key commented out, which the service reads at start;
# an edit applies at the next start. Secrets come from systemd's credential store; metrics from their socket.
with open(CONF) as f:
    shipped = f.read()
check(not [l for l in shipped.splitlines() if l.strip() and not l.startswith("#")],
      "the package ships %s with every key commented out" % CONF)
check(CONF in run("dpkg-query", "-W", "-f", "${Conffiles}", "gatherd")[1], CONF + " is a conffile")
check(line_limit() is None, "gatherd runs with the default line limit")
with open(CONF, "a") as f:
    f.write("\n# The admin's edit:\nmax-line-bytes = 512\n")
os.makedirs("/etc/credstore", mode=0o700, exist_ok=True)
with open(os.open("/etc/credstore/gatherd.http-token", os.O_WRONLY | os.O_CREAT, 0o600), "w") as f:
    f.write(TOKEN + "\n")
# As docs/systemd.md says: systemd hands a new socket only to a gatherd it starts. The next client starts it.
run("systemctl", "stop", "gatherd.service")
status, _, err = run("systemctl", "enable", "--now", "gatherd-http.socket", "gatherd-metrics.socket")
check(status == 0, "systemctl enable --now gatherd-http.socket gatherd-metrics.socket: %s" % (err if status else "ok"))
check(line_limit() == 512, "the next start applies the edit (max-line-bytes = 512)")
check(ctl_json("gather", "status")["score"]["text"] == "1-0", "and the match goes on")
refused = post({"jsonrpc": "2.0", "id": 1, "method": "players.create", "params": {"name": "Web"}})
check(refused.get("error", {}).get("code") == -32003, "a web client without the token may not change the match")
created = post({"jsonrpc": "2.0", "id": 2, "method": "players.create", "params": {"name": "Web"}}, TOKEN)
check("result" in created, "the token from /etc/credstore reaches gatherd (LoadCredential=): %s" % created)
check(TOKEN not in run("journalctl", "-q", "-u", "gatherd.service", "--no-pager")[1], "the token is never logged")
watcher = socket.socket(socket.AF_UNIX)
watcher.connect(CONTROL)
watcher.sendall(b'{"jsonrpc":"2.0","id":1,"method":"events.subscribe","params":{"topics":["score"]}}\n')
watcher.makefile("rb").readline()
values = metrics()
check(values.get("gatherd_fdstore_connections", 0) >= 1 and values.get("gatherd_subscriptions") == 1,
      "gatherd-metrics.socket serves /metrics: %s kept connections, %s subscription" % (
          values.get("gatherd_fdstore_connections"), values.get("gatherd_subscriptions")))
check(values.get('gatherd_rpc_requests_total{method="players.create",outcome="ok"}', 0) >= 1,
      "and counts the requests")
watcher.close()

# Upgrade mid-match: the running daemon moves to the new binary; gather, score and clock carry on.
before = ctl_json("gather", "status")
old_pid = show("MainPID")
dpkg("-i", upgrade)
check(run("dpkg-query", "-W", "-f", "${Version}", "gatherd")[1] == version_of(upgrade), "the upgrade is installed")
check(show("ActiveState") == "active" and show("MainPID") not in ("0", old_pid), "gatherd was restarted on it")
after = ctl_json("gather", "status")
check(after["id"] == before["id"] and after["score"]["text"] == "1-0", "the gather and the score survived it")
check(after["timer"]["state"] == "running" and abs(ends_at(after) - ends_at(before)) < 1,
      "the clock still runs towards the same end: %s, was %s" % (after["timer"]["endsAt"], before["timer"]["endsAt"]))
conffile_edits_hold("the upgrade")
check("result" in post({"jsonrpc": "2.0", "id": 3, "method": "players.create", "params": {"name": "Web 2"}}, TOKEN),
      "the upgraded gatherd takes the token from the credential store too")

# An upgrade while gatherd is not running leaves it stopped; the next client starts it.
run("systemctl", "stop", "gatherd.service")
dpkg("-i", upgrade)
check(show("ActiveState") == "inactive", "an upgrade does not start a daemon that was not running")
check(ctl_json("gather", "status")["score"]["text"] == "1-0", "the next client starts it, match intact")
conffile_edits_hold("the upgrade of a stopped gatherd")

# Remove: everything stops, the database stays. Purge: it goes.
dpkg("-r", "gatherd")
check(show("ActiveState") == "inactive" and show("ActiveState", "gatherd.socket") == "inactive",
      "dpkg -r stops gatherd.service and gatherd.socket")
check(show("ActiveState", "gatherd-status.socket") == "inactive", "and gatherd-status.socket")
check(show("ActiveState", "gatherd-http.socket") == "inactive" and
      show("ActiveState", "gatherd-metrics.socket") == "inactive", "and gatherd-http.socket and gatherd-metrics.socket")
check(not os.path.exists("/usr/bin/gatherd") and os.path.exists(DATABASE), "dpkg -r keeps the database")
check(os.path.exists(CONF), "dpkg -r keeps the configuration file")
dpkg("-P", "gatherd")
check(not os.path.lexists("/var/lib/gatherd") and not os.path.exists("/var/lib/private/gatherd"),
      "dpkg -P removes /var/lib/gatherd")
check(not os.path.exists(CONF) and not os.path.exists("/etc/gatherd"), "dpkg -P removes /etc/gatherd")
report_and_exit(0)
