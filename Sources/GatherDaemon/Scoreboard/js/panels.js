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
