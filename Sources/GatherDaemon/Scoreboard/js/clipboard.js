// Copying a text for the group chat: the Clipboard API where the page is a secure context, else a selected text
// area and the browser's copy command (a page served over plain HTTP on a LAN has no Clipboard API).

/** Copies `text`, and says on `button` for two seconds whether it worked; `inside` holds the text area while it is
 * copied from (a modal dialog, so that the selection is inside it); `t` the translator. */
export async function copyText(text, button, inside, t) {
  let copied = false;
  try {
    if (navigator.clipboard && window.isSecureContext) { await navigator.clipboard.writeText(text); copied = true; }
  } catch (error) { copied = false; }
  if (!copied) {
    const area = document.createElement("textarea");
    area.className = "copy-buffer";
    area.value = text;
    area.setAttribute("readonly", "");
    inside.append(area);
    area.select();
    try { copied = document.execCommand("copy"); } catch (error) { copied = false; }
    area.remove();
  }
  const label = button.textContent;
  button.textContent = t(copied ? "share.copied" : "share.copyFromAbove");
  setTimeout(() => { button.textContent = label; }, 2000);
  return copied;
}
