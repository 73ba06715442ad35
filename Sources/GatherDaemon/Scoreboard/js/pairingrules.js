// A phone paired as the organiser's, as rules with no browser in them: the state of its pairing in the store (a
// pairing link's code still to exchange; paired on this visit; revoked), what a refused exchange says, and what the
// phone calls itself when the organiser gave it no name.

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
