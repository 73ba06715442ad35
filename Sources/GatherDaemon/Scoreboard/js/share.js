// The share view (docs/scoreboard.md "At the touchline" and "Organising from the phone"). For everyone, a QR code
// of the page's view-only address: the daemon knows the address people use and draws each code (web.share). On the
// control page also each open plan's sign-up link (plan.link) with a ready message for the group chat, kept up to
// date as players answer; the plans' calendar feed (plan.calendarLink); and the control link, only when asked for
// twice, so that it is never held up at the pitch by mistake.

import { $, h, mountTree, setText, show } from "./dom.js";
import { translate } from "./status.js";
import { copyText } from "./clipboard.js";
import { ask } from "./dialogs.js";

// The view's markup, made when it is first opened; its words come from the catalog (data-i18n).
const shareMarkup = ["dialog", {class: "share", "data-testid": "dialog-share", id: "dialog-share", "aria-labelledby": "share-title"},
  ["h2", {id: "share-title"}],
  ["div", {class: "share-choices", role: "group", "data-i18n-attr": "aria-label:share.what", "data-testid": "share-choices", id: "share-choices", hidden: ""}],
  ["p", {class: "share-note", "data-testid": "share-note", id: "share-note", hidden: ""}],
  ["div", {class: "share-links", "data-testid": "share-links", id: "share-links"}],
  ["p", {class: "share-message", "data-testid": "share-message", id: "share-message", hidden: ""}],
  ["div", {class: "share-actions", "data-testid": "share-actions", id: "share-actions", hidden: ""},
    ["button", {type: "button", class: "primary", "data-testid": "btn-share-send", id: "btn-share-send", "data-i18n": "share.send", hidden: ""}],
    ["button", {type: "button", "data-testid": "btn-copy-message", id: "btn-copy-message", "data-i18n": "share.copyMessage"}],
    ["button", {type: "button", "data-testid": "btn-copy-link", id: "btn-copy-link", "data-i18n": "share.copyLink"}]],
  ["div", {class: "actions"},
    ["button", {type: "button", class: "quiet", "data-testid": "btn-control-link", id: "btn-control-link", "data-i18n": "share.controlLink", hidden: ""}],
    ["button", {type: "button", "data-testid": "share-close", id: "share-close", "data-i18n": "common.close"}]]];

/** The open plans, soonest first. */
export function sortedPlans(plans) {
  return Object.values(plans).sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.id - b.id);
}

/** "Football on Thu 3 Dec, 19:00 at Astro 2: 4 of 10 places left. Bring both shirts." in the page's language. */
export function signUpMessage(plan, t, f) {
  const left = plan.placesLeft;
  const room = left > 0 ? t("share.placesLeft", { count: left, capacity: plan.capacity })
    : plan.waiting.length ? t("share.fullWaiting", { count: plan.waiting.length }) : t("share.full");
  const note = plan.note ? " " + plan.note + (/[.!?]$/.test(plan.note) ? "" : ".") : "";
  const when = f.wall(plan.startsAtLocal);
  return (plan.place ? t("share.footballAt", { when, place: plan.place }) : t("share.football", { when })) +
    ": " + room + "." + note;
}

/** The share view of `app`: `open(choice)` with "watch", a plan's id, "calendar"; `shareSignUp(plan, text)`
 * opens it on a plan's link, with `text` as its ready message when given (a reminder's). */
