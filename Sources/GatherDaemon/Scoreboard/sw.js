// gatherd's scoreboard: its service worker. After the first visit it serves the app from its cache, so a return
// visit shows the board without waiting for the network, and a page opened while gatherd cannot be reached still
// shows it, saying "offline" and reconnecting by itself.
//
// The build puts `self.GATHERD_APP` before this file: the app's version and every file gatherd serves for it,
// relative to the page, each with its revision (the hash its ETag starts with) and whether its name changes with
// its bytes (the bundle's files: immutable). A new version of any file is a new version of this file, so the
// browser, which checks for a new worker at every visit, installs it: it fetches what changed while the old
// version keeps serving, then takes over at once, and the next visit or reload shows the new version.
//
// - The page itself: stale-while-revalidate. The kept copy answers at once, and a fresh one is fetched beside
//   it for the next time (with its ETag, so mostly a 304).
// - Every other file of the app: from the cache when the kept copy is of the revision this version lists (the
//   bundle's files always are), else from gatherd, then kept. The language catalogs and the PNG icons are kept
//   when first used (the page asks for its own catalog again once the worker has it), English, which every
//   language falls back to, and the rest when the worker installs.
// - Anything else (/rpc and its WebSocket, /healthz, /metrics, /calendar.ics) is never touched nor kept.
// - A push (Web Push, when the player's phone asked to be told) becomes a notification.
"use strict";

const APP = self.GATHERD_APP;
const PREFIX = "gatherd-";
const CACHE = PREFIX + APP.version;
const scope = new URL(self.registration.scope);
const PAGE = scope.pathname;
const files = new Map(APP.files.map((file) => [new URL(file.url, scope).pathname, file]));

/** Whether the worker keeps the file when it installs. JSON files wait until the page asks for them, but for the
 * English catalog, which every language falls back to; so do the PNG icons, which only a phone adding the app to
 * its home screen fetches (once, for the icon it keeps itself), and which would double what a player's first
 * visit costs on the wire. */
const keptAtInstall = (file) =>
  file.url !== "sw.js" && !file.url.endsWith(".png") && (!file.url.endsWith(".json") || file.url === "i18n/en.json");

self.addEventListener("install", (event) => {
  event.waitUntil(install().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(activate());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== scope.origin) return;
  if (url.pathname === PAGE) {
    event.respondWith(page(event));
  } else if (files.has(url.pathname) && url.pathname !== PAGE + "sw.js") {
    event.respondWith(revision(request, files.get(url.pathname)));
  } else if (url.pathname.startsWith(PAGE) && /\.(js|css)$/.test(url.pathname)) {
    // A bundle file of the version before, asked for by a page that still runs it: kept until the next version.
    event.respondWith(caches.match(request).then((kept) => kept || fetch(request)));
  }
});

/** Keeps every file of this version, taking those whose revision another version kept from there. */
async function install() {
  const cache = await caches.open(CACHE);
  await Promise.all(APP.files.filter(keptAtInstall).map(async (file) => {
    const url = new URL(file.url, scope).href;
    if (isRevision(await cache.match(url), file)) return;
    const elsewhere = await caches.match(url);
    if (isRevision(elsewhere, file)) return cache.put(url, elsewhere);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${file.url}: ${response.status}`);
    if (!isRevision(response, file)) throw new Error(`${file.url}: not the revision this version lists`);
    await cache.put(url, response);
  }));
}

/** Takes the open pages, and drops the kept files of every version but this one and the one before it, whose
 *  bundle files a page opened before the update may still load. */
async function activate() {
  // The names come in the order the caches were made, so the last other one is the version before.
  const others = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== CACHE);
  await Promise.all(others.slice(0, -1).map((name) => caches.delete(name)));
  await self.clients.claim();
}

// A push from gatherd (its words already in the player's language): shown as a notification, one per tag so that
// a newer one replaces the last of its kind; a tap opens, or brings forward, the page it names on this origin.
self.addEventListener("push", (event) => {
  let message = {};
  try { message = event.data ? event.data.json() : {}; } catch (error) { message = {}; }
  const text = (value) => (typeof value === "string" ? value : "");
  const url = new URL(text(message.url) || PAGE, scope);
  event.waitUntil(self.registration.showNotification(text(message.title) || "gatherd", {
    body: text(message.body), tag: text(message.tag) || undefined, lang: text(message.lang) || undefined,
    icon: new URL("icons/icon-192.png", scope).href,
    data: { url: url.origin === scope.origin ? url.href : scope.href },
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || scope.href;
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((open) => {
    const same = open.find((client) => client.url === url);
    return same ? same.focus() : self.clients.openWindow(url);
  }));
});

/** The page: the kept copy at once, and a fresh one kept for the next time; gatherd's when none is kept. */
async function page(event) {
  const cache = await caches.open(CACHE);
  // Kept without its query (the control link's token is in the fragment, which is never sent).
  const key = new URL(PAGE, scope).href;
  const kept = await cache.match(key);
  const fresh = fetch(kept ? key : event.request).then((response) => {
    if (response.ok) return cache.put(key, response.clone()).then(() => response);
    return response;
  });
  if (kept) {
    event.waitUntil(fresh.catch(() => { /* offline: the kept copy stays */ }));
    return kept;
  }
  return fresh.catch(() => Response.error());
}

/** A file of the app: the kept copy if it is this version's, else gatherd's (kept for next time). */
async function revision(request, file) {
  const cache = await caches.open(CACHE);
  const url = new URL(file.url, scope).href;
  const kept = await cache.match(url);
  if (isRevision(kept, file)) return kept;
  try {
    const response = await fetch(request);
    if (response.ok && isRevision(response, file)) await cache.put(url, response.clone());
    return response;
  } catch (error) {
    return kept || Response.error();
  }
}

/** Whether a response holds the file's listed revision: its ETag, of any encoding, starts with it. */
function isRevision(response, file) {
  if (!response) return false;
  if (file.immutable) return true;
  return (response.headers.get("ETag") || "").startsWith(`"${file.revision}`);
}
