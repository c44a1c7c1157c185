//! A deliberately simple reference implementation of the relatives of Ming Mang (Mak-yek,
//! Apit-sodok, Rek, Min Rek Chanh, Gala and the hunt game), written from the contract in
//! `docs/relatives-spec.md` alone (its rulings are also listed in `protocol/README.md`). It
//! shares no code with the engine, nor any rule with `reference.rs`: the board is a `Vec<Cell>`
//! of plain enum cells, the pieces in hand are two integers, the history of rule 7 is a list of
//! full snapshots (board, side to move, hands) compared by equality, legal moves are found by
//! brute force, and each capture rule is written out as the spec words it (enclosure by a flood
//! fill). It shares with the other reference only notation (`text`) and the reference interface
//! (`interface`).
//!
//! Readings taken where the spec leaves room (each is checked against the engine by the
//! cross-check tests):
//! - Captures are resolved before the rule-7 comparison; the position the game started from
//!   counts as an earlier position.
//! - All capture kinds are computed on the board right after the piece moved (before anything
//!   is removed), and the union is removed.
//! - A king (and the hunter) is an enemy piece for intervention, custodian lines and enclosure,
//!   and a friendly piece for closing a custodian line.
//! - `KingCaptured` in Rek / Min Rek Chanh looks only at the side to move (as the spec says);
//!   in the hunt game a missing hunter ends the game whoever is to move, and so does White
//!   having fewer than two men.
//! - Gala: on a completely empty board the only placement is d4, whichever side is to move.
//!   A side that must place has only placements (rule 7 can never ban one: the hand shrinks).
//!   The movement restriction looks at the destination square only.
//! - The ply limit counts the moves played since the position the game started from.

// Plain index loops keep the reference close to the wording of the rules.
#![allow(clippy::needless_range_loop)]

use std::fmt;

pub use super::interface::{Col, Opts, ROutcome, RReason, Reference, RuleSet};
use super::text::{read_position, write_position};
pub use super::text::{sq_name, Sq};

/// One square of the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Cell {
    Empty,
    Man(Col),
    /// A king (Rek, Min Rek Chanh) or the hunter (Black's only piece in the hunt game).
    King(Col),
}

impl Cell {
    /// The colour of the piece on the square, if any.
    pub fn color(self) -> Option<Col> {
        match self {
            Cell::Empty => None,
            Cell::Man(c) | Cell::King(c) => Some(c),
        }
    }

    /// The letter of a position string (`None` for an empty square).
    pub fn letter(self) -> Option<char> {
        match self {
            Cell::Empty => None,
            Cell::Man(Col::W) => Some('w'),
            Cell::Man(Col::B) => Some('b'),
            Cell::King(Col::W) => Some('W'),
            Cell::King(Col::B) => Some('B'),
        }
    }
}

/// The six relatives.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Variant {
    Makyek,
    Apitsodok,
    Rek,
    MinRekChanh,
    Gala,
    Hunt,
}

impl Variant {
    /// All six, in the order of the spec.
    pub const ALL: [Variant; 6] = [
        Variant::Makyek,
        Variant::Apitsodok,
        Variant::Rek,
        Variant::MinRekChanh,
        Variant::Gala,
        Variant::Hunt,
    ];

