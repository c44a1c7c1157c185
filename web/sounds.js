// Move sounds, made with the Web Audio API (no sound files to fetch or cache): a short click
// for a move, a lower double note for a capture, a falling chord at the end of a game.
'use strict';

const NOTES = {
  move: [[660, 0, 0.06]],
  capture: [
    [330, 0, 0.07],
    [247, 0.08, 0.09],
  ],
  end: [
    [523, 0, 0.25],
    [392, 0.12, 0.3],
    [262, 0.24, 0.45],
  ],
};

/** Plays the page's sounds while enabled; `played` lists what was played, for tests. */
export class Sounds {
  constructor() {
    this.enabled = false;
    this.context = null;
    this.played = [];
  }

  /** Plays `kind` (`move`, `capture` or `end`) if sounds are on. */
  play(kind) {
    if (!this.enabled || !NOTES[kind]) return;
    // Created on first use: browsers allow audio only after the person has used the page.
    this.context = this.context || new AudioContext();
    const ctx = this.context;
    if (ctx.state === 'suspended') ctx.resume().catch(() => {});
    const t0 = ctx.currentTime;
    for (const [frequency, start, length] of NOTES[kind]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = 'triangle';
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, t0 + start);
      gain.gain.exponentialRampToValueAtTime(0.25, t0 + start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + start + length);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0 + start);
      osc.stop(t0 + start + length + 0.02);
    }
    this.played.push(kind);
    if (this.played.length > 100) this.played.splice(0, 50);
  }
}
