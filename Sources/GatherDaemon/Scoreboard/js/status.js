// The page's frame, drawn from the store: the header's online/offline and view only/control, the notices (an error
// as role=alert, a success as role=status, each gone once its cause ended), the commands still pending, which of
// the page's views shows, the page's title and language, and the markup's own words in that language.

import { $, choose, h, setText, show } from "./dom.js";
import { LANGUAGES } from "./i18n.js";

/** Puts the catalog's words into the markup under `root`: `data-i18n="last.title"` sets the text, `data-i18n-attr=
 * "aria-label:board.label;title:table.wins"` attributes. */
export function translate(root, t) {
  for (const node of root.querySelectorAll("[data-i18n]")) setText(node, t(node.dataset.i18n));
  for (const node of root.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of node.dataset.i18nAttr.split(";")) {
      const [name, key] = pair.split(":");
      if (name && key && node.getAttribute(name) !== t(key)) node.setAttribute(name, t(key));
    }
  }
}

/** A notice's words: its params may themselves be messages ({key, params}), translated first. */
export function noticeText(notice, t) {
  const params = {};
  for (const [name, value] of Object.entries(notice.params || {})) {
    params[name] = value && typeof value === "object" && value.key ? t(value.key, value.params) : value;
  }
  return t(notice.key, params);
}

function modeKey(s) {
  if (s.connection.control) return "mode.control";
  const link = s.lists.link;
  return s.route.view === "signup" && link && link.signUp && !link.signUp.closed ? "mode.signup" : "mode.view";
}

/** The language chooser: a dialog of the languages, each in its own words, made when first opened. Resolves with the
 * tag picked, or null. */
function chooseLanguage(current, t) {
  const dialog = $("dialog-language") || document.body.appendChild(h("dialog", { className: "languages", id: "dialog-language",
    dataset: { testid: "dialog-language" }, attrs: { "aria-labelledby": "language-title" } },
    h("h2", { id: "language-title" }), h("div", { className: "choices", id: "language-choices", attrs: { role: "group" } },
      LANGUAGES.map((l) => h("button", { type: "button", lang: l.tag, dataset: { testid: "language-" + l.tag, tag: l.tag } }, l.name))),
    h("div", { className: "actions" }, h("button", { type: "button", id: "language-cancel" }))));
  $("language-title").textContent = t("language.label");
  $("language-cancel").textContent = t("common.cancel");
  for (const b of $("language-choices").children) b.setAttribute("aria-pressed", String(b.dataset.tag === current));
  return choose(dialog, $("language-choices"), $("language-cancel"), (b) => b.dataset.tag,
    $("language-choices").querySelector('[aria-pressed="true"]'));
}

/** Draws the frame from `store`; `choose(tag)` is called when a language is picked on the page. */
export function mountStatus(store, pick) {
  const el = { status: $("status"), mode: $("mode"), error: $("notice"), success: $("notice-success"),
    pending: $("pending"), board: $("board"), noGather: $("no-gather"), language: $("language") };
  el.language.addEventListener("click", async () => {
    const s = store.getState();
    const tag = await chooseLanguage(s.lang.tag, s.lang.t);
    if (tag && tag !== s.lang.tag) pick(tag);
  });

  store.watch((s) => [s.connection, s.lists.link, s.route, s.lang], (_, s) => {
    const t = s.lang.t, online = s.connection.status === "online";
    document.body.classList.toggle("offline", !online);
    el.status.dataset.state = s.connection.status === "connecting" ? "connecting" : online ? "online" : "offline";
    setText(el.status, t(online ? "status.online" : s.connection.status === "connecting" ? "status.connecting" : "status.offline"));
    setText(el.mode, t(modeKey(s)));
  });

  store.watch((s) => [s.notices, s.lang], ([notices], s) => {
    for (const tone of ["error", "success"]) {
      const notice = notices[tone], node = el[tone];
      setText(node, notice ? noticeText(notice, s.lang.t) : "");
      show(node, !!notice);
    }
  });

  store.watch((s) => [s.queue, s.connection.status, s.lang], ([queue, status], s) => {
    const t = s.lang.t;
    el.pending.replaceChildren(...queue.filter((c) => c.label).map((c) => h("li", {
      dataset: { testid: "pending-command", state: c.sending ? "sending" : "waiting" } },
      t(c.sending ? "pending.sending" : status === "online" ? "pending.waiting" : "pending.offline",
        { what: t(c.label.key, c.label.params) }))));
    show(el.pending, el.pending.childElementCount > 0);
  });

  store.watch((s) => [s.route.view, s.match.gather === null, s.lang], ([view, none], s) => {
    const t = s.lang.t;
    document.body.classList.toggle("signing-up", view !== "board");
    show(el.board, view === "board" && !none);
    show(el.noGather, view === "board" && none);
    document.title = t(view === "signup" ? "title.signup" : view === "vote" ? "title.vote" : "title.board");
  });

  store.watch((s) => s.lang, (lang) => {
    document.documentElement.lang = lang.tag;
    // The chip says the language in two letters; its name says which, in that language.
    setText(el.language, lang.tag.slice(0, 2).toUpperCase());
    el.language.setAttribute("aria-label", lang.t("language.current", { name: LANGUAGES.find((l) => l.tag === lang.tag).name }));
    translate(document, lang.t);
  });
}
