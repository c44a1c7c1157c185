// The page in a real browser: a whole game of each game of the family against the engine,
// moves made by clicking, every position's legal moves checked against the native engine;
// analysis, undo and redo, records.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openForTests } from './helpers.js';

let page;
let native;
openForTests((opened) => ({ page, native } = opened));

const state = () => page.evaluate(() => window.mingmang.state());

/** Waits until the game has `k` moves. */
const untilMoves = (k, timeout = 5000) =>
  page.waitForFunction((k) => window.mingmang.state().moves.length === k, k, { timeout });

/** Clicks a square (on its piece, if any, as a person would) where it is on the screen. */
async function click(square) {
  // The board is redrawn as the engine reports: the square's place, not its element, is kept.
  const rect = page.locator(`rect.sq[data-square="${square}"]`);
  let box = null;
  while (box === null) {
    await rect.scrollIntoViewIfNeeded().catch(() => {});
    box = await rect.boundingBox();
  }
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** Makes `move` by clicking: the piece then its destination, a Gala placement in one. */
async function clickMove(move) {
  if (move === '0000') return page.click('#pass');
  const m = /^([a-s]\d+)([a-s]\d+)?$/.exec(move);
  if (m[2]) {
    await click(m[1]);
    await click(m[2]);
  } else await click(m[1]);
}

/** A small deterministic generator: the person's moves vary from game to game. */
function chooser(seed) {
  let x = seed;
  return (n) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x % n;
  };
}

/** Starts a game from the form: `variant`, a ply limit, White a person, Black the engine. */
async function newGame(variant, plies) {
  await page.selectOption('#variant', variant);
  await page.selectOption('#width', 'auto');
  await page.selectOption('#height', 'auto');
  await page.fill('#max-plies', String(plies));
  await page.selectOption('#white-player', 'human');
  await page.selectOption('#black-player', 'engine');
  await page.selectOption('#movetime', '100');
  await page.click('#new');
  await page.waitForFunction((v) => window.mingmang.state().variant === v, variant);
}

const GAMES = ['mingmang', 'makyek', 'apitsodok', 'rek', 'minrekchanh', 'gala', 'makyek-hunt'];

for (const [i, variant] of GAMES.entries()) {
  test(`a whole game of ${variant} against the engine, every move checked`, async () => {
    await newGame(variant, 40);
    const pick = chooser(i + 1);
    let st = await state();
    const rules = { Variant: variant, MaxPlies: '40' };
    // The engine may answer before the page is read again: its moves are those nobody clicked.
    let clicked = 0;
    while (st.outcome.status === 'none') {
      const legal = await native.legalMoves(rules, st.start, st.moves);
      assert.deepEqual([...st.legal].sort(), legal, `legal moves after ${st.moves.join(' ')}`);
      const ply = st.moves.length;
      if (st.side === 'white') {
        await clickMove(st.legal[pick(st.legal.length)]);
        clicked += 1;
      }
      await page.waitForFunction((n) => window.mingmang.state().moves.length > n, ply, { timeout: 20_000 });
      st = await state();
      assert.ok(legal.includes(st.moves[ply]), `${st.moves[ply]} is not a legal move`);
    }
    assert.ok(st.moves.length > clicked, `the engine made none of the ${st.moves.length} moves`);
    // The native engine agrees on the end and its result.
    await native.legalMoves(rules, st.start, st.moves);
    const [over] = await native.request('query gameover', (l) => l.startsWith('response'));
    const [result] = await native.request('query result', (l) => l.startsWith('response'));
    assert.equal(over, 'response true');
    assert.equal(result, `response ${st.outcome.status}`);
    assert.match(await page.textContent('#status'), /^Game over: /);
  });
}

