// The share view (docs/scoreboard.md "At the touchline" and "Organising from the phone"). For everyone, a QR code
// of the page's view-only address: the daemon knows the address people use (--public-url, or this machine's LAN
// addresses, never 0.0.0.0) and draws each code with libqrencode (web.share). On the control page also each open
// plan's sign-up link (plan.link), with a ready message for the group chat to send with the phone's share sheet
// or copy; the plans' calendar feed (plan.calendarLink), which the group subscribes to as it gets the sign-up links;
// and the control link, but only when asked for twice, so that it is never held up at the pitch by mistake.

import { state } from "./board.js";
import { call } from "./connection.js";
import { confirmAction } from "./controls.js";
import { dayText, whenText } from "./plans.js";

const $ = (id) => document.getElementById(id);
const view = {
  dialog: $("dialog-share"), title: $("share-title"), choices: $("share-choices"), note: $("share-note"),
  links: $("share-links"), message: $("share-message"), actions: $("share-actions"), send: $("btn-share-send"),
  copyMessage: $("btn-copy-message"), copyLink: $("btn-copy-link"), control: $("btn-control-link"),
};

let choice = "watch";   // "watch", a plan's id, "calendar" or "control"
let message = null;     // a ready message other than the sign-up's, for a plan: {plan, text} (a reminder's)
let shown = null;       // what the buttons share: {url, title, text}
let opens = 0;          // the latest choice wins

/** Sets the share button and its dialog up. */
export function setUpShare(els) {
  els.open.addEventListener("click", () => open("watch"));
  els.close.addEventListener("click", () => view.dialog.close());
  view.dialog.addEventListener("close", () => { shown = null; message = null; view.links.replaceChildren(); });
  view.choices.addEventListener("click", (event) => {
    const b = event.target.closest("button[data-choice]");
    const named = b && ["watch", "calendar"].includes(b.dataset.choice);
    if (b) show(named ? b.dataset.choice : Number(b.dataset.choice));
  });
  view.send.addEventListener("click", send);
  view.copyMessage.addEventListener("click", () => shown && copy(messageWithLink(shown), view.copyMessage));
  view.copyLink.addEventListener("click", () => shown && copy(shown.url, view.copyLink));
  view.control.addEventListener("click", askForControlLink);
}

/** Opens the share view on a plan's sign-up link (after the plan is made, or from its "Share link"); `text`, when
 * given, is the ready message instead of the sign-up's (a reminder's: reminders.js). */
export function shareSignUp(plan, text) {
  message = text ? { plan: plan.id, text: text } : null;
  open(plan.id);
}

function open(what) {
  if (!view.dialog.open) view.dialog.showModal();
  show(what);
}

function note(text) {
  view.note.hidden = !text;
  view.note.textContent = text || "";
}

/** The open plans, soonest first. */
function plans() {
  return [...state.plans.values()].sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.id - b.id);
}

/** Each plan's choice label: its day, and its time too when another plan is on the same day. */
function choiceLabels(shown) {
  const days = shown.map(dayText);
  return shown.map((p, i) => (days.indexOf(days[i]) !== days.lastIndexOf(days[i]) ? whenText(p) : days[i]));
}

function renderChoices() {
  const shown = plans(), labels = choiceLabels(shown);
  const options = state.control
    ? [["watch", "Watch"], ...shown.map((p, i) => [String(p.id), labels[i]]), ["calendar", "Calendar"]] : [];
  view.choices.hidden = options.length < 2 && choice !== "control";
  view.choices.replaceChildren(...options.map(([value, label]) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "chip";
    b.dataset.choice = value;
    b.dataset.testid = "share-choice-" + value;
    b.setAttribute("aria-pressed", String(choice) === value ? "true" : "false");
    b.textContent = label;
    return b;
  }));
  view.control.hidden = !state.control || choice === "control";
}

async function show(what) {
  const mine = ++opens;
  choice = what;
  shown = null;
  renderChoices();
  view.links.replaceChildren();
  view.message.hidden = true;
  view.actions.hidden = true;
  note("Asking gatherd for its address\u2026");
  try {
    const content = what === "watch" ? await watchLinks() : what === "control" ? await controlLink()
      : what === "calendar" ? await calendarLink() : await signUpLink(what);
    if (mine !== opens) return;
    view.title.textContent = content.title;
    view.links.replaceChildren(...content.figures);
    note(content.note);
    shown = content.share;
    // A sign-up link's ready message is shown, to copy or send; the watch link's caption says enough.
    const preview = !!shown && !!shown.text && what !== "watch";
    view.message.hidden = !preview;
    view.message.textContent = preview ? messageWithLink(shown) : "";
    view.actions.hidden = !shown;
    view.send.hidden = !shown || typeof navigator.share !== "function" || !shown.text;
    view.copyMessage.hidden = !preview;
  } catch (error) {
    if (mine === opens) note((error && error.message) || "gatherd did not answer.");
  }
}

