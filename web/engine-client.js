// The client's side of the engine worker: posts lines, hands back output lines, and makes
// `stop` (and `go` or `quit` during a search) reach a search that is running, through a
// counter shared with the worker (see engine-core.js). Without shared memory (a page that is
// not cross-origin isolated has no SharedArrayBuffer) the engine still answers everything, but
// a search runs to its limit.

const INTERRUPTING = new Set(['stop', 'go', 'quit']);

export class EngineClient {
  /**
   * @param {string|URL|object} worker the engine-worker.js script, started here as a module
   *   worker; or a started worker-like object (`postMessage`, `onmessage`, `terminate`), as
   *   node.js passes
   * @param {{shared?: boolean}} options `shared`: whether to share the stop counter (by
   *   default, where the page is cross-origin isolated)
   */
  constructor(worker, { shared } = {}) {
    this.worker =
      typeof worker === 'string' || worker instanceof URL ? new Worker(worker, { type: 'module' }) : worker;
    this.listeners = new Set();
    this.counter = null;
    const share = shared ?? globalThis.crossOriginIsolated === true;
    if (share && typeof SharedArrayBuffer !== 'undefined') {
      const buffer = new SharedArrayBuffer(4);
      this.counter = new Int32Array(buffer);
      this.worker.postMessage({ stopCounter: buffer, sent: 0 });
    }
    this.worker.onmessage = (event) => {
      for (const listener of [...this.listeners]) listener(event.data);
    };
  }

  /** Whether `stop` can end a running search. */
  get canStop() {
    return this.counter !== null;
  }

  /** Posts one protocol line. */
  send(line) {
    // The worker reads a message line by line, and counts as it reads.
    for (const part of line.split(/\r?\n/)) {
      const word = part.trim().split(/\s+/)[0];
      if (this.counter !== null && INTERRUPTING.has(word)) {
        Atomics.add(this.counter, 0, 1);
        // Wakes a worker waiting for `stop` after a finished `go infinite`.
        Atomics.notify(this.counter, 0);
      }
    }
    this.worker.postMessage(line);
  }

  /** Calls `listener(line)` for every output line; returns a function that removes it. */
  listen(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Posts `line` and resolves with the output lines up to and including the first for which
   * `last(line)` is true.
   */
  request(line, last) {
    return new Promise((resolve) => {
      const lines = [];
      const remove = this.listen((out) => {
        lines.push(out);
        if (last(out)) {
          remove();
          resolve(lines);
        }
      });
      this.send(line);
    });
  }

  /** Ends the worker. */
  terminate() {
    this.worker.terminate();
  }
}
