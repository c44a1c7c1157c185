// The worker's bench speed against the native binary's, in one run on this machine: each
// bench three times, alternating, and the median nps of each. Run after build.sh and
// cargo build --release: node tools/bench.js
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { DIST, launch, NATIVE, openPage, serve, startWorker } from '../tests/helpers.js';

const nps = (line) => Number(/(\d+) nodes (\d+) nps/.exec(line)[2]);
const nodes = (line) => Number(/(\d+) nodes/.exec(line)[1]);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const server = await serve();
const browser = await launch();
const page = await openPage(browser.context, server.url);
const worker = await startWorker(page);
const [wasm, native] = [[], []];
let counts = new Set();
for (let run = 0; run < 3; run++) {
  const out = execFileSync(NATIVE, ['bench'], { encoding: 'utf8' }).trim().split('\n').at(-1);
  native.push(nps(out));
  const lines = await worker.request('bench', (l) => / nodes \d+ nps$/.test(l), 300_000);
  wasm.push(nps(lines.at(-1)));
  counts.add(nodes(out)).add(nodes(lines.at(-1)));
}
await browser.close();
server.close();
const [w, n] = [median(wasm), median(native)];
console.log(`bench nodes: ${[...counts].join(', ')}`);
console.log(`native nps: ${native.join(' ')} (median ${n})`);
console.log(`worker nps: ${wasm.join(' ')} (median ${w})`);
console.log(`ratio: ${(w / n).toFixed(2)}`);
console.log(`mingmang.wasm: ${statSync(join(DIST, 'mingmang.wasm')).size} bytes`);
