// gatherd's pitch-side scoreboard: the page's entry module. It connects, sets each connection up (the control
// token, then a subscription to every topic and the roster) and hands events to the board.

import { applyEvent, applySnapshot, clearNotice, el, renderAll, renderStatus, showNotice, state } from "./board.js";
import { isCounting, resetOffset, startClock } from "./clock.js";
import * as rpc from "./connection.js";
import { setUpControls } from "./controls.js";
// Between matches, the referee's "start a gather" view and match controls.
import { betweenEvent, loadBetween, setUpBetween } from "./between.js";
import { setUpReferee } from "./referee.js";
import { openForPlan, setUpSetup } from "./setup.js";
// Organising from the phone: the plan form, the night's check-in.
import { openCheckIn, setUpCheckIn } from "./checkin.js";
import { openPlanForm, setUpPlanForm } from "./planform.js";
// At the touchline (the screen kept on, sound, share, install and full screen).
import { shareSignUp } from "./share.js";
import { setUpTouchline, touchlineEvent } from "./touchline.js";
// Who's coming, and the sign-up view of a plan's link.
import { loadPlans, plansEvent, setUpPlans } from "./plans.js";
import { setUpSignUp, signUpEvent, signUpOpened } from "./signup.js";
// The man-of-the-match vote of a gather's vote link (or its plan's sign-up link).
import { loadVote, setUpVote, voteEvent, voteOpened } from "./vote.js";
// The weekly game, and the reminders to send to the group chat.
import { remindersEvent, setUpReminders } from "./reminders.js";
import { loadSchedules, setUpWeekly, weeklyEvent } from "./weekly.js";
import { setUpWeeklyForm } from "./weeklyform.js";
// The result to share, as a card and a message.
import { setUpReport } from "./report.js";
// A phone paired as the organiser's: a pairing link exchanged once, its credential presented on each connection.
import { devicePresented } from "./pairing.js";

const TOKEN_KEY = "gatherd.token";

// The page's first script took the control link's token out of the address bar; after that, this tab keeps it.
let token = typeof self.gatherdToken === "string" ? self.gatherdToken : null;
delete self.gatherdToken;
if (token === null) {
  try { token = sessionStorage.getItem(TOKEN_KEY); } catch (e) { token = null; }
}
if (token === "") token = null;

async function authenticate(isCurrent) {
  try {
    const result = await rpc.call("auth.token", { token: token });
    state.control = !!(result && result.control);
    clearNotice("auth");
  } catch (error) {
    if (!isCurrent()) return;
    state.control = false;
    if (!error || error.code !== -32003) throw error;
    if (error.data && error.data.reason === "too_many_attempts") {
      // Not checked, so not refused: the daemon closes this connection, and the next one tries the token again.
      showNotice(error.message, "auth");
      throw error;
    }
    token = null;
    try { sessionStorage.removeItem(TOKEN_KEY); } catch (e) { /* nothing stored */ }
    showNotice("This control link is not valid (its token was refused): the scoreboard is view only. " +
      "Ask for a fresh link (gatherctl web link).", "auth");
  }
}

async function opened(isCurrent) {
  await devicePresented(rpc.call, isCurrent);
  if (token) await authenticate(isCurrent);
  await signUpOpened(isCurrent);
  await voteOpened(isCurrent);
  const [subscribed, players] = await Promise.all([rpc.call("events.subscribe"), rpc.call("players.list")]);
  if (!isCurrent()) return;
  state.players = new Map((players.players || []).map((p) => [p.id, p]));
  resetOffset();
  state.online = true;
  rpc.connected();
  clearNotice("connection");
  applySnapshot(subscribed.snapshot);
  // Without a gather, the last result and the players' table, from history.
  if (!subscribed.snapshot.gather) await loadBetween().catch(() => { /* the board works without them */ });
  await loadPlans().catch(() => { /* the board works without them */ });
  await loadVote().catch(() => { /* loaded again on the next connection */ });
  await loadSchedules().catch(() => { /* the board works without them */ });
}

startClock({ clock: el.clock, added: el.added, breakLeft: el.breakLeft, progress: el.progress }, () => state.timer);
setUpControls();
setUpBetween();
setUpSetup();
setUpReferee();
setUpTouchline();
setUpPlanForm((plan, isNew) => { if (isNew) shareSignUp(plan); });
setUpCheckIn(openForPlan);
setUpPlans({
  start: openForPlan, checkIn: openCheckIn, share: shareSignUp, edit: (plan) => openPlanForm(plan),
});
setUpSignUp();
setUpVote();
setUpReport();
setUpWeekly();
setUpWeeklyForm();
setUpReminders();
renderAll();
rpc.start({
  opened: opened,
  event: (method, params) => {
    // The daemon closes a connection that fell too far behind; the next one starts from a fresh snapshot.
    if (method === "events.overflow") { rpc.restart(); return; }
    applyEvent(method, params);
    betweenEvent(method, params);
    touchlineEvent(method, params);
    plansEvent(method, params);
    signUpEvent(method, params);
    voteEvent(method, params);
    weeklyEvent(method, params);
    remindersEvent(method, params);
  },
  closed: () => { state.online = false; renderAll(); },
  waiting: renderStatus,
  isTicking: () => isCounting(state.timer),
});
