// A phone that stays the organiser's. A pairing link (http://HOST:PORT/#pair=CODE, from web.pair) is exchanged once
// for a credential of this phone's own (web.pairDevice), kept in localStorage, and presented with auth.token on
// every connection, so that a new tab, a bookmark or the installed app opens with the controls.

import { showNotice, state } from "./board.js";

const CREDENTIAL_KEY = "gatherd.device";
// Where localStorage is refused (some private modes), the credential lasts as long as the tab.
let memoryCredential = null;

// The code works once: it leaves the address bar (and so the history and a bookmark) as soon as the page loads.
let pendingCode = (() => {
  const match = /(?:^#|&)pair=([^&]*)/.exec(location.hash);
  if (!match) return null;
  history.replaceState(null, "", location.pathname + location.search);
  try { return decodeURIComponent(match[1]); } catch (e) { return match[1]; }
})();

function storedCredential() {
  try { return localStorage.getItem(CREDENTIAL_KEY) || null; } catch (e) { return null; }
}

function keepCredential(credential) {
  try { localStorage.setItem(CREDENTIAL_KEY, credential); } catch (e) { /* private mode: this tab only */ }
  memoryCredential = credential;
}

function forgetCredential() {
  try { localStorage.removeItem(CREDENTIAL_KEY); } catch (e) { /* nothing stored */ }
  memoryCredential = null;
}

/** What this phone calls itself when the organiser gave it no name: "Android phone", "iPhone", … */
export function deviceName() {
  const agent = navigator.userAgent || "";
  if (/iPhone/.test(agent)) return "iPhone";
  if (/iPad/.test(agent)) return "iPad";
  if (/Android/.test(agent)) return /Mobile/.test(agent) ? "Android phone" : "Android tablet";
  if (/Macintosh/.test(agent)) return "Mac";
  if (/Windows/.test(agent)) return "Windows computer";
  return "Browser";
}

/**
 * On each connection, first: a pairing link's code still to exchange is exchanged (once: a refusal ends it; a lost
 * connection leaves it for the next), then this phone's credential is presented. Resolves once control is known;
 * rejects, as the page's own token does, when the daemon checked nothing (too many wrong tries), so that the next
 * connection tries again.
 */
export async function devicePresented(call, isCurrent) {
  if (pendingCode) await exchange(call, isCurrent);
  const credential = memoryCredential || storedCredential();
  if (!credential) return;
  try {
    const result = await call("auth.token", { token: credential });
    if (!isCurrent()) return;
    state.control = !!(result && result.control);
  } catch (error) {
    if (!isCurrent()) return;
    state.control = false;
    if (!error || error.code !== -32003) throw error;
    if (error.data && error.data.reason === "too_many_attempts") { showNotice(error.message, "pairing"); throw error; }
    forgetCredential();
    showNotice("This phone is no longer paired (the organiser ended it): the scoreboard is view only. " +
      "Ask the organiser for a new pairing link to get the controls back.", "pairing");
  }
}

async function exchange(call, isCurrent) {
  const code = pendingCode;
  try {
    const paired = await call("web.pairDevice", { code: code, name: deviceName() });
    pendingCode = null;
    keepCredential(paired.credential);
    showNotice("This phone is paired as \u201c" + paired.device.name + "\u201d: it opens with the controls from now " +
      "on, in a new tab, from a bookmark or from the home screen.", "pairing");
  } catch (error) {
    if (!error || error.code === 0 || !isCurrent()) return;  // no answer: the next connection tries again
    pendingCode = null;
    const reason = error.data && error.data.reason;
    showNotice(reason === "invalid_token"
      ? "This pairing link does not work: ask the organiser for a new one."
      : error.message, "pairing");
  }
}
