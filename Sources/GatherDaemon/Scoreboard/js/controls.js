// The referee's controls, shown only once the control token was accepted (docs/scoreboard.md, "Controls").

import { clearNotice, el, playerName, showNotice, state, teamNames } from "./board.js";
import { call } from "./connection.js";
import { goalMinute, scoreLine, sideName } from "./teams.js";

/** Shows a refused request's message and reason above the board. */
export function reportError(error) {
  const reason = error && error.data && error.data.reason;
  showNotice((error && error.message ? error.message : "That did not work.") + (reason ? " (" + reason + ")" : ""), "action");
}

/** Sends a change; a refusal shows above the board. Resolves with the result, or undefined when refused. */
export function act(method, params) {
  clearNotice("action");
  return call(method, params).catch(reportError);
}

/** Asks first in the confirmation dialog (its focus starts on Cancel); resolves true for OK. */
export function confirmAction(title, text, okLabel) {
  return new Promise((resolve) => {
    el.confirmTitle.textContent = title;
    el.confirmText.textContent = text;
    el.confirmOk.textContent = okLabel;
    const done = (answer) => {
      el.confirmOk.onclick = null; el.confirmCancel.onclick = null;
      el.confirmDialog.oncancel = null; el.confirmDialog.onclose = null;
      if (el.confirmDialog.open) el.confirmDialog.close();
      resolve(answer);
    };
    el.confirmOk.onclick = () => done(true);
    el.confirmCancel.onclick = () => done(false);
    // Escape. The dialog's close event comes later, as a task: one left over from a dialog closed just
    // before must not close this one, so only a close that left the dialog shut counts.
    el.confirmDialog.oncancel = (event) => { event.preventDefault(); done(false); };
    el.confirmDialog.onclose = () => { if (!el.confirmDialog.open) done(false); };
    el.confirmDialog.showModal();
    el.confirmCancel.focus();
  });
}

/** Sends a change gatherd may refuse as seldom meant, with data.reason `reason` (`plan_not_due`, `same_time`):
 * then asks in the confirmation dialog (`ask(error)` gives its title, text and OK label) and, on OK, sends it again
 * with force. Resolves with the result, or undefined when the referee cancels; any other refusal rejects. */
export async function callConfirmingForce(method, params, reason, ask) {
  try {
    return await call(method, params);
  } catch (error) {
    if (!error || !error.data || error.data.reason !== reason) throw error;
    const question = ask(error);
    if (!(await confirmAction(question.title, question.text, question.ok))) return undefined;
    return call(method, Object.assign({}, params, { force: true }));
  }
}

function chooseScorer(team) {
  const members = (state.gather && state.gather.teams && state.gather.teams[team]) || [];
  el.scorerTitle.textContent = "Goal for " + sideName(teamNames(), team) + ": who scored?";
  const buttons = members.filter((m) => m.id != null).map((m) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = team === "teamA" ? "team-a" : "team-b";
    b.dataset.testid = "scorer-" + m.id;
    b.dataset.player = String(m.id);
    b.textContent = playerName(m);
    return b;
  });
  const unknown = document.createElement("button");
  unknown.type = "button";
  unknown.dataset.testid = "scorer-unknown";
  unknown.textContent = "Unknown scorer";
  buttons.push(unknown);
  el.scorerChoices.replaceChildren(...buttons);
  return new Promise((resolve) => {
    const done = (answer) => {
      el.scorerChoices.onclick = null; el.scorerCancel.onclick = null;
      el.scorerDialog.oncancel = null; el.scorerDialog.onclose = null;
      if (el.scorerDialog.open) el.scorerDialog.close();
      resolve(answer);
    };
    el.scorerChoices.onclick = (event) => {
      const b = event.target.closest("button");
      if (!b) return;
      done(b.dataset.player ? { player: Number(b.dataset.player) } : {});
    };
    el.scorerCancel.onclick = () => done(null);
    el.scorerDialog.oncancel = (event) => { event.preventDefault(); done(null); };
    el.scorerDialog.onclose = () => { if (!el.scorerDialog.open) done(null); };
    el.scorerDialog.showModal();
    buttons[0].focus();
  });
}

/** Wires the buttons: start/pause, a goal for either side with its scorer, undo and end with a confirmation. */
export function setUpControls() {
  el.toggle.addEventListener("click", () => act("timer.toggle"));
  for (const [button, team] of [[el.goalA, "teamA"], [el.goalB, "teamB"]]) {
    button.addEventListener("click", async () => {
      const choice = await chooseScorer(team);
      if (choice) await act("score.goal", Object.assign({ team: team }, choice));
    });
  }
  el.undo.addEventListener("click", async () => {
    const last = [...state.goals].reverse().find((g) => g.kind !== "correction");
    const what = last
      ? "the last goal: " + sideName(teamNames(), last.team) + ", " +
        (playerName(last.player) || "unknown scorer") + (goalMinute(last) ? " (" + goalMinute(last) + ")" : "")
      : "the last goal";
    if (await confirmAction("Undo a goal?", "This takes back " + what + ".", "Undo goal")) await act("score.undo");
  });
  el.end.addEventListener("click", async () => {
    if (await confirmAction("End the gather?", "The clock stops and the result, " + scoreLine(teamNames(), state.score) +
        ", goes to history. This cannot be undone.", "End gather")) await act("gather.end");
  });
}
