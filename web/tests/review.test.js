// The analysis board and the keyboard, in a real browser: a game reviewed by the engine in the
// worker (progress, the graph, the judged moves, jumps from the graph), and a game played from
// the keyboard alone.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openForTests } from './helpers.js';

let page;
openForTests((opened) => ({ page } = opened));

const state = () => page.evaluate(() => window.mingmang.state());
const review = () => page.evaluate(() => window.mingmang.review());

// Ming Mang 8x8: at ply 7 White plays b3d3, after which the engine scores Black about nine
// pieces up (the native engine at 5,000 nodes: +953 for Black); the other moves are the
// engine's own at 20,000 nodes.
const GAME = 'b1b2 g8g6 a4c4 g6g8 b2b3 h3f3 b3d3 b8b1 a2b2 f3e3 a3b3'.split(' ');

async function loadGame() {
  const games = await page.evaluate(() => window.mingmang.games());
  await page.evaluate(() => (document.getElementById('record').closest('details').open = true));
  await page.fill('#record', `position startpos moves ${GAME.join(' ')}`);
  await page.click('#load');
  await page.waitForFunction((n) => window.mingmang.games() > n, games);
  assert.deepEqual((await state()).moves, GAME);
}

async function waitForReview() {
  await page.waitForFunction(() => {
    const r = window.mingmang.review();
    return r && !r.pending && !window.mingmang.busy();
  }, null, { timeout: 120_000 });
}

test('a review scores every position, marks the blunder, and jumps from the graph', async () => {
  await loadGame();
  assert.equal(await page.isDisabled('#review'), false);
  assert.equal(await page.isHidden('#review-graph'), true);
  await page.selectOption('#review-nodes', '20000');
  await page.click('#review');
  // A jump in the move list while the review runs stops its search; the review goes on.
  await page.waitForFunction(() => window.mingmang.searchKind() === 'review');
  await page.click('#moves span[data-ply="2"]');
  await waitForReview();

  const r = await review();
  assert.equal(r.positions.length, GAME.length + 1);
  assert.ok(r.positions.every((p) => p.chance >= 0 && p.chance <= 1 && typeof p.best === 'string'));
  // Before b3d3 White is not lost; after it, its chance is all but gone (the score's sign is
  // turned to White's view for the side to move).
  assert.ok(r.positions[6].chance > 0.3, `before: ${r.positions[6].chance}`);
  assert.ok(r.positions[7].chance < 0.2, `after: ${r.positions[7].chance}`);
  const blunder = r.judged[6];
  assert.equal(blunder.move, 'b3d3');
  assert.equal(blunder.side, 'white');
  assert.equal(blunder.judgement, 'blunder');
  assert.notEqual(blunder.best, 'b3d3');
  // The engine's own moves lose nothing by their own choice.
  for (const m of r.judged) if (m.move === m.best) assert.equal(m.loss, 0);

  assert.equal(await page.getAttribute('#moves span[data-ply="7"]', 'data-judgement'), 'blunder');
  const item = await page.textContent('#review-moves li[data-ply="7"]');
  assert.match(item, /^7\. b3d3\?\? Blunder by White: its chance \d+ % → \d+ %; the engine preferred [a-h]\d[a-h]\d$/);
  assert.match(await page.textContent('#review-status'), /^Reviewed: 12 positions, 20,000 nodes each\./);
  assert.match(await page.textContent('#review-summary'), /White: \d+ blunders?, /);
  assert.equal(await page.evaluate(() => document.getElementById('review-progress').value), GAME.length + 1);

  // The graph: one mark per judged move; a click on the blunder's mark goes to it.
  const marks = await page.locator('#review-graph circle.graph-mark').count();
  assert.equal(marks, r.judged.filter((m) => m.judgement).length);
  await page.click('#review-graph circle.graph-mark.blunder[data-ply="7"]');
  await page.waitForFunction(() => window.mingmang.state().moves.length === 7);
  // A click on the graph's left edge goes to the start; the review stays (the game is the same).
  const box = await page.locator('#review-graph').boundingBox();
  await page.mouse.click(box.x + 1, box.y + box.height / 2);
  await page.waitForFunction(() => window.mingmang.state().moves.length === 0);
  assert.notEqual(await review(), null);
  // And an item of the list goes to its move.
  await page.click('#review-moves li[data-ply="7"]');
  await page.waitForFunction(() => window.mingmang.state().moves.length === 7);

  // Another move at ply 7 makes another game: the review no longer applies and goes.
  await page.click('#moves span[data-ply="6"]');
  await page.waitForFunction(() => window.mingmang.state().moves.length === 6);
  const other = (await state()).legal.find((m) => m !== 'b3d3' && m.length === 4);
  // The list's clicks may have scrolled the board out of view.
  await page.locator('#board').scrollIntoViewIfNeeded();
  for (const square of [other.slice(0, 2), other.slice(2)]) {
    const sq = await page.locator(`rect.sq[data-square="${square}"]`).boundingBox();
    await page.mouse.click(sq.x + sq.width / 2, sq.y + sq.height / 2);
  }
  await page.waitForFunction(() => window.mingmang.state().moves.length === 7);
  assert.equal(await review(), null);
  assert.equal(await page.isHidden('#review-graph'), true);
  assert.equal(await page.textContent('#review-status'), '');
  assert.equal(await page.locator('#moves span[data-judgement]').count(), 0);
});

