// The touchline's sounds, synthesized with Web Audio on an AudioContext (no files): a referee's pea whistle, a goal
// horn and a beep, each scheduled at a time on the context's clock.

/** A referee's pea whistle: a bright tone warbled fast by the pea, with a quick attack and release. */
export function whistle(audio, at, seconds) {
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

/** A goal: a short chord of three horn notes, through a low-pass filter to take the edge off the sawtooth. */
export function horn(audio, at) {
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

/** One of the last seconds' beeps. */
export function beep(audio, at) {
  const tone = audio.createOscillator();
  tone.frequency.value = 1000;
  const level = audio.createGain();
  level.gain.setValueAtTime(0.25, at);
  level.gain.setTargetAtTime(0, at + 0.1, 0.02);
  tone.connect(level).connect(audio.destination);
  tone.start(at);
  tone.stop(at + 0.2);
}
