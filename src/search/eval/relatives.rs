//! The static evaluation of the relatives (Mak-yek, Apit-sodok, Rek, Min Rek Chanh,
//! Gala and the hunt), from the side to move's view, in centi-pieces.
//!
//! The relatives are played on boards of at most 8x8, so every feature is read from 64-bit
//! bitboards (bit `rank * 8 + file`) built once per call. Which terms apply is read from the
//! game's [`Family`]: the capture kinds decide which threats exist, kings bring king safety,
//! a hand brings placement, and the hunter brings freedom and cage terms. Each relative has
//! its own [`RelativeWeights`] (see [`super::Weights`]).

use super::limit_phase;
use crate::rules::{Color, Custodian, Family, Game, KingMove, Position, Square};

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
        /// Per piece that no single custodian capture can take (Gala): a friendly neighbour or the
        /// edge beyond it on both its rank and its file.
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

const FILE_A: u64 = 0x0101_0101_0101_0101;

/// A bitboard view of a relative's position (boards up to 8x8).
struct Board {
    /// All squares of the board.
    all: u64,
    /// Pieces of White and Black (kings included).
    side: [u64; 2],
    /// Empty squares.
    empty: u64,
}

#[inline(always)]
fn bit(sq: Square) -> u64 {
    1u64 << (sq.rank() * 8 + sq.file())
}

/// One square along direction `d` (0 east, 1 west, 2 north, 3 south), within `all`.
#[inline(always)]
fn shift(b: u64, d: usize, all: u64) -> u64 {
    (match d {
        0 => (b << 1) & !FILE_A,
        1 => (b & !FILE_A) >> 1,
        2 => b << 8,
        _ => b >> 8,
    }) & all
}

/// The opposite of direction `d`.
#[inline(always)]
fn back(d: usize) -> usize {
    d ^ 1
}

/// The orthogonal neighbours of `b`.
#[inline(always)]
fn neighbours(b: u64, all: u64) -> u64 {
    shift(b, 0, all) | shift(b, 1, all) | shift(b, 2, all) | shift(b, 3, all)
}

/// The eight neighbours of `b`.
#[inline(always)]
fn neighbours8(b: u64, all: u64) -> u64 {
    let ew = b | shift(b, 0, all) | shift(b, 1, all);
    (ew | shift(ew, 2, all) | shift(ew, 3, all)) & !b
}

/// Empty squares reached by sliding from `from` in direction `d` through `empty`.
#[inline(always)]
fn slide(from: u64, d: usize, empty: u64, all: u64) -> u64 {
    let mut reach = 0;
    let mut g = shift(from, d, all) & empty;
    while g != 0 {
        reach |= g;
        g = shift(g, d, all) & empty;
    }
    reach
}

/// `seed` and the squares of `through` reached from it by steps in direction `d` that stay
/// on `through`: the unbroken runs that `seed` starts, going `d`.
#[inline(always)]
fn extend(seed: u64, through: u64, d: usize, all: u64) -> u64 {
    let mut run = seed;
    loop {
        let grown = run | (shift(run, d, all) & through);
        if grown == run {
            return run;
        }
        run = grown;
    }
}

impl Board {
    fn new(pos: &Position) -> Board {
        let size = pos.size();
        let mut side = [0u64; 2];
        let mut all = 0u64;
        for r in 0..size.height().min(8) {
            all |= (size.rank_mask() as u64 & 0xff) << (8 * r);
            for c in Color::BOTH {
                side[c.index()] |= (pos.rank_bits(c, r) as u64 & 0xff) << (8 * r);
            }
        }
        Board {
            all,
            side,
            empty: all & !(side[0] | side[1]),
        }
    }
}

/// Where one side's pieces can move next, split by how they get there.
#[derive(Default, Clone, Copy)]
struct Reach {
    /// Empty squares reached by a slide in each direction (index as in [`shift`]).
    dir: [u64; 4],
    /// Empty squares the king (or hunter) steps to.
    king: u64,
    /// Men the hunter can jump.
    jumps: u64,
    /// Whether the side moves at all now (false while it must place from hand).
    moves: bool,
    /// The pieces that slide like rooks.
    sliders: u64,
    /// The king if it steps (Min Rek Chanh, the hunter), else 0.
    stepper: u64,
}

impl Reach {
    /// Every square reached by some move.
    #[inline(always)]
    fn any(&self) -> u64 {
        self.dir[0] | self.dir[1] | self.dir[2] | self.dir[3] | self.king
    }

