// The rules of each game in brief, for the page (the full rules: docs/rules.md).
'use strict';

const MING_MANG =
  'Pieces move like rooks. A piece, or a line of pieces, caught between the piece just moved ' +
  'and another piece of the same colour changes colour. A player who cannot move loses. No move may bring ' +
  'back an earlier position. Options: enchained capture (converted pieces flank in turn), ' +
  'territory (passing allowed, two passes end the game and territory decides), corner capture ' +
  'and the last-piece leap.';
const REK_CAPTURES =
  'Moving between two enemy pieces takes both (intervention); an enemy group the moved piece ' +
  'touches that has no empty square beside it is taken (enclosure). Captured pieces leave the ' +
  'board; a side whose king is taken loses.';

/** A few sentences on the rules of `variant`. */
export const RULES_TEXT = {
  mingmang: MING_MANG,
  gundru: `Ming Mang on 9 x 9. ${MING_MANG}`,
  tibetan: `Ming Mang on the Tibetan board, 17 x 17. ${MING_MANG}`,
  'go-board': `Ming Mang on a Go board, 19 x 19. ${MING_MANG}`,
  makyek:
    'Each side has 16 men on its first and third ranks; they move like rooks. A line of enemy ' +
    'pieces between the moved piece and a friend is taken, and moving between two enemy pieces ' +
    'takes both. Captured pieces leave the board; a side with no pieces, or no move, loses.',
  apitsodok:
    'Each side has 16 men on its first two ranks; they move like rooks and capture as in ' +
    'Mak-yek: lines flanked by the moved piece and a friend, and both neighbours when moving ' +
    'between two enemy pieces. A side with no pieces, or no move, loses.',
  rek: `Each side has 15 men and a king (K); every piece moves like a rook. ${REK_CAPTURES}`,
  minrekchanh:
    'Rek with a different king: the king (K) steps one square in any of the eight directions. ' +
    REK_CAPTURES,
  gala:
    'A 7 x 7 board that starts empty; Black (10 pieces in hand) begins, White holds 13. A side ' +
    'with pieces in hand places one in its half (Black ranks 1-4, White 4-7; the first on d4), ' +
    'then moves like a rook. One enemy piece between the moved piece and a friend is taken. A ' +
    'side with no pieces, or no move, loses.',
  'makyek-hunt':
    "Black's hunter (H) steps one square, or jumps an adjacent White man to the empty square " +
    'beyond, taking it. White\'s 16 men move like rooks and take the hunter by flanking it. ' +
    'White wins by taking the hunter; Black wins when White has fewer than two men; the ply ' +
    'limit is a draw.',
};
