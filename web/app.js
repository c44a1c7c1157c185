// The page: a game of the family under any rules, played by clicks against the engine (in a
// Web Worker) or between two people with the rules library as referee.
'use strict';

import { BoardView, moveSquares, parsePosition } from './board.js';
import { GameClock, clockText } from './clock.js';
import { endingText } from './ending.js';
import { EngineClient } from './engine-client.js';
import { formatRecord, parseRecord } from './record.js';
import { drawGraph, judgeMoves, JUDGEMENTS, outcomeChance, plyAt, summary, winChance } from './review.js';
import { RulesLibrary } from './rules.js';
import { RULES_TEXT } from './rulesText.js';
import { Sounds } from './sounds.js';

const $ = (id) => document.getElementById(id);
const STORE = 'mingmang-web';

const page = {
  lib: null,
  game: null,
  rules: {},
  redo: [],
  selected: null,
  players: { white: 'human', black: 'engine' },
  engine: null,
  search: null, // {kind: 'move'|'analysis', gen, done: Promise}
  generation: 0,
  engineRules: null,
  info: null,
  threats: null,
  log: [],
  recordShown: null,
  lineDrawn: '',
  // The clocks of a timed game (null without one); live until a move is taken back.
  clock: null,
  clockLive: false,
  clockPly: 0,
  // The side whose flag fell, ending the game on time.
  flag: null,
  hint: null,
  sounds: new Sounds(),
  soundPly: 0,
  // Games started, for tests that wait for the next one.
  games: 0,
  // The review of the game (see reviewGame), or null.
  review: null,
  // The keyboard's square on the board, or null before the board is first focused.
  cursor: null,
};

/** Service worker: offline use, and the isolation headers that make `stop` work. */
async function isolate() {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.register('sw.js').catch(() => null);
  if (!registration || self.crossOriginIsolated) return;
  // The first visit is served without the headers; once the worker controls the page, one
  // reload gets them.
  const reload = () => {
    if (!sessionStorage.getItem('mingmang-isolating')) {
      sessionStorage.setItem('mingmang-isolating', '1');
      location.reload();
    }
  };
  if (navigator.serviceWorker.controller) reload();
  else navigator.serviceWorker.addEventListener('controllerchange', reload);
}

function status(text) {
  $('status').textContent = text;
}

/** The game's state, ended on time if a flag fell (the rules library knows no clocks). */
function state() {
  const st = page.game.state();
  if (page.flag && st.outcome.status === 'none') {
    const winner = page.flag === 'white' ? 'black' : 'white';
    st.outcome = {
      status: winner === 'white' ? 'p1win' : 'p2win',
      reason: 'Time',
      territory: null,
      text: `${winner} won: ${page.flag} ran out of time`,
    };
    st.legal = [];
  }
  return st;
}

function sideOf(st) {
  return st.side === 'white' ? 'white' : 'black';
}

function engineToMove(st = state()) {
  return st.outcome.status === 'none' && page.players[sideOf(st)] === 'engine';
}

// ---- the engine ------------------------------------------------------------------------

function onEngineLine(line) {
  page.log.push(line);
  if (page.log.length > 2000) page.log.splice(0, 1000);
  const search = page.search;
  if (!search) return;
  if (line.startsWith('info ') && / pv /.test(line)) {
    const info = parseInfo(line);
    if (search.kind === 'review') {
      // A review's reports are its own: the analysis panel shows the game's position.
      if (info.multipv === 1) search.last = info;
    } else if (info.multipv === 1) {
      page.info = { ...info, side: search.side };
      showInfo();
    }
  } else if (line.startsWith('bestmove')) {
    page.search = null;
    search.resolve(line.split(/\s+/)[1]);
  }
}

function parseInfo(line) {
  const words = line.split(/\s+/);
  const get = (key) => {
    const i = words.indexOf(key);
    return i >= 0 ? words[i + 1] : undefined;
  };
  const i = words.indexOf('score');
  const pv = words.indexOf('pv');
  return {
    depth: Number(get('depth')),
    multipv: Number(get('multipv') || 1),
    score: i >= 0 ? { kind: words[i + 1], value: Number(words[i + 2]) } : null,
    nodes: Number(get('nodes')),
    nps: Number(get('nps')),
    pv: pv >= 0 ? words.slice(pv + 1) : [],
  };
}

/** The rules and position the engine needs for the current game, sent if they changed. */
function syncEngine() {
  const wanted = JSON.stringify(page.rules);
  if (wanted !== page.engineRules) {
    // Back to the defaults first, so no option is left over from the game before.
    for (const o of page.lib.info.ruleOptions) {
      if (o.name !== 'Variant') page.engine.send(`setoption name ${o.name} value ${o.default}`);
    }
    const ordered = page.lib.info.ruleOptions.filter((o) => page.rules[o.name] !== undefined);
    for (const o of ordered) page.engine.send(`setoption name ${o.name} value ${page.rules[o.name]}`);
    page.engine.send('ugi' + 'newgame');
    page.engineRules = wanted;
  }
  const st = state();
  page.engine.send(`position fen ${st.start}${st.moves.length ? ` moves ${st.moves.join(' ')}` : ''}`);
}

