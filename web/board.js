// The board: position strings read into cells, and the board drawn as SVG with the marks a
// player needs (selection, destinations, last move, captures, threats, the best line).
'use strict';

const SVG = 'http://www.w3.org/2000/svg';

/** The file letter and rank number of a square: file 0, rank 0 is a1. */
export function squareName(file, rank) {
  return String.fromCharCode(97 + file) + String(rank + 1);
}

/** `[file, rank]` of a square name such as `c11`. */
export function squareAt(name) {
  return [name.charCodeAt(0) - 97, Number(name.slice(1)) - 1];
}

/** A move's squares: `{from, to}` for a slide or jump, `{to}` for a placement, `{}` for a pass. */
export function moveSquares(move) {
  const m = /^([a-s]\d{1,2})([a-s]\d{1,2})$/.exec(move);
  if (m) return { from: m[1], to: m[2] };
  if (/^[a-s]\d{1,2}$/.test(move)) return { to: move };
  return {};
}

/**
 * A position string read: `{width, height, pieces: Map(square -> 'w'|'b'|'W'|'B'), side,
 * hand: {w, b}}` (pieces in hand in Gala, else zero).
 */
export function parsePosition(text) {
  const [board, side = 'w', hand = ''] = text.trim().split(/\s+/);
  const ranks = board.split('/');
  const height = ranks.length;
  const pieces = new Map();
  let width = 0;
  ranks.forEach((rank, row) => {
    let file = 0;
    for (const m of rank.matchAll(/(\d+)|([wbWB])/g)) {
      if (m[1]) file += Number(m[1]);
      else pieces.set(squareName(file++, height - 1 - row), m[2]);
    }
    width = Math.max(width, file);
  });
  const counts = /^w(\d+)b(\d+)$/.exec(hand);
  return {
    width,
    height,
    pieces,
    side,
    hand: counts ? { w: Number(counts[1]), b: Number(counts[2]) } : { w: 0, b: 0 },
  };
}

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

const PIECE_NAMES = { w: 'white piece', b: 'black piece', W: 'white king', B: 'black king' };

/**
 * Draws positions into an `<svg>` and reports clicks on squares. The board also plays from
 * the keyboard: focused (Tab), the arrow keys move a cursor over the squares as they are
 * shown, Enter or Space clicks the cursor's square and Escape calls `onCancel`.
 */
export class BoardView {
  constructor(svg, onClick, { onCancel = () => {} } = {}) {
    this.svg = svg;
    this.onClick = onClick;
    this.onCancel = onCancel;
    this.flipped = false;
    this.drag = null;
    this.ghost = null;
    this.cursor = null;
    this.view = null;
    svg.setAttribute('tabindex', '0');
    svg.addEventListener('keydown', (event) => this.key(event));
    // The cursor is drawn only while the board has the keyboard.
    svg.addEventListener('focus', () => this.redraw());
    svg.addEventListener('blur', () => this.redraw());
    // On the press, not the click: the board is redrawn while the engine reports, and a click
    // whose press and release land on two drawings of the same square would be lost. A press
    // may also start a drag: released over another square, it is a click there, so that a
    // piece is moved by dragging it to its square as well as by two clicks.
    svg.addEventListener('pointerdown', (event) => {
      if (event.button !== 0) return;
      const target = event.target.closest('[data-square]');
      if (!target) return;
      this.onClick(target.dataset.square);
      this.drag = { from: target.dataset.square, pointer: event.pointerId, at: null };
      try {
        svg.setPointerCapture(event.pointerId);
      } catch {
        // A pointer that is already gone cannot be captured; the press stands as a click.
      }
    });
    svg.addEventListener('pointermove', (event) => {
      if (!this.drag || event.pointerId !== this.drag.pointer) return;
      this.drag.at = this.svgPoint(event.clientX, event.clientY);
      this.drawGhost();
    });
    svg.addEventListener('pointerup', (event) => {
      const drag = this.drag;
      this.endDrag();
      if (!drag || event.pointerId !== drag.pointer || !drag.at) return;
      const square = this.squareAtPoint(event.clientX, event.clientY);
      if (square && square !== drag.from) this.onClick(square);
    });
    svg.addEventListener('pointercancel', () => this.endDrag());
  }