    /// The name of the spec (the engine's preset name).
    pub fn name(self) -> &'static str {
        match self {
            Variant::Makyek => "makyek",
            Variant::Apitsodok => "apitsodok",
            Variant::Rek => "rek",
            Variant::MinRekChanh => "minrekchanh",
            Variant::Gala => "gala",
            Variant::Hunt => "makyek-hunt",
        }
    }

    /// Looks a variant up by its name.
    pub fn from_name(name: &str) -> Option<Variant> {
        Variant::ALL
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(name))
    }

    /// The rules of the variant with a ply limit.
    pub fn rules(self, max_plies: Option<u32>) -> RuleSet {
        RuleSet {
            game: self.name(),
            width: self.size(),
            height: self.size(),
            opts: Opts::limit(max_plies),
        }
    }

    /// Board side length: Gala 7, the others 8.
    pub fn size(self) -> usize {
        if self == Variant::Gala {
            7
        } else {
            8
        }
    }

    /// The start position string of the spec.
    pub fn start_fen(self) -> &'static str {
        match self {
            Variant::Makyek => "bbbbbbbb/8/bbbbbbbb/8/8/wwwwwwww/8/wwwwwwww w",
            Variant::Apitsodok => "bbbbbbbb/bbbbbbbb/8/8/8/8/wwwwwwww/wwwwwwww w",
            Variant::Rek | Variant::MinRekChanh => {
                "bbbbbbb1/7B/bbbbbbbb/8/8/wwwwwwww/W7/1wwwwwww w"
            }
            Variant::Gala => "7/7/7/7/7/7/7 b w13b10",
            Variant::Hunt => "4B3/8/8/8/8/wwwwwwww/8/wwwwwwww b",
        }
    }

    /// Whether the variant has kings (Rek family).
    pub fn has_kings(self) -> bool {
        matches!(self, Variant::Rek | Variant::MinRekChanh)
    }

    /// Gala's supply (White, Black): pieces on the board plus in hand may not exceed it.
    pub fn supply(self) -> Option<(u32, u32)> {
        if self == Variant::Gala {
            Some((13, 10))
        } else {
            None
        }
    }
}

/// A position: board, side to move and pieces in hand.
#[derive(Clone, PartialEq, Eq, Debug, Hash)]
pub struct Pos {
    /// Side length.
    pub n: usize,
    /// `board[rank * n + file]`.
    pub board: Vec<Cell>,
    pub side: Col,
    pub hand_w: u32,
    pub hand_b: u32,
}

impl Pos {
    /// The cell on a square.
    pub fn at(&self, (f, r): Sq) -> Cell {
        self.board[r * self.n + f]
    }

    /// Puts a cell on a square.
    pub fn set(&mut self, (f, r): Sq, c: Cell) {
        self.board[r * self.n + f] = c;
    }

    /// The neighbour of `s` in direction `d`, if on the board.
    pub fn step(&self, (f, r): Sq, (df, dr): (i32, i32)) -> Option<Sq> {
        let nf = f as i32 + df;
        let nr = r as i32 + dr;
        if nf < 0 || nr < 0 || nf >= self.n as i32 || nr >= self.n as i32 {
            None
        } else {
            Some((nf as usize, nr as usize))
        }
    }

    /// Every square, rank by rank from the bottom.
    pub fn squares(&self) -> Vec<Sq> {
        let mut v = Vec::new();
        for r in 0..self.n {
            for f in 0..self.n {
                v.push((f, r));
            }
        }
        v
    }

    /// Pieces in hand of `c`.
    pub fn hand(&self, c: Col) -> u32 {
        match c {
            Col::W => self.hand_w,
            Col::B => self.hand_b,
        }
    }

    fn hand_mut(&mut self, c: Col) -> &mut u32 {
        match c {
            Col::W => &mut self.hand_w,
            Col::B => &mut self.hand_b,
        }
    }

    /// Pieces of `c` on the board (men and king).
    pub fn count(&self, c: Col) -> usize {
        self.board.iter().filter(|x| x.color() == Some(c)).count()
    }

    /// Men of `c` on the board.
    pub fn men(&self, c: Col) -> usize {
        self.board.iter().filter(|x| **x == Cell::Man(c)).count()
    }

    /// Kings of `c` on the board.
    pub fn kings(&self, c: Col) -> usize {
        self.board.iter().filter(|x| **x == Cell::King(c)).count()
    }
}

/// Writes a position string.
pub fn format(p: &Pos) -> String {
    write_position(p.n, p.n, |s| p.at(s).letter(), p.side, (p.hand_w, p.hand_b))
}

/// Reads a position string (shape only; see [`validate`] for the variant's constraints).
pub fn parse(text: &str) -> Result<Pos, String> {
    let t = read_position(text)?;
    let n = t.height();
    if !t.is_rectangular() || t.width() != n {
        return Err(format!("board is not square in {text:?}"));
    }
    let mut board = Vec::new();
    for cell in t.ranks.into_iter().flatten() {
        board.push(match cell {
            None => Cell::Empty,
            Some('w') => Cell::Man(Col::W),
            Some('b') => Cell::Man(Col::B),
            Some('W') => Cell::King(Col::W),
            Some('B') => Cell::King(Col::B),
            Some(ch) => return Err(format!("bad character {ch:?}")),
        });
    }
    Ok(Pos {
        n,
        board,
        side: t.side,
        hand_w: t.hand.0,
        hand_b: t.hand.1,
    })
}

