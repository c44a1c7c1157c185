// The page's pure parts in Node: the clocks' arithmetic on a hand-driven time source, the
// end-of-game banner for every way a game of the family ends, and the review's judgements.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { GameClock, clockText } from '../clock.js';
import { endingText } from '../ending.js';
import { judge, judgeMoves, outcomeChance, plyAt, plyX, summary, winChance } from '../review.js';

test('a clock runs for the side to move, adds the increment after a move, and flags at zero', () => {
  let now = 0;
  const clock = new GameClock(60_000, 2_000, () => now);
  clock.start('white');
  now = 5_000;
  assert.equal(clock.remaining('white'), 55_000);
  assert.equal(clock.remaining('black'), 60_000);
  clock.moved('white', 'black');
  assert.equal(clock.remaining('white'), 57_000, 'the increment is added after the move');
  assert.equal(clock.running, 'black');
  now = 8_000;
  assert.equal(clock.goLine(), 'go wtime 57000 btime 57000 winc 2000 binc 2000');
  clock.pause();
  now = 100_000;
  assert.equal(clock.remaining('black'), 57_000, 'a paused clock keeps its time');
  assert.equal(clock.flagged(), null);
  clock.start('black');
  now = 157_001;
  assert.equal(clock.remaining('black'), 0, 'never below zero');
  assert.equal(clock.flagged(), 'black');
  clock.moved('black', 'white');
  assert.equal(clock.remaining('black'), 0, 'a move after the flag earns no increment');
});

test('clock times read as a player reads them', () => {
  assert.equal(clockText(300_000), '5:00');
  assert.equal(clockText(61_999), '1:01');
  assert.equal(clockText(9_950), '9.9');
  assert.equal(clockText(0), '0.0');
  assert.equal(clockText(3_723_000), '1:02:03');
});

/** A finished game's state as the rules library gives it. */
function ended(variant, status, reason, extra = {}) {
  return {
    variant,
    width: 8,
    height: 8,
    side: 'white',
    ply: 40,
    position: 'wwwwwwww/8/8/8/8/8/8/bbbbbbbb w',
    outcome: { status, reason, territory: null, text: 'x' },
    ...extra,
  };
}

test('the banner says who won and why, in plain words, for every ending', () => {
  const cases = [
    [ended('mingmang', 'p2win', 'NoPieces'), /^White has no pieces left\. Black wins\.$/],
    [ended('mingmang', 'p2win', 'NoLegalMove'), /^White cannot move: every move is blocked or would bring back an earlier position\. Black wins\.$/],
    [ended('mingmang', 'draw', 'PlyLimit'), /^The game reached its limit of 40 plies, so the pieces were counted: White 8 pieces, Black 8\. The game is drawn\.$/],
    [ended('gala', 'p1win', 'PlyLimit', { position: 'ww5/7/7/7/7/7/b6 b w3b1' }), /White 5 pieces, Black 2\. White wins\./],
    [ended('rek', 'p1win', 'KingCaptured'), /^Black's king was captured\. White wins\.$/],
    [ended('makyek-hunt', 'p1win', 'KingCaptured'), /^White trapped and captured the hunter\. White wins\.$/],
    [ended('makyek-hunt', 'p2win', 'TooFewMen'), /fewer than two men left and can no longer trap the hunter\. The hunter \(Black\) wins\.$/],
    [ended('makyek-hunt', 'draw', 'PlyLimit'), /without the hunter being trapped .*The game is drawn\.$/],
    [ended('mingmang', 'p2win', 'Time'), /^White ran out of time\. Black wins\.$/],
  ];
  for (const [st, expected] of cases) assert.match(endingText(st), expected, `${st.variant} ${st.outcome.reason}`);
  // Territory: each side's count against the more than half of the board needed.
  const won = ended('mingmang', 'p1win', 'Territory', { width: 4, height: 4 });
  won.outcome.territory = [9, 1];
  assert.match(endingText(won), /White 9, Black 1; 9 of the 16 squares are needed to win\. White holds more than half the board\. White wins\.$/);
  const drawn = ended('mingmang', 'draw', 'Territory');
  drawn.outcome.territory = [32, 20];
  assert.match(endingText(drawn), /White 32, Black 20; 33 of the 64 squares are needed to win\. Neither side holds more than half the board\. The game is drawn\.$/);
  assert.equal(endingText({ ...won, outcome: { status: 'none' } }), '');
});

test('a score becomes a winning chance on the curve the engine was trained on', () => {
  assert.equal(winChance({ kind: 'cp', value: 0 }), 0.5);
  assert.ok(Math.abs(winChance({ kind: 'cp', value: 400 }) - 10 / 11) < 1e-12);
  assert.ok(Math.abs(winChance({ kind: 'cp', value: -400 }) - 1 / 11) < 1e-12);
  assert.equal(winChance({ kind: 'mate', value: 3 }), 1);
  assert.equal(winChance({ kind: 'mate', value: -2 }), 0);
  assert.equal(winChance(null), 0.5);
  assert.equal(outcomeChance({ status: 'p1win' }), 1);
  assert.equal(outcomeChance({ status: 'p2win' }), 0);
  assert.equal(outcomeChance({ status: 'draw' }), 0.5);
  assert.equal(outcomeChance({ status: 'none' }), null);
});

test('a move is judged by the winning chance its player lost', () => {
  assert.equal(judge(0.049), null);
  assert.equal(judge(0.05).name, 'inaccuracy');
  assert.equal(judge(0.1).name, 'mistake');
  assert.equal(judge(0.149).name, 'mistake');
  assert.equal(judge(0.15).name, 'blunder');
  assert.equal(judge(1).name, 'blunder');
  // White plays a1 (its chance 0.6 -> 0.4: a blunder of 0.2), Black b2 (its chance 0.6 ->
  // 0.58: fine), White c3, the engine's own choice, loses nothing whatever the scores say.
  const positions = [
    { side: 'white', chance: 0.6, best: 'd4' },
    { side: 'black', chance: 0.4, best: 'b2' },
    { side: 'white', chance: 0.42, best: 'c3' },
    { side: 'black', chance: 0.3, best: 'e5' },
    { side: 'white', chance: null, best: null },
  ];
  const judged = judgeMoves(['a1', 'x9', 'c3', 'e5'], positions);
  assert.deepEqual(
    judged.map((m) => [m.ply, m.side, m.loss === null ? null : Math.round(m.loss * 100), m.judgement && m.judgement.name]),
    [
      [1, 'white', 20, 'blunder'],
      [2, 'black', 2, null],
      [3, 'white', 0, null],
      [4, 'black', null, null],
    ],
  );
  const sides = summary(judged);
  const { meanLoss, ...counts } = sides.white;
  assert.deepEqual(counts, { blunder: 1, mistake: 0, inaccuracy: 0, moves: 2 });
  assert.ok(Math.abs(meanLoss - 10) < 1e-9);
  assert.equal(sides.black.moves, 1);
  assert.ok(Math.abs(sides.black.meanLoss - 2) < 1e-9);
});

test('the graph maps plies to its width and back', () => {
  assert.equal(plyX(0, 40), 0);
  assert.equal(plyX(40, 40), 300);
  for (let ply = 0; ply <= 40; ply++) assert.equal(plyAt(plyX(ply, 40), 40), ply);
  assert.equal(plyAt(-10, 40), 0);
  assert.equal(plyAt(1000, 40), 40);
  assert.equal(plyAt(150, 0), 0);
});
