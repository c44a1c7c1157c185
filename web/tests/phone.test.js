// The page on a phone: a 390 x 844 screen with touch and no mouse. The page fits the screen's
// width, the board's squares are large enough for a finger, and a game plays by taps.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openForTests } from './helpers.js';

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true };

let page;
openForTests((opened) => ({ page } = opened), PHONE);

const state = () => page.evaluate(() => window.mingmang.state());

async function tap(square) {
  const box = await page.locator(`rect.sq[data-square="${square}"]`).boundingBox();
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

test('the page fits a phone: no sideways scrolling, the board in view, squares a finger can hit', async () => {
  assert.equal(await page.evaluate(() => matchMedia('(pointer: coarse)').matches), true);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the page is ${width} px wide`);
  const board = await page.locator('#board').boundingBox();
  assert.ok(board.x >= 0 && board.x + board.width <= 390, `the board spans ${board.x} to ${board.x + board.width}`);
  const square = await page.locator('rect.sq[data-square="a1"]').boundingBox();
  assert.ok(square.width >= 36, `a square is ${square.width} px wide`);
  for (const id of ['#undo', '#hint', '#new', '#review']) {
    const box = await page.locator(id).boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `${id} is off the screen: ${JSON.stringify(box)}`);
  }
});

test('a game plays by taps, against a person and against the engine', async () => {
  await page.evaluate(() => window.mingmang.newGame({ Variant: 'mingmang', MaxPlies: '400' }, { white: 'human', black: 'human' }));
  await page.waitForFunction(() => window.mingmang.state().moves.length === 0);
  let move = (await state()).legal.find((m) => m.length === 4);
  await tap(move.slice(0, 2));
  assert.equal(await page.locator('rect.sq.selected').count(), 1);
  await tap(move.slice(2));
  await page.waitForFunction(() => window.mingmang.state().moves.length === 1);
  assert.deepEqual((await state()).moves, [move]);

  // Against the engine: a tapped move is answered.
  await page.selectOption('#black-player', 'engine');
  await page.waitForFunction(() => window.mingmang.state().moves.length === 2, null, { timeout: 30_000 });
  move = (await state()).legal.find((m) => m.length === 4);
  await tap(move.slice(0, 2));
  await tap(move.slice(2));
  await page.waitForFunction(() => window.mingmang.state().moves.length === 4, null, { timeout: 30_000 });
  assert.equal((await state()).moves[2], move);
  // A tap on the Undo button takes the engine's reply back with the person's move.
  const undo = await page.locator('#undo').boundingBox();
  await page.touchscreen.tap(undo.x + undo.width / 2, undo.y + undo.height / 2);
  await page.waitForFunction(() => window.mingmang.state().moves.length === 2);
});
