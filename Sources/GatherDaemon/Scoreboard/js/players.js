// A player's views, loaded once the board shows on a sign-up or vote link's page: the sign-up view of a plan's link
// (and that link after its plan), and the man-of-the-match vote. They speak the player's language like the rest.

import { $, mountTree } from "./dom.js";
import { signUpView, voteView } from "./playersmarkup.js";
import { mountSignUp } from "./signup.js";
import { watchOwed } from "./fees.js";
import { rememberedMe } from "./signuprules.js";
import { watchOutcome } from "./signupoutcome.js";
import { translate } from "./status.js";
import { mountVote } from "./vote.js";

/** Sets a player's views up for `app`. */
export function mount(app) {
  const main = $("main");
  const signup = mountTree(main, signUpView);
  const vote = mountTree(main, voteView);
  for (const view of [signup, vote]) translate(view, app.store.getState().lang.t);
  // Who this phone is, the same on both views: picked once, remembered on the phone.
  app.store.dispatch({ type: "view", view: "me", patch: { id: rememberedMe() } });
  watchOwed(app);
  mountSignUp(app);
  watchOutcome(app);
  mountVote(app);
}
