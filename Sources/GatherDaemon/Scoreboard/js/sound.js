// Sound and vibration at the touchline: a short whistle when a period ends, a long one at full time (two short and
// a long), a horn for a goal, and a beep in each of the last five seconds of a period, all synthesized with Web
// Audio (no files). They follow the match's cues, which only the daemon's live events give (matchstate.js), never
// the page's own countdown, so every phone sounds together and a page that connects after the moment is silent.
//
// Sound is off until the switch is tapped, which is also the gesture that lets the browser start audio; the choice
// is remembered on the device. Remembered "on", the first tap anywhere starts it. The phone vibrates at a period's
// end and at full time where it can (navigator.vibrate), while sound is on.

import { beep, horn, whistle } from "./soundnotes.js";

const KEY = "gatherd.sound";
const AudioContextType = window.AudioContext || window.webkitAudioContext;

/** The sound switch `button`; `words(state)` is its text ("on", "off", "locked"). Returns `play(cue)` for the
 * match's cues, and `render()` for a new language. */
export function createSound(button, words) {
  let on = false;
  let audio = null;   // the AudioContext, made at the first tap with sound on
  try { on = localStorage.getItem(KEY) === "on"; } catch (e) { on = false; }

  const currentState = () => (!on ? "off" : audio && audio.state === "running" ? "on" : "locked");
  const ready = () => on && audio && audio.state === "running";

  function render() {
    const state = currentState();
    button.dataset.state = state;
    button.setAttribute("aria-pressed", on ? "true" : "false");
    const text = words(state);
    if (button.textContent !== text) button.textContent = text;
  }

  // Called from a gesture: browsers start an AudioContext only then.
  function unlock() {
    if (!AudioContextType) return;
    if (!audio) {
      // Safari on iPhone mutes Web Audio when the ring switch is on silent, unless the page says it plays media.
      if (navigator.audioSession) { try { navigator.audioSession.type = "playback"; } catch (e) { /* kept as it is */ } }
      audio = new AudioContextType();
      audio.addEventListener("statechange", render);
    }
    if (audio.state !== "running") audio.resume().then(render, render);
  }

  function vibrate(pattern) {
    if (!on || typeof navigator.vibrate !== "function") return;
    try { navigator.vibrate(pattern); } catch (e) { /* not allowed now */ }
  }

  button.hidden = !AudioContextType;
  button.addEventListener("click", () => {
    on = !on;
    try { localStorage.setItem(KEY, on ? "on" : "off"); } catch (e) { /* private mode: for this visit only */ }
    if (on) unlock();
    render();
  });
  const gesture = () => { if (on && (!audio || audio.state !== "running")) unlock(); };
  document.addEventListener("pointerup", gesture, true);
  document.addEventListener("keydown", gesture, true);
  render();

  return {
    render,
    /** Sounds a cue of the match: "periodEnded", "finished", "goal" or "beep". */
    play(cue) {
      if (cue.kind === "periodEnded" || cue.kind === "finished") {
        const full = cue.kind === "finished";
        vibrate(full ? [300, 120, 300, 120, 900] : [400, 150, 400]);
        if (!ready()) return;
        const now = audio.currentTime + 0.02;
        if (full) { whistle(audio, now, 0.3); whistle(audio, now + 0.45, 0.3); whistle(audio, now + 0.9, 1.4); }
        else whistle(audio, now, 0.6);
      } else if (cue.kind === "goal") {
        if (ready()) horn(audio, audio.currentTime + 0.02);
      } else if (cue.kind === "beep") {
        if (ready()) beep(audio, audio.currentTime + 0.02);
      }
    },
  };
}
