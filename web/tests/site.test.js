// What a game site has, in a real browser: clocks that run, add their increment, end the game
// when a flag falls and drive the engine's own clock; moves by dragging; a hint; move sounds;
// and the banner that says how the game ended.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openForTests } from './helpers.js';

let page;
openForTests((opened) => ({ page } = opened));

const state = () => page.evaluate(() => window.mingmang.state());
const clock = () => page.evaluate(() => window.mingmang.clock());

/** The middle of a square on the screen. */
async function centre(square) {
  const box = await page.locator(`rect.sq[data-square="${square}"]`).boundingBox();
  return [box.x + box.width / 2, box.y + box.height / 2];
}

async function click(square) {
  const [x, y] = await centre(square);
  await page.mouse.click(x, y);
}

/** A new game from the form: `variant`, the players, a ply limit and a clock. */
async function newGame({ variant = 'mingmang', white = 'human', black = 'human', plies = '0', base = '0', increment = '0', extra = [] }) {
  await page.selectOption('#variant', variant);
  await page.selectOption('#width', 'auto');
  await page.selectOption('#height', 'auto');
  await page.evaluate(() => document.querySelectorAll('#rule-checks input').forEach((box) => (box.checked = false)));
  for (const name of extra) await page.setChecked(`#rule-checks input[data-option="${name}"]`, true);
  await page.fill('#max-plies', plies);
  await page.fill('#clock-base', base);
  await page.fill('#clock-increment', increment);
  await page.selectOption('#white-player', white);
  await page.selectOption('#black-player', black);
  const games = await page.evaluate(() => window.mingmang.games());
  await page.click('#new');
  await page.waitForFunction((n) => window.mingmang.games() > n, games);
}

test('clocks run for the side to move, add the increment, and a fallen flag ends the game', async () => {
  await page.setChecked('#sounds', true);
  await newGame({ base: '0.05', increment: '1' }); // 3 s each, 1 s a move
  let c = await clock();
  assert.equal(c.running, 'white');
  assert.ok(c.white <= 3000 && c.white > 2000, `White has ${c.white} ms`);
  assert.match(await page.textContent('.clock.running[data-side="white"]'), /^\d\.\d$/);
  const move = (await state()).legal.find((m) => m.length === 4);
  await click(move.slice(0, 2));
  await click(move.slice(2));
  await page.waitForFunction(() => window.mingmang.clock().running === 'black');
  c = await clock();
  assert.ok(c.white > 3000, `the increment was added: White has ${c.white} ms`);
  assert.ok((await page.evaluate(() => window.mingmang.sounds())).includes('move'));
  // Black lets the flag fall.
  await page.waitForFunction(() => window.mingmang.state().outcome.status !== 'none', null, { timeout: 10_000 });
  const st = await state();
  assert.equal(st.outcome.status, 'p1win');
  assert.equal(st.outcome.reason, 'Time');
  assert.deepEqual(st.legal, []);
  assert.equal(await page.textContent('#banner'), 'Black ran out of time. White wins.');
  assert.equal(await page.isVisible('#banner'), true);
  assert.match(await page.textContent('#status'), /^Game over: white won: black ran out of time/);
  assert.match(await page.inputValue('#record'), /\[Result "1-0"\][\s\S]*\[TerminationDetails "white won: black ran out of time"\]/);
  assert.ok((await page.evaluate(() => window.mingmang.sounds())).includes('end'));
  assert.equal((await clock()).running, null, 'the clocks stop with the game');
  await page.setChecked('#sounds', false);
});

test('the engine plays on its own clock through go wtime btime winc binc', async () => {
  await page.evaluate(() => {
    const engine = window.mingmang.engine();
    window.__sent = [];
    const send = engine.send.bind(engine);
    engine.send = (line) => {
      window.__sent.push(line);
      return send(line);
    };
  });
  await newGame({ black: 'engine', base: '0.5', increment: '0.1' });
  const move = (await state()).legal.find((m) => m.length === 4);
  await click(move.slice(0, 2));
  await click(move.slice(2));
  await page.waitForFunction(() => window.mingmang.state().moves.length === 2, null, { timeout: 20_000 });
  const go = await page.evaluate(() => window.__sent.filter((l) => l.startsWith('go ')).at(-1));
  assert.match(go, /^go wtime \d+ btime \d+ winc 100 binc 100$/);
  const [, white, black] = /wtime (\d+) btime (\d+)/.exec(go).map(Number);
  assert.ok(white > 29_000 && white <= 30_100 && black > 29_000 && black <= 30_000, go);
  const c = await clock();
  assert.equal(c.running, 'white');
  assert.ok(c.black < 30_100, `the engine's thinking came off its clock: ${c.black}`);
  assert.equal(await page.isDisabled('#movetime'), true, 'a time per move means nothing on a clock');
  // A move taken back stops the clocks for the rest of the game, and says so.
  await page.click('#undo');
  await page.waitForFunction(() => window.mingmang.clock().live === false);
  assert.match(await page.textContent('#rules-note'), /clocks are stopped/);
  assert.equal(await page.isDisabled('#movetime'), false);
});