test('analysis shows the evaluation and the best line, and ends when turned off', async () => {
  await page.evaluate(() => window.mingmang.newGame({ Variant: 'mingmang' }, { white: 'human', black: 'human' }));
  // The last game's engine reports are gone with it: the depth shown below is this analysis's.
  assert.equal(await page.textContent('#depth'), '–');
  assert.equal(await page.textContent('#pv'), '–');
  await page.check('#analyze');
  await page.waitForFunction(() => /^\d+$/.test(document.getElementById('depth').textContent) &&
    Number(document.getElementById('depth').textContent) >= 3, null, { timeout: 20_000 });
  assert.match(await page.textContent('#eval'), /for White|mates/);
  assert.match(await page.textContent('#pv'), /^[a-h]\d[a-h]\d/);
  // The board is redrawn as reports arrive: wait for the line rather than read one instant.
  await page.locator('#board line.line').first().waitFor({ state: 'attached', timeout: 5000 });
  assert.equal(await page.evaluate(() => window.mingmang.searchKind()), 'analysis');
  // A move restarts the analysis on the new position.
  await clickMove('a2b2');
  await page.waitForFunction(() => window.mingmang.state().moves.length === 1);
  await page.waitForFunction(() => window.mingmang.searchKind() === 'analysis');
  await page.uncheck('#analyze');
  await page.waitForFunction(() => !window.mingmang.busy(), null, { timeout: 3000 });
  // Threats: White's c1c3 would take b3 and c4 (green squares); White's c1 could be taken by
  // nothing (no red triangle).
  await openRecord();
  await page.fill('#record', 'position fen 2w1/2b1/wb2/4/2w1 w');
  await page.click('#load');
  await page.waitForFunction(() => window.mingmang.state().width === 4);
  assert.equal(await page.locator('#board .threat').count(), 0);
  await page.check('#show-threats');
  assert.equal(await page.locator('#board .threat.mine').count(), 2);
  assert.equal(await page.locator('#board .threat.theirs').count(), 0);
  await page.uncheck('#show-threats');
  assert.equal(await page.locator('#board .threat').count(), 0);
});

/** Opens the record panel. */
async function openRecord() {
  await page.evaluate(() => {
    document.getElementById('record').closest('details').open = true;
  });
}