/** Ends the running search, if any, and waits for its `bestmove`. */
async function stopSearch() {
  page.generation += 1;
  const search = page.search;
  if (!search) return;
  page.engine.send('stop');
  await search.done;
}

/** Runs `task` after the tasks queued before it: searches start one at a time. */
let queue = Promise.resolve();
function serially(task) {
  const run = queue.then(task);
  queue = run.catch(() => {});
  return run;
}

async function startSearch(kind) {
  // Starting is serial (the running search is stopped and answered first); the search itself
  // is not waited for here, so that the next start can stop it.
  const search = await serially(async () => {
    await stopSearch();
    const st = state();
    syncEngine();
    // A hint and analysis are the engine's best; only its own moves play at the level.
    const skill = kind === 'move' ? $('skill').value : '20';
    page.engine.send(`setoption name Skill Level value ${skill}`);
    let resolve;
    const done = new Promise((r) => (resolve = r));
    page.search = { kind, gen: page.generation, done, resolve, side: sideOf(st) };
    page.info = null;
    // Without a shared buffer a running search cannot be stopped: analysis then searches a
    // while.
    const infinite = page.engine.canStop ? 'go infinite' : 'go movetime 3000';
    // In a timed game the engine plays on its own clock, and manages its time as natively.
    const move = page.clock && page.clockLive ? page.clock.goLine() : `go movetime ${$('movetime').value}`;
    page.engine.send({ move, hint: `go movetime ${$('movetime').value}` }[kind] || infinite);
    render();
    return page.search;
  });
  const { gen, done } = search;
  const best = await done;
  if (gen !== page.generation) return;
  if (kind === 'hint') {
    page.hint = best;
    render();
    return;
  }
  if (kind !== 'move') return;
  try {
    page.game.play(best);
  } catch (e) {
    status(`The engine's move ${best} was refused: ${e.message}`);
    return;
  }
  page.redo = [];
  changed();
}

/** After every change of the game: the clocks and sounds follow, draw, save, and start what
 * comes next. */
function changed() {
  page.selected = null;
  page.threats = null;
  page.info = null;
  page.hint = null;
  let st = state();
  followClock(st);
  if (st.moves.length === page.soundPly + 1) {
    page.sounds.play(st.outcome.status !== 'none' ? 'end' : st.lastCaptures.length ? 'capture' : 'move');
  }
  page.soundPly = st.moves.length;
  if (page.review && page.review.key !== reviewKey()) page.review = null;
  save();
  render();
  st = state();
  if (reviewPending() && !engineToMove(st)) {
    // A jump in the list (from the graph, say) stops the searches; the review goes on.
    stopSearch().then(reviewGame);
  } else if (st.outcome.status !== 'none') {
    stopSearch().then(render);
  } else if (engineToMove(st)) {
    startSearch('move');
  } else if ($('analyze').checked) {
    startSearch('analysis');
  } else {
    stopSearch().then(render);
  }
}

// ---- the clocks ------------------------------------------------------------------------

/** Moves the clocks on after a move: the mover's time taken and its increment added, the
 * other side's clock started. Any other change (a move taken back, a jump in the list)
 * stops them for the rest of the game: its times would no longer mean anything. */
function followClock(st) {
  const clock = page.clock;
  if (!clock || !page.clockLive) return;
  const plies = st.moves.length;
  if (plies === page.clockPly + 1) {
    clock.moved(st.side === 'white' ? 'black' : 'white', sideOf(st));
    page.clockPly = plies;
  } else if (plies !== page.clockPly) {
    clock.pause();
    page.clockLive = false;
    page.flag = null;
    $('rules-note').textContent = 'The clocks are stopped for this game: a move was taken back.';
  }
  if (st.outcome.status !== 'none') clock.pause();
}

/** The clocks as shown beside each side, and the flag: checked ten times a second. */
function tick() {
  const clock = page.clock;
  if (!clock) return;
  for (const span of document.querySelectorAll('.clock[data-side]')) {
    const left = clock.remaining(span.dataset.side);
    span.textContent = clockText(left);
    span.classList.toggle('running', clock.running === span.dataset.side);
    span.classList.toggle('low', left < 10_000);
  }
  if (!page.clockLive || page.flag || !clock.running) return;
  const fallen = clock.flagged();
  if (fallen && page.game.state().outcome.status === 'none') {
    page.flag = fallen;
    clock.pause();
    page.sounds.play('end');
    changed();
  }
}

/** Why the form's clock cannot be used, or '' if it can. */
function clockProblem() {
  const base = $('clock-base').value.trim();
  const increment = $('clock-increment').value.trim();
  const number = (text, max) => /^\d+(\.\d+)?$/.test(text) && Number(text) <= max;
  if (!number(base, 180)) return `Clock: '${base}' is not a number of minutes from 0 to 180 (0: no clock).`;
  if (!number(increment, 60)) return `Clock: '${increment}' is not a number of seconds from 0 to 60.`;
  return '';
}

