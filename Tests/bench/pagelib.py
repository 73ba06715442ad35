"""pagelib.py - a phone on a slow mobile network, for page_bench.py: headless Chromium (Tests/browser/cdp.py) with
the DevTools protocol's throttling, fresh browser contexts, a probe for the clock's live value, and a count of the
bytes on the wire from the page and from its service worker.

    with Phone() as phone, phone.context() as page:
        page.probe_clock(ends_at_ms)
        first = page.visit("http://127.0.0.1:8080/")   # {"at": ms after navigation, "text": "89:58", "bytes": …}
"""
import contextlib, json, os, sys, time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "browser"))
from cdp import Browser, CDPError  # noqa: E402

#: 150 ms latency, 1.6 Mbit/s down, 750 kbit/s up (bytes per second), CPU slowed down 4 times.
NETWORK = {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8, "uploadThroughput": 750_000 / 8}
CPU_SLOWDOWN = 4
VIEWPORT = {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True,
            "screenOrientation": {"type": "portraitPrimary", "angle": 0}}

#: Resolves `window.__clockShown` with the time (ms since the navigation started) at which the clock first shows
#: a time within 2 s of what is left until ENDS_AT (ms since 1970), and the text it showed.
PROBE = """
(() => {
  const endsAt = ENDS_AT;
  let resolve;
  window.__clockShown = new Promise((r) => { resolve = r; });
  const check = () => {
    const clock = document.querySelector('[data-testid=clock]');
    const match = clock && /^(\\d+):(\\d\\d)$/.exec(clock.textContent.trim());
    if (!match) return;
    const shown = Number(match[1]) * 60 + Number(match[2]);
    if (Math.abs(shown - (endsAt - Date.now()) / 1000) > 2) return;
    observer.disconnect();
    resolve({at: performance.now(), text: clock.textContent.trim()});
  };
  const observer = new MutationObserver(check);
  observer.observe(document, {subtree: true, childList: true, characterData: true});
})();
"""


