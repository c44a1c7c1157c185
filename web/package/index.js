// The npm package's entry for browsers and bundlers: the rules library and the engine client.
// Node takes node.js instead (package.json's "node" condition).
import { EngineClient } from './engine-client.js';
import { RulesLibrary } from './rules.js';

export { EngineClient } from './engine-client.js';
export { RulesError, RulesGame, RulesLibrary } from './rules.js';

/** Loads the rules library; by default from the mingmang.wasm beside this file. */
export function loadRules(source) {
  // Written out here, `new URL('./…', import.meta.url)` is the form bundlers copy as an asset.
  return RulesLibrary.load(source ?? new URL('./mingmang.wasm', import.meta.url));
}

/**
 * Starts the engine in a module Web Worker and returns its client. `stop` ends a running
 * search only where the page is cross-origin isolated (see README.md): elsewhere the engine
 * answers everything, but a search runs to its limit.
 */
export function startEngine() {
  // The literal `new Worker(new URL(...), { type: 'module' })` is the form bundlers follow.
  return new EngineClient(new Worker(new URL('./engine-worker.js', import.meta.url), { type: 'module' }));
}
