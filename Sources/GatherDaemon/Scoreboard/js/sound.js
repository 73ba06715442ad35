// Sound and vibration at the touchline: a short whistle when a period ends, a long one at full time (two
// short and a long), a horn for a goal, and a beep in each of the last five seconds of a period, all synthesized
// with Web Audio (no files). They follow the daemon's events, never the page's own countdown, so every phone
// sounds together; a page that connects after the moment hears nothing of it (a snapshot is not an event).
//
// Sound is off until the switch is tapped, which is also the gesture that lets the browser start audio; the choice
// is remembered on the device. Remembered "on", the first tap anywhere starts it. The phone vibrates at a period's
// end and at full time where it can (navigator.vibrate), while sound is on.

const KEY = "gatherd.sound";
const AudioContextType = window.AudioContext || window.webkitAudioContext;

let button = null;
let on = false;
let audio = null;   // the AudioContext, made at the first tap with sound on

function remembered() {
  try { return localStorage.getItem(KEY) === "on"; } catch (e) { return false; }
}

function remember() {
  try { localStorage.setItem(KEY, on ? "on" : "off"); } catch (e) { /* private mode: for this visit only */ }
}

/** Sets the sound switch up. */
export function setUpSound(node) {
  button = node;
  on = remembered();
  button.hidden = !AudioContextType;
  button.addEventListener("click", () => {
    on = !on;
    remember();
    if (on) unlock();
    render();
  });
  const gesture = () => { if (on && (!audio || audio.state !== "running")) unlock(); };
  document.addEventListener("pointerup", gesture, true);
  document.addEventListener("keydown", gesture, true);
  render();
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

/** "on", "off", or "locked" (on, waiting for a tap to start the audio). */
function currentState() {
  if (!on) return "off";
  return audio && audio.state === "running" ? "on" : "locked";
}

function render() {
  if (!button) return;
  const state = currentState();
  button.dataset.state = state;
  button.setAttribute("aria-pressed", on ? "true" : "false");
  const text = state === "on" ? "Sound on" : state === "locked" ? "Tap for sound" : "Sound off";
  if (button.textContent !== text) button.textContent = text;
}

function ready() { return on && audio && audio.state === "running"; }

function vibrate(pattern) {
  if (!on || typeof navigator.vibrate !== "function") return;
  try { navigator.vibrate(pattern); } catch (e) { /* not allowed now */ }
}

// A referee's pea whistle: a bright tone warbled fast by the pea, with a quick attack and release.
function whistle(at, seconds) {
  const tone = audio.createOscillator();
  tone.type = "triangle";
  tone.frequency.value = 2900;
  const pea = audio.createOscillator();
  pea.frequency.value = 34;
  const warble = audio.createGain();
  warble.gain.value = 170;
  pea.connect(warble).connect(tone.frequency);
  const level = audio.createGain();
  level.gain.setValueAtTime(0, at);
  level.gain.linearRampToValueAtTime(0.45, at + 0.02);
  level.gain.setValueAtTime(0.45, at + seconds - 0.05);
  level.gain.linearRampToValueAtTime(0, at + seconds);
  tone.connect(level).connect(audio.destination);
  for (const node of [tone, pea]) { node.start(at); node.stop(at + seconds); }
}

// A goal: a short two-note horn, through a low-pass filter to take the edge off the sawtooth.
function horn(at) {
  const filter = audio.createBiquadFilter();
  filter.type = "lowpass";
  filter.frequency.value = 1400;
  const level = audio.createGain();
  level.gain.setValueAtTime(0, at);
  level.gain.linearRampToValueAtTime(0.3, at + 0.04);
  level.gain.setValueAtTime(0.3, at + 0.75);
  level.gain.linearRampToValueAtTime(0, at + 0.9);
  filter.connect(level).connect(audio.destination);
  for (const frequency of [233, 294, 349]) {
    const note = audio.createOscillator();
    note.type = "sawtooth";
    note.frequency.value = frequency;
    note.connect(filter);
    note.start(at);
    note.stop(at + 0.9);
  }
}

function beep(at) {
  const tone = audio.createOscillator();
  tone.frequency.value = 1000;
  const level = audio.createGain();
  level.gain.setValueAtTime(0.25, at);
  level.gain.setTargetAtTime(0, at + 0.1, 0.02);
  tone.connect(level).connect(audio.destination);
  tone.start(at);
  tone.stop(at + 0.2);
}

/** A live event from the daemon (never a snapshot): sounds what it calls for. */
export function soundEvent(method, p) {
  if (method === "timer" && (p.change === "periodEnded" || p.change === "finished")) {
    const full = p.change === "finished";
    vibrate(full ? [300, 120, 300, 120, 900] : [400, 150, 400]);
    if (!ready()) return;
    const now = audio.currentTime + 0.02;
    if (full) {
      whistle(now, 0.3);
      whistle(now + 0.45, 0.3);
      whistle(now + 0.9, 1.4);
    } else {
      whistle(now, 0.6);
    }
  } else if (method === "score" && p.change === "goal") {
    if (ready()) horn(audio.currentTime + 0.02);
  } else if (method === "tick" && p.state === "running" && p.remaining >= 1 && p.remaining <= 5) {
    if (ready()) beep(audio.currentTime + 0.02);
  }
}
