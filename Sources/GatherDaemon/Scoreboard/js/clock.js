// The match clock: drawn on every animation frame from the running Timer's endsAt, never counted down here
// (docs/scoreboard.md, "The countdown").
//
// Server time = local monotonic time + offset. Each running Timer or tick says that at the moment it was sent the
// server's time was endsAt - remainingMs; a message arrives after that moment, never before, so the largest sample
// is the closest one.

/** The page's own monotonic clock, in milliseconds since 1970 (a clock change on the phone does not move it). */
export const localNow = () => performance.timeOrigin + performance.now();

/** Whether a Timer counts down now (a period or a break). */
export function isCounting(timer) {
  return !!timer && (timer.state === "running" || timer.state === "break");
}

/** What the big clock reads when it is not counting a period: "FT" at full time, the break's kind in the break
 * ("HT" at half time, "Break" between other periods: the daemon's breakName); null while a period is on. */
export function clockWord(timer) {
  if (!timer) return null;
  if (timer.state === "finished") return "FT";
  if (timer.state === "break") return timer.breakName === "HT" ? "HT" : "Break";
  return null;
}

const pad2 = (n) => (n < 10 ? "0" : "") + n;
/** "07:12" of whole seconds. */
export const mmss = (seconds) => pad2(Math.floor(seconds / 60)) + ":" + pad2(seconds % 60);
const addedText = (seconds) => "+" + Math.floor(seconds / 60) + ":" + pad2(seconds % 60);

/**
 * What the clock shows of Timer `t` with `ms` left on its countdown (null when not counting): the big text, the added
 * time, the break's countdown and the bar's fraction. `word(kind)` names "FT", "HT" and "Break" in the language.
 */
export function clockFace(t, ms, word) {
  if (!t) return { display: "--:--", added: "", breakLeft: "", fraction: 0 };
  if (t.state === "break") {
    const left = ms !== null ? ms : (t.remainingMs || 0);
    return { display: word(clockWord(t)), added: "", breakLeft: mmss(Math.ceil(left / 1000)),
      fraction: Math.min(1, left / ((t.breakLength || 1) * 1000)) };
  }
  if (t.state === "finished") return { display: word("FT"), added: "", breakLeft: "", fraction: 0 };
  if (ms !== null) {
    const left = Math.ceil(ms / 1000);
    const addedSeconds = t.state === "running" ? (t.addedSeconds || 0) : 0;
    const whole = (t.duration + addedSeconds) * 1000;
    return { display: mmss(Math.max(0, left - addedSeconds)), breakLeft: "",
      added: addedSeconds > 0 ? addedText(Math.min(addedSeconds, left)) : "",
      fraction: whole > 0 ? Math.min(1, ms / whole) : 0 };
  }
  const whole = (t.duration + (t.addedSeconds || 0)) * 1000;
  return { display: t.display, added: t.added || "", breakLeft: "",
    fraction: whole > 0 ? Math.min(1, (t.remainingMs || 0) / whole) : 0 };
}

/** A clock drawn into `els` ({clock, added, breakLeft, progress}) from the Timer `timer()` returns; `word(kind)` names
 * FT, HT and Break. Call `changed()` when a new Timer arrives and `reset()` on a new connection. */
export function createClock(els, timer, word) {
  const samples = [];
  let offset = null;
  let shownEndsAt = null;   // the endsAt the countdown is drawn from
  let shownMs = null;       // the smallest time drawn for it: the countdown never goes back up
  let frameRequested = false;

  function remainingNow(t) {
    let ms = Date.parse(t.endsAt) - (localNow() + (offset === null ? 0 : offset));
    if (ms < 0) ms = 0;
    if (shownEndsAt === t.endsAt && shownMs !== null && ms > shownMs) ms = shownMs;
    shownEndsAt = t.endsAt;
    shownMs = ms;
    return ms;
  }

  function draw() {
    const t = timer();
    const face = clockFace(t, isCounting(t) && t.endsAt ? remainingNow(t) : null, word);
    if (els.clock.textContent !== face.display) els.clock.textContent = face.display;
    if (els.added.textContent !== face.added) els.added.textContent = face.added;
    if (els.breakLeft.textContent !== face.breakLeft) els.breakLeft.textContent = face.breakLeft;
    els.progress.style.transform = "scaleX(" + face.fraction.toFixed(4) + ")";
  }

  function frame() {
    frameRequested = false;
    draw();
    if (isCounting(timer())) schedule();
  }

  function schedule() {
    if (!frameRequested) { frameRequested = true; requestAnimationFrame(frame); }
  }

  // Hidden tabs get no animation frames; a slow timer keeps the text right for when they come back.
  setInterval(() => { if (document.hidden) draw(); }, 250);
  document.addEventListener("visibilitychange", () => { draw(); schedule(); });

  return {
    /** A new Timer arrived (a snapshot, a tick or a timer event): sample the offset, draw. */
    changed() {
      const t = timer();
      if (t && t.endsAt && t.endsAt !== shownEndsAt) shownMs = null;
      if (isCounting(t) && t.endsAt != null && typeof t.remainingMs === "number") {
        const serverNow = Date.parse(t.endsAt) - t.remainingMs;
        if (isFinite(serverNow)) {
          samples.push(serverNow - localNow());
          if (samples.length > 30) samples.shift();
          offset = Math.max.apply(null, samples);
        }
      }
      draw();
      schedule();
    },
    /** A new connection: the offset starts over. */
    reset() { samples.length = 0; offset = null; shownMs = null; },
    /** Draws again (the language changed). */
    draw,
  };
}