  /** The keyboard on the focused board. */
  key(event) {
    if (!this.view || event.altKey || event.ctrlKey || event.metaKey) return;
    const { width, height } = parsePosition(this.view.position);
    const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (steps[event.key]) {
      event.preventDefault();
      const [dx, dy] = steps[event.key];
      const [x, y] = this.cursor ? this.cell(this.cursor, width, height) : [Math.floor(width / 2), height - 1];
      const clamp = (v, n) => Math.max(0, Math.min(n - 1, v));
      this.cursor = this.squareOfCell(this.cursor ? clamp(x + dx, width) : x, this.cursor ? clamp(y + dy, height) : y, width, height);
      this.redraw();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (this.cursor) this.onClick(this.cursor);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      this.onCancel();
    }
  }

  /** Draws the last view again (the cursor moved, or the board gained or lost the keyboard). */
  redraw() {
    if (this.view) this.draw(this.view);
  }

  /** The square shown at screen cell `[x, y]`: the inverse of `cell`. */
  squareOfCell(x, y, width, height) {
    return this.flipped ? squareName(width - 1 - x, y) : squareName(x, height - 1 - y);
  }

  /** A point of the screen in the board's own units. */
  svgPoint(x, y) {
    const point = this.svg.createSVGPoint();
    point.x = x;
    point.y = y;
    return point.matrixTransform(this.svg.getScreenCTM().inverse());
  }

  /** The square under a point of the screen, if any. */
  squareAtPoint(x, y) {
    const hit = document.elementsFromPoint(x, y).find((e) => this.svg.contains(e) && e.dataset && e.dataset.square);
    return hit ? hit.dataset.square : null;
  }

  /** The dragged piece under the pointer, drawn while the press lasts on a selected piece. */
  drawGhost() {
    if (this.ghost) this.ghost.remove();
    this.ghost = null;
    const drag = this.drag;
    const shown = this.shown;
    if (!drag || !drag.at || !shown || shown.selected !== drag.from) return;
    const piece = shown.pieces.get(drag.from);
    if (!piece) return;
    const color = piece.toLowerCase() === 'w' ? 'white' : 'black';
    this.ghost = el('g', { class: `piece ghost ${color}` }, this.svg);
    el('circle', { cx: drag.at.x, cy: drag.at.y, r: 48 * 0.38, class: 'stone' }, this.ghost);
  }

  endDrag() {
    this.drag = null;
    if (this.ghost) this.ghost.remove();
    this.ghost = null;
  }

  /** Screen cell of a square: `[x, y]` in cell units, White at the bottom unless flipped. */
  cell(name, width, height) {
    const [file, rank] = squareAt(name);
    return this.flipped ? [width - 1 - file, rank] : [file, height - 1 - rank];
  }

