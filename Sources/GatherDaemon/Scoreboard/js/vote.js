// The vote for the man of the match (docs/scoreboard.md, "Man of the match"), for a gather's vote link
// (#vote=CODE) or its plan's sign-up link once the gather ended: pick who you are among those who played, then whom
// you vote for; after voting it thanks you and says when the result comes, and once the vote closes it shows the
// man of the match. The page never learns, nor shows, whom anyone chose: only who has voted.

import { $, h, keyedChildren, setText, show } from "./dom.js";
import { renderOwed } from "./fees.js";
import { rememberMe } from "./signuprules.js";
import { motmLine } from "./ratings.js";
import { scoreLine, sideName } from "./teams.js";

/** The vote this page's link opens ({gather, status}), or null. */
const grant = (s) => (s.route.view !== "board" && s.lists.link && s.lists.link.vote) || null;

/** Sets the vote view up for `app`. */
export function mountVote(app) {
  const { store, rpc, commands } = app;
  const v = (id) => $(id);
  const set = (patch) => store.dispatch({ type: "view", view: "vote", patch: patch });
  set({ choice: null, thanked: false });
  const mine = () => Object.assign({ me: store.getState().views.me.id }, store.getState().views.vote);
  const me = (id) => { rememberMe(id); store.dispatch({ type: "view", view: "me", patch: { id: id } }); };

  store.watch((s) => [grant(s) && grant(s).gather, s.connection.session], ([gather, session]) => {
    if (!gather || !session) return;
    store.load("vote", () => rpc.call("vote.status", { gather: gather }), (status) => ({ type: "vote/loaded", vote: status }))
      .catch(() => { /* loaded again on the next connection */ });
  });

  v("vote-names").addEventListener("click", (event) => {
    const b = event.target.closest("button[data-player]");
    if (!b) return;
    const id = Number(b.dataset.player);
    const status = store.getState().lists.vote, current = mine().me;
    // Picked already (and among those who played): this tap chooses whom to vote for.
    if (current && status && status.players.some((p) => p.id === current)) set({ choice: id }); else me(id);
  });
  v("btn-vote").addEventListener("click", async () => {
    const s = store.getState(), view = mine(), status = s.lists.vote;
    if (!view.me || !view.choice || !status) return;
    store.dispatch({ type: "notice/clear", cause: "action" });
    const voter = status.players.find((p) => p.id === view.me), chosen = status.players.find((p) => p.id === view.choice);
    set({ choice: null });
    const result = await commands.act("vote.cast", { gather: status.gather, voter: view.me, player: view.choice },
      { key: "pending.vote", params: { name: voter ? voter.name : "", player: chosen ? chosen.name : "" } });
    if (result) { store.dispatch({ type: "vote/loaded", vote: result }); set({ thanked: true }); }
  });
  v("btn-vote-back").addEventListener("click", () => set({ choice: null }));
  v("btn-vote-switch").addEventListener("click", () => {
    me(null);
    set({ choice: null, thanked: false });
  });

  store.watch((s) => [s.route.view, s.lists.link, s.lists.vote, s.views.vote, s.views.me, s.views.owed, s.queue, s.lang], (_, s) => {
    const section = v("vote"), mineGrant = grant(s);
    show(section, s.route.view === "vote" || !!mineGrant);
    if (section.hidden) return;
    const t = s.lang.t, f = s.lang.f, view = Object.assign({ me: s.views.me.id }, s.views.vote);
    const status = mineGrant && s.lists.vote && s.lists.vote.gather === mineGrant.gather ? s.lists.vote : null;
    const open = !!status && status.status === "open";
    const voter = status && view.me ? status.players.find((p) => p.id === view.me) || null : null;
    const refused = s.lists.link && !mineGrant && s.route.view === "vote";
    setText(v("vote-title"), status ? scoreLine(status.names, status.score, t) : refused ? t("vote.notWorking") : t("vote.loading"));
    setText(v("vote-when"), !status ? "" : t(open ? "vote.by" : "vote.closed", { when: f.wall(status.closesAtLocal) }));
    setText(v("vote-counts"), status ? t("vote.counts", { voted: status.voted, count: status.eligible }) : "");
    let said = "";
    if (status && !open) said = motmLine(Object.assign({ status: "closed" }, status.manOfTheMatch), t, f);
    else if (voter && voter.voted) {
      said = t(view.thanked ? "vote.thanks" : "vote.already", { name: voter.name, when: f.wall(status.closesAtLocal) });
    }
    setText(v("vote-result"), said);
    v("vote-result").dataset.kind = status && !open && status.manOfTheMatch.players.length ? "winner" : "";
    const pending = s.queue.some((c) => c.method === "vote.cast");
    const choosing = open && !pending && (!voter || !voter.voted);
    show(v("vote-who"), choosing);
    show(v("btn-vote-switch"), open && !!voter);
    setText(v("btn-vote-switch"), voter ? t("vote.notYou", { name: voter.name }) : "");
    if (choosing) {
      setText(v("vote-step"), t(voter ? "vote.whoBest" : "signup.who"));
      const players = voter ? status.players.filter((p) => p.id !== voter.id) : status.players;
      keyedChildren(v("vote-names"), players, (p) => p.id,
        (p) => h("button", { type: "button", className: "who-button", dataset: { testid: "vote-player-" + p.id, player: String(p.id) } },
          h("span", { className: "who-name" }), h("span", { className: "who-badge" })),
        (button, p) => {
          button.setAttribute("aria-pressed", String(view.choice === p.id));
          setText(button.firstElementChild, p.name);
          button.lastElementChild.dataset.side = p.team;
          setText(button.lastElementChild, !voter && p.voted ? t("vote.voted") : sideName(status.names, p.team, t));
        });
    }
    const chosen = choosing && voter && view.choice ? status.players.find((p) => p.id === view.choice) : null;
    show(v("vote-confirm"), !!chosen);
    if (chosen) {
      setText(v("vote-you"), t("vote.yourVote", { name: voter.name, player: chosen.name }));
      setText(v("btn-vote"), t("vote.for", { player: chosen.name }));
    }
    renderOwed(v("vote-owed"), s, voter);
  });
}
