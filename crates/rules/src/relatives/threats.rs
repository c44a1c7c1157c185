//! What a relative's side can do with its next move, on bitboards and for every move at once:
//! the squares its moves reach ([`Reach`]) and the enemy pieces they capture, with the squares
//! the capturing moves land on ([`Threats`]). The evaluation weighs these and the move picker
//! orders by them; they are the rules' own answers, checked against playing every move out.

use crate::family::{Custodian, Family, KingMove};
use crate::geometry::Color;
use crate::position::{Direction, Position};

use super::bitboard::{
    extend, group_of, neighbours, neighbours8, ranks, shift, slide, square_bit, Bitboards,
};

/// Where one side's pieces can move next, split by how they get there.
#[derive(Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reach {
    /// Empty squares reached by a slide in each direction (indexed by [`Direction`] as
    /// `usize`, the order of [`Direction::ALL`]).
    pub dir: [u64; 4],
    /// Empty squares the king (or hunter) steps to.
    pub king: u64,
    /// Enemy men the hunter can jump.
    pub jumps: u64,
    /// Whether the side moves at all now (false while it must place from hand).
    pub moves: bool,
    /// The pieces that slide like rooks.
    pub sliders: u64,
    /// The king if it steps (Min Rek Chanh, the hunter), else 0.
    pub stepper: u64,
}

impl Reach {
    /// Every square reached by some move.
    #[inline(always)]
    pub fn any(&self) -> u64 {
        self.dir[0] | self.dir[1] | self.dir[2] | self.dir[3] | self.king
    }

    /// Squares reached by a move arriving along a file (north/south slides) or by a king step.
    #[inline(always)]
    pub fn along_file(&self) -> u64 {
        self.dir[Direction::North as usize] | self.dir[Direction::South as usize] | self.king
    }

    /// Squares reached by a move arriving along a rank (east/west slides) or by a king step.
    #[inline(always)]
    pub fn along_rank(&self) -> u64 {
        self.dir[Direction::East as usize] | self.dir[Direction::West as usize] | self.king
    }

    /// How many moves: one per (piece, destination) for slides, plus king steps and jumps.
    #[inline(always)]
    pub fn count(&self) -> i32 {
        (self.dir.iter().map(|b| b.count_ones()).sum::<u32>()
            + self.king.count_ones()
            + self.jumps.count_ones()) as i32
    }

    /// The pieces that can move to the empty square `to` (no hand: the Rek family).
    #[inline]
    fn movers_to(&self, b: &Bitboards, to: u64) -> u64 {
        let mut from = neighbours8(to, b.all) & self.stepper;
        for d in Direction::ALL {
            let mut s = shift(to, d, b.all);
            while s & b.empty != 0 {
                s = shift(s, d, b.all);
            }
            from |= s & self.sliders;
        }
        from
    }
}

/// The enemy pieces one side could capture with one move (the union over its moves), and the
/// squares its capturing moves land on: a custodian capture's end square, an intervention's
/// gap, an enclosure's last liberty (the hunter's jumps land nowhere in this set).
#[derive(Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Threats {
    /// The pieces some move captures.
    pub pieces: u64,
    /// Where those moves land.
    pub landings: u64,
}

/// The men a hunter on `from` could jump: an enemy man beside it with an empty square beyond.
#[inline(always)]
pub fn hunter_jumps(from: u64, men: u64, empty: u64, all: u64) -> u64 {
    let mut jumps = 0;
    for d in Direction::ALL {
        let man = shift(from, d, all) & men;
        if shift(man, d, all) & empty != 0 {
            jumps |= man;
        }
    }
    jumps
}

/// Whether a single piece on `target` could be taken at once by a custodian capture of one
/// piece (the men's capture of the hunter): one of `men` beside it, and the square opposite
/// empty and reached by a slide of another. `men` and `empty` describe the board as it would
/// stand with the piece on `target`.
#[inline]
pub fn flanked_by_a_slide(target: u64, men: u64, empty: u64, all: u64) -> bool {
    Direction::ALL.into_iter().any(|d| {
        if shift(target, d, all) & men == 0 {
            return false;
        }
        let s = shift(target, d.opposite(), all) & empty;
        // A slide along `d` into `s` would come through `target`.
        s != 0
            && Direction::ALL.into_iter().filter(|&e| e != d).any(|e| {
                let mut x = shift(s, e, all);
                while x & empty != 0 {
                    x = shift(x, e, all);
                }
                x & men != 0
            })
    })
}

