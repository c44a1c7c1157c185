// The game clock: a base time and an increment for each side, the side to move's time
// running. Kept apart from the page so that its arithmetic is the same for people and engine.
'use strict';

/** Both sides' clocks: `base` and `increment` in milliseconds, `now` the time source. */
export class GameClock {
  constructor(base, increment, now = () => performance.now()) {
    this.base = base;
    this.increment = increment;
    this.now = now;
    this.left = { white: base, black: base };
    this.running = null;
    this.since = 0;
  }

  /** Starts `side`'s clock (the side to move), stopping the other. */
  start(side) {
    this.pause();
    this.running = side;
    this.since = this.now();
  }

  /** Stops the running clock, keeping what it has left. */
  pause() {
    if (this.running) this.left[this.running] = this.remaining(this.running);
    this.running = null;
  }

  /**
   * `side` has moved: its thinking time is taken off, the increment added (as on a
   * Fischer clock; a move played after the flag fell earns nothing), and `next` runs.
   */
  moved(side, next) {
    if (this.running === side) this.pause();
    if (this.left[side] > 0) this.left[side] += this.increment;
    this.start(next);
  }

  /** What `side` has left now, in milliseconds (never below zero). */
  remaining(side) {
    const spent = this.running === side ? this.now() - this.since : 0;
    return Math.max(0, this.left[side] - spent);
  }

  /** The side whose time has run out, if any. */
  flagged() {
    for (const side of ['white', 'black']) if (this.remaining(side) <= 0) return side;
    return null;
  }

  /** The `go` line of an engine to move now: both clocks and both increments. */
  goLine() {
    const ms = (side) => Math.floor(this.remaining(side));
    return `go wtime ${ms('white')} btime ${ms('black')} winc ${this.increment} binc ${this.increment}`;
  }
}

/** A clock's time as a player reads it: `m:ss`, and tenths under ten seconds. */
export function clockText(ms) {
  if (ms < 10_000) return (Math.floor(ms / 100) / 10).toFixed(1);
  const seconds = Math.floor(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  if (minutes < 60) return `${minutes}:${rest}`;
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}:${rest}`;
}