test('undo, redo and records that go to the protocol and back', async () => {
  await page.evaluate(() =>
    window.mingmang.newGame({ Variant: 'mingmang', BoardSize: '6x9', Territory: 'true' }, { white: 'human', black: 'human' }),
  );
  const moves = [];
  const pick = chooser(99);
  for (let n = 0; n < 6; n++) {
    const st = await state();
    const mv = st.legal[pick(st.legal.length)];
    moves.push(mv);
    await clickMove(mv);
    await untilMoves(n + 1, 30_000);
  }
  const played = await state();
  assert.deepEqual(played.moves, moves);
  // Undo and redo first end any search, so each takes effect a moment after its click.
  const after = async (button, length) => {
    await page.click(button);
    await untilMoves(length);
    return (await state()).moves;
  };
  assert.deepEqual(await after('#undo', 5), moves.slice(0, 5));
  assert.deepEqual(await after('#undo', 4), moves.slice(0, 4));
  assert.deepEqual(await after('#redo', 5), moves.slice(0, 5));
  assert.deepEqual(await after('#redo', 6), moves);
  // The record, loaded again, is the same game.
  await openRecord();
  const record = await page.inputValue('#record');
  assert.match(record, /\[Rules "6x9 territory"\]/);
  await page.evaluate(() => window.mingmang.newGame({ Variant: 'gala' }, {}));
  await page.fill('#record', record);
  await page.click('#load');
  await page.waitForFunction(() => window.mingmang.state().variant === 'mingmang');
  const loaded = await state();
  assert.deepEqual(loaded.moves, moves);
  assert.equal(loaded.position, played.position);
  assert.equal(loaded.rules, '6x9 territory');
  // The protocol line the page writes gives the native engine the same position.
  await page.click('#copy-position');
  const line = await page.inputValue('#record');
  native.send('setoption name Variant value mingmang');
  native.send('setoption name BoardSize value 6x9');
  native.send('setoption name Territory value true');
  native.send(line);
  const answer = await native.request('query fen', (l) => l.startsWith('response'));
  assert.deepEqual(answer, [`response ${played.position}`]);
  native.send('setoption name Territory value false');
  native.send('setoption name BoardSize value auto');
  // A record in the match format, with an opening, loads too.
  const matchRecord = [
    '[Event "mingmang match"]',
    '[White "alpha"]',
    '[Black "beta"]',
    '[Variant "rek"]',
    '[Size "8x8"]',
    '[Rules "rek max-plies 400"]',
    '[StartFEN "bbbbbbb1/7B/bbbbbbbb/8/8/wwwwwwww/W7/1wwwwwww w"]',
    '[OpeningMoves "a3a4"]',
    '[Result "*"]',
    '',
    '1... h6h5 2. a4a5 *',
    '',
  ].join('\n');
  await page.fill('#record', matchRecord);
  await page.click('#load');
  await page.waitForFunction(() => window.mingmang.state().variant === 'rek');
  const rek = await state();
  assert.deepEqual(rek.moves, ['a3a4', 'h6h5', 'a4a5']);
  assert.equal(rek.rules, 'rek max-plies 400');
  // A line of a `mingmang match --openings` file, under the game's rules.
  await page.fill('#record', 'bbbbbbb1/6B1/bb1bbbbb/2b2w2/8/wwww1www/6W1/1wwwwwww w moves c3c4');
  await page.click('#load');
  await page.waitForFunction(() => window.mingmang.state().moves.length === 1);
  assert.equal((await state()).start, 'bbbbbbb1/6B1/bb1bbbbb/2b2w2/8/wwww1www/6W1/1wwwwwww w');
  // A refused record says why and keeps the game.
  await page.fill('#record', '[Variant "rek"]\n\n1. a1a9 *');
  await page.click('#load');
  assert.notEqual(await page.textContent('#record-error'), '');
  assert.equal((await state()).variant, 'rek');
  // Text that is no record at all is called so, in words, and the game stays.
  for (const text of ['hello world', '', 'e2e4 e7e5']) {
    await page.fill('#record', text);
    await page.click('#load');
    assert.match(await page.textContent('#record-error'), /^This text is not a game record\./, text);
    assert.equal((await state()).variant, 'rek');
  }
  // Loading a game while the engine plays a side hands both sides to people, and says so.
  await page.evaluate(() => window.mingmang.newGame({ Variant: 'mingmang' }, { white: 'human', black: 'engine' }));
  await page.fill('#record', 'position startpos moves a2d2');
  await page.click('#load');
  await page.waitForFunction(() => window.mingmang.state().moves.length === 1);
  assert.equal(await page.inputValue('#black-player'), 'human');
  assert.match(await page.textContent('#rules-note'), /^A game was loaded: both sides are now played by people/);
});

test('the page stays responsive while the engine thinks, and Move now ends its search', async () => {
  await page.selectOption('#movetime', '10000');
  await page.evaluate(() => window.mingmang.newGame({ Variant: 'tibetan' }, { white: 'engine', black: 'human' }));
  await page.waitForFunction(() => window.mingmang.searchKind() === 'move');
  await page.waitForFunction(() => Number(document.getElementById('depth').textContent) >= 2, null, { timeout: 10_000 });
  const start = Date.now();
  await page.click('#flip');
  assert.equal(await page.evaluate(() => window.mingmang.busy()), true);
  assert.ok(Date.now() - start < 1000, `a click took ${Date.now() - start} ms during a search`);
  await page.click('#move-now');
  await page.waitForFunction(() => window.mingmang.state().moves.length === 1, null, { timeout: 3000 });
  assert.ok(Date.now() - start < 5000);
  await page.click('#flip');
  await page.selectOption('#movetime', '100');
});