impl Bitboards {
    /// The moves of `color` in `pos` (whose bitboards these are) under `family`, as
    /// destination sets.
    #[inline]
    pub fn reach(&self, pos: &Position, family: &Family, color: Color) -> Reach {
        let mut r = Reach {
            moves: !pos.color_must_place(color, family),
            ..Reach::default()
        };
        let mut sliders = self.side[color.index()];
        let king = pos.king(color).map(square_bit).unwrap_or(0);
        match family.king_move {
            KingMove::Step8 => {
                sliders &= !king;
                r.stepper = king;
                r.king = neighbours8(king, self.all) & self.empty;
            }
            KingMove::Hunter if king != 0 => {
                sliders &= !king;
                r.stepper = king;
                r.king = neighbours(king, self.all) & self.empty;
                let them = self.side[color.other().index()];
                r.jumps = hunter_jumps(king, them, self.empty, self.all);
            }
            _ => {}
        }
        let forbidden = ranks(pos.forbidden_ranks(color, family));
        r.sliders = sliders;
        for d in Direction::ALL {
            r.dir[d as usize] = slide(sliders, d, self.empty, self.all) & !forbidden;
        }
        r.king &= !forbidden;
        r
    }

    /// The pieces of `color.other()` that `color` could capture with one move, and where
    /// those moves land, given `color`'s moves `r` ([`Bitboards::reach`]). Found per capture
    /// kind of `family` from the destination squares.
    #[inline]
    pub fn threats(&self, pos: &Position, family: &Family, color: Color, r: &Reach) -> Threats {
        if !r.moves {
            return Threats::default();
        }
        let (own, their) = (self.side[color.index()], self.side[color.other().index()]);
        let (all, empty) = (self.all, self.empty);
        let mut caps = r.jumps;
        let mut landings = 0;
        // The hunter captures only by jumping; the men's custodian is read from the family.
        if family.king_move == KingMove::Hunter && pos.king(color).is_some() {
            return Threats {
                pieces: caps,
                landings,
            };
        }
        let any = r.any();
        match family.custodian {
            Custodian::None => {}
            Custodian::Single => {
                for d in Direction::ALL {
                    // An enemy piece with our piece beyond it in direction d and an empty
                    // square before it that we reach.
                    let back = d.opposite();
                    let flanked = their & shift(own, back, all);
                    let hit = shift(flanked, back, all) & empty & any;
                    caps |= shift(hit, d, all);
                    landings |= hit;
                }
            }
            Custodian::Line => {
                for d in Direction::ALL {
                    // Enemy pieces in a run that ends in our piece going direction d.
                    let back = d.opposite();
                    let run = extend(their & shift(own, back, all), their, back, all);
                    let hit = shift(run, back, all) & empty & any;
                    caps |= extend(shift(hit, d, all) & run, run, d, all);
                    landings |= hit;
                }
            }
        }
        if family.intervention {
            // Between two enemy pieces on a rank (arriving along the file: along the rank the
            // pieces themselves block) or on a file (arriving along the rank).
            let (east, west) = (Direction::East, Direction::West);
            let (north, south) = (Direction::North, Direction::South);
            let rank_gap = shift(their, east, all) & shift(their, west, all) & empty;
            let rank_gap = rank_gap & r.along_file();
            caps |= shift(rank_gap, east, all) | shift(rank_gap, west, all);
            let file_gap = shift(their, north, all) & shift(their, south, all) & empty;
            let file_gap = file_gap & r.along_rank();
            caps |= shift(file_gap, north, all) | shift(file_gap, south, all);
            landings |= rank_gap | file_gap;
        }
        if family.enclosure {
            // A group with exactly one liberty that we reach is enclosed by moving there,
            // unless every piece that reaches it leaves from beside the group (opening a new
            // liberty).
            let mut rest = their;
            while rest != 0 {
                let group = group_of(rest & rest.wrapping_neg(), their, all);
                rest &= !group;
                let around = neighbours(group, all);
                let libs = around & empty;
                if libs.count_ones() == 1
                    && libs & any != 0
                    && r.movers_to(self, libs) & !around != 0
                {
                    caps |= group;
                    landings |= libs;
                }
            }
        }
        Threats {
            pieces: caps,
            landings,
        }
    }
}

