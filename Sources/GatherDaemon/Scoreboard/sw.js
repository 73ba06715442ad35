// gatherd's scoreboard: its service worker. It keeps the page's shell (the HTML, stylesheet, modules,
// manifest and icons) so that a page opened while gatherd cannot be reached still shows the board, saying
// "offline" and reconnecting by itself, instead of the browser's error page.
//
// Network first: while gatherd answers, every file comes from it (with its ETag, so mostly a 304) and the copy is
// refreshed; only when the request fails, takes longer than a few seconds, or a reverse proxy says gatherd is down
// (502, 503, 504) is the kept copy served. /rpc, /healthz and /metrics are never touched.
"use strict";

const CACHE = "gatherd-shell-v7";
// Beside this file, as the page links them (so that a reverse proxy may serve it all under a path of its own).
const SHELL = [
  "./", "scoreboard.css", "touchline.css", "vote.css", "weekly.css", "manifest.webmanifest", "icons/icon.svg",
  "icons/icon-192.png", "icons/icon-512.png",
  // The board, first.
  "js/scoreboard.js", "js/store.js", "js/state.js", "js/matchstate.js", "js/liststate.js", "js/commandrules.js",
  "js/commands.js", "js/errors.js", "js/router.js", "js/connection.js", "js/clock.js", "js/i18n.js",
  "js/dom.js", "js/status.js", "js/board.js", "js/teams.js",
  // After the first snapshot.
  "js/touchline.js", "js/wakelock.js", "js/wakevideo.js", "js/sound.js", "js/soundnotes.js", "js/share.js",
  "js/clipboard.js", "js/dialogs.js", "js/between.js", "js/plans.js", "js/weekly.js",
  "js/ratings.js", "js/report.js", "js/reportcard.js", "js/reporttext.js", "js/organiser.js",
  "js/controls.js", "js/controlsmarkup.js", "js/referee.js", "js/panels.js", "js/setup.js", "js/formsmarkup.js",
  "js/planform.js", "js/planzone.js", "js/checkin.js", "js/weeklymarkup.js", "js/weeklyform.js",
  "js/reminders.js", "js/players.js", "js/playersmarkup.js", "js/signup.js", "js/signuprules.js",
  "js/signupoutcome.js", "js/signupterms.js", "js/vote.js", "js/fees.js",
  // The languages.
  "i18n/en.json", "i18n/pt-BR.json", "i18n/es.json", "i18n/it.json", "i18n/fr.json", "i18n/de.json", "i18n/nl.json"
];
const scope = new URL(self.registration.scope);
const shellPaths = new Set(SHELL.map((path) => new URL(path, scope).pathname));

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== scope.origin || !shellPaths.has(url.pathname)) return;
  // The page itself is kept without its query (the control link's token is in the fragment, never sent).
  const key = new URL(url.pathname, url.origin).href;
  event.respondWith(
    withinSeconds(NETWORK_SECONDS, fetch(request)).then((response) => {
      if (response.ok) {
        const copy = response.clone();
        event.waitUntil(caches.open(CACHE).then((cache) => cache.put(key, copy)));
        return response;
      }
      // A reverse proxy answers 502, 503 or 504 while gatherd is down: the kept copy is better.
      return response.status >= 500 ? kept(key).then((copy) => copy || response) : response;
    }).catch(() => kept(key).then((copy) => copy || Response.error())));
});

// A home server out of reach (the phone on mobile data, the server off the air) may not refuse a connection but
// leave it unanswered: the kept copy is served after this long, rather than a blank page for a minute.
const NETWORK_SECONDS = 4;

function withinSeconds(seconds, promise) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no answer in time")), seconds * 1000);
    promise.then((value) => { clearTimeout(timer); resolve(value); }, (error) => { clearTimeout(timer); reject(error); });
  });
}

function kept(key) {
  return caches.open(CACHE).then((cache) => cache.match(key));
}