test('the page works offline once loaded', async () => {
  await page.context().setOffline(true);
  try {
    await page.reload();
    await page.waitForFunction(() => self.crossOriginIsolated === true && window.mingmang, null, { timeout: 20_000 });
    await page.evaluate(() => window.mingmang.ready);
    await page.evaluate(() => window.mingmang.newGame({ Variant: 'gala' }, { white: 'human', black: 'engine' }));
    await page.waitForFunction(() => window.mingmang.state().moves.length === 1, null, { timeout: 10_000 });
    assert.equal((await state()).legal.length > 0, true);
  } finally {
    await page.context().setOffline(false);
  }
});

test('each game and board starts with a ply limit that suits it, and the engine against itself always gets one', async () => {
  for (const [variant, w, h, plies] of [
    ['tibetan', 'auto', 'auto', '1700'],
    ['gundru', 'auto', 'auto', '400'],
    ['gala', 'auto', 'auto', '400'],
    ['mingmang', '19', '19', '2200'],
    ['mingmang', 'auto', 'auto', '400'],
  ]) {
    await page.selectOption('#variant', variant);
    await page.selectOption('#width', w);
    await page.selectOption('#height', h);
    assert.equal(await page.inputValue('#max-plies'), plies, `${variant} ${w}x${h}`);
  }
  // A person may play without a limit; the engine against itself may not.
  await page.fill('#max-plies', '0');
  await page.selectOption('#white-player', 'human');
  await page.selectOption('#black-player', 'engine');
  await page.click('#new');
  await page.waitForFunction(() => window.mingmang.state().moves.length === 0 && !window.mingmang.rules().MaxPlies);
  await page.selectOption('#white-player', 'engine');
  await page.click('#new');
  await page.waitForFunction(() => window.mingmang.rules().MaxPlies === '400');
  assert.match(await page.textContent('#rules-note'), /ply limit 400, so that the game ends/);
  // The note goes with the next game.
  await page.selectOption('#white-player', 'human');
  await page.selectOption('#black-player', 'human');
  await page.click('#new');
  await page.waitForFunction(() => document.querySelector('#rules-note').textContent === '');
});

test('the form offers only what the game can use, and explains a number it cannot', async () => {
  const offered = () =>
    page.evaluate(() => ({
      checks: [...document.querySelectorAll('#rule-checks label')].filter((l) => !l.hidden).map((l) => l.querySelector('input').dataset.option),
      widths: [...document.querySelectorAll('#width option')].filter((o) => !o.disabled).map((o) => o.value),
      heights: [...document.querySelectorAll('#height option')].filter((o) => !o.disabled).map((o) => o.value),
    }));
  await page.selectOption('#variant', 'mingmang');
  let form = await offered();
  assert.deepEqual(form.checks, ['EnchainedCapture', 'Territory', 'CornerCapture', 'LastPieceLeap']);
  assert.equal(form.widths.length, 17);
  await page.selectOption('#width', '12');
  await page.setChecked('#rule-checks input[data-option="Territory"]', true);
  // A relative: Ming Mang's options and other boards are not offered, and what was chosen for
  // Ming Mang goes.
  await page.selectOption('#variant', 'rek');
  form = await offered();
  assert.deepEqual(form, { checks: [], widths: ['auto', '8'], heights: ['auto', '8'] });
  assert.equal(await page.inputValue('#width'), 'auto');
  assert.equal(await page.isChecked('#rule-checks input[data-option="Territory"]'), false);
  await page.selectOption('#variant', 'gala');
  assert.deepEqual((await offered()).widths, ['auto', '7']);
  // An out-of-range ply limit is explained (and the game being played stays), and the
  // explanation goes once the form changes.
  const playing = await page.evaluate(() => JSON.stringify([window.mingmang.state(), window.mingmang.rules()]));
  for (const bad of ['-5', '2.5', '']) {
    await page.fill('#max-plies', bad);
    await page.click('#new');
    assert.match(await page.textContent('#rules-error'), /Ply limit: .* is not a whole number from 0 to \d+/, bad);
  }
  assert.equal(await page.evaluate(() => JSON.stringify([window.mingmang.state(), window.mingmang.rules()])), playing);
  await page.fill('#max-plies', '300');
  assert.equal(await page.textContent('#rules-error'), '');
  await page.selectOption('#white-player', 'human');
  await page.selectOption('#black-player', 'human');
  await page.click('#new');
  await page.waitForFunction(() => window.mingmang.state().variant === 'gala' && window.mingmang.rules().MaxPlies === '300');
  await page.selectOption('#variant', 'mingmang');
});