async function watchLinks() {
  const result = await call("web.share");
  const here = location.origin + location.pathname;
  const links = (result.links || []).slice().sort((a, b) => (b.url === here) - (a.url === here));
  return {
    title: "Scan to watch the match", figures: links.map((link) => figure(link.url, link.qr, "share")),
    note: result.note, share: links.length ? { url: links[0].url, title: "Scoreboard", text: "Follow the match live:" } : null,
  };
}

/** "Football on Thu 3 Dec, 19:00 at Astro 2: 4 of 10 places left. Bring both shirts." */
export function signUpMessage(plan) {
  const left = plan.placesLeft;
  const room = left > 0 ? left + " of " + plan.capacity + (left === 1 ? " place left" : " places left")
    : "full, " + (plan.waiting.length ? plan.waiting.length + " waiting" : "but someone may drop out");
  const note = plan.note ? " " + plan.note + (/[.!?]$/.test(plan.note) ? "" : ".") : "";
  return "Football on " + whenText(plan) + (plan.place ? " at " + plan.place : "") + ": " + room + "." + note;
}

async function signUpLink(id) {
  const plan = state.plans.get(id);
  if (!plan) throw { message: "That plan is no longer open." };
  const result = await call("plan.link", { plan: id, qr: true });
  const ask = plan.placesLeft > 0 ? " Say if you're in:" : " Join the waiting list:";
  const text = (message && message.plan === id ? message.text : signUpMessage(plan)) + ask;
  return {
    title: (message && message.plan === id ? "Reminder for " : "Sign-up for ") + whenText(plan),
    figures: [figure(result.url, (result.qr || [])[0], "signup", false)],
    note: result.note, share: { url: result.url, title: "Football " + whenText(plan), text: text },
  };
}

/** The plans' calendar feed, for the group as the sign-up links are: every open plan in their calendar app, kept up
 * to date. The ready message shows the link, and the figure its QR code (plan.calendarLink {qr}). */
async function calendarLink() {
  const result = await call("plan.calendarLink", { qr: true });
  const text = "Our games in your calendar, kept up to date: add this link to your calendar app as a subscription " +
    "(Google Calendar: Other calendars, From URL):";
  return {
    title: "Every game in your calendar", figures: [figure(result.url, (result.qr || [])[0], "calendar", false)],
    note: result.note,
    share: { url: result.url, title: "Football calendar", text: text },
  };
}

async function askForControlLink() {
  const first = await confirmAction("Show the control link?",
    "Whoever scans or gets it can run the match: the clock, the score and the plans. It is for a co-referee, " +
    "never for the group chat.", "Show it");
  if (!first) return;
  const second = await confirmAction("Really show it on this screen?",
    "Make sure only your co-referee can see this screen: no screenshots, no group chat.", "Yes, show the control link");
  if (second) show("control");
}

async function controlLink() {
  const result = await call("web.link", { qr: true });
  return {
    title: "Control link: keep it to yourselves", figures: [figure(result.url, result.qr, "control")],
    note: "This link controls the match. Close this view as soon as it is scanned.", share: { url: result.url, text: "" },
  };
}

/** A link's QR code, with the link under it unless `caption` is false (the ready message shows it). */
function figure(url, qr, kind, caption = true) {
  const item = document.createElement("figure");
  item.className = "share-link " + kind;
  item.dataset.testid = kind === "share" ? "share-link" : kind + "-link";
  if (qr) {
    const image = document.createElement("img");
    image.dataset.testid = kind === "share" ? "share-qr" : kind + "-qr";
    image.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(qr);
    image.alt = "QR code of " + url;
    item.append(image);
  }
  if (!caption) return item;
  const text = document.createElement("figcaption");
  text.dataset.testid = kind === "share" ? "share-url" : kind + "-url";
  text.textContent = url;
  item.append(text);
  return item;
}

const messageWithLink = (content) => (content.text ? content.text + " " + content.url : content.url);

async function send() {
  if (!shown) return;
  try {
    await navigator.share({ title: shown.title, text: shown.text, url: shown.url });
  } catch (error) {
    // Dismissed, or refused: the copy buttons are there.
  }
}

/** Copies `text`: the Clipboard API where the page is a secure context, else a selected text area. */
async function copy(text, button) {
  let copied = false;
  try {
    if (navigator.clipboard && window.isSecureContext) { await navigator.clipboard.writeText(text); copied = true; }
  } catch (error) { copied = false; }
  if (!copied) {
    const area = document.createElement("textarea");
    area.className = "copy-buffer";
    area.value = text;
    area.setAttribute("readonly", "");
    view.dialog.append(area);
    area.select();
    try { copied = document.execCommand("copy"); } catch (error) { copied = false; }
    area.remove();
  }
  const label = button.dataset.label || button.textContent;
  button.dataset.label = label;
  button.textContent = copied ? "Copied" : "Copy it from above";
  setTimeout(() => { button.textContent = label; }, 2000);
}
