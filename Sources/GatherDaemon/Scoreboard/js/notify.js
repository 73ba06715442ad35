// "Tell this phone" on the sign-up view (docs/scoreboard.md "Phones told"): the player's phone subscribes to Web
// Push with gatherd's key (push.key) and hands its subscription to gatherd (push.subscribe, through the link's
// code), so that it hears when a place is theirs or offered, the teams, the vote and what they owe, in the
// phone's language. Only where a phone can: a secure page (https, or this machine) with a service worker and the
// Push API; iPhones only from the app added to the Home Screen.

/** Whether this page can ask for pushes at all. */
export const pushSupported = () =>
  typeof window !== "undefined" && window.isSecureContext && "serviceWorker" in navigator && "PushManager" in window &&
  typeof Notification !== "undefined";

/** base64url (gatherd's key) as the bytes PushManager.subscribe takes. */
export function keyBytes(base64url) {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((base64url.length + 3) % 4);
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

/** How long the browser's push service may take to give a subscription before the phone is told it cannot. */
const SUBSCRIBE_PATIENCE_MS = 15000;

/** `promise`, or a rejection once SUBSCRIBE_PATIENCE_MS passed: a browser whose push service cannot be reached may
 *  never answer. */
const withinTime = (promise) => Promise.race([promise, new Promise((_, reject) =>
  setTimeout(() => reject(new Error("no answer from the push service")), SUBSCRIBE_PATIENCE_MS))]);

/** Subscribes this phone for `player` of `plan`, in `language`. Resolves to "on", or "blocked" when the phone's
 *  owner refused notifications; rejects when the phone or its push service cannot. */
export async function tellThisPhone(rpc, plan, player, language) {
  const permission = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
  if (permission !== "granted") return "blocked";
  const { publicKey } = await rpc.call("push.key");
  const registration = await navigator.serviceWorker.ready;
  const subscription = (await registration.pushManager.getSubscription()) || (await withinTime(
    registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) })));
  const json = subscription.toJSON();
  await rpc.call("push.subscribe", { plan, player, language,
    subscription: { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } } });
  return "on";
}