export function createShare(app) {
  const { store, rpc } = app;
  const dialog = mountTree(document.body, shareMarkup);
  translate(dialog, store.getState().lang.t);
  const view = {
    title: $("share-title"), choices: $("share-choices"), note: $("share-note"), links: $("share-links"),
    message: $("share-message"), actions: $("share-actions"), send: $("btn-share-send"),
    copyMessage: $("btn-copy-message"), copyLink: $("btn-copy-link"), control: $("btn-control-link"),
  };
  const tr = () => store.getState().lang.t;
  const set = (patch) => store.dispatch({ type: "view", view: "share", patch: patch });

  async function fetchContent(choice) {
    if (choice === "watch") {
      const result = await rpc.call("web.share");
      const here = location.origin + location.pathname;
      const links = (result.links || []).slice().sort((a, b) => (b.url === here) - (a.url === here));
      return { links: links, note: result.note || null };
    }
    if (choice === "control") {
      const result = await rpc.call("web.link", { qr: true });
      return { links: [{ url: result.url, qr: result.qr }], note: null };
    }
    if (choice === "calendar") {
      const result = await rpc.call("plan.calendarLink", { qr: true });
      return { links: [{ url: result.url, qr: (result.qr || [])[0] }], note: result.note || null };
    }
    const result = await rpc.call("plan.link", { plan: choice, qr: true });
    return { links: [{ url: result.url, qr: (result.qr || [])[0] }], note: result.note || null };
  }

  function show(choice) {
    set({ choice: choice, content: null, failed: null });
    store.load("share", () => fetchContent(choice).catch((error) => ({ error: error })),
      (content) => ({ type: "view", view: "share", patch: content.error ? { failed: content.error } : { content: content } }));
  }

  function open(choice, reminder) {
    if (!dialog.open) dialog.showModal();
    set({ reminder: reminder || null });
    show(choice);
  }

  dialog.addEventListener("close", () => store.dispatch({ type: "view", view: "share", patch: null }));
  $("share-close").addEventListener("click", () => dialog.close());
  view.choices.addEventListener("click", (event) => {
    const b = event.target.closest("button[data-choice]");
    if (b) show(["watch", "calendar"].includes(b.dataset.choice) ? b.dataset.choice : Number(b.dataset.choice));
  });
  const shown = () => shareData(store.getState(), tr());
  view.send.addEventListener("click", () => {
    const data = shown();
    if (data) navigator.share({ title: data.title, text: data.text, url: data.url }).catch(() => { /* dismissed */ });
  });
  view.copyMessage.addEventListener("click", () => { const d = shown(); if (d) copyText(withLink(d), view.copyMessage, dialog, tr()); });
  view.copyLink.addEventListener("click", () => { const d = shown(); if (d) copyText(d.url, view.copyLink, dialog, tr()); });
  view.control.addEventListener("click", async () => {
    const t = tr();
    if (!(await ask(t, t("share.controlAsk1"), t("share.controlAsk1Text"), t("share.controlAsk1Ok")))) return;
    if (await ask(t, t("share.controlAsk2"), t("share.controlAsk2Text"), t("share.controlAsk2Ok"))) show("control");
  });

  store.watch((s) => [s.views.share, s.lists.plans, s.connection.control, s.lang], (_, s) => {
    const share = s.views.share;
    if (!share) { view.links.replaceChildren(); delete view.links.dataset.shown; return; }
    render(view, s, share);
  });

  return { open: (choice) => open(choice), shareSignUp: (plan, text) => open(plan.id, text ? { plan: plan.id, text } : null) };
}

const withLink = (data) => (data.text ? data.text + " " + data.url : data.url);

/** What the buttons share now: {url, title, text}, from the link loaded and, for a plan, the plan as it is now. */
function shareData(s, t) {
  const share = s.views.share;
  if (!share || !share.content || !share.content.links.length) return null;
  const url = share.content.links[0].url, f = s.lang.f;
  if (share.choice === "watch") return { url: url, title: t("share.watchTitle"), text: t("share.watchText") };
  if (share.choice === "control") return { url: url, text: "" };
  if (share.choice === "calendar") return { url: url, title: t("share.calendarTitle"), text: t("share.calendarText") };
  const plan = s.lists.plans[share.choice];
  if (!plan) return null;
  const reminder = share.reminder && share.reminder.plan === plan.id ? share.reminder.text : null;
  const ask = plan.placesLeft > 0 ? t("share.askIn") : t("share.askWaiting");
  return { url: url, title: t("share.planTitle", { when: f.wall(plan.startsAtLocal) }),
    text: (reminder || signUpMessage(plan, t, f)) + " " + ask };
}