/** The clocks the form asks for, or null for an untimed game. */
function clockFromForm() {
  const base = Math.round(Number($('clock-base').value) * 60_000);
  const increment = Math.round(Number($('clock-increment').value) * 1000);
  return base > 0 ? new GameClock(base, increment) : null;
}

// ---- game review -----------------------------------------------------------------------

/** Every move of the game in the list: those played up to the position shown, and those after
 * it (a jump back keeps them). */
function gameMoves() {
  return [...state().moves, ...[...page.redo].reverse()];
}

/** What a review belongs to: the rules, the start and every move. */
function reviewKey() {
  return JSON.stringify([page.rules, state().start, gameMoves()]);
}

/** The review of the current game, its positions not yet scored: who moves in each, and the
 * result where the rules end the game. */
function newReview() {
  const start = state().start;
  const moves = gameMoves();
  const game = page.lib.newGame(page.rules, start, '');
  const positions = [];
  try {
    for (const move of moves) {
      positions.push({ side: sideOf(game.state()), chance: null, best: null });
      game.play(move);
    }
    const end = game.state();
    positions.push({ side: sideOf(end), chance: outcomeChance(end.outcome), best: null });
  } finally {
    game.free();
  }
  return { key: reviewKey(), start, moves, positions, nodes: $('review-nodes').value, wanted: true, stopped: false };
}

/** Whether a review was asked for and has positions left to score. */
function reviewPending() {
  const review = page.review;
  return review !== null && review.wanted && review.positions.some((p) => p.chance === null);
}

/**
 * Reviews the game: each position in turn searched to the review's nodes at full strength,
 * its score kept as White's winning chance. Any other search stops it (a move played or taken
 * back, a new game); it goes on from where it stopped when asked again or when the list is
 * only jumped through.
 */
async function reviewGame() {
  if (!page.review || page.review.key !== reviewKey() || page.review.nodes !== $('review-nodes').value) {
    page.review = newReview();
  }
  const review = page.review;
  review.wanted = true;
  review.stopped = false;
  // Nobody moves while the game is reviewed (the engine would stop the review at once), and
  // no clock runs: a game being looked at is not played on time.
  if (state().outcome.status === 'none' && (page.players.white === 'engine' || page.players.black === 'engine')) {
    handOverToPeople('A review');
  }
  if (page.clock && page.clockLive) {
    page.clock.pause();
    page.clockLive = false;
  }
  await serially(async () => {
    await stopSearch();
    syncEngine();
    page.engine.send('setoption name Skill Level value 20');
  });
  const gen = page.generation;
  render();
  for (let ply = 0; ply < review.positions.length; ply++) {
    if (review.positions[ply].chance !== null) continue;
    const found = await reviewSearch(review, ply, gen);
    if (!found) {
      if (page.review === review) review.stopped = true;
      render();
      return;
    }
    const position = review.positions[ply];
    const score = found.info && found.info.score;
    // The engine scores for the side to move; the review keeps White's view.
    const sign = position.side === 'white' ? 1 : -1;
    position.chance = winChance(score && { kind: score.kind, value: score.value * sign });
    position.best = found.best;
    showReview();
  }
  review.wanted = false;
  render();
}

/** One position of a review searched; null if the review was stopped before its end. */
async function reviewSearch(review, ply, gen) {
  const search = await serially(async () => {
    if (gen !== page.generation || page.review !== review) return null;
    const moves = review.moves.slice(0, ply);
    page.engine.send(`position fen ${review.start}${moves.length ? ` moves ${moves.join(' ')}` : ''}`);
    let resolve;
    const done = new Promise((r) => (resolve = r));
    page.search = { kind: 'review', gen, done, resolve, side: review.positions[ply].side, last: null };
    page.engine.send(`go nodes ${review.nodes}`);
    return page.search;
  });
  if (!search) return null;
  const best = await search.done;
  // A search stopped early is not the review's: its score is of a shallower look.
  if (gen !== page.generation) return null;
  return { best, info: search.last };
}

function percent(chance) {
  return `${Math.round(100 * chance)} %`;
}