test('the move list stays readable at any length', async () => {
  await page.evaluate(() => window.mingmang.newGame({ Variant: 'tibetan' }, { white: 'human', black: 'human' }));
  const start = (await state()).start;
  const pick = chooser(17);
  const moves = [];
  while (moves.length < 230) {
    const legal = await native.legalMoves({ Variant: 'tibetan' }, start, moves);
    if (legal.length === 0) break;
    moves.push(legal[pick(legal.length)]);
  }
  assert.ok(moves.length >= 201, `${moves.length} plies`);
  await openRecord();
  await page.fill('#record', `position fen ${start} moves ${moves.join(' ')}`);
  await page.click('#load');
  await page.waitForFunction((n) => window.mingmang.state().moves.length === n, moves.length);
  const rows = await page.evaluate(() => {
    const list = document.querySelector('#moves');
    const left = list.getBoundingClientRect().left;
    return [...list.querySelectorAll('li')].map((li) => {
      const number = li.querySelector('.num');
      return { text: number.textContent, inside: number.getBoundingClientRect().left >= left, moves: li.querySelectorAll('span').length };
    });
  });
  assert.equal(rows.length, Math.ceil(moves.length / 2));
  rows.forEach((row, i) => {
    assert.equal(row.text, `${i + 1}.`);
    assert.ok(row.inside, `move ${i + 1} is cut off`);
  });
  assert.ok(rows.slice(0, -1).every((row) => row.moves === 2));
});

test('every board size from 4x4 to 19x19, rectangles and rule options, from the form', async () => {
  const checks = ['EnchainedCapture', 'Territory', 'CornerCapture', 'LastPieceLeap'];
  const sizes = [];
  for (let n = 4; n <= 19; n++) sizes.push([n, n]);
  sizes.push([4, 19], [19, 4], [5, 7], [12, 9]);
  for (const [i, [w, h]] of sizes.entries()) {
    // Each size with a different rule option (and none for some).
    const option = checks[i % (checks.length + 1)];
    await page.selectOption('#variant', 'mingmang');
    await page.selectOption('#width', String(w));
    await page.selectOption('#height', String(h));
    for (const name of checks) await page.setChecked(`#rule-checks input[data-option="${name}"]`, name === option);
    await page.fill('#max-plies', '0');
    await page.selectOption('#white-player', 'human');
    await page.selectOption('#black-player', 'human');
    await page.click('#new');
    await page.waitForFunction(([w, h]) => {
      const st = window.mingmang.state();
      return st.width === w && st.height === h;
    }, [w, h]);
    const st = await state();
    const rules = { BoardSize: `${w}x${h}`, ...(option ? { [option]: 'true' } : {}) };
    assert.deepEqual([...st.legal].sort(), await native.legalMoves(rules, st.start, []), `${w}x${h} ${option}`);
    assert.equal(await page.locator('rect.sq').count(), w * h);
    if (option === 'Territory') assert.ok(st.legal.includes('0000'));
  }
  // A relative on another board is refused, and says so.
  await page.selectOption('#variant', 'gala');
  await page.selectOption('#width', '9');
  await page.selectOption('#height', '9');
  await page.click('#new');
  await page.waitForFunction(() => document.getElementById('rules-error').textContent !== '');
  assert.equal((await state()).variant, 'mingmang');
});
