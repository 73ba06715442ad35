"""gatherd on an MQTT broker under real systemd: the unit's sandbox denies the network, so without the
shipped drop-in gatherd cannot reach a broker and keeps serving; with systemd/mqtt.conf enabled it connects, and
the template unit's instance names its topics. Runs inside the container as gather-ci.service (run_nspawn.sh),
with a real mosquitto and mosquitto_sub from the host's /usr."""
import json, os, shutil, socket, subprocess, sys, time

CONTROL = "/run/gatherd/gatherd.sock"
DROPINS = "/run/systemd/system"
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


def journal(unit):
    return subprocess.run(["journalctl", "-q", "-u", unit, "-o", "cat"], capture_output=True, text=True).stdout


def wait_for(what, predicate, seconds=20):
    # The journal and the broker's port have no event to wait on from here; the deadline bounds the polling.
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            check(True, what)
            return value
        time.sleep(0.05)
    check(False, what + " (timed out)")
    return None


def retained(topic):
    """The retained message on `topic`, read by a real mosquitto_sub (nothing within 10 s: None)."""
    result = subprocess.run(["mosquitto_sub", "-h", "127.0.0.1", "-p", "1883", "-t", topic, "-C", "1", "-W", "10"],
                            capture_output=True, text=True)
    return result.stdout.strip() if result.returncode == 0 else None


def dropin(unit, name, text):
    os.makedirs(f"{DROPINS}/{unit}.d", exist_ok=True)
    with open(f"{DROPINS}/{unit}.d/{name}", "w") as f:
        f.write(text)
    subprocess.run(["systemctl", "daemon-reload"], check=True)


def report_and_exit(code):
    if failures or code:
        print("---- the journal ----", flush=True)
        subprocess.run(["journalctl", "-q", "-u", "gatherd.service", "-u", "gatherd@pitch1.service", "-u", "test-broker",
                        "-o", "short-monotonic", "--no-pager"])
    print("%d failure(s)" % len(failures), flush=True)
    sys.exit(1 if failures or code else 0)


sys.excepthook = lambda kind, value, trace: (sys.__excepthook__(kind, value, trace), report_and_exit(1))

# A broker on the container's loopback, as a transient unit; root inside, as the container has no mosquitto user.
with open("/tmp/mosquitto.conf", "w") as f:
    f.write("listener 1883 127.0.0.1\nallow_anonymous true\npersistence false\nuser root\n")
subprocess.run(["systemd-run", "--unit=test-broker", "mosquitto", "-c", "/tmp/mosquitto.conf"], check=True)


def broker_accepts():
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", 1883)) == 0


wait_for("the broker listens", broker_accepts)

# The unit as shipped: the sandbox has no network, so MQTT cannot start, and gatherd serves all the same.
dropin("gatherd.service", "broker.conf", "[Service]\nEnvironment=GATHERD_MQTT=mqtt://127.0.0.1:1883\n")
check(call("daemon.ping")["result"] == {"pong": True}, "without the drop-in, gatherd starts and serves")
line = wait_for("the journal says why it cannot connect",
                lambda: [l for l in journal("gatherd.service").splitlines() if "MQTT: cannot connect" in l])
print("     " + (line[0] if line else ""))
check(line and "Address family not supported" in line[0], "it is the sandbox's RestrictAddressFamilies=")
check(retained("gatherd/main/availability") is None, "nothing reached the broker")

# The shipped drop-in, enabled: gatherd connects and publishes.
shutil.copy("/srv/gather-systemd/mqtt.conf", f"{DROPINS}/gatherd.service.d/mqtt.conf")
subprocess.run(["systemctl", "daemon-reload"], check=True)
subprocess.run(["systemctl", "restart", "gatherd.service"], check=True)
check(call("daemon.ping")["result"] == {"pong": True}, "with the drop-in, gatherd serves")
check(wait_for("it publishes online", lambda: retained("gatherd/main/availability")) == "online",
      "gatherd/main/availability is online")
state = retained("gatherd/main/state")
check(state is not None and json.loads(state)["gather"] is None, "the retained state is there")
properties = subprocess.run(["systemctl", "show", "-P", "RestrictAddressFamilies", "gatherd.service"],
                            capture_output=True, text=True).stdout.split()
check(sorted(properties) == ["AF_INET", "AF_INET6", "AF_UNIX"], "the drop-in allows AF_INET and AF_INET6: %s" % properties)
subprocess.run(["systemctl", "stop", "gatherd.service"], check=True)
check(retained("gatherd/main/availability") == "offline", "a stop says offline")

# The template unit: its instance reaches gatherd, and names the topics and the device.
dropin("gatherd@.service", "broker.conf", "[Service]\nEnvironment=GATHERD_MQTT=mqtt://127.0.0.1:1883\n")
shutil.copy("/srv/gather-systemd/mqtt.conf", f"{DROPINS}/gatherd@.service.d/mqtt.conf")
subprocess.run(["systemctl", "daemon-reload"], check=True)
subprocess.run(["systemctl", "start", "gatherd@pitch1.socket"], check=True)
check(call("daemon.ping", path="/run/gatherd/pitch1.sock")["result"] == {"pong": True}, "gatherd@pitch1 serves")
check(wait_for("gatherd@pitch1 publishes online", lambda: retained("gatherd/pitch1/availability")) == "online",
      "gatherd/pitch1/availability is online")
config = retained("homeassistant/sensor/gatherd_pitch1/score/config")
check(config is not None and json.loads(config)["device"]["name"] == "gatherd (pitch1)",
      "Home Assistant sees the device gatherd (pitch1)")
subprocess.run(["systemctl", "stop", "gatherd@pitch1.service", "test-broker.service"], check=False)

report_and_exit(0)
