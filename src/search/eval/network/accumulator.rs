//! The accumulators of a search thread: each seat's hidden layer for the last position
//! evaluated, with that position's board, brought up to date for the next position from the
//! squares that differ.
//!
//! Comparing boards rather than following moves (as Zataxx does for Ataxx) serves every rule
//! of the family with one piece of code: a Ming Mang conversion that flips a whole line, a
//! Mak-yek removal, a Gala placement, all are squares whose occupant changed. The search
//! evaluates positions in depth-first order, so the last position evaluated is usually a
//! near relative of the next (a sibling, a parent's sibling), a few squares apart. When more
//! squares changed than there are pieces, computing from nothing is cheaper, and is done.
//! Where the inputs have king planes, the kings' squares are compared as well, and where they
//! have hands, the hands' sizes.

use super::features::{counted_hand, hand_input_index, input_index, king_input_index};
use super::simd::{add_assign, sub_assign};
use super::Network;
use crate::rules::geometry::MAX_DIM;
use crate::rules::{Color, Game, Position, Square};

/// Both seats' hidden layers and the board they describe.
pub struct Accumulator {
    /// By seat (White, Black).
    seats: [Vec<i16>; 2],
    /// The rank words of each colour of the board the seats describe.
    rows: [[u32; MAX_DIM]; 2],
    /// Each colour's king on that board (followed only where the inputs have king planes).
    kings: [Option<Square>; 2],
    /// Each colour's hand as the thermometer counts it (followed only where the inputs have
    /// hands).
    hands: [usize; 2],
    /// Whether `seats` describe `rows` (false until the first evaluation).
    valid: bool,
    /// Updates and refreshes made, for measurements.
    stats: AccumulatorStats,
}

/// How an accumulator was brought up to date, counted over its life.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct AccumulatorStats {
    /// Positions reached by changing squares.
    pub updates: u64,
    /// Squares changed in those updates.
    pub squares: u64,
    /// Positions computed from nothing.
    pub refreshes: u64,
}

impl Accumulator {
    /// Accumulators for `net`, describing no position yet.
    pub fn new(net: &Network) -> Accumulator {
        Accumulator {
            seats: [vec![0; net.hidden], vec![0; net.hidden]],
            rows: [[0; MAX_DIM]; 2],
            kings: [None; 2],
            hands: [0; 2],
            valid: false,
            stats: AccumulatorStats::default(),
        }
    }

    /// How the accumulators were brought up to date so far.
    pub fn stats(&self) -> AccumulatorStats {
        self.stats
    }

    /// The evaluation of `game`'s position for the side to move, in centi-pieces. `net` must
    /// be the network these accumulators were made for, and fit `game`'s rules.
    #[inline]
    pub fn evaluate(&mut self, net: &Network, game: &Game) -> i32 {
        let pos = game.position();
        self.bring_to(net, pos);
        let us = pos.side_to_move().index();
        net.output(&self.seats[us], &self.seats[1 - us], net.bucket(game))
    }

    /// Makes the accumulators describe `pos`.
    fn bring_to(&mut self, net: &Network, pos: &Position) {
        let height = pos.size().height();
        let words = [pos.rank_words(Color::White), pos.rank_words(Color::Black)];
        let kings = if net.features.has_kings() {
            [pos.king(Color::White), pos.king(Color::Black)]
        } else {
            [None; 2]
        };
        let hands = if net.features.has_hands() {
            [
                counted_hand(pos, Color::White),
                counted_hand(pos, Color::Black),
            ]
        } else {
            [0; 2]
        };
        let changed: u32 = if self.valid {
            let squares: u32 = (0..2)
                .map(|c| {
                    (0..height)
                        .map(|r| (self.rows[c][r] ^ words[c][r]).count_ones())
                        .sum::<u32>()
                })
                .sum();
            // A king that moved changes two king inputs, one that left or came one; a hand one
            // input a piece.
            let king_inputs: u32 = (0..2)
                .filter(|&c| self.kings[c] != kings[c])
                .map(|c| self.kings[c].is_some() as u32 + kings[c].is_some() as u32)
                .sum();
            let hand_inputs: u32 = (0..2)
                .map(|c| self.hands[c].abs_diff(hands[c]) as u32)
                .sum();
            squares + king_inputs + hand_inputs
        } else {
            u32::MAX
        };
        let pieces = (pos.count(Color::White) + pos.count(Color::Black)) as u32
            + (hands[0] + hands[1]) as u32;
        if changed > pieces {
            self.refresh(net, pos);
        } else if changed > 0 {
            self.update(net, pos, changed);
            self.update_kings(net, pos, kings);
            self.update_hands(net, pos, hands);
        }
        self.rows = [*words[0], *words[1]];
        self.kings = kings;
        self.hands = hands;
    }