/// The constraints of the spec on a position of `v` (what `Game::from_position` refuses).
pub fn validate(v: Variant, p: &Pos) -> Result<(), String> {
    if p.n != v.size() {
        return Err(format!(
            "board is {0}x{0}, {1} needs {2}x{2}",
            p.n,
            v.name(),
            v.size()
        ));
    }
    let kings = p.kings(Col::W) + p.kings(Col::B);
    match v {
        Variant::Rek | Variant::MinRekChanh => {
            if p.kings(Col::W) > 1 || p.kings(Col::B) > 1 {
                return Err("more than one king per side".into());
            }
        }
        Variant::Hunt => {
            if p.men(Col::B) > 0 {
                return Err("black men in the hunt".into());
            }
            if p.kings(Col::W) > 0 {
                return Err("white king in the hunt".into());
            }
            if p.kings(Col::B) > 1 {
                return Err("more than one hunter".into());
            }
        }
        _ => {
            if kings > 0 {
                return Err("kings in a variant without kings".into());
            }
        }
    }
    match v.supply() {
        None => {
            if p.hand_w != 0 || p.hand_b != 0 {
                return Err("pieces in hand in a variant without placement".into());
            }
        }
        Some((sw, sb)) => {
            if p.hand_w as usize + p.count(Col::W) > sw as usize
                || p.hand_b as usize + p.count(Col::B) > sb as usize
            {
                return Err("more pieces than the supply".into());
            }
        }
    }
    Ok(())
}

/// A move.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum RMove {
    /// A placement from hand (Gala).
    Place(Sq),
    /// A move along the board (slides, king steps, hunter steps and jumps).
    Go(Sq, Sq),
}

impl fmt::Display for RMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RMove::Place(s) => f.write_str(&sq_name(*s)),
            RMove::Go(a, b) => write!(f, "{}{}", sq_name(*a), sq_name(*b)),
        }
    }
}

/// What one move did, so the tests can insist each rule really came up.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Effects {
    /// Pieces removed in total (the union).
    pub captured: usize,
    /// Pieces found by custodian lines (Mak-yek, Apit-sodok; Gala's singles; the flanked hunter).
    pub custodian: usize,
    /// Pieces found by intervention.
    pub intervention: usize,
    /// Pieces found by enclosure.
    pub enclosure: usize,
    /// Pieces found by two different kinds at once.
    pub overlap: usize,
    /// A custodian line of two or more pieces.
    pub long_line: bool,
    /// The move captured a king (or the hunter).
    pub king_captured: bool,
    /// A placement.
    pub placed: bool,
    /// A king (Rek family) moved, and whether diagonally.
    pub king_moved: bool,
    pub king_diagonal: bool,
    /// The hunter jumped a man.
    pub hunter_jump: bool,
    /// The hunter was flanked by a man's move.
    pub hunter_flanked: bool,
}

const ORTHO: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const ALL8: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

fn is_enemy(p: &Pos, s: Sq, us: Col) -> bool {
    p.at(s).color() == Some(us.other())
}

/// Custodian line from `from` in direction `d`: one or more contiguous enemy pieces followed by
/// a friendly piece. With `single`, exactly one enemy piece.
fn custodian_line(p: &Pos, from: Sq, d: (i32, i32), us: Col, single: bool) -> Vec<Sq> {
    let mut line = Vec::new();
    let mut q = p.step(from, d);
    while let Some(s) = q {
        if is_enemy(p, s, us) {
            line.push(s);
            q = p.step(s, d);
        } else {
            break;
        }
    }
    let closed = matches!(q, Some(s) if p.at(s).color() == Some(us));
    if line.is_empty() || !closed || (single && line.len() != 1) {
        Vec::new()
    } else {
        line
    }
}

