// Shared by the browser tests: a static file server over web/dist (or the folder
// MINGMANG_WEB_DIST names: the page's release zip, unpacked), Chromium driven by
// playwright-core, and the native engine as the reference (MINGMANG_BIN, or the release build).
import { spawn } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
export const DIST = resolve(process.env.MINGMANG_WEB_DIST || resolve(here, '..', 'dist'));
export const NATIVE = process.env.MINGMANG_BIN || resolve(here, '..', '..', 'target', 'release', 'mingmang');

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json',
};

/** Serves web/dist as plain files, without any special header, as any static host would. */
export async function serve() {
  if (!existsSync(join(DIST, 'index.html'))) throw new Error(`${DIST} has no page: run web/build.sh`);
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
    let file = join(DIST, path);
    if (!file.startsWith(DIST)) {
      res.writeHead(403).end();
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] || 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() };
}

/**
 * Chromium from the system (Debian's package), headless, with a fresh profile; `device`
 * overrides the desktop window (a phone: `{viewport, hasTouch, isMobile}`).
 */
export async function launch(device = {}) {
  const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';
  const profile = mkdtempSync(join(tmpdir(), 'mingmang-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport: { width: 1200, height: 860 },
    ...device,
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Opens the page and waits until it has started (and is cross-origin isolated). */
export async function openPage(context, url) {
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(url);
  // The first visit registers the service worker and reloads once to get its headers.
  await page.waitForFunction(() => self.crossOriginIsolated === true && window.mingmang, null, {
    timeout: 30_000,
  });
  await page.evaluate(() => window.mingmang.ready);
  return page;
}

/**
 * What every browser test file starts from: the static server, Chromium, the page (started
 * and isolated) and the native engine; `close` ends them all.
 */
export async function openAll(device = {}) {
  const server = await serve();
  const browser = await launch(device);
  const page = await openPage(browser.context, server.url);
  const native = new Native();
  return {
    page,
    native,
    close: async () => {
      native.close();
      await browser.close();
      server.close();
    },
  };
}

/**
 * What a test file opens: everything of `openAll` (for `device`) before its tests, handed to
 * `ready`, and closed after them.
 */
export function openForTests(ready, device = {}) {
  let opened = null;
  before(async () => {
    opened = await openAll(device);
    await ready(opened);
  });
  after(() => opened?.close());
}

/** The native engine, driven line by line. */
export class Native {
  constructor() {
    if (!existsSync(NATIVE)) throw new Error(`${NATIVE} is missing: run cargo build --release`);
    this.proc = spawn(NATIVE, [], { stdio: ['pipe', 'pipe', 'inherit'] });
    this.lines = [];
    this.waiters = [];
    let rest = '';
    this.proc.stdout.on('data', (chunk) => {
      rest += chunk;
      const parts = rest.split('\n');
      rest = parts.pop();
      for (const line of parts) {
        this.lines.push(line);
        for (const w of [...this.waiters]) w();
      }
    });
  }

  /** Sends `line` and resolves with the lines up to the first for which `last` is true. */
  request(line, last) {
    const from = this.lines.length;
    this.proc.stdin.write(`${line}\n`);
    return new Promise((ok) => {
      const check = () => {
        const i = this.lines.slice(from).findIndex(last);
        if (i >= 0) {
          this.waiters = this.waiters.filter((w) => w !== check);
          ok(this.lines.slice(from, from + i + 1));
        }
      };
      this.waiters.push(check);
      check();
    });
  }

  send(line) {
    this.proc.stdin.write(`${line}\n`);
  }

  /** The legal moves in the position `position fen ... moves ...` under `rules`, sorted. */
  async legalMoves(rules, start, moves) {
    this.send('setoption name Variant value mingmang');
    this.send('setoption name BoardSize value auto');
    for (const o of ['EnchainedCapture', 'Territory', 'CornerCapture', 'LastPieceLeap']) {
      this.send(`setoption name ${o} value false`);
    }
    this.send('setoption name MaxPlies value 0');
    for (const [name, value] of Object.entries(rules)) this.send(`setoption name ${name} value ${value}`);
    this.send(`position fen ${start}${moves.length ? ` moves ${moves.join(' ')}` : ''}`);
    const answer = (await this.request('query moves', (l) => l.startsWith('response'))).at(-1);
    return answer.replace(/^response\s*/, '').split(/\s+/).filter(Boolean).sort();
  }

  close() {
    this.proc.stdin.end('quit\n');
  }
}

/** A worker in `page`: sends lines and collects output through the page's EngineClient. */
export async function startWorker(page) {
  await page.evaluate(async () => {
    const { EngineClient } = await import('./engine-client.js');
    window.testEngine = new EngineClient(new URL('engine-worker.js', location.href));
    window.testLines = [];
    window.testEngine.listen((l) => window.testLines.push(l));
  });
  return {
    /** Sends `line`; resolves with the output up to the first line matching `last`. */
    request: async (line, last, timeout = 60_000) => {
      const from = await page.evaluate((l) => {
        const n = window.testLines.length;
        window.testEngine.send(l);
        return n;
      }, line);
      const fn = `(${last.toString()})`;
      await page.waitForFunction(
        ([from, fn]) => window.testLines.slice(from).some(eval(fn)),
        [from, fn],
        { timeout, polling: 20 },
      );
      const lines = await page.evaluate((from) => window.testLines.slice(from), from);
      return lines.slice(0, lines.findIndex(eval(fn)) + 1);
    },
    send: (line) => page.evaluate((l) => window.testEngine.send(l), line),
    lines: () => page.evaluate(() => [...window.testLines]),
  };
}

/** A line with its times and speeds taken out (they differ from run to run). */
export function untimed(line) {
  return line
    .replace(/ nps \d+/, ' nps _')
    .replace(/ time \d+( ms)?/, ' time _$1')
    .replace(/ knps \d+/, ' knps _')
    .replace(/^time \d+ ms$/, 'time _ ms')
    .replace(/^(\d+ nodes) \d+ nps$/, '$1 _ nps');
}
