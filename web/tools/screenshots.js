// Screenshots of the page for docs/web/: each game of the family after a few moves of the
// engine against itself, with its analysis on. Run after build.sh: node tools/screenshots.js
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, openPage, serve } from '../tests/helpers.js';

const out = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'web');
const GAMES = [
  ['mingmang', 14],
  ['makyek', 12],
  ['apitsodok', 12],
  ['rek', 12],
  ['minrekchanh', 12],
  ['gala', 9],
  ['makyek-hunt', 6],
];

const server = await serve();
const browser = await launch();
const page = await openPage(browser.context, server.url);
for (const [variant, plies] of GAMES) {
  await page.uncheck('#analyze');
  await page.selectOption('#movetime', '100');
  await page.evaluate((v) => window.mingmang.newGame({ Variant: v }, { white: 'engine', black: 'engine' }), variant);
  await page.waitForFunction((n) => window.mingmang.state().moves.length >= n, plies, { timeout: 60_000 });
  await page.selectOption('#white-player', 'human');
  await page.selectOption('#black-player', 'human');
  await page.waitForFunction(() => !window.mingmang.busy());
  await page.check('#show-threats');
  await page.check('#analyze');
  // A game over by then has nothing to analyse.
  if ((await page.evaluate(() => window.mingmang.state().outcome.status)) === 'none') {
    await page.waitForFunction(() => Number(document.getElementById('depth').textContent) >= 6, null, {
      timeout: 30_000,
    });
  }
  await page.screenshot({ path: `${out}/${variant}.png` });
  await page.uncheck('#analyze');
  await page.uncheck('#show-threats');
  console.log(`${out}/${variant}.png`);
}
await browser.close();
server.close();
