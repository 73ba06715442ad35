// A phone paired as the organiser's, as rules with no browser in them: the state of its pairing in the store (a
// pairing link's code still to exchange; paired on this visit; revoked), what a refused exchange and a removal say
// (to a page the control link keeps in control, that it keeps them), and what the phone calls itself when the
// organiser gave it no name.

import { errorMessage } from "./errors.js";

/** The pairing's state before anything happened: no code to exchange, nothing said. */
export function initialPairing() {
  return { code: null, status: null, device: null };
}

/**
 * The pairing after `action`:
 *   {type: "pairing/code", code}            a pairing link opened: its code waits for the next connection
 *   {type: "pairing/paired", device}        the code exchanged: this phone is `device` ({id, name}) from now on
 *   {type: "pairing/refused"}               the code refused: it is never tried again
 *   {type: "pairing/revoked"}               the organiser removed this phone: its credential is forgotten
 */
export function reducePairing(pairing, action) {
  switch (action.type) {
    case "pairing/code": return Object.assign({}, pairing, { code: action.code });
    case "pairing/paired": return { code: null, status: "paired", device: action.device };
    case "pairing/refused": return Object.assign({}, pairing, { code: null, status: "refused" });
    case "pairing/revoked": return { code: pairing.code, status: "revoked", device: null };
    default: return pairing;
  }
}

/** Why a pairing link's code was refused, as a catalog message {key, params}. */
export function refusalMessage(error) {
  const reason = error && error.data && error.data.reason;
  switch (reason) {
    case "invalid_token": return { key: "pairing.wrong", params: {} };
    case "pairing_used": return { key: "pairing.used", params: {} };
    case "pairing_expired": return { key: "pairing.expired", params: {} };
    case "too_many_devices": return { key: "pairing.full", params: {} };
    default: return errorMessage(error);
  }
}

/**
 * What the organiser is told once the phone `name` is removed on the Phones screen, as a catalog message {key,
 * params}: another phone only watches from then on; this phone (`here`) too, unless it keeps the controls through the
 * control link it was opened with (`control` still true once the removal is answered).
 */
export function removedMessage(name, here, control) {
  if (!here) return { key: "devices.removed", params: { name: name } };
  return { key: control ? "devices.removedHereControlLink" : "devices.removedHere", params: { name: name } };
}

/**
 * The notices once the page knows whether it has the controls (`control`): "this phone is no longer paired" said
 * just before, while the control link the page was opened with keeps the controls, is told as that, not as view only.
 */
export function revokedNoticesOnControl(notices, control) {
  const error = notices.error;
  if (!control || !error || error.key !== "pairing.revoked") return notices;
  return Object.assign({}, notices, { error: null, success: Object.assign({}, error, { key: "pairing.revokedControlLink" }) });
}

/** The notices once this phone is paired again: "no longer paired" said before is over. */
export function revokedNoticesOnPaired(notices) {
  const revoked = (n) => n && (n.key === "pairing.revoked" || n.key === "pairing.revokedControlLink");
  if (!revoked(notices.error) && !revoked(notices.success)) return notices;
  return Object.assign({}, notices, { error: revoked(notices.error) ? null : notices.error,
    success: revoked(notices.success) ? null : notices.success });
}

/** The catalog key of what a phone calls itself, from its browser's user agent: "Android phone", "iPhone", … */
export function deviceNameKey(agent) {
  const text = String(agent || "");
  if (/iPhone/.test(text)) return "pairing.name.iphone";
  if (/iPad/.test(text)) return "pairing.name.ipad";
  if (/Android/.test(text)) return /Mobile/.test(text) ? "pairing.name.androidPhone" : "pairing.name.androidTablet";
  if (/Macintosh/.test(text)) return "pairing.name.mac";
  if (/Windows/.test(text)) return "pairing.name.windows";
  return "pairing.name.browser";
}