  /**
   * Draws `view`: `{position, hunt, selected, targets, placements, lastMove, captures,
   * threats: {mine, theirs}, line: [moves], hint}`.
   */
  draw(view) {
    this.view = view;
    const pos = parsePosition(view.position);
    const { width, height } = pos;
    const size = 48;
    const margin = 22;
    const svg = this.svg;
    svg.replaceChildren();
    this.ghost = null;
    this.shown = { pieces: pos.pieces, selected: view.selected };
    svg.setAttribute('viewBox', `0 0 ${width * size + 2 * margin} ${height * size + 2 * margin}`);
    el('rect', { x: 0, y: 0, width: width * size + 2 * margin, height: height * size + 2 * margin, class: 'frame' }, svg);
    const at = (name) => {
      const [x, y] = this.cell(name, width, height);
      return [margin + x * size, margin + y * size];
    };
    const last = view.lastMove ? moveSquares(view.lastMove) : {};
    for (let rank = 0; rank < height; rank++) {
      for (let file = 0; file < width; file++) {
        const name = squareName(file, rank);
        const [x, y] = at(name);
        const classes = ['sq', (file + rank) % 2 ? 'light' : 'dark'];
        if (name === last.from || name === last.to) classes.push('last');
        if (name === view.selected) classes.push('selected');
        el('rect', { x, y, width: size, height: size, class: classes.join(' '), 'data-square': name }, svg);
      }
    }
    // Coordinates along the edges.
    for (let file = 0; file < width; file++) {
      const [x] = at(squareName(file, 0));
      const t = el('text', { x: x + size / 2, y: height * size + margin + 15, class: 'coord' }, svg);
      t.textContent = String.fromCharCode(97 + file);
    }
    for (let rank = 0; rank < height; rank++) {
      const [, y] = at(squareName(0, rank));
      const t = el('text', { x: margin / 2, y: y + size / 2 + 4, class: 'coord' }, svg);
      t.textContent = String(rank + 1);
    }
    const captured = new Set(view.captures || []);
    const theirs = new Set((view.threats && view.threats.theirs) || []);
    const mine = new Set((view.threats && view.threats.mine) || []);
    for (const [name, piece] of pos.pieces) {
      const [x, y] = at(name);
      const cx = x + size / 2;
      const cy = y + size / 2;
      const color = piece.toLowerCase() === 'w' ? 'white' : 'black';
      const g = el('g', { class: `piece ${color}`, 'data-square': name, 'data-piece': piece }, svg);
      el('circle', { cx, cy, r: size * 0.38, class: 'stone' }, g);
      if (piece === 'W' || piece === 'B') {
        // The hunt's only king is Black's hunter.
        const mark = el('text', { x: cx, y: cy + 6, class: 'crown' }, g);
        mark.textContent = view.hunt ? 'H' : 'K';
        g.classList.add(view.hunt ? 'hunter' : 'king');
      }
      if (captured.has(name)) el('circle', { cx, cy, r: size * 0.45, class: 'captured' }, svg);
      if (theirs.has(name)) el('path', { d: `M${cx} ${y + 3}l7 11h-14z`, class: 'threat theirs' }, svg);
      if (mine.has(name)) el('rect', { x: x + 3, y: y + 3, width: 9, height: 9, class: 'threat mine' }, svg);
    }
    for (const name of captured) {
      if (!pos.pieces.has(name)) {
        const [x, y] = at(name);
        el('circle', { cx: x + size / 2, cy: y + size / 2, r: size * 0.3, class: 'captured gone' }, svg);
      }
    }
    for (const name of view.targets || []) {
      const [x, y] = at(name);
      el('circle', { cx: x + size / 2, cy: y + size / 2, r: size * 0.12, class: 'target', 'data-square': name }, svg);
    }
    for (const name of view.placements || []) {
      const [x, y] = at(name);
      el('circle', { cx: x + size / 2, cy: y + size / 2, r: size * 0.08, class: 'placement', 'data-square': name }, svg);
    }
    (view.line || []).slice(0, 6).forEach((move, i) => {
      const { from, to } = moveSquares(move);
      if (!to) return;
      const [tx, ty] = at(to).map((v) => v + size / 2);
      const cls = `line ${i % 2 ? 'reply' : 'ours'}`;
      if (from) {
        const [fx, fy] = at(from).map((v) => v + size / 2);
        const marker = i % 2 ? 'url(#arrow-reply)' : 'url(#arrow-ours)';
        el('line', { x1: fx, y1: fy, x2: tx, y2: ty, class: cls, 'marker-end': marker }, svg);
      }
      el('circle', { cx: tx, cy: ty, r: 9, class: `${cls} label` }, svg);
      const t = el('text', { x: tx, y: ty + 4, class: 'line-number' }, svg);
      t.textContent = String(i + 1);
    });
    if (view.hint) {
      const { from, to } = moveSquares(view.hint);
      for (const name of [from, to].filter(Boolean)) {
        const [x, y] = at(name);
        el('rect', { x: x + 2, y: y + 2, width: size - 4, height: size - 4, rx: 6, class: 'hint', 'data-hint': name }, svg);
      }
    }
    const defs = el('defs', {}, svg);
    for (const side of ['ours', 'reply']) {
      const marker = el('marker', { id: `arrow-${side}`, viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 5, markerHeight: 5, orient: 'auto-start-reverse' }, defs);
      el('path', { d: 'M0 0L10 5L0 10z', class: `arrowhead ${side}` }, marker);
    }
    const focused = document.activeElement === svg;
    if (this.cursor) {
      const [file, rank] = squareAt(this.cursor);
      // A board of another size may have lost the cursor's square.
      if (file >= width || rank >= height) this.cursor = null;
    }
    if (focused && this.cursor) {
      const [x, y] = at(this.cursor);
      el('rect', { x: x + 1, y: y + 1, width: size - 2, height: size - 2, class: 'cursor' }, svg);
    }
    // What a screen reader says of the board: the cursor's square and what stands on it.
    const piece = this.cursor && pos.pieces.get(this.cursor);
    const where = this.cursor ? `; cursor on ${this.cursor}, ${piece ? PIECE_NAMES[piece] : 'empty'}${this.cursor === view.selected ? ', selected' : ''}` : '';
    svg.setAttribute('aria-label', `board, ${width} by ${height}${where}; arrow keys move the cursor, Enter plays`);
    this.drawGhost();
  }
}
