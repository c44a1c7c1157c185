// The mingmang engine in a Web Worker (a module worker: `new Worker(url, { type: 'module' })`).
// Post it protocol lines (strings); it posts back each output line (strings), the same lines
// as the native engine writes. engine-client.js starts it and gives it the stop counter that
// lets `stop` end a running search (see engine-core.js and README.md).
import { createEngine } from './engine-core.js';

const engine = createEngine({ post: (line) => postMessage(line), close: () => close() });
onmessage = (event) => engine.receive(event.data);

const url = new URL('./mingmang.wasm', import.meta.url);
fetch(url)
  .then((response) => {
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return response.arrayBuffer();
  })
  .then((bytes) => engine.start(bytes))
  .catch((error) => postMessage(`info string error: cannot load the engine: ${error.message}`));