test('the board plays from the keyboard: a cursor, Enter to pick and to put, Escape to let go', async () => {
  await page.evaluate(() => window.mingmang.newGame({ Variant: 'mingmang', MaxPlies: '400' }, { white: 'human', black: 'human' }));
  await page.waitForFunction(() => window.mingmang.state().moves.length === 0);
  const move = (await state()).legal.find((m) => m.length === 4);
  await page.focus('#board');
  // The first arrow shows the cursor at the middle of White's back rank (e1 on 8x8).
  await page.keyboard.press('ArrowUp');
  assert.match(await page.getAttribute('#board', 'aria-label'), /cursor on e1, /);
  assert.equal(await page.locator('#board rect.cursor').count(), 1);
  let at = [4, 0];
  const go = async (square) => {
    const [file, rank] = [square.charCodeAt(0) - 97, Number(square.slice(1)) - 1];
    while (at[0] < file) await page.keyboard.press('ArrowRight'), (at[0] += 1);
    while (at[0] > file) await page.keyboard.press('ArrowLeft'), (at[0] -= 1);
    while (at[1] < rank) await page.keyboard.press('ArrowUp'), (at[1] += 1);
    while (at[1] > rank) await page.keyboard.press('ArrowDown'), (at[1] -= 1);
    assert.match(await page.getAttribute('#board', 'aria-label'), new RegExp(`cursor on ${square}, `));
  };
  // Picked up and let go.
  await go(move.slice(0, 2));
  await page.keyboard.press('Enter');
  assert.equal(await page.locator('rect.sq.selected').count(), 1);
  assert.match(await page.getAttribute('#board', 'aria-label'), /, selected;/);
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('rect.sq.selected').count(), 0);
  // Picked up and put down.
  await page.keyboard.press(' ');
  await go(move.slice(2));
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.mingmang.state().moves.length === 1);
  assert.deepEqual((await state()).moves, [move]);
  // On the board the arrows move the cursor; elsewhere they take back.
  await page.keyboard.press('ArrowLeft');
  assert.equal((await state()).moves.length, 1);
  await page.evaluate(() => document.activeElement.blur());
  assert.equal(await page.locator('#board rect.cursor').count(), 0);
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => window.mingmang.state().moves.length === 0);
});

test('a review stops the clocks of a timed game', async () => {
  await page.fill('#clock-base', '5');
  await page.fill('#clock-increment', '0');
  await page.selectOption('#white-player', 'human');
  await page.selectOption('#black-player', 'human');
  const games = await page.evaluate(() => window.mingmang.games());
  await page.click('#new');
  await page.waitForFunction((n) => window.mingmang.games() > n, games);
  const move = (await state()).legal.find((m) => m.length === 4);
  await page.locator('#board').scrollIntoViewIfNeeded();
  for (const square of [move.slice(0, 2), move.slice(2)]) {
    const sq = await page.locator(`rect.sq[data-square="${square}"]`).boundingBox();
    await page.mouse.click(sq.x + sq.width / 2, sq.y + sq.height / 2);
  }
  await page.waitForFunction(() => window.mingmang.clock().running === 'black');
  await page.selectOption('#review-nodes', '20000');
  await page.click('#review');
  await waitForReview();
  const clock = await page.evaluate(() => window.mingmang.clock());
  assert.equal(clock.live, false);
  assert.equal(clock.running, null);
  await page.fill('#clock-base', '0');
});