/// Intervention from `at`: on the rank and on the file separately, both neighbours enemy.
fn intervention(p: &Pos, at: Sq, us: Col) -> Vec<Sq> {
    let mut out = Vec::new();
    for (a, b) in [((1, 0), (-1, 0)), ((0, 1), (0, -1))] {
        if let (Some(x), Some(y)) = (p.step(at, a), p.step(at, b)) {
            if is_enemy(p, x, us) && is_enemy(p, y, us) {
                out.push(x);
                out.push(y);
            }
        }
    }
    out
}

/// Enclosure from `at`: each group of enemy pieces orthogonally adjacent to `at` with no empty
/// orthogonal neighbour.
fn enclosure(p: &Pos, at: Sq, us: Col) -> Vec<Sq> {
    let mut out: Vec<Sq> = Vec::new();
    for d in ORTHO {
        let Some(start) = p.step(at, d) else { continue };
        if !is_enemy(p, start, us) || out.contains(&start) {
            continue;
        }
        // Flood fill the group.
        let mut group = vec![start];
        let mut stack = vec![start];
        let mut liberty = false;
        while let Some(s) = stack.pop() {
            for d2 in ORTHO {
                if let Some(t) = p.step(s, d2) {
                    if p.at(t) == Cell::Empty {
                        liberty = true;
                    } else if is_enemy(p, t, us) && !group.contains(&t) {
                        group.push(t);
                        stack.push(t);
                    }
                }
            }
        }
        if !liberty {
            for s in group {
                if !out.contains(&s) {
                    out.push(s);
                }
            }
        }
    }
    out
}

/// Adds `squares` to the pieces `found` so far; a square found again counts as an overlap.
fn take(found: &mut Vec<Sq>, squares: Vec<Sq>, overlap: &mut usize) {
    for s in squares {
        if found.contains(&s) {
            *overlap += 1;
        } else {
            found.push(s);
        }
    }
}

