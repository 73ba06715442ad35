// The control page's views, loaded once the board shows and the control token was accepted: the match controls
// and the referee's dialogs, and between matches the buttons and views that organise the week — starting a match,
// a plan, the weekly game, the night's check-in — and the reminders to send to the group chat.

import { mountCheckIn } from "./checkin.js";
import { mountControls } from "./controls.js";
import { createPanels, mountPanels } from "./panels.js";
import { mountPlanForm } from "./planform.js";
import { mountReferee } from "./referee.js";
import { mountReminders } from "./reminders.js";
import { mountSetup } from "./setup.js";
import { mountWeeklyForm } from "./weeklyform.js";

/** Sets the control page's views up for `app`. */
export function mount(app) {
  const { store } = app;
  const panels = createPanels(app);
  mountControls(app);
  mountReferee(app);
  mountPanels(app, panels);
  mountSetup(app, panels);
  mountPlanForm(app, panels);
  mountCheckIn(app, panels);
  mountWeeklyForm(app, panels, schedulesLoader(app));
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
