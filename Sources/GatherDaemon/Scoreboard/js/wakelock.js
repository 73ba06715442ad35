// Keeping the screen on: while the page is visible and a match is on it holds a Screen Wake Lock, asks again when
// the page becomes visible (the browser lets go of it when the page is hidden) and lets go when no match is on.
// Where there is no Wake Lock API (a page over plain http from a LAN address, which is no secure context, or an
// older browser) it loops a tiny muted inline video instead, embedded in wakevideo.js. The indicator says
// "Awake", or "Tap to keep the screen on" while a tap is needed first.

import { WAKE_VIDEOS } from "./wakevideo.js";

const hasApi = () => "wakeLock" in navigator && navigator.wakeLock && typeof navigator.wakeLock.request === "function";
const visible = () => document.visibilityState === "visible";

/** The wake lock behind the indicator `node` (a button: tapping it is the gesture a refused lock or the video
 * waits for); `words(state)` is the indicator's text. Returns `keepAwake(want)`, to call as a match starts or ends. */
export function createWakeLock(node, words) {
  let wanted = false;     // a match is on
  let sentinel = null;    // the WakeLockSentinel held
  let requesting = false;
  let needsTap = false;   // the last try was refused until a gesture
  let video = null;       // the fallback's <video>

  function currentState() {
    if (!wanted) return "off";
    if (sentinel || (video && !video.paused && !hasApi())) return "awake";
    if (needsTap || !visible()) return "tap";
    return "waiting";
  }

  function render() {
    const state = currentState();
    node.dataset.state = state;
    node.dataset.method = hasApi() ? "wake-lock" : "video";
    node.hidden = state === "off";
    const text = words(state);
    if (node.textContent !== text) node.textContent = text;
    node.setAttribute("aria-pressed", state === "awake" ? "true" : "false");
  }

  function acquire() {
    if (hasApi()) {
      if (sentinel || requesting) return;
      requesting = true;
      navigator.wakeLock.request("screen").then((lock) => {
        requesting = false;
        needsTap = false;
        if (!wanted || !visible()) { lock.release().catch(() => {}); render(); return; }
        sentinel = lock;
        lock.addEventListener("release", () => {
          if (sentinel !== lock) return;
          sentinel = null;
          // Let go by the system while still wanted and visible (battery saver, say): a tap asks again.
          if (wanted && visible()) needsTap = true;
          render();
        });
        render();
      }, () => {
        // Refused (no permission yet, battery saver, not focused): a tap tries again.
        requesting = false;
        needsTap = true;
        render();
      });
      return;
    }
    if (!video) video = makeVideo(render);
    if (!video.paused) return;
    video.play().then(() => { needsTap = false; render(); }, () => { needsTap = true; render(); });
  }

  function release() {
    if (sentinel) { const lock = sentinel; sentinel = null; lock.release().catch(() => {}); }
    if (video && !video.paused) video.pause();
    needsTap = false;
  }

  function update() {
    if (wanted && visible()) acquire(); else release();
    render();
  }

  document.addEventListener("visibilitychange", update);
  // Any tap or key on the page is a gesture that may let a refused lock or the video start.
  const retry = () => { if (needsTap) update(); };
  document.addEventListener("pointerup", retry, true);
  document.addEventListener("keydown", retry, true);
  node.addEventListener("click", update);
  render();
  return {
    keepAwake(want) { if (want !== wanted) { wanted = want; update(); } },
    render,
  };
}

function makeVideo(render) {
  const v = document.createElement("video");
  v.className = "wake-video";
  v.dataset.testid = "wake-video";
  v.muted = true;
  v.loop = true;
  v.playsInline = true;
  v.setAttribute("muted", "");
  v.setAttribute("playsinline", "");
  v.setAttribute("aria-hidden", "true");
  v.disablePictureInPicture = true;
  for (const source of WAKE_VIDEOS) {
    const s = document.createElement("source");
    s.type = source.type;
    s.src = source.src;
    v.append(s);
  }
  v.addEventListener("playing", render);
  v.addEventListener("pause", render);
  document.body.append(v);
  return v;
}
