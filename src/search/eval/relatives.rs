//! The static evaluation of the relatives (Mak-yek, Apit-sodok, Rek, Min Rek Chanh,
//! Gala and the hunt), from the side to move's view, in centi-pieces.
//!
//! The relatives are played on boards of at most 8x8, so every feature is read from 64-bit
//! bitboards (bit `rank * 8 + file`) built once per call; where each side's moves go and what
//! they threaten are the rules' answers ([`crate::rules::relatives::threats`]). Which terms
//! apply is read from the game's [`Family`]: the capture kinds decide which threats exist,
//! kings bring king safety, a hand brings placement, and the hunter brings freedom and cage
//! terms; a term measured for one game only is asked for by the game's hints in the table of
//! games ([`crate::rules::games::SearchHints`]). Each relative has its own [`RelativeWeights`]
//! (see [`super::Weights`]).

use super::limit_phase;
use crate::rules::position::Direction::{self, East, North, South, West};
use crate::rules::relatives::bitboard::{
    extend, group_of, neighbours, shift, square_bit, Bitboards,
};
use crate::rules::relatives::threats::{flanked_by_a_slide, hunter_jumps, Reach};
use crate::rules::{Color, Custodian, Family, Game, KingMove, Position};

weights! {
    /// Feature weights in centi-pieces (100 = one piece).
    RelativeWeights {
        /// Per piece on the board or in hand: captured pieces are removed, so material is the
        /// game (the ply limit counts it too); a piece in hand will be a piece on the board.
        material = 100,
        /// Per piece, times the eighths of the ply limit already played (0 to 8; only under a
        /// limit): at the limit the piece count decides, so a piece ahead weighs more as it
        /// nears.
        material_late = 0,
        /// Per square a piece can move to: a side with no move loses, and mobility is the room to
        /// make threats.
        mobility = 1,
        /// Per piece of the side to move that the opponent could capture with one move: it must
        /// spend its move defending (the opponent's captures happen after ours, so this is the real
        /// danger when standing pat).
        hanging_own = 40,
        /// Per opposing piece the side to move could capture now; quiescence resolves the captures,
        /// this only values the pressure when it stands pat.
        hanging_their = 10,
        /// Per piece that no single custodian capture can take: a friendly neighbour or the edge
        /// beyond it on both its rank and its file. Counted in the games whose hints ask for it
        /// (Gala: [`crate::rules::games::SearchHints::count_shielded`]).
        shielded = 12,
        /// Per piece whose unbroken friendly line reaches an edge along both its rank and its
        /// file (custodian capture of lines: Mak-yek, Apit-sodok): no custodian capture can take
        /// it while that stays so, as in Ming Mang; intervention still can.
        anchored = 0,
        /// Per piece anchored so along one of its lines only.
        half_anchored = 0,
        /// Per empty orthogonal neighbour of the king's group, up to four (Rek family): enclosure
        /// captures a group with none left, king included.
        king_liberty = 12,
        /// When the king's group has a single liberty left: one enemy move into it ends the game.
        king_last_liberty = 60,
        /// Per empty square beside the king that an enemy piece can reach in one move: where
        /// interventions and enclosures against the king start.
        king_exposed = 8,
        /// When the opponent could capture the king with one move.
        king_threatened = 150,
        /// The hunt, per move the hunter has (steps and jumps): a hunter with no move loses.
        hunter_move = 15,
        /// The hunt, per jump the hunter has: each is a man about to be taken.
        hunter_jump = 30,
        /// The hunt, per square the hunter can walk to within [`HUNTER_REACH`] steps through empty
        /// squares: the men win by closing this cage, the hunter by keeping it open.
        hunter_room = 6,
        /// The hunt, per move of the hunter to a square where no man can flank it at once: the
        /// hunter's real freedom (a step into a flank is no escape).
        hunter_safe_move = 25,
        /// The hunt, when the hunter has no such move: it is all but trapped.
        hunter_no_safe_move = 400,
        /// The hunt, per man the hunter could jump after a safe move: its targets.
        hunter_prey = 12,
        /// The hunt, per step between the hunter and the nearest square from which it could jump
        /// a man (at most `CHASE_MAX`): the hunter wins only by going after the men.
        hunter_chase = 8,
        /// The hunt, per loose man near the hunter, times how near (up to `NEAR_RANGE`): the
        /// hunter's pressure on several men at once.
        hunter_near = 4,
        /// The hunt, per man next to the hunter that it cannot jump (the square beyond occupied or
        /// off the board): the men that build the cage.
        cage_man = 10,
        /// The hunt, when the men could take the hunter with one move (custodian).
        hunter_threatened = 60,
        /// The hunt, per man below four: the hunter wins at fewer than two, so the last men are
        /// worth more than the first.
        last_men = 60,
        /// The hunt, per step between the hunter and the nearest edge of the board, while the
        /// men are at most [`CENTRE_MEN`]: in the middle it has room on every side, and a few
        /// men cannot flank it without coming within its jumps; by an edge it has a side less
        /// to escape to.
        hunter_centre = 0,
        /// For being on move.
        tempo = 8,
    }
}

