// The paired phones screen (docs/scoreboard.md "Phones that stay the organiser's"), at #devices on the control page:
// each phone paired with a pairing link, with when it was last seen, and "Remove", which ends its control at once
// (web.revoke) after a second tap to confirm; "Pair a phone" makes a one-time pairing link (web.pair) and shows its
// QR code for the other phone to scan. The list and the link are the view's own state in the store.

import { $, h, mountTree, setText, show } from "./dom.js";
import { openPanel } from "./panels.js";
import { removedMessage } from "./pairingrules.js";
import { translate } from "./status.js";

const isOpen = (s) => { const p = openPanel(s); return !!p && p.name === "devices"; };

const devicesView = ["section", {class: "setup devices", "data-testid": "devices", id: "devices", "aria-labelledby": "devices-title", hidden: ""},
  ["h2", {id: "devices-title", "data-i18n": "devices.title"}],
  ["p", {class: "roster-hint", "data-i18n": "devices.hint"}],
  ["ul", {class: "roster-list", "data-testid": "devices-list", id: "devices-list", "aria-live": "polite"}],
  ["p", {class: "roster-hint", "data-i18n": "devices.howToPair"}],
  ["div", {class: "share-links", "data-testid": "devices-pairing", id: "devices-pairing", "aria-live": "polite"}],
  ["div", {class: "actions"},
    ["button", {type: "button", "data-testid": "btn-devices-back", id: "btn-devices-back", "data-i18n": "common.back"}],
    ["button", {type: "button", class: "primary", "data-testid": "btn-pair-phone", id: "btn-pair-phone", "data-i18n": "devices.pair"}]]];

/** The pairing link's QR code, its words and the link itself. */
function pairingFigure(link, t, f) {
  return h("figure", { className: "share-link", dataset: { testid: "pairing-link" } },
    h("img", { dataset: { testid: "pairing-qr" }, alt: t("share.qrOf", { url: link.url }),
      src: "data:image/svg+xml;charset=utf-8," + encodeURIComponent(link.qr || "") }),
    h("figcaption", {}, h("p", { dataset: { testid: "pairing-how" } }, t("devices.pairHow", { when: f.moment(link.expiresAt) })),
      h("p", { dataset: { testid: "pairing-url" } }, link.url), link.note ? h("p", { className: "roster-hint" }, link.note) : ""));
}

function row(device, here, confirming, t, f) {
  const name = device.name + (here ? " " + t("devices.thisPhone") : "");
  const remove = h("button", { type: "button", className: confirming ? "danger" : "", dataset: { testid: "btn-remove-device-" + device.id,
    device: String(device.id) }, attrs: { "aria-label": t(confirming ? "devices.confirmWho" : "devices.removeWho", { name: device.name }) } },
  t(confirming ? "devices.confirm" : "devices.remove"));
  return h("li", { className: "roster-row", dataset: { testid: "device-" + device.id } },
    h("span", { className: "roster-name" }, name,
      h("span", { className: "money-owed" }, t("devices.lastSeen", { when: f.moment(device.lastSeen) }))), remove);
}

/** Sets the paired phones screen up for `app`; `panels` opens and closes the referee's views. */
export function mountDevices(app, panels) {
  const { store, rpc, commands } = app;
  const view = mountTree($("panels"), devicesView);
  translate(view, store.getState().lang.t);
  $("between-head").append(h("button", { type: "button", dataset: { testid: "btn-devices", i18n: "devices.open" },
    on: { click: () => panels.open("devices", null) } }, store.getState().lang.t("devices.open")));
  const patch = (values) => store.dispatch({ type: "view", view: "devices", patch: values });

  const load = () => store.load("devices", () => rpc.call("web.devices"), (result) => ({ type: "view", view: "devices",
    patch: { devices: (result && result.devices) || [] } })).catch((error) => commands.report(error));

  async function pair() {
    store.dispatch({ type: "notice/clear", cause: "action" });
    try {
      const link = await rpc.call("web.pair", { qr: true });
      patch({ pairing: { url: link.url, qr: link.qr, expiresAt: link.expiresAt, note: link.note || null } });
    } catch (error) {
      commands.report(error);
    }
  }

  async function remove(id) {
    const devices = (store.getState().views.devices || {}).devices || [];
    const device = devices.find((d) => d.id === id);
    if (!device) return;
    if ((store.getState().views.devices || {}).confirm !== id) { patch({ confirm: id }); return; }
    patch({ confirm: null });
    store.dispatch({ type: "notice/clear", cause: "action" });
    const here = !!app.pairing && app.pairing.deviceId() === id;
    try {
      // The credential stays stored: each of this phone's tabs is refused it on its next connection, forgets it and
      // says so (pairing.js).
      await rpc.call("web.revoke", { device: id });
      const message = removedMessage(device.name, here, store.getState().connection.control);
      store.dispatch({ type: "notice", tone: "success", key: message.key, params: message.params, cause: "action" });
    } catch (error) {
      // This phone's control was its pairing: the daemon ended the connection with it, and the next one says so.
      if (!(here && error && error.code === 0)) commands.report(error);
    }
    load();
  }

  $("devices-list").addEventListener("click", (event) => {
    const b = event.target.closest("button[data-device]");
    if (b) remove(Number(b.dataset.device));
  });
  $("btn-pair-phone").addEventListener("click", pair);
  $("btn-devices-back").addEventListener("click", () => { store.dispatch({ type: "notice/clear", cause: "action" }); panels.close(); });

  store.watch(isOpen, (open) => {
    show(view, open);
    if (open) store.dispatch({ type: "notice/clear", cause: "action" });
    else patch({ confirm: null, pairing: null });
  });
  store.watch((s) => [isOpen(s), s.connection.session], ([open, session]) => { if (open && session) load(); });
  store.watch((s) => [isOpen(s), s.views.devices, s.lang], ([open, own], s) => {
    if (!open) return;
    const t = s.lang.t, list = $("devices-list"), here = app.pairing ? app.pairing.deviceId() : null;
    const devices = (own && own.devices) || null;
    const focused = list.contains(document.activeElement) ? document.activeElement.dataset.testid : "";
    list.replaceChildren(...(devices || []).map((d) => row(d, d.id === here, own.confirm === d.id, t, s.lang.f)));
    if (devices && !devices.length) list.append(h("li", { className: "roster-empty", dataset: { testid: "devices-none" } }, t("devices.none")));
    if (focused) list.querySelector(`[data-testid="${focused}"]`)?.focus();
    const pairing = own && own.pairing;
    $("devices-pairing").replaceChildren(...(pairing ? [pairingFigure(pairing, t, s.lang.f)] : []));
    setText($("devices-title"), t("devices.title"));
  });
}
