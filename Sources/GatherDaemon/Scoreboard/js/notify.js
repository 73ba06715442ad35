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

/** How long the phone's service worker may take to start, and its browser's push service to give a subscription,
 *  before the phone is told it cannot: a worker that never activates, or a push service that cannot be reached,
 *  may never answer. */
export const PATIENCE_MS = 15000;

/** Why a phone could not be subscribed in time: `step` is "worker" (the page's service worker never became ready)
 *  or "push" (the push service did not answer). */
export class NoAnswerInTime extends Error {
  constructor(step) {
    super(step === "worker" ? "the service worker did not start" : "no answer from the push service");
    this.name = "NoAnswerInTime";
    this.step = step;
  }
}

/** The catalog key that tells the player why `error` kept this phone from being subscribed. */
export const notifyFailure = (error) =>
  error instanceof NoAnswerInTime ? (error.step === "worker" ? "signup.notifyNoWorker" : "signup.notifyNoPush")
    : "signup.notifyFailed";

/** `promise`, or a NoAnswerInTime for `step` once PATIENCE_MS passed. */
const withinTime = (promise, step) => {
  let timer;
  const late = new Promise((_, reject) => { timer = setTimeout(() => reject(new NoAnswerInTime(step)), PATIENCE_MS); });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
};

/** Subscribes this phone for `player` of `plan`, in `language`. Resolves to "on", or "blocked" when the phone's
 *  owner refused notifications; rejects when the phone or its push service cannot, with a NoAnswerInTime when
 *  either does not answer in time. */
export async function tellThisPhone(rpc, plan, player, language) {
  const permission = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
  if (permission !== "granted") return "blocked";
  const { publicKey } = await rpc.call("push.key");
  const registration = await withinTime(navigator.serviceWorker.ready, "worker");
  const subscription = (await registration.pushManager.getSubscription()) || (await withinTime(
    registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }), "push"));
  const json = subscription.toJSON();
  await rpc.call("push.subscribe", { plan, player, language,
    subscription: { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } } });
  return "on";
}