/// How many steps of the hunter's walk count as its room.
pub const HUNTER_REACH: usize = 3;

/// Pieces of `own` that no single custodian capture can take: on each line a friendly
/// neighbour or the edge on at least one side.
fn shielded(own: u64, all: u64) -> u64 {
    let covered = |d: Direction| {
        // A neighbour in direction d is own, or the square beyond in d is off the board.
        (shift(own, d.opposite(), all) & own) | (own & !shift(all, d.opposite(), all))
    };
    (covered(East) | covered(West)) & (covered(North) | covered(South))
}

/// Pieces of `own` whose unbroken line of `own` pieces in direction `d` runs to the board's
/// edge (the piece on the edge included).
fn run_to_edge(own: u64, d: Direction, all: u64) -> u64 {
    extend(own & !shift(all, d.opposite(), all), own, d.opposite(), all)
}

/// The pieces of `own` anchored along both lines and along one only: a line of friendly pieces
/// reaching an edge cannot be flanked (see [`RelativeWeights::anchored`]).
fn anchored(own: u64, all: u64) -> (u64, u64) {
    let rank = run_to_edge(own, East, all) | run_to_edge(own, West, all);
    let file = run_to_edge(own, North, all) | run_to_edge(own, South, all);
    (rank & file, rank ^ file)
}

/// Per-colour features.
#[derive(Default, Clone, Copy, Debug)]
struct Features {
    material: i32,
    mobility: i32,
    hanging: i32,
    shielded: i32,
    anchored: i32,
    king: i32,
    hunt: i32,
}

/// The evaluation of `game`'s position (a relative) for the side to move, in centi-pieces.
pub fn evaluate(game: &Game, w: &RelativeWeights) -> i32 {
    let pos = game.position();
    let f = game.rules().family();
    let count_shielded = game.rules().game().hints().count_shielded;
    let us = pos.side_to_move();
    let them = us.other();
    let b = Bitboards::of(pos);
    let reaches = [b.reach(pos, f, Color::White), b.reach(pos, f, Color::Black)];
    let threat = [
        b.threats(pos, f, Color::White, &reaches[0]).pieces,
        b.threats(pos, f, Color::Black, &reaches[1]).pieces,
    ];
    // Computed only when weighed: the evaluation runs at nearly every node.
    let late = if w.material_late != 0 {
        w.material_late * limit_phase(game)
    } else {
        0
    };
    let mut feat = [Features::default(); 2];
    for c in Color::BOTH {
        let (i, o) = (c.index(), c.other().index());
        let fc = &mut feat[i];
        fc.material = (w.material + late) * pos.total(c) as i32;
        fc.mobility = w.mobility * reaches[i].count();
        // Pieces of c the opponent threatens.
        fc.hanging = (threat[o] & b.side[i]).count_ones() as i32;
        if count_shielded {
            fc.shielded = w.shielded * (shielded(b.side[i], b.all)).count_ones() as i32;
        }
        if f.custodian == Custodian::Line && (w.anchored != 0 || w.half_anchored != 0) {
            let (both, one) = anchored(b.side[i], b.all);
            fc.anchored =
                w.anchored * both.count_ones() as i32 + w.half_anchored * one.count_ones() as i32;
        }
        if f.has_kings() && f.king_move != KingMove::Hunter {
            if let Some(k) = pos.king(c) {
                fc.king = king_safety(&b, square_bit(k), c, &reaches[o], threat[o], w);
            }
        }
    }
    if f.king_move == KingMove::Hunter {
        let h = hunt(&b, pos, f, &reaches, threat[0], w);
        feat[Color::White.index()].hunt = h;
    }
    let (u, t) = (feat[us.index()], feat[them.index()]);
    u.material - t.material + u.mobility - t.mobility - w.hanging_own * u.hanging
        + w.hanging_their * t.hanging
        + u.shielded
        - t.shielded
        + u.anchored
        - t.anchored
        + u.king
        - t.king
        + u.hunt
        - t.hunt
        + w.tempo
}