    /// Squares reached by a move arriving along a file (north/south slides) or by a king step.
    #[inline(always)]
    fn along_file(&self) -> u64 {
        self.dir[2] | self.dir[3] | self.king
    }

    /// Squares reached by a move arriving along a rank (east/west slides) or by a king step.
    #[inline(always)]
    fn along_rank(&self) -> u64 {
        self.dir[0] | self.dir[1] | self.king
    }

    /// Moves: one per (piece, destination) for slides, plus king steps and jumps.
    #[inline(always)]
    fn count(&self) -> i32 {
        (self.dir.iter().map(|b| b.count_ones()).sum::<u32>()
            + self.king.count_ones()
            + self.jumps.count_ones()) as i32
    }
}

/// The moves of colour `c` as destination sets.
fn reach(b: &Board, pos: &Position, f: &Family, c: Color) -> Reach {
    let mut r = Reach {
        moves: !(pos.hand(c) > 0 && must_place(b, f, c)),
        ..Reach::default()
    };
    let mut sliders = b.side[c.index()];
    let king = pos.king(c).map(bit).unwrap_or(0);
    match f.king_move {
        KingMove::Step8 => {
            sliders &= !king;
            r.stepper = king;
            r.king = neighbours8(king, b.all) & b.empty;
        }
        KingMove::Hunter if king != 0 => {
            sliders &= !king;
            r.stepper = king;
            r.king = neighbours(king, b.all) & b.empty;
            let them = b.side[c.other().index()];
            for d in 0..4 {
                let man = shift(king, d, b.all) & them;
                if shift(man, d, b.all) & b.empty != 0 {
                    r.jumps |= man;
                }
            }
        }
        _ => {}
    }
    // Ranks this side may not enter while it holds pieces in hand (Gala).
    let forbidden = if pos.hand(c) > 0 {
        ranks_mask(f.halves[c.other().index()] & !f.halves[c.index()])
    } else {
        0
    };
    r.sliders = sliders;
    for d in 0..4 {
        r.dir[d] = slide(sliders, d, b.empty, b.all) & !forbidden;
    }
    r.king &= !forbidden;
    r
}

/// The squares of the ranks in `mask` (bit `r` = rank `r`).
fn ranks_mask(mask: u32) -> u64 {
    (0..8)
        .filter(|r| mask >> r & 1 != 0)
        .fold(0, |m, r| m | 0xff << (8 * r))
}

/// Whether `c` has to place from hand now: an empty square is left in its half.
fn must_place(b: &Board, f: &Family, c: Color) -> bool {
    f.has_placement() && b.empty & ranks_mask(f.halves[c.index()]) != 0
}

/// The pieces of `c` (moves `r`) that can move to the empty square `to` (no hand: Rek family).
fn movers_to(b: &Board, r: &Reach, to: u64) -> u64 {
    let mut from = neighbours8(to, b.all) & r.stepper;
    for d in 0..4 {
        let mut s = shift(to, d, b.all);
        while s & b.empty != 0 {
            s = shift(s, d, b.all);
        }
        from |= s & r.sliders;
    }
    from
}

/// The pieces of `c.other()` that `c` could capture with one move (the union over its moves),
/// given `c`'s moves `r`. Found per capture kind from the destination squares.
fn threats(b: &Board, pos: &Position, f: &Family, c: Color, r: &Reach) -> u64 {
    threats_and_landings(b, pos, f, c, r).0
}