/// What the side to move of a relative's position stands to lose to the opponent's next move,
/// as bitboards (see [`square_bit`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Threatened {
    /// The pieces the opponent could capture with one move.
    pub pieces: u64,
    /// The empty squares orthogonally next to them.
    pub beside: u64,
    /// The squares the opponent's capturing moves land on: the end square of a custodian
    /// capture, a gap between two of our pieces that intervention strikes, the last liberty
    /// of a group that enclosure strikes.
    pub landings: u64,
}

impl Position {
    /// What the side to move of this relative's position (under `family`) stands to lose
    /// (see [`Threatened`]).
    pub fn threatened(&self, family: &Family) -> Threatened {
        let b = Bitboards::of(self);
        let them = self.side.other();
        let r = b.reach(self, family, them);
        // The opponent's captures take only our pieces, so where they land is where ours fall.
        let t = b.threats(self, family, them, &r);
        Threatened {
            pieces: t.pieces,
            beside: neighbours(t.pieces, b.all) & b.empty,
            landings: t.landings,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::{random_opening, Rng};
    use crate::{Game, GameKind, Preset, Rules};

    /// Positions of random games of every relative, with their rules: up to 80 a game, none
    /// over.
    fn random_positions(seed: u64) -> Vec<(Rules, Position)> {
        let mut rng = Rng::new(seed);
        let mut out = Vec::new();
        for preset in Preset::ALL.into_iter() {
            if preset.game() == GameKind::MingMang {
                continue;
            }
            let rules = Rules::preset(preset);
            for _ in 0..80 {
                let mut g = Game::new(rules);
                random_opening(&mut g, rng.below(100), &mut rng);
                if !g.outcome().is_over() {
                    out.push((rules, g.position().clone()));
                }
            }
        }
        out
    }

    /// What `pos`'s side to move captures over all its moves, found by playing each out.
    fn played_out(pos: &Position, rules: &Rules) -> Threats {
        let us = pos.side_to_move();
        let mut real = Threats::default();
        pos.for_each_pseudo_move(rules, |mv| {
            let mut child = pos.clone();
            if child.apply(mv, rules) > 0 {
                for sq in pos.pieces(us.other()) {
                    if child.piece_at(sq).is_none() {
                        real.pieces |= square_bit(sq);
                    }
                }
                if !mv.is_leap() {
                    real.landings |= square_bit(mv.to());
                }
            }
        });
        real
    }

    #[test]
    fn threats_are_the_captures_of_playing_every_move() {
        // Every piece the threat sets name is captured by some legal move, in positions of
        // random games of each relative (intervention, custodian lines and singles,
        // enclosure, jumps), and every piece some move captures is named; the landings are
        // the destinations of the capturing moves (the hunter's jumps excepted). Both sides'
        // threats: the side to move's directly, the other's as what the side to move stands
        // to lose.
        let mut seen = 0;
        for (rules, pos) in random_positions(5) {
            let f = rules.family();
            let b = Bitboards::of(&pos);
            let us = pos.side_to_move();
            let claimed = b.threats(&pos, f, us, &b.reach(&pos, f, us));
            assert_eq!(claimed, played_out(&pos, &rules), "{rules} {pos:?}");
            let mut flipped = pos.clone();
            flipped.set_side_to_move(us.other());
            let theirs = played_out(&flipped, &rules);
            let lose = pos.threatened(f);
            assert_eq!(
                (lose.pieces, lose.landings),
                (theirs.pieces, theirs.landings)
            );
            assert_eq!(lose.beside, neighbours(lose.pieces, b.all) & b.empty);
            seen += (claimed.pieces != 0) as usize + (lose.pieces != 0) as usize;
        }
        assert!(seen > 150, "{seen}");
    }

    #[test]
    fn reach_counts_the_moves() {
        // The moves the reach counts are the moves the generator makes, for the side to move,
        // unless it must place from hand.
        for (rules, pos) in random_positions(6) {
            let f = rules.family();
            let r = Bitboards::of(&pos).reach(&pos, f, pos.side_to_move());
            assert_eq!(r.moves, !pos.must_place(f), "{rules} {pos:?}");
            if r.moves {
                let mut moves = 0;
                pos.for_each_pseudo_move(&rules, |_| moves += 1);
                assert_eq!(r.count(), moves, "{rules} {pos:?}");
            }
        }
    }
}