/// King safety in the Rek family for the king on `king` of colour `c`, with the enemy's moves
/// `enemy` and threats `threat`: liberties of its group against enclosure, reachable squares
/// beside it, and whether it can be taken at once.
fn king_safety(
    b: &Bitboards,
    king: u64,
    c: Color,
    enemy: &Reach,
    threat: u64,
    w: &RelativeWeights,
) -> i32 {
    let group = group_of(king, b.side[c.index()], b.all);
    let libs = (neighbours(group, b.all) & b.empty).count_ones() as i32;
    let mut s = w.king_liberty * libs.min(4);
    if libs == 1 {
        s -= w.king_last_liberty;
    }
    let beside = neighbours(king, b.all) & b.empty;
    if enemy.moves {
        s -= w.king_exposed * (beside & enemy.any()).count_ones() as i32;
    }
    if threat & king != 0 {
        s -= w.king_threatened;
    }
    s
}

/// The hunt's terms, from White's (the men's) view: the hunter's freedom (moves, jumps, room
/// to walk), the cage of unjumpable men around it, whether the men can take it now, and the
/// worth of the last men.
fn hunt(
    b: &Bitboards,
    pos: &Position,
    f: &Family,
    reaches: &[Reach; 2],
    white_threat: u64,
    w: &RelativeWeights,
) -> i32 {
    let Some(hsq) = pos.king(Color::Black) else {
        return 0;
    };
    let hunter = square_bit(hsq);
    let r = &reaches[Color::Black.index()];
    let men = b.side[Color::White.index()];
    let mut room = 0u64;
    let mut frontier = hunter;
    for _ in 0..HUNTER_REACH {
        frontier = neighbours(frontier, b.all) & b.empty & !room;
        room |= frontier;
    }
    let cage = neighbours(hunter, b.all) & men & !r.jumps;
    // Where the hunter can go without being flanked at once, and the men it could jump from
    // there next.
    let mut safe = 0i32;
    let mut prey = 0u64;
    let mut dests = r.king;
    for d in Direction::ALL {
        dests |= shift(shift(hunter, d, b.all) & r.jumps, d, b.all);
    }
    while dests != 0 {
        let t = dests & dests.wrapping_neg();
        dests &= dests - 1;
        // The board after the hunter's move: its square empties, a jumped man goes.
        let jumped = neighbours(t, b.all) & neighbours(hunter, b.all) & r.jumps & !hunter;
        let men_after = men & !jumped;
        let empty_after = (b.empty | hunter | jumped) & !t;
        if !flanked_by_a_slide(t, men_after, empty_after, b.all) {
            safe += 1;
            prey |= hunter_jumps(t, men_after, empty_after, b.all);
        }
    }
    let n_men = (men.count_ones() as i32).min(4);
    let threshold = f.min_men.map(|(_, n)| n as i32).unwrap_or(0);
    let mut s = -w.hunter_move * (r.king.count_ones() + r.jumps.count_ones()) as i32
        - w.hunter_jump * r.jumps.count_ones() as i32
        - w.hunter_room * room.count_ones() as i32
        - w.hunter_safe_move * safe
        - w.hunter_prey * prey.count_ones() as i32
        + w.cage_man * cage.count_ones() as i32
        - w.last_men * (4 - n_men).max(0) * (n_men >= threshold) as i32;
    if white_threat & hunter != 0 {
        s += w.hunter_threatened;
    }
    if safe == 0 {
        s += w.hunter_no_safe_move;
    }
    // Steps to the nearest square from which the hunter could jump a man: the chase, which
    // looks further than the search when the men are far.
    let mut launch = 0u64;
    for d in Direction::ALL {
        let jumpable = men & shift(b.empty | hunter, d.opposite(), b.all);
        launch |= shift(jumpable, d.opposite(), b.all) & (b.empty | hunter);
    }
    let mut seen = hunter;
    let mut steps = 0;
    while seen & launch == 0 && steps < CHASE_MAX {
        let grown = seen | (neighbours(seen, b.all) & b.empty);
        if grown == seen {
            steps = CHASE_MAX;
            break;
        }
        seen = grown;
        steps += 1;
    }
    // Loose men (an empty square on both sides along a line, so a jump line) close to the
    // hunter: the men can move only one of them per turn, so unlike the nearest target this
    // survives their best reply.
    let open = b.empty | hunter;
    let loose = men
        & ((shift(open, East, b.all) & shift(open, West, b.all))
            | (shift(open, North, b.all) & shift(open, South, b.all)));
    let (hf, hr) = (hsq.file() as i32, hsq.rank() as i32);
    let mut near = 0;
    let mut rest = loose;
    while rest != 0 {
        let i = rest.trailing_zeros() as i32;
        rest &= rest - 1;
        let dist = (i % 8 - hf).abs() + (i / 8 - hr).abs();
        near += (NEAR_RANGE - dist).max(0);
    }
    let (width, height) = (pos.size().width() as i32, pos.size().height() as i32);
    let centre = if men.count_ones() <= CENTRE_MEN {
        hf.min(width - 1 - hf).min(hr).min(height - 1 - hr)
    } else {
        0
    };
    s + w.hunter_chase * steps - w.hunter_near * near - w.hunter_centre * centre
}