/** Why phones cannot open the links gatherd gave (it said so in its note): a listener on this machine's loopback
 * address alone, or a machine with no network; the words say what the server's owner can do. */
function unreachable(content, t) {
  const url = new URL(content.links[0] ? content.links[0].url : location.href);
  const loopback = /^(127\.|\[::1\]$|localhost$)/.test(url.hostname);
  return loopback ? t("share.noteLoopback", { host: url.hostname, port: url.port || "80" }) : t("share.noteNoNetwork");
}

/** A link's QR code, with the link under it unless `caption` is false (the ready message shows it). */
function figure(link, kind, caption, t) {
  const testid = (part) => (kind === "share" ? "share-" + part : kind + "-" + part);
  const item = h("figure", { className: "share-link " + kind, dataset: { testid: kind === "share" ? "share-link" : kind + "-link" } });
  if (link.qr) {
    item.append(h("img", { dataset: { testid: testid("qr") }, alt: t("share.qrOf", { url: link.url }),
      src: "data:image/svg+xml;charset=utf-8," + encodeURIComponent(link.qr) }));
  }
  if (caption) item.append(h("figcaption", { dataset: { testid: testid("url") } }, link.url));
  return item;
}

function render(view, s, share) {
  const t = s.lang.t, f = s.lang.f, choice = share.choice;
  const plans = sortedPlans(s.lists.plans);
  const days = plans.map((p) => f.wallDay(p.startsAtLocal));
  const options = s.connection.control ? [["watch", t("share.choiceWatch")],
    ...plans.map((p, i) => [String(p.id), days.indexOf(days[i]) !== days.lastIndexOf(days[i]) ? f.wall(p.startsAtLocal) : days[i]]),
    ["calendar", t("share.choiceCalendar")]] : [];
  view.choices.hidden = options.length < 2 && choice !== "control";
  view.choices.replaceChildren(...options.map(([value, label]) => h("button", { type: "button", className: "chip",
    dataset: { choice: value, testid: "share-choice-" + value }, attrs: { "aria-pressed": String(String(choice) === value) } }, label)));
  show(view.control, s.connection.control && choice !== "control");
  const plan = typeof choice === "number" ? s.lists.plans[choice] : null;
  const reminder = share.reminder && plan && share.reminder.plan === plan.id;
  setText(view.title, choice === "watch" ? t("share.watchHeading") : choice === "control" ? t("share.controlHeading")
    : choice === "calendar" ? t("share.calendarHeading")
    : plan ? t(reminder ? "share.reminderHeading" : "share.planHeading", { when: f.wall(plan.startsAtLocal) }) : t("share.planGone"));
  const content = share.content;
  const note = share.failed ? t(share.failed.code === 0 ? "error.offline" : "error.general")
    : !content ? t("share.asking") : choice === "control" ? t("share.controlNote") : content.note ? unreachable(content, t) : "";
  setText(view.note, note);
  show(view.note, !!note);
  const data = shareData(s, t);
  const kind = choice === "watch" ? "share" : choice === "control" ? "control" : choice === "calendar" ? "calendar" : "signup";
  const figures = content ? content.links.map((link) => figure(link, kind, kind === "share" || kind === "control", t)) : [];
  if (view.links.dataset.shown !== JSON.stringify([choice, !!content])) {
    view.links.replaceChildren(...figures);
    view.links.dataset.shown = JSON.stringify([choice, !!content]);
  }
  const preview = !!data && !!data.text && choice !== "watch";
  show(view.message, preview);
  setText(view.message, preview ? withLink(data) : "");
  show(view.actions, !!data);
  show(view.send, !!data && typeof navigator.share === "function" && !!data.text);
  show(view.copyMessage, preview);
}
