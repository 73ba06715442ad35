// The result to share (docs/scoreboard.md, "Sharing the result"): gather.report for the last ended gather, drawn
// as an image card on a canvas and handed to the phone's share sheet (Web Share API) as a picture with its message
// where the browser shares files, as the message otherwise, and copied where it cannot share at all. The message
// is written in the page's language from the report's parts (reporttext.js).

import { $, mountTree } from "./dom.js";
import { drawCard } from "./reportcard.js";
import { reportScoreLine, reportText } from "./reporttext.js";
import { translate } from "./status.js";

const markup = ["dialog", {class: "report", "data-testid": "dialog-report", id: "dialog-report", "aria-labelledby": "report-title"},
  ["h2", {id: "report-title", "data-i18n": "last.share"}],
  ["canvas", {class: "report-card", "data-testid": "report-card", id: "report-card", width: "1080", height: "1080", role: "img", "data-i18n-attr": "aria-label:report.cardLabel"}],
  ["label", {class: "report-label", for: "report-text", "data-i18n": "report.message"}],
  ["textarea", {class: "report-text", "data-testid": "report-text", id: "report-text", rows: "5", readonly: ""}],
  ["p", {class: "report-status", role: "status", "data-testid": "report-status", id: "report-status"}],
  ["div", {class: "actions"},
    ["button", {type: "button", "data-testid": "report-close", id: "report-close", "data-i18n": "common.close"}],
    ["button", {type: "button", "data-testid": "report-copy", id: "report-copy", "data-i18n": "report.copy"}],
    ["button", {type: "button", class: "primary", "data-testid": "report-share", id: "report-share", "data-i18n": "report.share"}]]];

/** Wires the last result's "Share the result" and its dialog (made on first use). */
export function mountReport(app) {
  const { store, rpc } = app;
  let view = null;
  let shown = null;   // {report, text, file} of the card shown: the file is made when it is drawn, as sharing must
                      // follow the tap at once
  const t = () => store.getState().lang.t;
  const say = (key) => { view.status.textContent = key ? t()(key) : ""; };

  function make() {
    const dialog = mountTree(document.body, markup);
    translate(dialog, t());
    view = { dialog: dialog, card: $("report-card"), text: $("report-text"), status: $("report-status"), share: $("report-share") };
    $("report-close").addEventListener("click", () => dialog.close());
    $("report-copy").addEventListener("click", copy);
    view.share.addEventListener("click", share);
  }

  const cardFile = (report) => new Promise((resolve) => view.card.toBlob((blob) =>
    resolve(blob ? new File([blob], "result-" + report.gather + ".png", { type: "image/png" }) : null), "image/png"));

  async function open() {
    const record = store.getState().lists.lastRecord;
    if (!record) return;
    if (!view) make();
    shown = null;
    say("report.making");
    view.text.value = "";
    view.share.disabled = true;
    if (!view.dialog.open) view.dialog.showModal();
    const report = await store.load("report", () => rpc.call("gather.report", { gather: record.id }).catch((error) => ({ error })));
    if (!report) return;
    if (report.error) { say(report.error.code === 0 ? "error.offline" : "error.general"); return; }
    const { lang } = store.getState();
    drawCard(view.card, report, lang.t, lang.f);
    const text = reportText(report, lang.t, lang.f);
    view.text.value = text;
    shown = { report: report, text: text, file: await cardFile(report) };
    view.share.disabled = false;
    say(null);
  }

  /** The share sheet with the card where files can be shared, with the text otherwise; a copy without either. */
  async function share() {
    if (!shown) return;
    const data = { title: reportScoreLine(shown.report, t()), text: shown.text };
    const files = shown.file ? [shown.file] : [];
    try {
      if (files.length && navigator.canShare && navigator.canShare({ files })) {
        await navigator.share(Object.assign({ files }, data));
        say("report.sharedCard");
      } else if (navigator.share) {
        await navigator.share(data);
        say("report.sharedText");
      } else {
        await copy();
      }
    } catch (error) {
      // Closing the share sheet is not a failure.
      say(error && error.name === "AbortError" ? null : "report.notShared");
    }
  }

  /** Copies the message: the Clipboard API where the page may use it, else the selected text. */
  async function copy() {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown.text);
    } catch (error) {
      view.text.focus();
      view.text.select();
      if (!document.execCommand || !document.execCommand("copy")) { say("report.selectToCopy"); return; }
    }
    say("report.copied");
  }

  $("btn-share-result").addEventListener("click", open);
}
