// The referee's views between matches that take the place of "between matches" while open: starting a gather
// (setup.js), the plan form (planform.js) and the check-in (checkin.js). One of them at a time; each says whether
// it is open, and the between-matches view shows only while none is.

const panels = [];

/** Registers a view by what tells whether it is open, and what closes it. */
export function registerPanel(isOpen, close) {
  panels.push({ isOpen, close });
}

/** Closes every view but the one whose `isOpen` is `keep`, before that one opens. */
export function closeOtherPanels(keep) {
  for (const panel of panels) if (panel.isOpen !== keep && panel.isOpen()) panel.close();
}

/** Shows "between matches" unless one of the views is open in its place. */
export function renderPanels() {
  document.getElementById("between").hidden = panels.some((panel) => panel.isOpen());
}

/** Remembers the focused element, the button that opens a view, and returns what gives focus back to it once the
 * view closes: the same button found again by its id or test id, as the plans' cards are drawn anew; else the
 * element with the id `fallback`, if any. */
export function focusReturn(fallback) {
  const opener = document.activeElement;
  const id = opener && opener.id, testid = opener && opener.dataset ? opener.dataset.testid : "";
  return () => {
    const found = (id && document.getElementById(id)) ||
      (testid && document.querySelector(`[data-testid="${testid}"]`));
    const target = found && found.getClientRects().length ? found : fallback && document.getElementById(fallback);
    if (target && target.getClientRects().length) target.focus();
  };
}