/** The review panel: progress, the graph, each side's summary and the judged moves. */
function showReview() {
  const review = page.review;
  const st = state();
  const reviewing = page.search !== null && page.search.kind === 'review';
  $('review').textContent = reviewing ? 'Reviewing…' : 'Review the game';
  $('review').disabled = reviewing || gameMoves().length === 0;
  $('review-progress').hidden = !review;
  // An <svg> has no `hidden` property: the attribute itself.
  $('review-graph').toggleAttribute('hidden', !review);
  if (!review) {
    $('review-status').textContent = '';
    $('review-summary').textContent = '';
    $('review-moves').replaceChildren();
    return [];
  }
  const total = review.positions.length;
  const scored = review.positions.filter((p) => p.chance !== null).length;
  $('review-progress').max = total;
  $('review-progress').value = scored;
  const nodes = Number(review.nodes).toLocaleString('en');
  if (scored === total) $('review-status').textContent = `Reviewed: ${total} positions, ${nodes} nodes each. Click the graph to go to a move.`;
  else if (reviewing) $('review-status').textContent = `Reviewing: ${scored} of ${total} positions…`;
  else $('review-status').textContent = `Review stopped at ${scored} of ${total} positions: press Review the game to go on.`;
  const judged = judgeMoves(review.moves, review.positions);
  drawGraph($('review-graph'), review.positions, judged, st.moves.length);
  const sides = summary(judged);
  $('review-summary').textContent = ['white', 'black']
    .map((side) => {
      const s = sides[side];
      const name = side === 'white' ? 'White' : 'Black';
      const counts = JUDGEMENTS.map((j) => `${s[j.name]} ${s[j.name] === 1 ? j.name : j.plural}`).join(', ');
      return s.moves ? `${name}: ${counts}; on average ${s.meanLoss.toFixed(1)} points of winning chance lost a move.` : '';
    })
    .join(' ');
  const list = $('review-moves');
  list.replaceChildren();
  for (const m of judged.filter((m) => m.judgement)) {
    const li = document.createElement('li');
    li.className = m.judgement.name;
    li.dataset.ply = String(m.ply);
    const name = m.side === 'white' ? 'White' : 'Black';
    const mine = (c) => (m.side === 'white' ? c : 1 - c);
    const better = m.best && m.best !== '(none)' ? `; the engine preferred ${m.best === '0000' ? 'a pass' : m.best}` : '';
    li.textContent =
      `${m.ply}. ${m.move === '0000' ? 'pass' : m.move}${m.judgement.mark} ${m.judgement.text} by ${name}: ` +
      `its chance ${percent(mine(m.before))} → ${percent(mine(m.after))}${better}`;
    li.onclick = () => goToPly(m.ply);
    list.append(li);
  }
  return judged;
}

// ---- moves by clicking -----------------------------------------------------------------

function humanToMove() {
  const st = state();
  return st.outcome.status === 'none' && page.players[sideOf(st)] === 'human';
}

function onSquare(square) {
  if (!humanToMove()) return;
  const legal = state().legal;
  if (page.selected && legal.includes(page.selected + square)) return playHuman(page.selected + square);
  if (legal.some((m) => moveSquares(m).from === square)) {
    page.selected = page.selected === square ? null : square;
    return render();
  }
  if (legal.includes(square)) return playHuman(square);
  page.selected = null;
  render();
}

/** The engine's best move for the person to move, searched at full strength and drawn on
 * the board. */
function hint() {
  if (!humanToMove()) return;
  startSearch('hint');
}

function playHuman(move) {
  try {
    page.game.play(move);
  } catch (e) {
    status(e.message);
    return;
  }
  page.redo = [];
  changed();
}

async function undo() {
  await stopSearch();
  const st = state();
  if (st.moves.length === 0) return render();
  // Back to a position where a person is to move (past the engine's reply), if there is one.
  do {
    page.redo.push(state().moves.at(-1));
    page.game.undo();
  } while (state().moves.length > 0 && engineToMove() && page.players.white !== page.players.black);
  changed();
}

async function redo() {
  await stopSearch();
  if (page.redo.length === 0) return render();
  do {
    page.game.play(page.redo.pop());
  } while (page.redo.length > 0 && engineToMove() && page.players.white !== page.players.black);
  changed();
}

async function goToPly(ply) {
  await stopSearch();
  while (state().moves.length > ply) {
    page.redo.push(state().moves.at(-1));
    page.game.undo();
  }
  while (state().moves.length < ply && page.redo.length > 0) page.game.play(page.redo.pop());
  // Looking at an earlier position: nobody moves until asked.
  handOverToPeople(`Back to ply ${ply}`);
  changed();
}

// ---- drawing ---------------------------------------------------------------------------

function scoreText(info) {
  if (!info || !info.score) return '–';
  // The engine scores for the side to move; shown for White.
  const sign = info.side === 'white' ? 1 : -1;
  if (info.score.kind === 'mate') {
    const n = info.score.value * sign;
    return n > 0 ? `White mates in ${n}` : `Black mates in ${-n}`;
  }
  const cp = (info.score.value * sign) / 100;
  return `${cp > 0 ? '+' : ''}${cp.toFixed(2)} (for White)`;
}

/** The search's latest report in the analysis panel: dashes when there is none. */
function showInfoText() {
  const info = page.info;
  $('eval').textContent = scoreText(info);
  $('depth').textContent = info ? String(info.depth) : '–';
  $('nodes').textContent = info ? `${info.nodes.toLocaleString('en')} (${Math.round(info.nps / 1000)} knps)` : '–';
  $('pv').textContent = info && info.pv.length ? info.pv.join(' ') : '–';
}