/// [`threats`], and the squares `c`'s capturing moves land on (a custodian capture's end
/// square, an intervention's gap, an enclosure's last liberty; the hunter's jumps are not
/// counted).
fn threats_and_landings(b: &Board, pos: &Position, f: &Family, c: Color, r: &Reach) -> (u64, u64) {
    if !r.moves {
        return (0, 0);
    }
    let (own, their) = (b.side[c.index()], b.side[c.other().index()]);
    let all = b.all;
    let mut caps = r.jumps;
    let mut landings = 0;
    let hunter = f.king_move == KingMove::Hunter && pos.king(c).is_some();
    // The hunter captures only by jumping; the men's custodian is read from the family.
    if hunter {
        return (caps, landings);
    }
    let any = r.any();
    match f.custodian {
        Custodian::None => {}
        Custodian::Single => {
            for d in 0..4 {
                // An enemy piece with our piece beyond it in direction d and an empty square
                // before it that we reach.
                let flanked = their & shift(own, back(d), all);
                let hit = shift(flanked, back(d), all) & b.empty & any;
                caps |= shift(hit, d, all);
                landings |= hit;
            }
        }
        Custodian::Line => {
            for d in 0..4 {
                // Enemy pieces in a run that ends in our piece going direction d.
                let run = extend(their & shift(own, back(d), all), their, back(d), all);
                let hit = shift(run, back(d), all) & b.empty & any;
                caps |= extend(shift(hit, d, all) & run, run, d, all);
                landings |= hit;
            }
        }
    }
    if f.intervention {
        // Between two enemy pieces on a rank (arriving along the file: along the rank the
        // pieces themselves block) or on a file (arriving along the rank).
        let rank_gap = shift(their, 0, all) & shift(their, 1, all) & b.empty & r.along_file();
        caps |= shift(rank_gap, 0, all) | shift(rank_gap, 1, all);
        let file_gap = shift(their, 2, all) & shift(their, 3, all) & b.empty & r.along_rank();
        caps |= shift(file_gap, 2, all) | shift(file_gap, 3, all);
        landings |= rank_gap | file_gap;
    }
    if f.enclosure {
        // A group with exactly one liberty that we reach is enclosed by moving there, unless
        // every piece that reaches it leaves from beside the group (opening a new liberty).
        let mut rest = their;
        while rest != 0 {
            let group = group_of(rest & rest.wrapping_neg(), their, all);
            rest &= !group;
            let around = neighbours(group, all);
            let libs = around & b.empty;
            if libs.count_ones() == 1 && libs & any != 0 && movers_to(b, r, libs) & !around != 0 {
                caps |= group;
                landings |= libs;
            }
        }
    }
    (caps, landings)
}

/// What the side to move of a relative's position stands to lose to the opponent's next move,
/// as bitboards with bit `rank * 8 + file` (see [`square_bit`]). The move picker tries the
/// moves that touch them first (see `picker`).
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

/// What the side to move of `game` (a relative) stands to lose (see [`Threatened`]).
pub fn threatened_own(game: &Game) -> Threatened {
    let pos = game.position();
    let f = game.rules().family();
    let us = pos.side_to_move();
    let b = Board::new(pos);
    let them = us.other();
    let r = reach(&b, pos, f, them);
    // The opponent's captures take only our pieces, so where they land is where ours fall.
    let (pieces, landings) = threats_and_landings(&b, pos, f, them, &r);
    Threatened {
        pieces,
        beside: neighbours(pieces, b.all) & b.empty,
        landings,
    }
}

/// The bit of `sq` in the bitboards of [`threatened_own`].
#[inline(always)]
pub fn square_bit(sq: Square) -> u64 {
    bit(sq)
}

/// The orthogonally connected group of `pieces` holding `seed`.
#[inline]
fn group_of(seed: u64, pieces: u64, all: u64) -> u64 {
    let mut group = seed;
    loop {
        let grown = group | (neighbours(group, all) & pieces);
        if grown == group {
            return group;
        }
        group = grown;
    }
}

/// Pieces of `own` that no single custodian capture can take: on each line a friendly
/// neighbour or the edge on at least one side.
fn shielded(own: u64, all: u64) -> u64 {
    let covered = |d: usize| {
        // A neighbour in direction d is own, or the square beyond in d is off the board.
        (shift(own, back(d), all) & own) | (own & !shift(all, back(d), all))
    };
    (covered(0) | covered(1)) & (covered(2) | covered(3))
}

/// Pieces of `own` whose unbroken line of `own` pieces in direction `d` runs to the board's
/// edge (the piece on the edge included).
fn run_to_edge(own: u64, d: usize, all: u64) -> u64 {
    extend(own & !shift(all, back(d), all), own, back(d), all)
}

