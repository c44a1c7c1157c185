// The engine worker against the native engine: the same dialogue, the same node counts, and
// searches that end on their limits and on `stop`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openForTests, startWorker, untimed } from './helpers.js';

let worker;
let native;
openForTests(async (opened) => {
  worker = await startWorker(opened.page);
  native = opened.native;
});

const isBest = (l) => l.startsWith('bestmove');

test('the handshake announces the same engine and options', async () => {
  const mine = await worker.request('ugi', (l) => l === 'ugiok');
  const theirs = await native.request('ugi', (l) => l === 'ugiok');
  // A browser's memory is not the machine's: the largest Hash differs, nothing else.
  const hashMax = (l) => l.replace(/^(option name Hash .* max )\d+$/, '$1_');
  assert.deepEqual(mine.map(hashMax), theirs.map(hashMax));
  assert.ok(mine.some((l) => l.startsWith('option name Skill Level')));
  assert.deepEqual(await worker.request('isready', (l) => l === 'readyok'), ['readyok']);
});

test('perft counts the same in every game', async () => {
  for (const [variant, depth] of [
    ['mingmang', 3],
    ['gundru', 2],
    ['makyek', 3],
    ['apitsodok', 3],
    ['rek', 3],
    ['minrekchanh', 3],
    ['gala', 3],
    ['makyek-hunt', 3],
  ]) {
    const lines = [`setoption name Variant value ${variant}`, 'position startpos moves'];
    for (const l of lines) {
      await worker.send(l);
      native.send(l);
    }
    const done = (l) => l.startsWith('nodes ') || l.startsWith('info string');
    const mine = await worker.request(`perft ${depth}`, done);
    const theirs = await native.request(`perft ${depth}`, done);
    assert.deepEqual(mine.map(untimed), theirs.map(untimed), variant);
    assert.match(mine.at(-1), /^nodes \d+ time \d+ ms nps \d+$/);
  }
});

test('bench searches the same nodes', async () => {
  const mine = await worker.request('bench', (l) => / nodes \d+ nps$/.test(l), 120_000);
  const { execFileSync } = await import('node:child_process');
  const { NATIVE } = await import('./helpers.js');
  const theirs = execFileSync(NATIVE, ['bench'], { encoding: 'utf8' }).trim().split('\n');
  assert.deepEqual(mine.map(untimed), theirs.map(untimed));
  assert.ok(mine.length > 30);
  const gala = await worker.request('bench depth 4 variant gala', (l) => / nps$/.test(l), 60_000);
  const nativeGala = execFileSync(NATIVE, ['bench', '--depth', '4', '--variant', 'gala'], { encoding: 'utf8' });
  assert.deepEqual(gala.map(untimed), nativeGala.trim().split('\n').map(untimed));
});

test('searches to a depth or a node count give the native lines', async () => {
  // Ming Mang 8x8 twice: with its network (the default; SIMD in both builds) and with the
  // hand-written evaluation, which must search otherwise.
  const found = [];
  const played = 'position startpos moves a2d2 h7e7';
  for (const [setup, go, position = 'position startpos moves'] of [
    ['setoption name Variant value mingmang', 'go depth 5', played],
    ['setoption name Evaluation value hand', 'go depth 5', played],
    ['setoption name Evaluation value network', 'go nodes 30000'],
    ['setoption name Variant value rek', 'go nodes 20000'],
    ['setoption name Variant value gala', 'go depth 4'],
  ]) {
    for (const l of [setup, 'uginewgame', position]) {
      await worker.send(l);
      native.send(l);
    }
    const mine = await worker.request(go, isBest);
    const theirs = await native.request(go, isBest);
    assert.deepEqual(mine.map(untimed), theirs.map(untimed), `${setup}; ${go}`);
    found.push(mine.map(untimed));
  }
  assert.notDeepEqual(found[0], found[1], 'the network and the hand-written evaluation');
});

test('movetime and clocks end searches on time in the browser', async () => {
  await worker.send('setoption name Variant value mingmang');
  await worker.send('position startpos moves a2b2');
  for (const [go, most] of [
    ['go movetime 300', 1500],
    ['go wtime 2000 btime 2000 winc 0 binc 0', 2000],
  ]) {
    const start = Date.now();
    const lines = await worker.request(go, isBest, 10_000);
    const took = Date.now() - start;
    assert.ok(took < most, `${go} took ${took} ms`);
    assert.match(lines.at(-1), /^bestmove [a-h]\d[a-h]\d$/);
    const time = Number(/ time (\d+)/.exec(lines.at(-2))[1]);
    assert.ok(time > 0 && time < most, `reported ${time} ms`);
  }
});

test('stop ends an infinite search, and a go during a search answers both', async () => {
  await worker.send('setoption name Variant value tibetan');
  await worker.send('position startpos moves');
  await worker.request('go infinite', (l) => l.startsWith('info depth 3'), 20_000);
  const start = Date.now();
  const end = await worker.request('stop', isBest, 5_000);
  assert.ok(Date.now() - start < 2000);
  assert.match(end.at(-1), /^bestmove [a-q]\d+[a-q]\d+$/);
  assert.deepEqual(await worker.request('isready', (l) => l === 'readyok'), ['readyok']);
  // A second go stops the first, which is answered first.
  const from = (await worker.lines()).length;
  await worker.send('go infinite');
  await worker.request('go depth 2', isBest, 20_000);
  await worker.request('isready', (l) => l === 'readyok', 20_000);
  const since = (await worker.lines()).slice(from);
  assert.equal(since.filter(isBest).length, 2, since.join('\n'));
  assert.equal(since.at(-1), 'readyok');
});

test('a go infinite whose search ends by itself waits for stop', async () => {
  // White mates at once (f1f4 flanks the hunter): the search ends at its deepest iteration.
  await worker.send('setoption name Variant value makyek-hunt');
  await worker.send('position fen 8/8/8/8/3wB3/8/8/5w2 w');
  const from = (await worker.lines()).length;
  await worker.send('go infinite');
  await new Promise((ok) => setTimeout(ok, 500));
  const waiting = (await worker.lines()).slice(from);
  assert.ok(waiting.some((l) => / score mate 1 .* pv f1f4$/.test(l)), waiting.slice(-3).join('\n'));
  assert.ok(!waiting.some(isBest), 'no bestmove before stop');
  const end = await worker.request('stop', isBest, 2000);
  assert.equal(end.at(-1), 'bestmove f1f4');
  assert.deepEqual(await worker.request('isready', (l) => l === 'readyok'), ['readyok']);
});

test('bad input is answered, never a crash', async () => {
  for (const line of ['go depth x', 'position fen nonsense', 'setoption name Threads value 4', 'frobnicate', 'perft -1']) {
    const out = await worker.request(`${line}\nisready`, (l) => l === 'readyok');
    assert.ok(out.some((l) => l.startsWith('info string error')), `${line}: ${out.join(' | ')}`);
  }
  const out = await worker.request('go depth 1', isBest);
  assert.match(out.at(-1), /^bestmove /);
});
