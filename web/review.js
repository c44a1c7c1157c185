// Game review: what the engine's scores of every position of a game say about each move. The
// page runs the searches (one a position, in the worker); this module turns their scores into
// winning chances, judges the moves by the chances they lost, and draws the graph.
'use strict';

/**
 * White's winning chance (0 to 1) from a score for White: `{kind: 'cp'|'mate', value}`. The
 * curve is the one the engine's own training data fits, 1 / (1 + 10^(-cp / 400)): a piece
 * up (about 100) is a 64 % chance. A mate is a certainty.
 */
export function winChance(score) {
  if (!score) return 0.5;
  if (score.kind === 'mate') return score.value > 0 ? 1 : score.value < 0 ? 0 : 0.5;
  return 1 / (1 + 10 ** (-score.value / 400));
}

/** White's chance once the game is over: its result. */
export function outcomeChance(outcome) {
  return { p1win: 1, p2win: 0, draw: 0.5 }[outcome.status] ?? null;
}

/**
 * The judgements, by the winning chance a move lost for its player, in points of 100: as on
 * the analysis boards people know, 5 an inaccuracy, 10 a mistake, 15 a blunder.
 */
export const JUDGEMENTS = [
  { name: 'blunder', plural: 'blunders', loss: 0.15, mark: '??', text: 'Blunder' },
  { name: 'mistake', plural: 'mistakes', loss: 0.1, mark: '?', text: 'Mistake' },
  { name: 'inaccuracy', plural: 'inaccuracies', loss: 0.05, mark: '?!', text: 'Inaccuracy' },
];

/** The judgement of a move that lost `loss` of its player's chance, or null for a good one. */
export function judge(loss) {
  return JUDGEMENTS.find((j) => loss >= j.loss - 1e-9) || null;
}

/**
 * Each move judged. `positions[i]` is the position before move `i + 1` (the last one after
 * the last move): `{side, chance, best}` with `chance` White's winning chance there (null if
 * not reviewed yet) and `best` the engine's move there. Answers one entry a move with
 * `{ply, move, side, before, after, loss, judgement, best}`; a move not yet reviewed on both
 * sides has `loss` null. The engine's own choice loses nothing, whatever the scores (a deeper
 * look at the next position can still change its score).
 */
export function judgeMoves(moves, positions) {
  return moves.map((move, i) => {
    const { side, chance: before, best } = positions[i];
    const after = positions[i + 1] ? positions[i + 1].chance : null;
    if (before === null || after === null || before === undefined || after === undefined) {
      return { ply: i + 1, move, side, before, after, loss: null, judgement: null, best };
    }
    const mine = (c) => (side === 'white' ? c : 1 - c);
    const loss = move === best ? 0 : Math.max(0, mine(before) - mine(after));
    return { ply: i + 1, move, side, before, after, loss, judgement: judge(loss), best };
  });
}

/** Each side's count of each judgement and its mean loss in points of 100. */
export function summary(judged) {
  const sides = {};
  for (const side of ['white', 'black']) {
    const own = judged.filter((m) => m.side === side && m.loss !== null);
    const counts = Object.fromEntries(JUDGEMENTS.map((j) => [j.name, own.filter((m) => m.judgement === j).length]));
    const mean = own.length ? (100 * own.reduce((s, m) => s + m.loss, 0)) / own.length : null;
    sides[side] = { ...counts, moves: own.length, meanLoss: mean };
  }
  return sides;
}

const SVG = 'http://www.w3.org/2000/svg';
/** The graph's own units: as wide as a side panel, and flat. */
export const GRAPH = { width: 300, height: 90 };

function el(name, attrs, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  parent.appendChild(node);
  return node;
}

/** The x of a ply on a graph of `plies` moves. */
export function plyX(ply, plies) {
  return plies === 0 ? 0 : (ply / plies) * GRAPH.width;
}

/** The ply nearest to `x` (the graph's units) on a graph of `plies` moves. */
export function plyAt(x, plies) {
  return Math.max(0, Math.min(plies, Math.round((x / GRAPH.width) * plies)));
}

/**
 * Draws White's winning chance over the game into `svg`: White's share below the line, the
 * judged moves marked (`data-ply` and the judgement's name as class), the position shown as
 * a vertical line at `current`.
 */
export function drawGraph(svg, positions, judged, current) {
  const { width, height } = GRAPH;
  const plies = positions.length - 1;
  svg.replaceChildren();
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  el('rect', { x: 0, y: 0, width, height, class: 'graph-back' }, svg);
  const points = [];
  positions.forEach((p, ply) => {
    if (p.chance !== null && p.chance !== undefined) points.push([plyX(ply, plies), (1 - p.chance) * height]);
  });
  if (points.length) {
    const line = points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
    const last = points.at(-1)[0].toFixed(1);
    el('polygon', { points: `${points[0][0].toFixed(1)},${height} ${line} ${last},${height}`, class: 'graph-white' }, svg);
    el('polyline', { points: line, class: 'graph-line' }, svg);
  }
  el('line', { x1: 0, y1: height / 2, x2: width, y2: height / 2, class: 'graph-middle' }, svg);
  for (const m of judged) {
    if (!m.judgement) continue;
    const x = plyX(m.ply, plies);
    el('circle', { cx: x, cy: (1 - m.after) * height, r: 3.5, class: `graph-mark ${m.judgement.name}`, 'data-ply': m.ply }, svg);
  }
  const x = plyX(current, plies);
  el('line', { x1: x, y1: 0, x2: x, y2: height, class: 'graph-now' }, svg);
}