function showInfo() {
  const info = page.info;
  showInfoText();
  // The board changes only when the line drawn on it does.
  const drawn = $('show-line').checked && info ? info.pv.slice(0, 6).join(' ') : '';
  if (drawn !== page.lineDrawn) drawBoard();
}

function drawBoard() {
  const st = state();
  const legal = humanToMove() ? st.legal : [];
  const targets = page.selected
    ? legal.filter((m) => moveSquares(m).from === page.selected).map((m) => moveSquares(m).to)
    : [];
  const placements = page.selected ? [] : legal.filter((m) => /^[a-s]\d+$/.test(m));
  let threats = null;
  if ($('show-threats').checked && st.outcome.status === 'none') {
    page.threats = page.threats || page.game.threats();
    const other = st.side === 'white' ? 'black' : 'white';
    threats = { mine: page.threats[st.side], theirs: page.threats[other] };
  }
  page.lineDrawn = $('show-line').checked && page.info ? page.info.pv.slice(0, 6).join(' ') : '';
  page.view.draw({
    position: st.position,
    hunt: st.variant === 'makyek-hunt',
    selected: page.selected,
    targets,
    placements,
    lastMove: st.moves.at(-1),
    captures: st.lastCaptures,
    threats,
    line: $('show-line').checked && page.info && !page.hint ? page.info.pv : [],
    hint: page.hint,
  });
}

function handText(color, pos, label) {
  const key = color === 'white' ? 'w' : 'b';
  let onBoard = 0;
  for (const p of pos.pieces.values()) if (p.toLowerCase() === key) onBoard += 1;
  const player = page.players[color] === 'engine' ? 'engine' : 'person';
  const hand = pos.hand[key] ? ` · ${pos.hand[key]} in hand` : '';
  const clock = page.clock ? `<span class="clock" data-side="${color}">${clockText(page.clock.remaining(color))}</span>` : '';
  return `<span class="dot ${color}"></span> ${label} (${player}): ${onBoard} on the board${hand}${clock}`;
}

function render() {
  const st = state();
  const pos = parsePosition(st.position);
  const [top, bottom] = page.view.flipped ? ['white', 'black'] : ['black', 'white'];
  $('hand-top').innerHTML = handText(top, pos, top === 'white' ? 'White' : 'Black');
  $('hand-bottom').innerHTML = handText(bottom, pos, bottom === 'white' ? 'White' : 'Black');
  // A report about an earlier position (a game before, a move taken back) must not stay shown.
  showInfoText();
  drawBoard();
  const name = st.side === 'white' ? 'White' : 'Black';
  const last = st.moves.at(-1);
  const took = st.lastCaptures.length ? `, taking ${st.lastCaptures.length}` : '';
  const lastText = last ? ` · last move ${last === '0000' ? 'pass' : last}${took}` : '';
  const hintText = page.hint ? ` · hint: ${page.hint === '0000' ? 'pass' : page.hint}` : '';
  const busy = { analysis: ' · analysing', hint: ' · looking for a hint', review: ' · reviewing the game' }[page.search && page.search.kind] || '';
  if (st.outcome.status !== 'none') status(`Game over: ${st.outcome.text}${lastText}`);
  else if (page.search && page.search.kind === 'move') status(`${name} (engine) is thinking…${lastText}`);
  else status(`${name} to move${busy}${hintText}${lastText}`);
  const ending = endingText(st);
  $('banner').textContent = ending;
  $('banner').hidden = !ending;
  tick();
  const judged = showReview();
  const list = $('moves');
  list.replaceChildren();
  const blackFirst = / b( |$)/.test(st.start);
  const all = [...st.moves, ...[...page.redo].reverse()];
  let li = null;
  all.forEach((move, i) => {
    if (!li || (i % 2 === 0) !== blackFirst) {
      // The move number is text of its own, as wide as the largest number needs: a list
      // marker would be cut off at the left once numbers outgrow the list's indent.
      li = document.createElement('li');
      const number = document.createElement('b');
      number.className = 'num';
      number.textContent = `${list.children.length + 1}.`;
      li.append(number, ' ');
      list.appendChild(li);
      if (i === 0 && blackFirst) li.append('… ');
    }
    const span = document.createElement('span');
    span.textContent = move;
    span.dataset.ply = String(i + 1);
    if (i + 1 === st.moves.length) span.classList.add('current');
    if (i >= st.moves.length) span.style.opacity = '0.5';
    const judgement = judged[i] && judged[i].judgement;
    if (judgement) {
      span.dataset.judgement = judgement.name;
      span.title = judgement.text;
    }
    span.onclick = () => goToPly(i + 1);
    li.append(span, ' ');
  });
  list.style.setProperty('--number-width', `${String(list.children.length).length + 1}ch`);
  list.scrollTop = list.scrollHeight;
  $('undo').disabled = st.moves.length === 0;
  $('redo').disabled = page.redo.length === 0;
  $('pass').hidden = !(humanToMove() && st.legal.includes('0000'));
  $('move-now').disabled = !(page.search && page.search.kind === 'move');
  $('hint').disabled = !humanToMove() || (page.search !== null && page.search.kind === 'hint');
  // With a clock the engine plays on its clock, not a time per move.
  $('movetime').disabled = page.clock !== null && page.clockLive;
  // Written when the game changes only, so that a record being typed or pasted is kept.
  const record = formatRecord(st, playerNames());
  if (record !== page.recordShown) {
    $('record').value = record;
    page.recordShown = record;
  }
  $('rules-text').textContent = RULES_TEXT[page.rules.Variant || 'mingmang'] || '';
}