    /// Computes both seats from nothing.
    fn refresh(&mut self, net: &Network, pos: &Position) {
        for seat in [Color::White, Color::Black] {
            net.refresh(pos, seat, &mut self.seats[seat.index()]);
        }
        self.valid = true;
        self.stats.refreshes += 1;
    }

    /// Applies the squares whose occupant differs between the board described and `pos`.
    fn update(&mut self, net: &Network, pos: &Position, changed: u32) {
        let size = pos.size();
        for (c, owner) in [Color::White, Color::Black].into_iter().enumerate() {
            let now = pos.rank_words(owner);
            for (r, (&before, &after)) in
                self.rows[c].iter().zip(now).enumerate().take(size.height())
            {
                let mut diff = before ^ after;
                while diff != 0 {
                    let f = diff.trailing_zeros() as usize;
                    diff &= diff - 1;
                    let sq = Square::new(f, r);
                    let added = after & (1 << f) != 0;
                    apply(&mut self.seats, net, added, |seat| {
                        input_index(size, seat, owner, sq)
                    });
                }
            }
        }
        self.stats.updates += 1;
        self.stats.squares += changed as u64;
    }

    /// Applies the kings that moved, left or came since the board described (`kings` is
    /// `pos`'s, all `None` where the inputs have no king planes).
    fn update_kings(&mut self, net: &Network, pos: &Position, kings: [Option<Square>; 2]) {
        let size = pos.size();
        for (c, owner) in [Color::White, Color::Black].into_iter().enumerate() {
            if self.kings[c] == kings[c] {
                continue;
            }
            if let Some(sq) = self.kings[c] {
                apply(&mut self.seats, net, false, |seat| {
                    king_input_index(size, seat, owner, sq)
                });
            }
            if let Some(sq) = kings[c] {
                apply(&mut self.seats, net, true, |seat| {
                    king_input_index(size, seat, owner, sq)
                });
            }
        }
    }

    /// Applies the hands that grew or shrank since the board described (`hands` is `pos`'s
    /// as the thermometer counts them, all 0 where the inputs have no hands).
    fn update_hands(&mut self, net: &Network, pos: &Position, hands: [usize; 2]) {
        let size = pos.size();
        for (c, owner) in [Color::White, Color::Black].into_iter().enumerate() {
            let (before, now) = (self.hands[c], hands[c]);
            for k in before.min(now) + 1..=before.max(now) {
                apply(&mut self.seats, net, now > before, |seat| {
                    hand_input_index(size, seat, owner, k)
                });
            }
        }
    }
}

/// Adds (or subtracts) one input's column in both seats; `input` gives its index as each seat
/// sees it.
#[inline(always)]
fn apply(seats: &mut [Vec<i16>; 2], net: &Network, added: bool, input: impl Fn(Color) -> usize) {
    for seat in [Color::White, Color::Black] {
        let column = net.input_column(input(seat));
        let acc = &mut seats[seat.index()];
        if added {
            add_assign(acc, column);
        } else {
            sub_assign(acc, column);
        }
    }
}
