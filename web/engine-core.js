// The engine's WebAssembly module driven line by line: shared by the browser's Web Worker
// (engine-worker.js) and Node's worker thread (node-worker.js), which differ only in how
// lines reach them and leave them.
//
// A search runs inside one call into WebAssembly, so no message is read until it ends. To end
// it early the client shares a counter with the worker (it posts `{ stopCounter: buffer }`
// once; engine-client.js does this): the client adds one for every `stop`, `go` or `quit` it
// posts, the engine counts the same lines as it reads them, and the search's poll sees a
// counter ahead of its count as a request to stop. See README.md.

const INTERRUPTING = new Set(['stop', 'go', 'quit']);

/**
 * An engine that is not loaded yet: `receive` takes what the client posts (lines, or the stop
 * counter) at any time, queueing lines until `start(bytes)` has instantiated the module.
 * `post(line)` hands each output line out; `close()` is called after `quit`.
 */
export function createEngine({ post, close }) {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const queue = [];
  let wasm = null;
  let counter = null; // Int32Array over the client's SharedArrayBuffer, if any
  let interruptsRead = 0;
  let closed = false;

  const text = (ptr, len) => decoder.decode(new Uint8Array(wasm.memory.buffer, ptr, len));
  const imports = {
    host: {
      emit: (ptr, len) => post(text(ptr, len)),
      now_ms: () => performance.now(),
      should_stop: () => (counter !== null && Atomics.load(counter, 0) > interruptsRead ? 1 : 0),
      // A finished `go infinite` waiting for `stop`: sleep until the client adds to the
      // counter (it notifies) or 20 ms pass, instead of spinning.
      idle: () => {
        if (counter !== null) Atomics.wait(counter, 0, Atomics.load(counter, 0), 20);
      },
    },
  };

  function handle(line) {
    if (closed) return;
    const word = line.trim().split(/\s+/)[0];
    if (INTERRUPTING.has(word)) interruptsRead += 1;
    const bytes = encoder.encode(line);
    const ptr = wasm.mm_input(bytes.length);
    new Uint8Array(wasm.memory.buffer, ptr, bytes.length).set(bytes);
    if (wasm.mm_worker_line(bytes.length) === 1) {
      closed = true;
      close();
    }
  }

  return {
    /** A message from the client: protocol text (one or more lines) or the stop counter. */
    receive(data) {
      if (typeof data === 'string') {
        // A message may hold several lines, as a pipe would.
        for (const line of data.split(/\r?\n/)) {
          if (wasm === null) queue.push(line);
          else handle(line);
        }
      } else if (data && data.stopCounter instanceof SharedArrayBuffer) {
        counter = new Int32Array(data.stopCounter);
        interruptsRead = data.sent || 0;
      }
    },
    /** Instantiates the module from its bytes, then reads the lines that came meanwhile. */
    async start(bytes) {
      const { instance } = await WebAssembly.instantiate(bytes, imports);
      wasm = instance.exports;
      // The lower levels' draw needs a seed; there is no wall clock in WebAssembly.
      wasm.mm_worker_start(Math.floor(Math.random() * 2 ** 52));
      while (queue.length > 0) handle(queue.shift());
    },
  };
}
