// At the touchline: what makes the page the board a group relies on, wired to the board. The screen
// stays on while a gather is active (wakelock.js), the whistle and the horn follow the daemon's events (sound.js),
// the share view shows the page's QR code (share.js), the service worker keeps the page's shell for when gatherd
// cannot be reached (sw.js), and a full-screen button where the Fullscreen API exists (not on iPhone Safari).

import { renderers, state } from "./board.js";
import { setUpShare } from "./share.js";
import { setUpSound, soundEvent } from "./sound.js";
import { keepAwake, setUpWakeLock } from "./wakelock.js";

const $ = (id) => document.getElementById(id);

/** Sets the touchline's parts up; call once, before the first connection. */
export function setUpTouchline() {
  // Opened from a plan's sign-up link (signup.js marks the body), the page is for answering: it keeps no screen
  // on and makes no sound, and its switches are hidden.
  if (signingUp()) return;
  setUpWakeLock($("awake"));
  setUpSound($("btn-sound"));
  setUpShare({ open: $("btn-share"), dialog: $("dialog-share"), list: $("share-links"), note: $("share-note"),
    close: $("share-close") });
  setUpFullscreen($("btn-fullscreen"));
  renderers.push(() => keepAwake(!!state.gather));
  // Only where the browser allows one: https, or http://localhost (not a plain-http LAN address).
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("sw.js").catch(() => { /* the page works without it */ });
  }
}

/** A live event from the daemon. */
export function touchlineEvent(method, params) {
  if (!signingUp()) soundEvent(method, params);
}

const signingUp = () => document.body.classList.contains("signing-up");

function setUpFullscreen(button) {
  const root = document.documentElement;
  if (!document.fullscreenEnabled || typeof root.requestFullscreen !== "function") return;
  const render = () => {
    const full = !!document.fullscreenElement;
    button.textContent = full ? "Exit full screen" : "Full screen";
    button.setAttribute("aria-pressed", full ? "true" : "false");
  };
  button.hidden = false;
  button.addEventListener("click", () => {
    const change = document.fullscreenElement ? document.exitFullscreen() : root.requestFullscreen({ navigationUI: "hide" });
    Promise.resolve(change).catch(() => { /* refused: nothing changes */ });
  });
  document.addEventListener("fullscreenchange", render);
  render();
}
