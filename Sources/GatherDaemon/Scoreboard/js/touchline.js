// At the touchline, loaded once the board shows: the screen stays on while a match is on (wakelock.js), the
// whistle and the horn follow the match's cues (sound.js), the share view shows the page's QR code (share.js), the
// service worker keeps the page for when gatherd cannot be reached (sw.js), and a full-screen button where the
// Fullscreen API exists (not on iPhone Safari). A player's link (sign-up, vote) is for answering: it keeps no
// screen on and makes no sound, and the stylesheet hides these switches there.

import { $ } from "./dom.js";
import { createShare } from "./share.js";
import { createSound } from "./sound.js";
import { createWakeLock } from "./wakelock.js";

function setUpFullscreen(button, t) {
  const root = document.documentElement;
  if (!document.fullscreenEnabled || typeof root.requestFullscreen !== "function") return () => {};
  const render = () => {
    const full = !!document.fullscreenElement;
    button.textContent = t()(full ? "touchline.exitFullScreen" : "touchline.fullScreen");
    button.setAttribute("aria-pressed", full ? "true" : "false");
  };
  button.hidden = false;
  button.addEventListener("click", () => {
    const change = document.fullscreenElement ? document.exitFullscreen() : root.requestFullscreen({ navigationUI: "hide" });
    Promise.resolve(change).catch(() => { /* refused: nothing changes */ });
  });
  document.addEventListener("fullscreenchange", render);
  return render;
}

/** Sets the touchline's parts up for `app` (its store and connection). */
export function mount(app) {
  const { store } = app;
  const t = () => store.getState().lang.t;
  const wake = createWakeLock($("awake"), (state) => t()(state === "awake" ? "touchline.awake"
    : state === "waiting" ? "touchline.keepingOn" : "touchline.tapToKeepOn"));
  const sound = createSound($("btn-sound"), (state) => t()(state === "on" ? "touchline.soundOn"
    : state === "locked" ? "touchline.tapForSound" : "touchline.soundOff"));
  const fullscreen = setUpFullscreen($("btn-fullscreen"), t);
  const share = createShare(app);
  app.share = share;
  const shareButton = $("btn-share");
  shareButton.hidden = false;
  shareButton.addEventListener("click", () => share.open("watch"));

  store.watch((s) => [s.match.gather !== null, s.route.view], ([on, view]) => wake.keepAwake(on && view === "board"));
  store.watch((s) => s.lang, () => { wake.render(); sound.render(); fullscreen(); });
  // Only cues that come after this moment: the one the match holds now is past.
  const past = store.getState().match.cue;
  store.watch((s) => s.match.cue, (cue, s) => {
    if (cue && cue !== past && s.route.view === "board") sound.play(cue);
  });
  // Only where the browser allows one: https, or http://localhost (not a plain-http LAN address).
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("sw.js").catch(() => { /* the page works without it */ });
    // The worker keeps a catalog when the page first asks for it through the worker: asked again once the worker
    // has the page, the language shown now opens offline too.
    const keepLanguage = () => fetch(new URL("i18n/" + store.getState().lang.tag + ".json", document.baseURI).href)
      .catch(() => { /* offline now: kept on a later visit */ });
    if (navigator.serviceWorker.controller) keepLanguage();
    else navigator.serviceWorker.addEventListener("controllerchange", keepLanguage, { once: true });
  }
}
