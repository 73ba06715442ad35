// The result to share (docs/scoreboard.md, "Sharing the result"): gather.report's message for the last ended
// gather, drawn as an image card on a canvas and handed to the phone's share sheet (Web Share API) as a picture
// with its text where the browser shares files, as the text otherwise, and copied where it cannot share at all.

import { state } from "./board.js";
import { call } from "./connection.js";
import { drawCard } from "./reportcard.js";

const $ = (id) => document.getElementById(id);
const view = {
  open: $("btn-share-result"), dialog: $("dialog-report"), card: $("report-card"), text: $("report-text"),
  status: $("report-status"), share: $("report-share"), copy: $("report-copy"), close: $("report-close"),
};

let report = null;   // gather.report's answer for the card shown
let file = null;     // the card as a PNG file, made when it is drawn (sharing must follow the tap at once)

function say(text) { view.status.textContent = text || ""; }

/** The card as a PNG File, or null where the canvas gives none. */
function cardFile() {
  return new Promise((resolve) => {
    view.card.toBlob((blob) => {
      resolve(blob ? new File([blob], "result-" + report.gather + ".png", { type: "image/png" }) : null);
    }, "image/png");
  });
}

async function open() {
  const record = state.lastRecord;
  if (!record) return;
  report = null; file = null;
  say("Making the card\u2026");
  view.text.value = "";
  view.share.disabled = true;
  if (!view.dialog.open) view.dialog.showModal();
  try {
    report = await call("gather.report", { gather: record.id });
  } catch (error) {
    say((error && error.message) || "gatherd did not answer.");
    return;
  }
  drawCard(view.card, report);
  view.text.value = report.text;
  file = await cardFile();
  view.share.disabled = false;
  say("");
}

/** The share sheet with the card where files can be shared, with the text otherwise; a copy without either. */
async function share() {
  if (!report) return;
  const data = { title: report.scoreLine, text: report.text };
  const files = file ? [file] : [];
  try {
    if (files.length && navigator.canShare && navigator.canShare({ files })) {
      await navigator.share(Object.assign({ files }, data));
      say("Shared the card.");
    } else if (navigator.share) {
      await navigator.share(data);
      say("Shared the text.");
    } else {
      await copy();
    }
  } catch (error) {
    // Closing the share sheet is not a failure.
    say(error && error.name === "AbortError" ? "" : "The phone did not share it: copy the text instead.");
  }
}

/** Copies the message: the Clipboard API where the page may use it, else the selected text. */
async function copy() {
  if (!report) return;
  try {
    await navigator.clipboard.writeText(report.text);
  } catch (error) {
    view.text.focus();
    view.text.select();
    if (!document.execCommand || !document.execCommand("copy")) {
      say("Select the text and copy it.");
      return;
    }
  }
  say("Copied: paste it in the group's chat.");
}

/** Wires the share button of the last result and its dialog. */
export function setUpReport() {
  view.open.addEventListener("click", open);
  view.share.addEventListener("click", share);
  view.copy.addEventListener("click", copy);
  view.close.addEventListener("click", () => view.dialog.close());
}
