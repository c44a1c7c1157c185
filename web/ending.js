// How a game ended, in words a newcomer understands: who won and why, with the counts that
// decided it (pieces at the ply limit, territory against the more than half of the board
// needed), and the hunt's hunter named as such.
'use strict';

import { parsePosition } from './board.js';

const NAME = { white: 'White', black: 'Black' };
const other = (side) => (side === 'white' ? 'black' : 'white');

/** The winner of a finished game's state: `white`, `black`, or `null` for a draw. */
export function winnerOf(st) {
  return { p1win: 'white', p2win: 'black' }[st.outcome.status] || null;
}

/** Each side's pieces on the board and in hand. */
function pieceCounts(st) {
  const pos = parsePosition(st.position);
  const count = { white: pos.hand.w, black: pos.hand.b };
  for (const piece of pos.pieces.values()) count[piece.toLowerCase() === 'w' ? 'white' : 'black'] += 1;
  return count;
}

/** The banner of a finished game (`st.outcome.reason` as the rules library names it, or
 * `Time` for a fallen flag); '' while it goes on. */
export function endingText(st) {
  if (st.outcome.status === 'none') return '';
  const winner = winnerOf(st);
  const hunt = st.variant === 'makyek-hunt';
  const who = (side) => (hunt && side === 'black' ? 'the hunter (Black)' : NAME[side]);
  const Who = (side) => who(side).replace(/^t/, 'T');
  const result = winner ? `${Who(winner)} wins.` : 'The game is drawn.';
  // Rule 8 ends the game when the side to move has no pieces or no move: that side loses.
  const stuck = st.side === 'white' ? 'white' : 'black';
  switch (st.outcome.reason) {
    case 'Time':
      return `${NAME[other(winner)]} ran out of time. ${result}`;
    case 'NoPieces':
      return `${Who(stuck)} has no pieces left. ${result}`;
    case 'NoLegalMove':
      return `${Who(stuck)} cannot move: every move is blocked or would bring back an earlier position. ${result}`;
    case 'KingCaptured':
      return hunt ? `White trapped and captured the hunter. ${result}` : `${NAME[other(winner)]}'s king was captured. ${result}`;
    case 'TooFewMen':
      return `White has fewer than two men left and can no longer trap the hunter. ${result}`;
    case 'Territory': {
      const [white, black] = st.outcome.territory || [0, 0];
      const squares = st.width * st.height;
      const needed = Math.floor(squares / 2) + 1;
      const verdict = winner
        ? `${NAME[winner]} holds more than half the board. ${result}`
        : `Neither side holds more than half the board. ${result}`;
      return (
        `Both sides passed, so the board was counted: each side's pieces and the empty areas ` +
        `only it surrounds. White ${white}, Black ${black}; ${needed} of the ${squares} squares are needed to win. ${verdict}`
      );
    }
    case 'PlyLimit': {
      const count = pieceCounts(st);
      const counted = `White ${count.white} pieces, Black ${count.black}`;
      if (hunt) return `The game reached its limit of ${st.ply} plies without the hunter being trapped (${counted}). ${result}`;
      return `The game reached its limit of ${st.ply} plies, so the pieces were counted: ${counted}. ${result}`;
    }
    default:
      return `${st.outcome.text}. ${result}`;
  }
}