/// The pieces of `own` anchored along both lines and along one only: a line of friendly pieces
/// reaching an edge cannot be flanked (see [`RelativeWeights::anchored`]).
fn anchored(own: u64, all: u64) -> (u64, u64) {
    let rank = run_to_edge(own, 0, all) | run_to_edge(own, 1, all);
    let file = run_to_edge(own, 2, all) | run_to_edge(own, 3, all);
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
    let us = pos.side_to_move();
    let them = us.other();
    let b = Board::new(pos);
    let reaches = [
        reach(&b, pos, f, Color::White),
        reach(&b, pos, f, Color::Black),
    ];
    let threat = [
        threats(&b, pos, f, Color::White, &reaches[0]),
        threats(&b, pos, f, Color::Black, &reaches[1]),
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
        if f.custodian == Custodian::Single && !f.has_kings() {
            fc.shielded = w.shielded * (shielded(b.side[i], b.all)).count_ones() as i32;
        }
        if f.custodian == Custodian::Line && (w.anchored != 0 || w.half_anchored != 0) {
            let (both, one) = anchored(b.side[i], b.all);
            fc.anchored =
                w.anchored * both.count_ones() as i32 + w.half_anchored * one.count_ones() as i32;
        }
        if f.has_kings() && f.king_move != KingMove::Hunter {
            if let Some(k) = pos.king(c) {
                fc.king = king_safety(&b, bit(k), c, &reaches[o], threat[o], w);
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
    b: &Board,
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
    b: &Board,
    pos: &Position,
    f: &Family,
    reaches: &[Reach; 2],
    white_threat: u64,
    w: &RelativeWeights,
) -> i32 {
    let Some(hsq) = pos.king(Color::Black) else {
        return 0;
    };
    let hunter = bit(hsq);
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
    for d in 0..4 {
        dests |= shift(shift(hunter, d, b.all) & r.jumps, d, b.all);
    }
    while dests != 0 {
        let t = dests & dests.wrapping_neg();
        dests &= dests - 1;
        // The board after the hunter's move: its square empties, a jumped man goes.
        let jumped = neighbours(t, b.all) & neighbours(hunter, b.all) & r.jumps & !hunter;
        let men_after = men & !jumped;
        let empty_after = (b.empty | hunter | jumped) & !t;
        if !flankable(t, men_after, empty_after, b.all) {
            safe += 1;
            for d in 0..4 {
                let man = shift(t, d, b.all) & men_after;
                if shift(man, d, b.all) & empty_after != 0 {
                    prey |= man;
                }
            }
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
    for d in 0..4 {
        let jumpable = men & shift(b.empty | hunter, back(d), b.all);
        launch |= shift(jumpable, back(d), b.all) & (b.empty | hunter);
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
        & ((shift(open, 0, b.all) & shift(open, 1, b.all))
            | (shift(open, 2, b.all) & shift(open, 3, b.all)));
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

/// Whether a man could take a hunter standing on `t` with one move: a man beside it and the
/// square opposite empty and reached by a man's slide (not through `t`).
fn flankable(t: u64, men: u64, empty: u64, all: u64) -> bool {
    (0..4).any(|d| {
        if shift(t, d, all) & men == 0 {
            return false;
        }
        let s = shift(t, back(d), all) & empty;
        s != 0
            && (0..4).filter(|&e| e != d).any(|e| {
                let mut x = shift(s, e, all);
                while x & empty != 0 {
                    x = shift(x, e, all);
                }
                x & men != 0
            })
    })
}

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
            Board::new(&Position::start(
                crate::rules::BoardSize::new(7, 7).unwrap(),
            ))
            .all,
        );
        assert_eq!(both, set(&["g7", "f7"]));
    }

    #[test]
    fn threats_match_the_rules() {
        // Every piece the threat sets name is captured by some legal move, in positions of
        // random games of each relative (intervention, custodian lines and singles,
        // enclosure, jumps), and every piece some move captures is named.
        use crate::rules::random::{random_opening, Rng};
        let mut rng = Rng::new(5);
        for preset in Preset::ALL
            .into_iter()
            .filter(|p| p.game() != crate::rules::GameKind::MingMang)
        {
            let rules = Rules::preset(preset);
            for _ in 0..40 {
                let mut g = Game::new(rules);
                random_opening(&mut g, rng.below(60), &mut rng);
                if g.outcome().is_over() {
                    continue;
                }
                let pos = g.position();
                let f = rules.family();
                let b = Board::new(pos);
                let us = pos.side_to_move();
                let r = reach(&b, pos, f, us);
                let claimed = threats(&b, pos, f, us, &r);
                let mut real = 0u64;
                pos.for_each_pseudo_move(&rules, |mv| {
                    let mut child = pos.clone();
                    if child.apply(mv, &rules) > 0 {
                        for sq in rules.size().squares() {
                            if pos.piece_at(sq) == Some(us.other()) && child.piece_at(sq).is_none()
                            {
                                real |= bit(sq);
                            }
                        }
                    }
                });
                assert_eq!(claimed, real, "{preset} {pos:?}");
            }
        }
    }

    // The positional tests of the terms are in tests/search_relatives.rs.
}