function playerNames() {
  const name = (who) => (who === 'engine' ? `mingmang (level ${$('skill').value})` : 'person');
  return [name(page.players.white), name(page.players.black)];
}

// ---- settings, new games, records ------------------------------------------------------

function fillSettings() {
  const info = page.lib.info;
  for (const v of info.variants) $('variant').append(new Option(v, v));
  for (const id of ['width', 'height']) {
    $(id).append(new Option('auto', 'auto'));
    for (let n = 4; n <= 19; n++) $(id).append(new Option(String(n), String(n)));
  }
  for (const o of info.ruleOptions.filter((o) => o.kind === 'check')) {
    const label = document.createElement('label');
    label.title = o.help;
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.dataset.option = o.name;
    label.append(box, ` ${o.name.replace(/([a-z])([A-Z])/g, '$1 $2')}`);
    $('rule-checks').append(label);
  }
  // Width and height go together: one set, the other follows (square boards first). Another
  // game or board gets the ply limit that suits it.
  $('width').onchange = () => {
    if ($('width').value === 'auto' || $('height').value === 'auto') $('height').value = $('width').value;
    offerPlyLimit();
  };
  $('height').onchange = () => {
    if ($('height').value === 'auto' || $('width').value === 'auto') $('width').value = $('height').value;
    offerPlyLimit();
  };
  $('variant').onchange = () => {
    fitFormToGame();
    offerPlyLimit();
  };
  // A message about the form goes once the form is changed.
  $('new-game').addEventListener('input', () => {
    $('rules-error').textContent = '';
  });
}

/**
 * What the rules library accepts for `variant`, found by asking it: the check options it may
 * take, and the board sizes (a relative has its own board; Ming Mang takes every size).
 */
const fitCache = new Map();
function fitOf(variant) {
  if (fitCache.has(variant)) return fitCache.get(variant);
  const accepts = (rules) => {
    try {
      page.lib.newGame({ Variant: variant, ...rules }).free();
      return true;
    } catch {
      return false;
    }
  };
  const fit = { options: new Set(), widths: new Set(), heights: new Set() };
  for (const o of page.lib.info.ruleOptions.filter((o) => o.kind === 'check')) {
    if (accepts({ [o.name]: 'true' })) fit.options.add(o.name);
  }
  for (let w = 4; w <= 19; w++) {
    for (let h = 4; h <= 19; h++) {
      if (accepts({ BoardSize: `${w}x${h}` })) {
        fit.widths.add(String(w));
        fit.heights.add(String(h));
      }
    }
  }
  fitCache.set(variant, fit);
  return fit;
}

/** Offers only the options and board sizes the form's game can use. */
function fitFormToGame() {
  const fit = fitOf($('variant').value);
  for (const box of $('rule-checks').querySelectorAll('input')) {
    const usable = fit.options.has(box.dataset.option);
    box.closest('label').hidden = !usable;
    if (!usable) box.checked = false;
  }
  for (const [id, sizes] of [
    ['width', fit.widths],
    ['height', fit.heights],
  ]) {
    for (const option of $(id).options) option.hidden = option.disabled = option.value !== 'auto' && !sizes.has(option.value);
    if ($(id).selectedOptions[0].disabled) $(id).value = 'auto';
  }
}

/** Why the form's ply limit cannot be used, or '' if it can. */
function plyLimitProblem() {
  const text = $('max-plies').value.trim();
  const option = page.lib.info.ruleOptions.find((o) => o.name === 'MaxPlies');
  const [min, max] = (option && option.range) || [0, Number.MAX_SAFE_INTEGER];
  if (/^\d+$/.test(text) && Number(text) >= min && Number(text) <= max) return '';
  return `Ply limit: '${text}' is not a whole number from ${min} to ${max} (0: no limit).`;
}

/**
 * The ply limit a new game under `rules` starts with: 400 on boards up to 9x9 (the limit the
 * built-in networks were trained with, and where nearly every game is decided), about six
 * plies a square on larger boards; `null` for rules the library refuses.
 */
function suggestedPlyLimit(rules) {
  const { MaxPlies, ...rest } = rules;
  let game;
  try {
    game = page.lib.newGame(rest);
  } catch {
    return null;
  }
  const { width, height } = game.state();
  game.free();
  const area = width * height;
  return area <= 81 ? 400 : Math.round((6 * area) / 100) * 100;
}