test('a number the clock cannot use is explained', async () => {
  await page.fill('#clock-base', '-1');
  await page.click('#new');
  await page.waitForFunction(() => /^Clock: /.test(document.getElementById('rules-error').textContent));
  await page.fill('#clock-base', '0');
  await page.fill('#clock-increment', '0');
});

test('a piece moves by dragging it, and a drag to a square it cannot reach moves nothing', async () => {
  await newGame({});
  const st = await state();
  const move = st.legal.find((m) => m.length === 4);
  const [from, to] = [move.slice(0, 2), move.slice(2)];
  // Nowhere legal: a square no move of that piece reaches, not its own.
  const files = 'abcdefgh';
  const reach = new Set(st.legal.filter((m) => m.startsWith(from)).map((m) => m.slice(2)));
  const nowhere = [...files].map((f) => `${f}5`).find((s) => s !== from && !reach.has(s));
  const drag = async (a, b) => {
    const [x0, y0] = await centre(a);
    const [x1, y1] = await centre(b);
    await page.mouse.move(x0, y0);
    await page.mouse.down();
    await page.mouse.move((x0 + x1) / 2, (y0 + y1) / 2, { steps: 4 });
    // The piece follows the pointer while it is held.
    assert.equal(await page.locator('.piece.ghost').count(), 1);
    await page.mouse.move(x1, y1, { steps: 4 });
    await page.mouse.up();
  };
  await drag(from, nowhere);
  assert.equal((await state()).moves.length, 0);
  assert.equal(await page.locator('.piece.ghost').count(), 0);
  await drag(from, to);
  await page.waitForFunction((m) => window.mingmang.state().moves[0] === m, move);
  // Click-then-click still works beside it.
  const reply = (await state()).legal.find((m) => m.length === 4);
  await click(reply.slice(0, 2));
  await click(reply.slice(2));
  await page.waitForFunction((m) => window.mingmang.state().moves[1] === m, reply);
});

test('a hint shows the engine’s best move on the board, and goes when a move is made', async () => {
  await newGame({ black: 'engine' });
  await page.selectOption('#movetime', '300');
  await page.click('#hint');
  await page.waitForFunction(() => window.mingmang.hint() !== null, null, { timeout: 10_000 });
  const hint = await page.evaluate(() => window.mingmang.hint());
  const st = await state();
  assert.ok(st.legal.includes(hint), `${hint} is legal`);
  assert.deepEqual(
    await page.$$eval('[data-hint]', (marks) => marks.map((m) => m.dataset.hint)),
    [hint.slice(0, 2), hint.slice(2)],
  );
  assert.match(await page.textContent('#status'), new RegExp(`hint: ${hint}`));
  assert.equal(st.moves.length, 0, 'a hint plays nothing');
  await click(hint.slice(0, 2));
  await click(hint.slice(2));
  await page.waitForFunction(() => window.mingmang.state().moves.length >= 1);
  assert.equal(await page.evaluate(() => window.mingmang.hint()), null);
  assert.equal(await page.locator('[data-hint]').count(), 0);
  // Not the person's turn while the engine thinks: no hint to ask for.
  await page.waitForFunction(() => window.mingmang.state().moves.length === 2, null, { timeout: 10_000 });
  await page.selectOption('#movetime', '100');
});

test('the banner tells a newcomer how the game ended, and goes with a new game', async () => {
  // The ply limit: pieces are counted.
  await newGame({ plies: '2' });
  for (let i = 0; i < 2; i++) {
    const move = (await state()).legal.find((m) => m.length === 4);
    await click(move.slice(0, 2));
    await click(move.slice(2));
    await page.waitForFunction((n) => window.mingmang.state().moves.length === n, i + 1);
  }
  assert.match(await page.textContent('#banner'), /^The game reached its limit of 2 plies, so the pieces were counted: White \d+ pieces, Black \d+\./);
  // Territory: two passes, each side's count against the more than half needed.
  await newGame({ extra: ['Territory'] });
  await page.click('#pass');
  await page.waitForFunction(() => window.mingmang.state().moves.length === 1);
  await page.click('#pass');
  await page.waitForFunction(() => window.mingmang.state().outcome.status !== 'none');
  assert.match(
    await page.textContent('#banner'),
    /^Both sides passed, so the board was counted: each side's pieces and the empty areas only it surrounds\. White \d+, Black \d+; 33 of the 64 squares are needed to win\./,
  );
  await newGame({});
  assert.equal(await page.isVisible('#banner'), false);
});