/// The position after `mv` (not checked for legality) and what the move did.
pub fn apply(v: Variant, p: &Pos, mv: RMove) -> (Pos, Effects) {
    let us = p.side;
    let mut q = p.clone();
    let mut fx = Effects::default();
    q.side = us.other();
    match mv {
        RMove::Place(s) => {
            q.set(s, Cell::Man(us));
            *q.hand_mut(us) -= 1;
            fx.placed = true;
        }
        RMove::Go(from, to) => {
            let piece = p.at(from);
            q.set(from, Cell::Empty);
            q.set(to, piece);
            let df = to.0 as i32 - from.0 as i32;
            let dr = to.1 as i32 - from.1 as i32;
            if let Cell::King(_) = piece {
                if v.has_kings() {
                    fx.king_moved = true;
                    fx.king_diagonal = df != 0 && dr != 0;
                }
            }
            // Every capture kind on the board right after the move; the union is removed.
            let mut found: Vec<Sq> = Vec::new();
            match v {
                Variant::Makyek | Variant::Apitsodok => {
                    for d in ORTHO {
                        let line = custodian_line(&q, to, d, us, false);
                        fx.long_line |= line.len() >= 2;
                        fx.custodian += line.len();
                        take(&mut found, line, &mut fx.overlap);
                    }
                    let iv = intervention(&q, to, us);
                    fx.intervention += iv.len();
                    take(&mut found, iv, &mut fx.overlap);
                }
                Variant::Rek | Variant::MinRekChanh => {
                    let iv = intervention(&q, to, us);
                    fx.intervention += iv.len();
                    take(&mut found, iv, &mut fx.overlap);
                    let en = enclosure(&q, to, us);
                    fx.enclosure += en.len();
                    take(&mut found, en, &mut fx.overlap);
                }
                Variant::Gala => {
                    for d in ORTHO {
                        let line = custodian_line(&q, to, d, us, true);
                        fx.custodian += line.len();
                        take(&mut found, line, &mut fx.overlap);
                    }
                }
                Variant::Hunt => {
                    if piece == Cell::King(Col::B) {
                        // A jump removes the man jumped over.
                        if df.abs() + dr.abs() == 2 {
                            let mid = ((from.0 + to.0) / 2, (from.1 + to.1) / 2);
                            fx.hunter_jump = true;
                            take(&mut found, vec![mid], &mut fx.overlap);
                        }
                    } else {
                        // A man flanks the hunter with a White man on the other side.
                        for d in ORTHO {
                            if let Some(h) = q.step(to, d) {
                                if q.at(h) == Cell::King(Col::B) {
                                    if let Some(b) = q.step(h, d) {
                                        if q.at(b) == Cell::Man(Col::W) {
                                            fx.hunter_flanked = true;
                                            fx.custodian += 1;
                                            take(&mut found, vec![h], &mut fx.overlap);
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            for s in found {
                if let Cell::King(_) = q.at(s) {
                    fx.king_captured = true;
                }
                q.set(s, Cell::Empty);
                fx.captured += 1;
            }
        }
    }
    (q, fx)
}

/// Gala: whether rank `r` (from 0) is in the half of `c` (Black ranks 1-4, White ranks 4-7).
pub fn gala_own_half(c: Col, r: usize) -> bool {
    match c {
        Col::B => r <= 3,
        Col::W => r >= 3,
    }
}

/// Gala: whether rank `r` belongs to the opponent of `c` alone (Black may not enter 5-7, White
/// 1-3, while they have pieces in hand).
pub fn gala_forbidden(c: Col, r: usize) -> bool {
    match c {
        Col::B => r >= 4,
        Col::W => r <= 2,
    }
}

/// Every move of the side to move by the movement rules alone, before rule 7.
pub fn pseudo_moves(v: Variant, p: &Pos) -> Vec<RMove> {
    let us = p.side;
    let mut out = Vec::new();
    if v == Variant::Gala && p.hand(us) > 0 {
        if p.board.iter().all(|c| *c == Cell::Empty) {
            return vec![RMove::Place((3, 3))];
        }
        for s in p.squares() {
            if p.at(s) == Cell::Empty && gala_own_half(us, s.1) {
                out.push(RMove::Place(s));
            }
        }
        if !out.is_empty() {
            return out;
        }
    }
    for s in p.squares() {
        let cell = p.at(s);
        if cell.color() != Some(us) {
            continue;
        }
        let king = matches!(cell, Cell::King(_));
        if king && v == Variant::MinRekChanh {
            for d in ALL8 {
                if let Some(t) = p.step(s, d) {
                    if p.at(t) == Cell::Empty {
                        out.push(RMove::Go(s, t));
                    }
                }
            }
        } else if king && v == Variant::Hunt {
            for d in ORTHO {
                if let Some(t) = p.step(s, d) {
                    if p.at(t) == Cell::Empty {
                        out.push(RMove::Go(s, t));
                    } else if p.at(t) == Cell::Man(Col::W) {
                        if let Some(l) = p.step(t, d) {
                            if p.at(l) == Cell::Empty {
                                out.push(RMove::Go(s, l));
                            }
                        }
                    }
                }
            }
        } else {
            for d in ORTHO {
                let mut q = p.step(s, d);
                while let Some(t) = q {
                    if p.at(t) != Cell::Empty {
                        break;
                    }
                    let banned = v == Variant::Gala && p.hand(us) > 0 && gala_forbidden(us, t.1);
                    if !banned {
                        out.push(RMove::Go(s, t));
                    }
                    q = p.step(t, d);
                }
            }
        }
    }
    out
}

/// A game: the position it started from and every position since.
#[derive(Clone, Debug)]
pub struct RefGame {
    pub variant: Variant,
    pub max_plies: Option<u32>,
    pub pos: Pos,
    /// Every position so far, the start and the current one included.
    pub history: Vec<Pos>,
    pub moves: Vec<RMove>,
}

impl RefGame {
    /// A game from the variant's start position.
    pub fn new(v: Variant) -> RefGame {
        RefGame::from_str(v, v.start_fen(), None)
    }

    /// A game from a position string; panics if it is not valid for `v`.
    pub fn from_str(v: Variant, text: &str, max_plies: Option<u32>) -> RefGame {
        RefGame::start(&v.rules(max_plies), text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    /// A game from a position.
    pub fn from_pos(v: Variant, pos: Pos, max_plies: Option<u32>) -> RefGame {
        RefGame {
            variant: v,
            max_plies,
            history: vec![pos.clone()],
            pos,
            moves: Vec::new(),
        }
    }

    /// Whether `p` occurred earlier in the game.
    pub fn seen(&self, p: &Pos) -> bool {
        self.history.iter().any(|h| h == p)
    }

    /// What a legal move given as text would do, without playing it; panics if not legal.
    pub fn try_str(&self, text: &str) -> (Pos, Effects) {
        let mv = self
            .find(text)
            .unwrap_or_else(|| panic!("{text} is not legal in {}", self.fen()));
        apply(self.variant, &self.pos, mv)
    }
}

impl Reference for RefGame {
    type Move = RMove;
    type Effects = Effects;

    fn start(rules: &RuleSet, fen: &str) -> Result<RefGame, String> {
        let v = Variant::from_name(rules.game)
            .ok_or_else(|| format!("{} is not one of the relatives", rules.game))?;
        if *rules != v.rules(rules.opts.max_plies) {
            return Err(format!(
                "{} is played on its own board, without options",
                v.name()
            ));
        }
        let pos = parse(fen)?;
        validate(v, &pos)?;
        Ok(RefGame::from_pos(v, pos, rules.opts.max_plies))
    }

    fn rules(&self) -> RuleSet {
        self.variant.rules(self.max_plies)
    }

    fn fen(&self) -> String {
        format(&self.pos)
    }

    fn moves(&self) -> &[RMove] {
        &self.moves
    }

    fn pseudo_moves(&self) -> Vec<RMove> {
        pseudo_moves(self.variant, &self.pos)
    }

    fn allowed_with_effects(&self) -> Vec<(RMove, Effects)> {
        self.pseudo_moves()
            .into_iter()
            .filter_map(|mv| {
                let (q, fx) = apply(self.variant, &self.pos, mv);
                if self.seen(&q) {
                    None
                } else {
                    Some((mv, fx))
                }
            })
            .collect()
    }

    fn outcome_with(&self, no_moves: impl FnOnce() -> bool) -> ROutcome {
        let p = &self.pos;
        let us = p.side;
        let v = self.variant;
        // 1. King captured.
        if v.has_kings() && p.kings(us) == 0 {
            return ROutcome::Win(us.other(), RReason::KingCaptured);
        }
        if v == Variant::Hunt && p.kings(Col::B) == 0 {
            return ROutcome::Win(Col::W, RReason::KingCaptured);
        }
        // 2. Too few men (the hunt).
        if v == Variant::Hunt && p.men(Col::W) < 2 {
            return ROutcome::Win(Col::B, RReason::TooFewMen);
        }
        // 3. No pieces.
        if p.count(us) == 0 && p.hand(us) == 0 {
            return ROutcome::Win(us.other(), RReason::NoPieces);
        }
        // 4. No legal move.
        if no_moves() {
            return ROutcome::Win(us.other(), RReason::NoLegalMove);
        }
        // 5. Ply limit (0 means none).
        if let Some(limit) = self.max_plies.filter(|&limit| limit > 0) {
            if self.moves.len() >= limit as usize {
                if v == Variant::Hunt {
                    return ROutcome::Draw(RReason::PlyLimit);
                }
                let w = p.count(Col::W) + p.hand_w as usize;
                let b = p.count(Col::B) + p.hand_b as usize;
                return match w.cmp(&b) {
                    std::cmp::Ordering::Greater => ROutcome::Win(Col::W, RReason::PlyLimit),
                    std::cmp::Ordering::Less => ROutcome::Win(Col::B, RReason::PlyLimit),
                    std::cmp::Ordering::Equal => ROutcome::Draw(RReason::PlyLimit),
                };
            }
        }
        ROutcome::Ongoing
    }

    fn fen_after(&self, mv: RMove) -> String {
        format(&apply(self.variant, &self.pos, mv).0)
    }

    fn play(&mut self, mv: RMove) -> Effects {
        let (q, fx) = apply(self.variant, &self.pos, mv);
        self.pos = q;
        self.moves.push(mv);
        self.history.push(self.pos.clone());
        fx
    }

    fn undo(&mut self) {
        self.moves.pop().expect("a move to take back");
        self.history.pop();
        self.pos = self.history.last().expect("start position").clone();
    }
}
