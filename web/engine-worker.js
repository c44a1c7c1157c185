// The mingmang engine in a Web Worker. Post it protocol lines (strings); it posts back each
// output line (strings), the same lines as the native engine writes.
//
// A search runs inside one call into WebAssembly, so no message is read until it ends. To end
// it early the page shares a counter with the worker (post `{ stopCounter: sharedBuffer }`
// once; engine-client.js does this): the page adds one for every `stop`, `go` or `quit` it
// posts, the worker counts the same lines as it reads them, and the search's poll sees a
// counter ahead of its count as a request to stop. See README.md.
'use strict';

const INTERRUPTING = new Set(['stop', 'go', 'quit']);
let wasm = null;
let counter = null; // Int32Array over the page's SharedArrayBuffer, if any
let interruptsRead = 0;
const queue = [];
const encoder = new TextEncoder();
const decoder = new TextDecoder();

function text(ptr, len) {
  return decoder.decode(new Uint8Array(wasm.memory.buffer, ptr, len));
}

const imports = {
  host: {
    emit: (ptr, len) => postMessage(text(ptr, len)),
    now_ms: () => performance.now(),
    should_stop: () => (counter !== null && Atomics.load(counter, 0) > interruptsRead ? 1 : 0),
    // A finished `go infinite` waiting for `stop`: sleep until the page adds to the counter
    // (it notifies) or 20 ms pass, instead of spinning.
    idle: () => {
      if (counter !== null) Atomics.wait(counter, 0, Atomics.load(counter, 0), 20);
    },
  },
};

function handle(line) {
  const word = line.trim().split(/\s+/)[0];
  if (INTERRUPTING.has(word)) interruptsRead += 1;
  const bytes = encoder.encode(line);
  const ptr = wasm.mm_input(bytes.length);
  new Uint8Array(wasm.memory.buffer, ptr, bytes.length).set(bytes);
  if (wasm.mm_worker_line(bytes.length) === 1) close();
}

onmessage = (event) => {
  const data = event.data;
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
};

const url = new URL('mingmang.wasm', self.location.href);
fetch(url)
  .then((response) => {
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return response.arrayBuffer();
  })
  .then((bytes) => WebAssembly.instantiate(bytes, imports))
  .then(({ instance }) => {
    wasm = instance.exports;
    // The lower levels' draw needs a seed; there is no wall clock in WebAssembly.
    wasm.mm_worker_start(Math.floor(Math.random() * 2 ** 52));
    while (queue.length > 0 && wasm !== null) handle(queue.shift());
  })
  .catch((error) => postMessage(`info string error: cannot load the engine: ${error.message}`));
