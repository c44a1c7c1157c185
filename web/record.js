// Game records in the project's text: the tag pairs and numbered moves of `mingmang match`
// records, a protocol `position` line, or a bare position string.
'use strict';

const RESULTS = { p1win: '1-0', p2win: '0-1', draw: '1/2-1/2', none: '*' };

function tag(name, value) {
  return `[${name} "${String(value).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"]`;
}

/** The moves numbered in White-Black pairs from `start`, then the result, about 80 columns. */
function movetext(moves, start, result) {
  const blackFirst = / b( |$)/.test(start);
  const words = [];
  let number = 1;
  moves.forEach((move, i) => {
    const whiteMoves = (i % 2 === 0) !== blackFirst;
    if (whiteMoves) words.push(`${number}. ${move}`);
    else {
      words.push(i === 0 ? `${number}... ${move}` : move);
      number += 1;
    }
  });
  words.push(result);
  const lines = [];
  let line = '';
  for (const w of words) {
    if (line && line.length + 1 + w.length > 80) {
      lines.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  lines.push(line);
  return lines.join('\n');
}

/**
 * The record of a game: `state` from the rules library, `names` of the players
 * `[white, black]`, `rules` the rule options given.
 */
export function formatRecord(state, names, date = new Date()) {
  const result = RESULTS[state.outcome.status] || '*';
  const lines = [
    tag('Event', 'mingmang web'),
    tag('Date', date.toISOString().slice(0, 10).replace(/-/g, '.')),
    tag('White', names[0]),
    tag('Black', names[1]),
    tag('Variant', state.variant),
    tag('Size', `${state.width}x${state.height}`),
    tag('Rules', state.rules),
    tag('StartFEN', state.start),
    tag('FEN', state.start),
    tag('Result', result),
  ];
  if (state.outcome.status !== 'none') lines.push(tag('TerminationDetails', state.outcome.text));
  lines.push(tag('PlyCount', state.moves.length), '', movetext(state.moves, state.start, result), '');
  return lines.join('\n');
}

/** Option names as the rules text writes them: `EnchainedCapture` is `enchained-capture`. */
function flagOf(name) {
  return name.replace(/[A-Z]/g, (c, i) => (i ? '-' : '') + c.toLowerCase());
}

/**
 * Rule options from a rules text (`gundru territory max-plies 200`, `5x5 enchained-capture`):
 * `{Variant, BoardSize, ...}`. Unknown words are errors.
 */
export function rulesFromText(text, info) {
  const rules = {};
  const words = text.trim().split(/\s+/).filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    const w = words[i].toLowerCase();
    const option = info.ruleOptions.find((o) => o.kind === 'check' && flagOf(o.name) === w);
    if (info.variants.includes(w)) rules.Variant = w;
    else if (/^\d+x\d+$/.test(w)) rules.BoardSize = w;
    else if (option) rules[option.name] = 'true';
    else if (w === 'max-plies' && /^\d+$/.test(words[i + 1] || '')) rules.MaxPlies = words[++i];
    else throw new Error(`unknown word '${words[i]}' in the rules '${text}'`);
  }
  return rules;
}

/**
 * Reads a record: `{rules, position, moves, names}` (position empty for the rules' start).
 * Accepts a `mingmang match` or page record, a `position startpos|fen ... [moves ...]` line
 * or a position string with or without `moves ...` (a line of a `--openings` file), the last
 * two under `fallbackRules`.
 */
export function parseRecord(text, info, fallbackRules = {}) {
  const trimmed = text.trim();
  const protocol = /^position\s+(startpos|fen\s+(.+?))(?:\s+moves\s+(.*))?$/s.exec(trimmed);
  if (protocol) {
    return {
      rules: { ...fallbackRules },
      position: protocol[2] ? protocol[2].trim() : '',
      moves: (protocol[3] || '').trim().split(/\s+/).filter(Boolean),
      names: null,
    };
  }
  if (!trimmed.startsWith('[')) {
    // A position string, perhaps with moves: a line of a `mingmang match --openings` file.
    const [position, moves = ''] = trimmed.split(/\s+moves(?:\s+|$)/);
    return {
      rules: { ...fallbackRules },
      position: position.trim(),
      moves: moves.split(/\s+/).filter(Boolean),
      names: null,
    };
  }
  const tags = {};
  const body = [];
  for (const line of trimmed.split(/\r?\n/)) {
    const m = /^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$/.exec(line.trim());
    if (m) tags[m[1]] = m[2].replace(/\\(.)/g, '$1');
    else body.push(line);
  }
  let rules = {};
  if (tags.Rules !== undefined) rules = rulesFromText(tags.Rules, info);
  if (tags.Variant && !rules.Variant) rules.Variant = tags.Variant;
  // `Rules` names the size when it is not the variant's own; `Size` alone is read without it.
  if (tags.Size && tags.Rules === undefined) rules.BoardSize = tags.Size;
  const opening = (tags.OpeningMoves || '').split(/\s+/).filter(Boolean);
  const moves = body
    .join(' ')
    .replace(/\{[^}]*\}/g, ' ')
    .split(/\s+/)
    .filter((w) => w && !/^\d+\.+$/.test(w) && !/^(1-0|0-1|1\/2-1\/2|\*)$/.test(w))
    .map((w) => w.replace(/^\d+\.+/, ''));
  return {
    rules,
    position: tags.StartFEN || '',
    moves: [...opening, ...moves],
    names: tags.White && tags.Black ? [tags.White, tags.Black] : null,
  };
}
