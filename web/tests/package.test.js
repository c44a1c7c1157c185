// The npm package as shipped: .ci/artifacts.sh installs its tarball into a scratch project
// and runs this file there. In Node it plays games through the rules library and searches
// (and stops a search) through the engine in a worker thread; in Chromium it loads the
// package from a plain server, with and without cross-origin isolation.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize } from 'node:path';
import { test } from 'node:test';
import { chromium } from 'playwright-core';
import { loadRules, RulesError, startEngine } from 'mingmang';

const require = createRequire(import.meta.url);
const PACKAGE = dirname(require.resolve('mingmang/package.json'));
const manifest = JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8'));
const NATIVE = process.env.MINGMANG_BIN;

test('the package holds every file its manifest names, and its version is the engine version', () => {
  for (const file of [...manifest.files, 'README.md', 'LICENSE', 'package.json']) {
    assert.ok(existsSync(join(PACKAGE, file)), `${file} is missing from the package`);
  }
  assert.equal(manifest.version, process.env.MINGMANG_VERSION);
});

test('the rules library plays every game to its end in Node, as the native engine counts', async () => {
  const rules = await loadRules();
  assert.ok(rules.info.variants.includes('mingmang'));
  for (const variant of rules.info.variants) {
    const game = rules.newGame({ Variant: variant, MaxPlies: '120' });
    let state = game.state();
    // perft from the start, against the shipped binary's count.
    const native = execFileSync(NATIVE, ['perft', '--variant', variant, '--depth', '3'], { encoding: 'utf8' });
    const nodes = Number(native.match(/^nodes (\d+)/)[1]);
    assert.equal(game.perft(3), nodes, `${variant}: perft 3`);
    // The first legal move every time, until the game ends (at the latest at the ply limit).
    while (state.outcome.status === 'none') {
      state = game.play(state.legal[0]);
    }
    assert.ok(state.ply <= 120, `${variant}: ${state.ply} plies`);
    assert.match(state.outcome.status, /^(p1win|p2win|draw)$/);
    assert.throws(() => game.play('a1a1'), RulesError);
    game.free();
  }
});

test('the engine searches, stops a search and quits in a Node worker thread', async () => {
  const engine = startEngine();
  assert.equal(engine.canStop, true);
  const hello = await engine.request('ugi', (line) => line === 'ugiok');
  assert.ok(hello.some((line) => line.startsWith(`id name mingmang ${manifest.version}`)), hello.join('\n'));
  engine.send('position startpos moves a2b2');
  const rules = await loadRules();
  const legal = rules.newGame({}, '', 'a2b2').state().legal;
  const found = await engine.request('go depth 5', (line) => line.startsWith('bestmove'));
  assert.ok(legal.includes(found.at(-1).split(' ')[1]), found.at(-1));
  // go infinite only ends when stopped.
  engine.send('go infinite');
  await new Promise((ok) => setTimeout(ok, 200));
  const stopped = await engine.request('stop', (line) => line.startsWith('bestmove'));
  assert.ok(legal.includes(stopped.at(-1).split(' ')[1]), stopped.at(-1));
  const exited = new Promise((ok) => engine.worker.on('exit', ok));
  engine.send('quit');
  await exited;
});

/** Serves the installed package and a test page; with `isolated`, the isolation headers. */
async function serve(isolated) {
  const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' };
  const page = `<!doctype html><script type="module">
    import { loadRules, startEngine } from './pkg/index.js';
    window.results = (async () => {
      const rules = await loadRules();
      const game = rules.newGame({ Variant: 'rek' });
      const engine = startEngine();
      const lines = [];
      engine.listen((line) => lines.push(line));
      const depth = await engine.request('go depth 4', (line) => line.startsWith('bestmove'));
      let stopped = null;
      if (engine.canStop) {
        engine.send('position startpos');
        engine.send('go infinite');
        await new Promise((ok) => setTimeout(ok, 300));
        stopped = (await engine.request('stop', (line) => line.startsWith('bestmove'))).at(-1);
      }
      return { legal: game.state().legal.length, canStop: engine.canStop, depth: depth.at(-1), stopped };
    })();
  </script>`;
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
    const headers = isolated
      ? { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' }
      : {};
    if (path === '/') {
      res.writeHead(200, { 'Content-Type': 'text/html', ...headers }).end(page);
      return;
    }
    const file = join(PACKAGE, path.replace(/^\/pkg\//, '/'));
    if (!path.startsWith('/pkg/') || !file.startsWith(PACKAGE) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] || 'application/octet-stream', ...headers });
    createReadStream(file).pipe(res);
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() };
}

async function inChromium(isolated) {
  const server = await serve(isolated);
  const profile = mkdtempSync(join(tmpdir(), 'mingmang-package-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const page = await context.newPage();
    await page.goto(server.url);
    await page.waitForFunction(() => window.results !== undefined);
    return await page.evaluate(() => window.results);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    server.close();
  }
}

test('in Chromium, a cross-origin isolated page can stop a search', async () => {
  const got = await inChromium(true);
  assert.equal(got.legal, 39, JSON.stringify(got));
  assert.equal(got.canStop, true);
  assert.match(got.depth, /^bestmove [a-h][1-8][a-h][1-8]$/);
  assert.match(got.stopped, /^bestmove [a-h][1-8][a-h][1-8]$/);
});

test('in Chromium, a page without isolation still plays, and says it cannot stop', async () => {
  const got = await inChromium(false);
  assert.equal(got.canStop, false);
  assert.match(got.depth, /^bestmove [a-h][1-8][a-h][1-8]$/);
  assert.equal(got.stopped, null);
});
