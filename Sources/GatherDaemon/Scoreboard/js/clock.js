// The match clock: drawn on every animation frame from the running Timer's endsAt, never counted down here
// (docs/scoreboard.md, "The countdown").
//
// Server time = local monotonic time + offset. Each running Timer or tick says that at the moment it was sent the
// server's time was endsAt - remainingMs; a message arrives after that moment, never before, so the largest sample
// is the closest one.

/** The page's own monotonic clock, in milliseconds since 1970 (a clock change on the phone does not move it). */
export const localNow = () => performance.timeOrigin + performance.now();

const offsetSamples = [];
let offset = null;
let shownEndsAt = null;   // the endsAt the countdown is drawn from
let shownMs = null;       // the smallest remaining time drawn for that endsAt: the countdown never goes back up
let elements = null;      // {clock, added, breakLeft, progress}
let currentTimer = () => null;

/** Whether a Timer counts down now (a period or a break). */
export function isCounting(timer) {
  return !!timer && (timer.state === "running" || timer.state === "break");
}

/** Starts drawing into `els` ({clock, added, breakLeft, progress}) the Timer that `timer()` returns. */
export function startClock(els, timer) {
  elements = els;
  currentTimer = timer;
  // Hidden tabs get no animation frames; a slow timer keeps the text right for when they come back.
  setInterval(() => { if (document.hidden) drawClock(); }, 250);
  document.addEventListener("visibilitychange", () => { drawClock(); scheduleFrame(); });
}

/** A new connection: the offset starts over. */
export function resetOffset() {
  offsetSamples.length = 0;
  offset = null;
  shownMs = null;
}

/** A new Timer arrived (a snapshot, a tick or a timer event). */
export function timerChanged(timer) {
  if (timer && timer.endsAt && timer.endsAt !== shownEndsAt) shownMs = null;
  if (isCounting(timer)) sampleOffset(timer.endsAt, timer.remainingMs);
}

function sampleOffset(endsAt, remainingMs) {
  if (endsAt == null || typeof remainingMs !== "number") return;
  const serverNow = Date.parse(endsAt) - remainingMs;
  if (!isFinite(serverNow)) return;
  offsetSamples.push(serverNow - localNow());
  if (offsetSamples.length > 30) offsetSamples.shift();
  offset = Math.max.apply(null, offsetSamples);
}

function pad2(n) { return (n < 10 ? "0" : "") + n; }
function mmss(seconds) { return pad2(Math.floor(seconds / 60)) + ":" + pad2(seconds % 60); }
function addedText(seconds) { return "+" + Math.floor(seconds / 60) + ":" + pad2(seconds % 60); }

/** What the big clock reads when it is not counting a period: "FT" at full time, the break's name in the break
 * (the daemon's breakName: "HT" at half time, "Break" between other periods); null while a period is on. */
export function clockWord(timer) {
  if (!timer) return null;
  if (timer.state === "finished") return "FT";
  if (timer.state === "break") return timer.breakName;
  return null;
}

function remainingNow(timer) {
  const endsAt = Date.parse(timer.endsAt);
  let ms = endsAt - (localNow() + (offset === null ? 0 : offset));
  if (ms < 0) ms = 0;
  if (shownEndsAt === timer.endsAt && shownMs !== null && ms > shownMs) ms = shownMs;
  shownEndsAt = timer.endsAt;
  shownMs = ms;
  return ms;
}

/** Draws the clock, the added time and the period's bar as they are now. */
export function drawClock() {
  if (!elements) return;
  const t = currentTimer();
  let display, added = "", breakLeft = "", fraction = 0;
  if (!t) {
    display = "--:--";
  } else if (t.state === "break") {
    // The break: the word in the big digits, its countdown beside them.
    display = clockWord(t);
    const ms = t.endsAt ? remainingNow(t) : (t.remainingMs || 0);
    breakLeft = mmss(Math.ceil(ms / 1000));
    fraction = Math.min(1, ms / ((t.breakLength || 1) * 1000));
  } else if (t.state === "finished") {
    display = clockWord(t);
  } else if (isCounting(t) && t.endsAt) {
    const ms = remainingNow(t);
    const left = Math.ceil(ms / 1000);
    const addedSeconds = t.state === "running" ? (t.addedSeconds || 0) : 0;
    display = mmss(Math.max(0, left - addedSeconds));
    if (addedSeconds > 0) added = addedText(Math.min(addedSeconds, left));
    const whole = (t.duration + addedSeconds) * 1000;
    fraction = whole > 0 ? Math.min(1, ms / whole) : 0;
  } else {
    display = t.display;
    added = t.added || "";
    const whole = (t.duration + (t.addedSeconds || 0)) * 1000;
    fraction = whole > 0 ? Math.min(1, (t.remainingMs || 0) / whole) : 0;
  }
  if (elements.clock.textContent !== display) elements.clock.textContent = display;
  if (elements.added.textContent !== added) elements.added.textContent = added;
  if (elements.breakLeft.textContent !== breakLeft) elements.breakLeft.textContent = breakLeft;
  elements.progress.style.transform = "scaleX(" + fraction.toFixed(4) + ")";
}

let frameRequested = false;
function frame() {
  frameRequested = false;
  drawClock();
  if (isCounting(currentTimer())) scheduleFrame();
}

/** Draws on the next animation frame, and on every frame after it while the clock counts down. */
export function scheduleFrame() {
  if (!frameRequested) { frameRequested = true; requestAnimationFrame(frame); }
}
