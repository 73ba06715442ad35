// gatherd's scoreboard: its service worker. It keeps the page's shell (the HTML, stylesheet, modules,
// manifest and icons) so that a page opened while gatherd cannot be reached still shows the board, saying
// "offline" and reconnecting by itself, instead of the browser's error page.
//
// Network first: while gatherd answers, every file comes from it (with its ETag, so mostly a 304) and the copy is
// refreshed; only when the request fails, takes longer than a few seconds, or a reverse proxy says gatherd is down
// (502, 503, 504) is the kept copy served. /rpc, /healthz and /metrics are never touched.
"use strict";

const CACHE = "gatherd-shell-v6";
// Beside this file, as the page links them (so that a reverse proxy may serve it all under a path of its own).
const SHELL = [
  "./", "scoreboard.css", "touchline.css", "manifest.webmanifest", "icons/icon.svg", "icons/icon-192.png", "icons/icon-512.png",
  "js/scoreboard.js", "js/connection.js", "js/clock.js", "js/board.js", "js/controls.js", "js/teams.js",
  "js/between.js", "js/setup.js", "js/referee.js",
  // At the touchline.
  "js/touchline.js", "js/wakelock.js", "js/wakevideo.js", "js/sound.js", "js/share.js",
  // Who's coming, and the sign-up view.
  "js/plans.js", "js/signup.js",
  // Ratings, form and the result to share.
  "js/ratings.js", "js/report.js", "js/reportcard.js",
  // Organising from the phone.
  "js/panels.js", "js/planform.js", "js/checkin.js", "js/signupoutcome.js",
  // The man-of-the-match vote and what a player owes for the pitch.
  "vote.css", "js/vote.js", "js/motm.js", "js/fees.js",
  // The weekly game, its sign-up terms and the reminders.
  "weekly.css", "js/weekly.js", "js/weeklyform.js", "js/signupterms.js", "js/reminders.js",
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
