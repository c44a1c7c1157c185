// The mingmang engine in a Node worker thread, as engine-worker.js is in a browser: protocol
// lines in and out as messages. node.js starts it (startEngine); Node always has shared
// memory, so `stop` reaches a running search there.
import { readFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import { createEngine } from './engine-core.js';

const engine = createEngine({
  post: (line) => parentPort.postMessage(line),
  // In a worker thread this ends the thread, not the process.
  close: () => process.exit(0),
});
parentPort.on('message', (data) => engine.receive(data));

readFile(new URL('mingmang.wasm', import.meta.url))
  .then((bytes) => engine.start(bytes))
  .catch((error) => parentPort.postMessage(`info string error: cannot load the engine: ${error.message}`));
