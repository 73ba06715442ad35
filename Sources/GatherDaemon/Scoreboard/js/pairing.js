// A phone that stays the organiser's. A pairing link (http://HOST:PORT/#pair=CODE, from web.pair) brings a code that
// the router takes out of the address bar and puts in the store; on the next connection it is exchanged once for a
// credential of this phone's own (web.pairDevice), kept in localStorage and presented with auth.token on every
// connection, so that a new tab, a bookmark or the installed app opens with the controls. A phone the organiser
// removed is told so and watches only.

import { deviceNameKey, refusalMessage } from "./pairingrules.js";

const CREDENTIAL_KEY = "gatherd.device";
const DEVICE_KEY = "gatherd.deviceId";

/** The pairing of this phone over `store` and the connection `rpc`, with `storage` (localStorage) keeping the
 * credential; `languageReady` resolves once the page's language is known (the phone names itself in it). Where
 * storage is refused (some private modes), the credential lasts as long as the tab. */
export function createPairing(store, rpc, storage, languageReady) {
  let memory = null;

  function stored(key) {
    try { return storage.getItem(key) || null; } catch (error) { return null; }
  }

  function keep(credential, device) {
    memory = credential;
    try {
      storage.setItem(CREDENTIAL_KEY, credential);
      storage.setItem(DEVICE_KEY, String(device.id));
    } catch (error) { /* this tab only */ }
  }

  function forget() {
    memory = null;
    try { storage.removeItem(CREDENTIAL_KEY); storage.removeItem(DEVICE_KEY); } catch (error) { /* nothing kept */ }
  }

  async function exchange(code, isCurrent) {
    await languageReady;
    const t = store.getState().lang.t;
    try {
      const paired = await rpc.call("web.pairDevice", { code: code, name: t(deviceNameKey(navigator.userAgent)) });
      keep(paired.credential, paired.device);
      store.dispatch({ type: "pairing/paired", device: { id: paired.device.id, name: paired.device.name } });
      store.dispatch({ type: "notice", tone: "success", key: "pairing.paired", params: { name: paired.device.name },
        cause: "pairing" });
    } catch (error) {
      // No answer: the code waits for the next connection.
      if (!error || error.code === 0 || !isCurrent()) return;
      store.dispatch({ type: "pairing/refused" });
      const message = refusalMessage(error);
      store.dispatch({ type: "notice", tone: "error", key: message.key, params: message.params, cause: "pairing" });
    }
  }

  return {
    /** This phone's device id, when it is paired. */
    deviceId() {
      const id = Number(stored(DEVICE_KEY));
      return Number.isInteger(id) && id > 0 ? id : null;
    },

    /**
     * On each connection, first: a pairing link's code still to exchange is exchanged (once: a refusal ends it; a
     * lost connection leaves it for the next), then this phone's credential is presented. Resolves once control is
     * known; rejects, as the control token does, when the daemon checked nothing (too many wrong tries), so that the
     * next connection tries again.
     */
    async present(isCurrent) {
      const code = store.getState().pairing.code;
      if (code) await exchange(code, isCurrent);
      const credential = memory || stored(CREDENTIAL_KEY);
      if (!credential || !isCurrent()) return;
      try {
        const result = await rpc.call("auth.token", { token: credential });
        if (!isCurrent()) return;
        store.dispatch({ type: "control", control: !!(result && result.control) });
      } catch (error) {
        if (!isCurrent()) return;
        store.dispatch({ type: "control", control: false });
        if (!error || error.code !== -32003) throw error;
        if (error.data && error.data.reason === "too_many_attempts") {
          store.dispatch({ type: "notice", tone: "error", key: "error.too_many_attempts", cause: "pairing" });
          throw error;
        }
        forget();
        store.dispatch({ type: "pairing/revoked" });
        store.dispatch({ type: "notice", tone: "error", key: "pairing.revoked", cause: "pairing" });
      }
    },
  };
}
