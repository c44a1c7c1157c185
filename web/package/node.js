// The npm package's entry for Node: the rules library read from the file beside this one, and
// the engine in a worker thread. Node always has shared memory, so `stop` ends a running search.
import { readFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { EngineClient } from './engine-client.js';
import { RulesLibrary } from './rules.js';

export { EngineClient } from './engine-client.js';
export { RulesError, RulesGame, RulesLibrary } from './rules.js';

/** Loads the rules library; by default from the mingmang.wasm beside this file. */
export async function loadRules(source) {
  return RulesLibrary.load(source ?? (await readFile(new URL('./mingmang.wasm', import.meta.url))));
}

/**
 * Starts the engine in a worker thread and returns its client. The thread lives until `quit`
 * is sent or `terminate()` is called: a script that forgets both does not exit.
 */
export function startEngine() {
  const worker = new Worker(new URL('./node-worker.js', import.meta.url));
  // The client speaks to a Web Worker's interface; a worker thread's differs in its events.
  const port = {
    postMessage: (message) => worker.postMessage(message),
    set onmessage(listener) {
      worker.on('message', (data) => listener({ data }));
    },
    terminate: () => worker.terminate(),
    /** The thread's own events (`exit`, `error`). */
    on: (event, listener) => worker.on(event, listener),
  };
  return new EngineClient(port, { shared: true });
}