/** Puts the suggested ply limit of the form's game and board in the form. */
function offerPlyLimit() {
  const plies = suggestedPlyLimit(rulesFromForm());
  if (plies !== null) $('max-plies').value = String(plies);
}

function rulesFromForm() {
  const rules = { Variant: $('variant').value };
  const [w, h] = [$('width').value, $('height').value];
  if (w !== 'auto' && h !== 'auto') rules.BoardSize = `${w}x${h}`;
  for (const box of $('rule-checks').querySelectorAll('input')) {
    if (box.checked) rules[box.dataset.option] = 'true';
  }
  const plies = Number($('max-plies').value);
  if (plies > 0) rules.MaxPlies = String(plies);
  return rules;
}

function showRules(rules) {
  $('variant').value = rules.Variant || 'mingmang';
  const size = /^(\d+)x(\d+)$/.exec(rules.BoardSize || '');
  $('width').value = size ? size[1] : 'auto';
  $('height').value = size ? size[2] : 'auto';
  fitFormToGame();
  for (const box of $('rule-checks').querySelectorAll('input')) box.checked = rules[box.dataset.option] === 'true';
  $('max-plies').value = rules.MaxPlies || '0';
}

/**
 * Starts a game of `rules` from `position` after `moves` (a record's, if given); on refusal
 * keeps the current game, says why in `errorBox`, and answers false. With `handOver`, both
 * sides are people before anyone may move (a loaded game must not be answered by the engine
 * first); `timed` gives it the form's clocks.
 */
async function newGame(rules, { position = '', moves = [], errorBox = 'rules-error', handOver = null, timed = false } = {}) {
  let game;
  try {
    game = page.lib.newGame(rules, position, moves.join(' '));
  } catch (e) {
    // The form goes back to the game being played, so that form and board agree; the
    // message says what was refused.
    if (page.rules) showRules(page.rules);
    $(errorBox).textContent = e.message;
    return false;
  }
  $(errorBox).textContent = '';
  $('rules-note').textContent = '';
  await stopSearch();
  if (page.game) page.game.free();
  page.game = game;
  page.rules = { ...rules };
  page.redo = [];
  page.engineRules = null;
  page.flag = null;
  page.clock = timed ? clockFromForm() : null;
  page.clockLive = page.clock !== null;
  page.clockPly = moves.length;
  page.soundPly = moves.length;
  page.games += 1;
  if (page.clock) page.clock.start(sideOf(state()));
  showRules(rules);
  if (handOver) handOverToPeople(handOver);
  changed();
  return true;
}

function save() {
  try {
    localStorage.setItem(
      STORE,
      JSON.stringify({
        rules: page.rules,
        start: state().start,
        moves: state().moves,
        players: page.players,
        skill: $('skill').value,
        movetime: $('movetime').value,
        clock: [$('clock-base').value, $('clock-increment').value],
        sounds: $('sounds').checked,
      }),
    );
  } catch {
    // Storage may be off; the game goes on.
  }
}

