// The control page's views, loaded once the board shows and the control token was accepted: the match controls
// and the referee's dialogs with what "End match" does at full time, and between matches the buttons and views
// that organise the week — starting a match, a plan, the weekly game, the night's check-in, the players, the money,
// the phones paired as the organiser's — the reminders to send to the group chat, the new names to confirm, and the
// undo notices after a big change.

import { mountCheckIn } from "./checkin.js";
import { mountDevices } from "./devices.js";
import { mountControls } from "./controls.js";
import { createPanels, mountPanels } from "./panels.js";
import { mountPlanForm } from "./planform.js";
import { mountReferee } from "./referee.js";
import { mountReminders } from "./reminders.js";
import { mountSetup } from "./setup.js";
import { mountWeeklyForm } from "./weeklyform.js";
import { mountFullTime } from "./fulltime.js";
import { mountLastResult } from "./lastresult.js";
import { mountMoney } from "./money.js";
import { mountNewNames } from "./newnames.js";
import { mountRoster } from "./roster.js";
import { mountUndo } from "./undo.js";

/** Sets the control page's views up for `app`. */
export function mount(app) {
  const { store } = app;
  const panels = createPanels(app);
  mountUndo(app);
  mountControls(app);
  mountReferee(app);
  mountFullTime(app);
  mountPanels(app, panels);
  mountNewNames(app, panels);
  mountSetup(app, panels);
  mountPlanForm(app, panels);
  mountCheckIn(app, panels);
  mountWeeklyForm(app, panels, schedulesLoader(app));
  mountRoster(app, panels);
  mountMoney(app, panels);
  mountDevices(app, panels);
  mountLastResult(app);
  mountReminders(app);
  // A match started (here or elsewhere): the view that led to it is done.
  store.watch((s) => s.match.gather !== null && s.route.panel !== null, (done) => { if (done) panels.close(); });
}

/** What loads the schedules again for the weekly game's form (the summary under the plans keeps them loaded). */
function schedulesLoader(app) {
  const { store, rpc } = app;
  return () => store.load("schedules", () => rpc.call("plan.schedules"),
    (result) => ({ type: "schedules/loaded", schedules: (result && result.schedules) || [] })).catch(() => undefined);
}