class Phone:
    """One headless Chromium that attaches to every service worker as it starts (paused until throttled)."""

    version = None

    def __init__(self):
        self.browser = Browser()
        Phone.version = self.browser.send("Browser.getVersion").get("product")
        self.browser.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": True, "flatten": True,
                                                   "filter": [{"type": "service_worker"}]})

    @contextlib.contextmanager
    def context(self):
        context = self.browser.send("Target.createBrowserContext")["browserContextId"]
        target = self.browser.send("Target.createTarget", {"url": "about:blank", "browserContextId": context})
        session = self.browser.send("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True})
        page = ThrottledPage(self.browser, session["sessionId"])
        try:
            yield page
        finally:
            self.browser.send("Target.disposeBrowserContext", {"browserContextId": context})

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.browser.close()


class ThrottledPage:
    """A page of a fresh browser context, throttled, counting what its requests and its workers' bring in."""

    def __init__(self, browser, session):
        self.browser, self.session = browser, session
        self.workers = set()
        self.seen = set()
        self.reset_counts()
        for method, params in [("Page.enable", {}), ("Runtime.enable", {}), ("Network.enable", {}),
                               ("Network.setCacheDisabled", {"cacheDisabled": False}),
                               ("Network.emulateNetworkConditions", NETWORK),
                               ("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN}),
                               ("Emulation.setDeviceMetricsOverride", VIEWPORT)]:
            self.send(method, params)

    def send(self, method, params=None, session=None, timeout=60):
        """A command, answered; events that come meanwhile are handled as they come (a worker that starts while
        the page waits for it is throttled and let run at once)."""
        ident = self._post(method, params, session or self.session)
        deadline = time.monotonic() + timeout
        while True:
            message = self._next(deadline, method)
            if message.get("id") == ident:
                if "error" in message:
                    raise CDPError("CDP %s failed: %s" % (method, message["error"]))
                return message.get("result", {})
            if "method" in message:
                self._event(message)

    def wait_event(self, wanted, timeout=60):
        """Waits for the page's event `wanted`, unless it came since the last `forget`."""
        deadline = time.monotonic() + timeout
        while wanted not in self.seen:
            message = self._next(deadline, wanted)
            if "method" in message:
                self._event(message)

    def forget(self, method):
        self.seen.discard(method)

    def _post(self, method, params, session):
        self.browser.next_id += 1
        message = {"id": self.browser.next_id, "method": method, "params": params or {}, "sessionId": session}
        self.browser.ws.send(json.dumps(message))
        return self.browser.next_id

    def _next(self, deadline, waiting_for):
        left = deadline - time.monotonic()
        if left <= 0:
            raise CDPError("no answer to %s in time" % waiting_for)
        return json.loads(self.browser.ws.recv(timeout=left))

    def reset_counts(self):
        self.counted = {"page": 0, "worker": 0, "ws": 0, "requests": 0}
        self.cached = set()

    def bytes(self):
        c = self.counted
        return {"total": c["page"] + c["worker"] + c["ws"], "worker": c["worker"], "ws": c["ws"],
                "requests": c["requests"]}

    def probe_clock(self, ends_at):
        self.send("Page.addScriptToEvaluateOnNewDocument", {"source": PROBE.replace("ENDS_AT", repr(ends_at))})

    def visit(self, url):
        """Navigates to `url` and waits for the clock's live value: when it showed, what, and the bytes by then."""
        self.forget("Page.loadEventFired")
        self.send("Page.navigate", {"url": url})
        self.wait_event("Page.loadEventFired")
        shown = self.evaluate("window.__clockShown")
        return {"at": shown["at"], "text": shown["text"], "bytes": self.bytes()["total"]}

    def wait_until_controlled(self):
        """Waits until the service worker has installed (its files kept) and controls the page."""
        self.evaluate("navigator.serviceWorker.ready.then(() => new Promise((resolve) => {"
                      " if (navigator.serviceWorker.controller) return resolve(true);"
                      " navigator.serviceWorker.addEventListener('controllerchange', () => resolve(true)); }))")

    def stop_workers(self):
        """Stops the context's service workers, as a phone's browser does with an idle one after a while: the
        next visit starts it again."""
        self.send("ServiceWorker.enable")
        self.send("ServiceWorker.stopAllWorkers")

    def evaluate(self, expression):
        result = self.send("Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True})
        if "exceptionDetails" in result:
            raise CDPError("JavaScript failed: %s" % json.dumps(result["exceptionDetails"])[:500])
        return result.get("result", {}).get("value")

    def _event(self, event):
        """Throttles and lets run a service worker that starts; counts the bytes a response or frame brought."""
        method, params, session = event["method"], event.get("params", {}), event.get("sessionId")
        ours = session == self.session or session in self.workers
        if session == self.session:
            self.seen.add(method)
        started = None
        if method == "Target.attachedToTarget" and params["targetInfo"]["type"] == "service_worker":
            started = params["sessionId"]
        elif method == "Inspector.targetReloadedAfterCrash" and session in self.workers:
            started = session  # a stopped worker started again, in the session it had
        if started:
            self.workers.add(started)
            for command, arguments in [("Network.enable", {}), ("Network.emulateNetworkConditions", NETWORK),
                                       ("Runtime.runIfWaitingForDebugger", {})]:
                self._post(command, arguments, started)
        elif method == "Network.responseReceived" and ours:
            response = params["response"]
            if response.get("fromServiceWorker") or response.get("fromDiskCache"):
                self.cached.add(params["requestId"])
        elif method == "Network.loadingFinished" and ours and params["requestId"] not in self.cached:
            self.counted["page" if session == self.session else "worker"] += params["encodedDataLength"]
            self.counted["requests"] += 1
        elif method in ("Network.webSocketFrameReceived", "Network.webSocketFrameSent") and session == self.session:
            self.counted["ws"] += len(params["response"]["payloadData"].encode())