function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Whether `text` has the shape of something the page reads as a game, before it is read. */
function looksLikeRecord(text) {
  return /^\s*(\[|position\s)/.test(text) || /^\s*[\dwbWB]+(\/[\dwbWB]+)+\s+[wb]\b/.test(text);
}

/** Makes both sides people (to look at a game, nobody should move unasked), and says so if
 * the engine was playing one. */
function handOverToPeople(why) {
  const engineWasPlaying = page.players.white === 'engine' || page.players.black === 'engine';
  page.players = { white: 'human', black: 'human' };
  $('white-player').value = 'human';
  $('black-player').value = 'human';
  if (engineWasPlaying) $('rules-note').textContent = `${why}: both sides are now played by people; choose the engine for a side to play on.`;
}

async function loadRecord(text) {
  if (!looksLikeRecord(text)) {
    $('record-error').textContent =
      'This text is not a game record. The page reads a record it saved (tags such as [Variant "mingmang"], then the moves), ' +
      'a protocol line (position startpos moves a2d2 …) or a position string (such as wbbbbbbb/w6b/w6b/w6b/w6b/w6b/w6b/wwwwwwwb w).';
    return;
  }
  let record;
  try {
    record = parseRecord(text, page.lib.info, page.rules);
  } catch (e) {
    $('record-error').textContent = e.message;
    return;
  }
  await newGame(record.rules, { position: record.position, moves: record.moves, errorBox: 'record-error', handOver: 'A game was loaded' });
}

function wire() {
  $('new-game').onsubmit = (event) => {
    event.preventDefault();
    const problem = plyLimitProblem() || clockProblem();
    if (problem) {
      $('rules-error').textContent = problem;
      return;
    }
    page.players = { white: $('white-player').value, black: $('black-player').value };
    const rules = rulesFromForm();
    // The engine against itself plays on as long as rule 7 allows, which can be thousands of
    // plies: its games always get a limit.
    const engines = page.players.white === 'engine' && page.players.black === 'engine';
    const limit = engines && !rules.MaxPlies ? suggestedPlyLimit(rules) : null;
    if (limit !== null) rules.MaxPlies = String(limit);
    newGame(rules, { timed: true }).then((started) => {
      if (started && limit !== null) $('rules-note').textContent = `The engine plays both sides: ply limit ${limit}, so that the game ends.`;
    });
  };
  for (const color of ['white', 'black']) {
    $(`${color}-player`).onchange = () => {
      page.players[color] = $(`${color}-player`).value;
      changed();
    };
  }
  $('skill').oninput = () => {
    $('skill-value').textContent = $('skill').value;
    save();
  };
  $('movetime').onchange = save;
  $('undo').onclick = undo;
  $('redo').onclick = redo;
  $('pass').onclick = () => playHuman('0000');
  $('hint').onclick = hint;
  $('review').onclick = reviewGame;
  $('review-graph').addEventListener('click', (event) => {
    if (!page.review) return;
    const point = $('review-graph').createSVGPoint();
    point.x = event.clientX;
    point.y = event.clientY;
    const { x } = point.matrixTransform($('review-graph').getScreenCTM().inverse());
    goToPly(plyAt(x, page.review.positions.length - 1));
  });
  $('sounds').onchange = () => {
    page.sounds.enabled = $('sounds').checked;
    save();
  };
  $('move-now').onclick = () => page.search && page.search.kind === 'move' && page.engine.send('stop');
  $('flip').onclick = () => {
    page.view.flipped = !page.view.flipped;
    render();
  };
  $('analyze').onchange = changed;
  $('show-line').onchange = drawBoard;
  $('show-threats').onchange = drawBoard;
  $('save').onclick = () => download(`mingmang-${state().variant}-${Date.now()}.txt`, $('record').value);
  $('load').onclick = () => loadRecord($('record').value);
  $('open').onchange = async () => {
    const file = $('open').files[0];
    if (file) loadRecord(await file.text());
  };
  $('copy-position').onclick = () => {
    const st = state();
    const line = `position fen ${st.start}${st.moves.length ? ` moves ${st.moves.join(' ')}` : ''}`;
    $('record').value = line;
    navigator.clipboard?.writeText(line).catch(() => {});
  };
  document.addEventListener('keydown', (event) => {
    // Typing, and the board's own keys (its cursor), are not takebacks.
    if (event.target.closest('input, textarea, select, #board')) return;
    if (event.key === 'ArrowLeft') undo();
    if (event.key === 'ArrowRight') redo();
  });
}

async function main() {
  await isolate();
  page.lib = await RulesLibrary.load(new URL('mingmang.wasm', location.href));
  page.engine = new EngineClient(new URL('engine-worker.js', location.href));
  page.engine.listen(onEngineLine);
  await page.engine.request('ugi', (line) => line === 'ugiok');
  page.view = new BoardView($('board'), onSquare, {
    onCancel: () => {
      page.selected = null;
      render();
    },
  });
  fillSettings();
  wire();
  let saved = null;
  try {
    saved = JSON.parse(localStorage.getItem(STORE) || 'null');
  } catch {
    saved = null;
  }
  if (saved) {
    page.players = saved.players || page.players;
    $('skill').value = saved.skill || '20';
    $('skill-value').textContent = $('skill').value;
    $('movetime').value = saved.movetime || '1000';
    [$('clock-base').value, $('clock-increment').value] = saved.clock || ['0', '0'];
    $('sounds').checked = saved.sounds === true;
    page.sounds.enabled = $('sounds').checked;
  }
  $('white-player').value = page.players.white;
  $('black-player').value = page.players.black;
  setInterval(tick, 100);
  const restored = saved && (await newGame(saved.rules || {}, { position: saved.start || '', moves: saved.moves || [] }));
  if (!restored) await newGame({ Variant: 'mingmang', MaxPlies: String(suggestedPlyLimit({ Variant: 'mingmang' })) });
}

/** For tests and the console: the game's state, the engine's output, whether it is busy. */
window.mingmang = {
  state: () => state(),
  rules: () => ({ ...page.rules }),
  engineLog: () => [...page.log],
  busy: () => page.search !== null,
  searchKind: () => (page.search ? page.search.kind : null),
  clock: () => (page.clock ? { white: page.clock.remaining('white'), black: page.clock.remaining('black'), running: page.clock.running, live: page.clockLive } : null),
  hint: () => page.hint,
  games: () => page.games,
  review: () =>
    page.review && {
      positions: page.review.positions.map((p) => ({ ...p })),
      judged: judgeMoves(page.review.moves, page.review.positions).map((m) => ({ ...m, judgement: m.judgement && m.judgement.name })),
      pending: reviewPending(),
    },
  sounds: () => [...page.sounds.played],
  engine: () => page.engine,
  newGame: (rules, players) => {
    page.players = { ...page.players, ...players };
    $('white-player').value = page.players.white;
    $('black-player').value = page.players.black;
    return newGame(rules);
  },
  ready: main().then(
    () => true,
    (error) => {
      status(`The page could not start: ${error.message}`);
      throw error;
    },
  ),
};

