"""gatherd under real systemd (PID 1 in a throwaway container): socket activation, STATUS=, restart after
kill -9 with the match intact, the watchdog, a clean stop, and structured journal records.

Runs inside the container as gather-ci.service; its exit status is the container's."""
import json, os, signal, socket, subprocess, sys, time
from datetime import datetime

from threadstop import StoppedThread, thread_named

CONTROL = "/run/gatherd/gatherd.sock"
STATUS = "/run/gatherd/status.sock"
failures = []


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what, flush=True)
    if not condition:
        failures.append(what)


def call(method, params=None, path=CONTROL, timeout=15):
    with socket.socket(socket.AF_UNIX) as s:
        s.settimeout(timeout)
        s.connect(path)
        s.sendall((json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": params or {}}) + "\n").encode())
        return json.loads(s.makefile().readline())


def show(prop, unit="gatherd.service"):
    return subprocess.run(["systemctl", "show", "-P", prop, unit], capture_output=True, text=True).stdout.strip()


def wait_for(what, predicate, seconds=20):
    # Polls systemd's view, which has no event to wait on from here; the deadline bounds it.
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            check(True, what)
            return value
        time.sleep(0.05)
    check(False, what + " (timed out)")
    return None


def ends_at(timer):
    return datetime.fromisoformat(timer["endsAt"].replace("Z", "+00:00")).timestamp()


def report_and_exit(code):
    if failures or code:
        print("---- gatherd's journal ----", flush=True)
        subprocess.run(["journalctl", "-q", "-u", "gatherd.service", "-o", "short-monotonic", "--no-pager"])
        subprocess.run(["systemctl", "status", "--no-pager", "gatherd.service"])
    print("%d failure(s)" % len(failures), flush=True)
    sys.exit(1 if failures or code else 0)


def excepthook(kind, value, trace):
    sys.__excepthook__(kind, value, trace)
    report_and_exit(1)


sys.excepthook = excepthook

check(show("ActiveState") == "inactive", "gatherd.service is not running before the first connection")
check(call("daemon.ping")["result"] == {"pong": True}, "the first connection starts gatherd and is answered")
check(show("ActiveState") == "active", "gatherd.service is active after it")
check(show("StatusText").startswith("no gather"), "StatusText says there is no gather: " + show("StatusText"))
check(call("players.create", {"name": "Bob"}, path=STATUS)["error"]["data"]["reason"] == "forbidden",
      "the status socket refuses mutations, even for root")

for name in ["Ana", "Bruno"]:
    call("players.create", {"name": name})
call("gather.start", {"teamA": [1], "teamB": [2], "minutes": 10})
call("score.goal", {"team": "teamA", "player": 1})
timer = call("timer.start")["result"]
wait_for("StatusText follows the match",
         lambda: "Team A 1-0 Team B" in show("StatusText") and "running" in show("StatusText"))
print("     StatusText: " + show("StatusText"))

# kill -9 mid-match: systemd restarts it; a client connecting meanwhile is queued and served.
old_pid = int(show("MainPID"))
deadline = ends_at(timer)
os.kill(old_pid, signal.SIGKILL)
started = time.monotonic()
reply = call("gather.current", timeout=20)
print("     a client during the restart waited %.2f s" % (time.monotonic() - started))
check(reply.get("result") is not None, "a client that connected during the restart was served")
check(show("NRestarts") == "1" and int(show("MainPID")) != old_pid, "systemd restarted gatherd once, with a new pid")
gather = reply["result"]
check(gather["score"]["text"] == "1-0" and gather["goals"][0]["player"]["name"] == "Ana",
      "the gather, the score and the goal log came back")
remaining = gather["timer"]["remainingMs"] / 1000
expected = deadline - time.time()
check(gather["timer"]["state"] == "running" and abs(remaining - expected) < 1,
      "the running clock came back with %.2f s left, expected %.2f s" % (remaining, expected))

# The watchdog: a drop-in shortens WatchdogSec; the session's thread is held still from outside (ptrace, as a
# debugger holds it), while the rest of gatherd runs on: only the watchdog's round trip through the session sees it.
# Swift's backtracer, on the watchdog's SIGABRT, waits for the stopped thread, so systemd's SIGKILL ends it after
# TimeoutAbortSec (TimeoutStopSec=10s): hence 30 s.
os.makedirs("/run/systemd/system/gatherd.service.d", exist_ok=True)
with open("/run/systemd/system/gatherd.service.d/watchdog-test.conf", "w") as f:
    f.write("[Service]\nWatchdogSec=2s\n")
subprocess.run(["systemctl", "daemon-reload"], check=True)
subprocess.run(["systemctl", "restart", "gatherd.service"], check=True)
wedged_pid = int(show("MainPID"))
restarts = int(show("NRestarts"))
check(call("daemon.ping")["result"] == {"pong": True}, "gatherd answers before its session is wedged")
with StoppedThread(thread_named(wedged_pid, "gatherd-session")):
    check(call("daemon.ping", timeout=1)["result"] == {"pong": True}, "a wedged session still lets pings through")
    wait_for("a wedged gatherd is killed by the watchdog and restarted",
             lambda: show("NRestarts") == str(restarts + 1) and show("MainPID") not in ("0", str(wedged_pid)),
             seconds=30)
journal = subprocess.run(["journalctl", "-q", "-u", "gatherd.service", "-o", "cat"], capture_output=True, text=True).stdout
check("Watchdog timeout" in journal, "the journal records the watchdog timeout")
check(call("daemon.ping")["result"] == {"pong": True}, "gatherd serves again after the watchdog restart")
os.remove("/run/systemd/system/gatherd.service.d/watchdog-test.conf")
subprocess.run(["systemctl", "daemon-reload"], check=True)

# The scoreboard's socket (off by default): enabled, it reaches gatherd through the service's IPAddressDeny=any,
# from the allowed addresses (localhost here).
import urllib.request
# systemd hands a new socket only to a service it starts: stop gatherd first; the first request starts it.
subprocess.run(["systemctl", "stop", "gatherd.service"], check=True)
started = subprocess.run(["systemctl", "start", "gatherd-http.socket"])
if started.returncode:
    subprocess.run(["journalctl", "-q", "--no-pager", "-u", "gatherd-http.socket"])
check(started.returncode == 0, "gatherd-http.socket starts")
with urllib.request.urlopen("http://127.0.0.1:8080/healthz", timeout=15) as response:
    check(json.loads(response.read())["status"] == "ok", "the first GET /healthz on gatherd-http.socket starts gatherd")
request = urllib.request.Request("http://127.0.0.1:8080/rpc", method="POST",
                                 data=b'{"jsonrpc":"2.0","id":1,"method":"score.get"}')
with urllib.request.urlopen(request, timeout=15) as response:
    check(json.loads(response.read())["result"]["score"]["text"] == "1-0", "POST /rpc reads the match over HTTP")
with urllib.request.urlopen("http://127.0.0.1:8080/", timeout=15) as response:
    check(response.headers["Content-Type"].startswith("text/html"), "GET / serves the scoreboard page")
# The socket's IPAddressAllow=: a private (LAN) address gets in, a public one does not.
subprocess.run(["ip", "addr", "add", "192.168.77.1/32", "dev", "lo"], check=True)
subprocess.run(["ip", "addr", "add", "203.0.113.5/32", "dev", "lo"], check=True)
with urllib.request.urlopen("http://192.168.77.1:8080/healthz", timeout=15) as response:
    check(response.status == 200, "a LAN address reaches the scoreboard")
try:
    urllib.request.urlopen("http://203.0.113.5:8080/healthz", timeout=3)
    check(False, "a public address is kept out by gatherd-http.socket's IPAddressDeny=")
except OSError as error:
    check(True, "a public address is kept out by gatherd-http.socket's IPAddressDeny= (%s)" % error)

# A clean stop, and the journal's structured records.
subprocess.run(["systemctl", "stop", "gatherd.service"], check=True)
check(show("Result") == "success" and show("ExecMainStatus") == "0", "systemctl stop gives a clean exit (status 0)")
records = [json.loads(line) for line in subprocess.run(
    ["journalctl", "-q", "-u", "gatherd.service", "-o", "json"], capture_output=True, text=True).stdout.splitlines()]
structured = [r for r in records if r.get("RPC_METHOD") == "players.create" and r.get("PEER_UID") == "0"]
check(len(structured) >= 2, "the journal has structured records with RPC_METHOD and PEER_UID")
check(any(r.get("GATHER_ID") == "1" for r in records), "the journal has records with GATHER_ID")
check(any(r.get("PRIORITY") == "5" for r in records), "records carry their priority")

report_and_exit(0)
