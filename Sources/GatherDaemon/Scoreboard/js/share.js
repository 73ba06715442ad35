// The share view: a QR code of the page's view-only address, to scan at the touchline. The daemon knows
// the address people use (--public-url, or this machine's LAN addresses, never 0.0.0.0) and draws each code with
// libqrencode (web.share); the page shows them, its own address first when it is one of them.

import * as rpc from "./connection.js";

let dialog = null, list = null, note = null;

/** Sets the share button and its dialog up. */
export function setUpShare(els) {
  dialog = els.dialog;
  list = els.list;
  note = els.note;
  els.open.addEventListener("click", open);
  els.close.addEventListener("click", () => dialog.close());
}

function show(text) {
  note.hidden = !text;
  note.textContent = text || "";
}

async function open() {
  list.replaceChildren();
  show("Asking gatherd for its address…");
  dialog.showModal();
  let result;
  try {
    result = await rpc.call("web.share");
  } catch (error) {
    show((error && error.message) || "gatherd did not answer.");
    return;
  }
  const here = location.origin + location.pathname;
  const links = (result.links || []).slice().sort((a, b) => (b.url === here) - (a.url === here));
  list.replaceChildren(...links.map(figure));
  show(result.note || "");
}

function figure(link) {
  const item = document.createElement("figure");
  item.className = "share-link";
  item.dataset.testid = "share-link";
  if (link.qr) {
    const image = document.createElement("img");
    image.dataset.testid = "share-qr";
    image.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(link.qr);
    image.alt = "QR code of " + link.url;
    item.append(image);
  }
  const caption = document.createElement("figcaption");
  caption.dataset.testid = "share-url";
  caption.textContent = link.url;
  item.append(caption);
  return item;
}
