// What the page knows besides the match, and how replies and events change it (pure functions): the roster, the
// open plans, the weekly games, history between matches (the last result, the players' table), the money (the
// balances, the ledger and how to pay, on the control page), what this page's link opens (a plan's sign-up, a
// gather's vote) and that vote as it stands. `stale` counts, per kind, the events after which a view loads its data
// again.

/** All of it before the first connection. */
export function initialLists() {
  return {
    players: {}, plans: {}, plansLoaded: false, schedules: [], lastRecord: null, stats: null,
    fees: null, link: null, vote: null, outcome: null,
    stale: { history: 0, plans: 0, schedules: 0, outcome: 0, relink: 0, fees: 0 },
  };
}

const bump = (stale, kind) => Object.assign({}, stale, { [kind]: stale[kind] + 1 });
const without = (map, id) => { const copy = Object.assign({}, map); delete copy[id]; return copy; };

/** Where a vote stands as a record tells it (its manOfTheMatch), from a VoteStatus. */
export function standingOf(vote) {
  if (vote.status === "open") return { status: "open", closesAt: vote.closesAt, voted: vote.voted, eligible: vote.eligible };
  return Object.assign({ status: "closed" }, vote.manOfTheMatch);
}

function onPlan(lists, p) {
  if (!p.plan) return lists;
  const plans = p.plan.status === "open" ? Object.assign({}, lists.plans, { [p.plan.id]: p.plan }) : without(lists.plans, p.plan.id);
  let next = Object.assign({}, lists, { plans: plans });
  if (p.change === "created" && p.plan.schedule != null) next.stale = bump(next.stale, "schedules");
  const link = lists.link && lists.link.signUp;
  if (link && link.plan === p.plan.id) {
    if (p.plan.status === "open" && link.closed) next.stale = bump(next.stale, "relink");
    if (p.plan.status !== "open" && !link.closed) {
      const closed = Object.assign({}, link, { status: p.plan.status, gather: p.plan.gather || null, closed: true });
      next.link = Object.assign({}, lists.link, { signUp: closed });
      next.stale = bump(next.stale, "outcome");
    }
  }
  return next;
}

function onVote(lists, p) {
  let next = lists;
  const record = lists.lastRecord;
  if (record && record.id === p.gather) {
    next = Object.assign({}, next, { lastRecord: Object.assign({}, record, { manOfTheMatch: standingOf(p.vote) }) });
  }
  if (lists.vote && lists.vote.gather === p.gather) next = Object.assign({}, next, { vote: p.vote });
  const link = lists.link;
  if (link && !link.vote && link.signUp && link.signUp.gather === p.gather && p.change === "opened") {
    next = Object.assign({}, next, { stale: bump(next.stale, "relink") });
  }
  if (p.change === "closed") next = Object.assign({}, next, { stale: bump(next.stale, "history") });
  return next;
}

/** A gather that ended charged its cost; one reopened or deleted left history and took its charges back. */
function onGather(lists, p) {
  const stale = bump(bump(lists.stale, "history"), "fees");
  if (p.change === "ended" && p.gather) return Object.assign({}, lists, { lastRecord: p.gather, stale: stale });
  if (p.change === "reopened" || p.change === "deleted") {
    const gone = lists.lastRecord && lists.lastRecord.id === p.id;
    return Object.assign({}, lists, { lastRecord: gone ? null : lists.lastRecord, stale: stale });
  }
  return p.change === "cancelled" ? Object.assign({}, lists, { stale: bump(lists.stale, "history") }) : lists;
}

function onEvent(lists, method, p) {
  switch (method) {
    case "players": {
      // A name or a merge changes the table and the money too.
      const players = p.player ? Object.assign({}, lists.players, { [p.id]: p.player }) : without(lists.players, p.id);
      return Object.assign({}, lists, { players: players, stale: bump(bump(lists.stale, "history"), "fees") });
    }
    case "plan": return onPlan(lists, p);
    case "vote": return onVote(lists, p);
    case "gather": return onGather(lists, p);
    case "events.resumed": {
      let stale = bump(bump(bump(bump(lists.stale, "plans"), "schedules"), "history"), "fees");
      return Object.assign({}, lists, { stale: stale });
    }
    default: return lists;
  }
}

/** The lists after `action`. */
export function reduceLists(lists, action) {
  switch (action.type) {
    case "event": return onEvent(lists, action.method, action.params || {});
    case "players/loaded": return Object.assign({}, lists, { players: Object.fromEntries(action.players.map((p) => [p.id, p])) });
    case "plans/loaded":
      return Object.assign({}, lists, { plans: Object.fromEntries(action.plans.map((p) => [p.id, p])), plansLoaded: true });
    case "plan/saved":
      return action.plan.status === "open"
        ? Object.assign({}, lists, { plans: Object.assign({}, lists.plans, { [action.plan.id]: action.plan }) })
        : Object.assign({}, lists, { plans: without(lists.plans, action.plan.id) });
    case "schedules/loaded": return Object.assign({}, lists, { schedules: action.schedules });
    case "fees/loaded": return Object.assign({}, lists, { fees: action.fees });
    case "history/loaded": return Object.assign({}, lists, { lastRecord: action.record, stats: action.stats });
    case "link": {
      const closed = action.signUp ? action.signUp.status !== "open" : false;
      const signUp = action.signUp ? Object.assign({}, action.signUp, { closed: closed }) : null;
      const stale = closed ? bump(lists.stale, "outcome") : lists.stale;
      return Object.assign({}, lists, { link: { signUp: signUp, vote: action.vote || null, refused: !!action.refused },
        stale: stale });
    }
    case "link/reset": return Object.assign({}, lists, { link: null, vote: null, outcome: null });
    case "vote/loaded": return Object.assign({}, lists, { vote: action.vote });
    case "outcome/loaded": return Object.assign({}, lists, { outcome: { plan: action.plan, record: action.record } });
    default: return lists;
  }
}