/// The most men for which the hunter's distance from the edge counts. The term was fitted
/// and proven on games with six men; with the sixteen of the start, where the hunter has to
/// go after the men, it kept the hunter in the middle among them, and at depth 3 it lost 4 of
/// 10 games as the hunter to a mover that only takes what it can (none without it).
pub const CENTRE_MEN: u32 = 6;

/// Loose men within this Manhattan distance of the hunter count as near.
const NEAR_RANGE: i32 = 5;

/// The chase distance counted at most.
const CHASE_MAX: i32 = 10;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Preset, Rules};

    #[test]
    fn starts_are_balanced_but_for_tempo() {
        for p in [
            Preset::Makyek,
            Preset::Apitsodok,
            Preset::Rek,
            Preset::MinRekChanh,
        ] {
            let g = Game::new(Rules::preset(p));
            assert_eq!(
                evaluate(&g, &RelativeWeights::HAND_SET),
                RelativeWeights::HAND_SET.tempo,
                "{p}"
            );
        }
    }

    #[test]
    fn the_hunters_distance_from_the_edge_counts_for_the_hunter_against_few_men() {
        // The same six men, the hunter on an edge, one step in, and in the middle; with only
        // this weight set, White (the men) is charged one weight per step, from either side's
        // view. With a seventh man (e1) the term is off.
        let mut only = RelativeWeights::HAND_SET;
        for name in RelativeWeights::NAMES {
            only.set(name, 0).unwrap();
        }
        only.hunter_centre = 10;
        let rules = Rules::preset(Preset::MakyekHunt);
        for (first_rank, per_step) in [("3w3w", 10), ("3ww2w", 0)] {
            for (hunter, steps) in [("B7", 0), ("1B6", 1), ("3B4", 3)] {
                for (side, sign) in [("w", 1), ("b", -1)] {
                    let text = format!("8/8/8/{hunter}/8/w4w1w/2w5/{first_rank} {side}");
                    let pos = crate::rules::notation::parse_position(&text).unwrap();
                    let game = Game::from_position(rules, pos).unwrap();
                    assert_eq!(evaluate(&game, &only), -per_step * steps * sign, "{text}");
                }
            }
        }
    }

    #[test]
    fn anchored_pieces_are_those_whose_lines_reach_an_edge() {
        let sq = |name: &str| {
            let b = name.as_bytes();
            1u64 << ((b[1] - b'1') * 8 + (b[0] - b'a'))
        };
        let set = |names: &[&str]| names.iter().fold(0, |acc, n| acc | sq(n));
        let all = u64::MAX;
        // a1 and h8 are corners; b1 leans on a1 along the rank and sits on the south edge;
        // e1-e2 reach the south edge along the file but not an edge along their ranks; e4 is
        // cut off from e2 by the empty e3; a4 and d8 sit on one edge each; d4-e4 touch none.
        let own = set(&["a1", "b1", "h8", "e1", "e2", "e4", "a4", "d8", "d4"]);
        let (both, one) = anchored(own, all);
        assert_eq!(both, set(&["a1", "b1", "h8"]));
        assert_eq!(one, set(&["e1", "e2", "a4", "d8"]));
        // On the 7x7 board the edges move in.
        let (both, _) = anchored(
            set(&["g7", "f7"]),
            Bitboards::of(&Position::start(
                crate::rules::BoardSize::new(7, 7).unwrap(),
            ))
            .all,
        );
        assert_eq!(both, set(&["g7", "f7"]));
    }

    // The positional tests of the terms are in tests/search_relatives.rs.
}
