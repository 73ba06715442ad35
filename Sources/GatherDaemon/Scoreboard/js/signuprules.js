// The sign-up view's words (pure functions): where a player stands on a plan, and the confirmation of an answer,
// which says only what is still true — "You're in" while the list has the player going, the waiting list's place
// while waiting — and is gone once the list says otherwise.

const ME_KEY = "gatherd.signup.me";

/** Who this phone last said it was, on a sign-up or vote view (a player's id), or null. */
export function rememberedMe() {
  try { return Number(localStorage.getItem(ME_KEY)) || null; } catch (e) { return null; }
}

/** Remembers on the phone who it is (a player's id), or forgets it (null). */
export function rememberMe(id) {
  try { if (id) localStorage.setItem(ME_KEY, String(id)); else localStorage.removeItem(ME_KEY); } catch (e) { /* this visit only */ }
}

/** Where player `id` stands on `plan`: {kind: "going" | "waiting" | "notGoing", number (on the waiting list)}, or
 * null when they have not answered. */
export function standing(plan, id) {
  if (plan.going.some((e) => e.id === id)) return { kind: "going", number: 0 };
  const waiting = plan.waiting.findIndex((e) => e.id === id);
  if (waiting >= 0) return { kind: "waiting", number: waiting + 1 };
  return plan.notGoing.some((e) => e.id === id) ? { kind: "notGoing", number: 0 } : null;
}

/** A standing as a badge's words: "going", "waiting 2", "can't make it"; "" for none. */
export function standingText(where, t) {
  if (!where) return "";
  return where.kind === "going" ? t("signup.badgeGoing") : where.kind === "waiting" ? t("signup.badgeWaiting", { number: where.number })
    : t("signup.badgeOut");
}

/**
 * The confirmation of `answer` ({player: {id, name}, answer, changed, host, lateDropOut}: what gatherd said of the
 * last answer given on this page, `host` the name of whoever brought a guest, `lateDropOut` whether leaving was past
 * the cut-off) as `plan` is now: its words, or "" once the plan
 * no longer lists the player as the answer said.
 */
export function confirmation(answer, plan, t) {
  if (!answer || !plan) return "";
  const where = standing(plan, answer.player.id);
  if (!where || where.kind !== answer.answer) return "";
  const name = answer.player.name;
  if (answer.host && answer.changed) {
    return where.kind === "going" ? t("signup.guestIn", { name, host: answer.host }) : t("signup.guestWaiting", { name, host: answer.host });
  }
  if (!answer.changed) return t("signup.unchanged", { name });
  if (where.kind === "going") return t("signup.youreIn", { name });
  if (where.kind === "waiting") return t("signup.youWait", { name, number: where.number });
  return t(answer.lateDropOut ? "signup.youreOutLate" : "signup.youreOut", { name });
}

/** The place `plan` offers `player` now: sent to them and not yet taken; null when none (or while quiet hours hold
 *  it back, when it has no time to answer by). */
export const offerFor = (plan, player) =>
  ((plan.attendance && plan.attendance.offers) || []).find((o) => o.player === player && o.expiresAt) || null;

/** Whether `player` leaving `plan` at `now` (ms) would be a late drop-out: they are going and the plan's cut-off
 *  (`attendance.cutOffAt`) has passed. */
export function leavingIsLate(plan, player, now) {
  const cutOffAt = plan.attendance && Date.parse(plan.attendance.cutOffAt);
  const where = standing(plan, player);
  return !!cutOffAt && !!where && where.kind === "going" && now >= cutOffAt;
}
