//! A deliberately simple reference implementation of Ming Mang, written from the rules in
//! `docs/rules.md` alone (rules 1-8, the ply limit and the four options). It shares no code with
//! the engine, nor any rule with the reference of the relatives: the board is a
//! `Vec<Vec<Option<Col>>>`, there are no bitboards and no hashing, and the history of rule 7 is a
//! list of full (board, side to move) snapshots compared by equality. It shares with the other
//! reference only notation (`text`) and the reference interface (`interface`).
//!
//! Readings taken where the rules leave room (each is checked against the engine by the
//! cross-check tests):
//! - Captures are applied before the rule-7 comparison; the starting position counts as an
//!   earlier position, and so do positions reached by passes. Passing is never banned.
//! - Last-piece leap: the jumped piece is converted first, then rule 6 runs from the landing
//!   square; under enchained capture the jumped piece counts as a newly converted piece.
//! - Corner capture: the line runs from the square next to the moved (or, under enchained
//!   capture, newly converted) piece along its edge to the corner, through the corner, and along
//!   the other edge to a friendly piece; every square of it holds an enemy piece.
//! - Outcome order: two passes (territory), no pieces, no legal move, ply limit.

// Plain index loops keep the reference close to the wording of the rules.
#![allow(clippy::needless_range_loop)]

use std::fmt;

pub use super::interface::{Col, Opts, ROutcome, RReason, Reference, RuleSet};
use super::text::{read_position, sq_name, write_position, Sq};

/// `board[rank][file]`, rank 0 at the bottom, file 0 on the left.
pub type Board = Vec<Vec<Option<Col>>>;

/// A move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RMove {
    Pass,
    Slide(Sq, Sq),
    Leap(Sq, Sq),
}

impl fmt::Display for RMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RMove::Pass => f.write_str("0000"),
            RMove::Slide(a, b) | RMove::Leap(a, b) => {
                write!(f, "{}{}", sq_name(*a), sq_name(*b))
            }
        }
    }
}

/// What one move did (for making sure the tests exercise each kind of capture).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Effects {
    /// Pieces converted in total (jumped piece included).
    pub converted: usize,
    /// Pieces converted by straight lines from the moved piece (rule 6).
    pub straight: usize,
    /// Pieces converted by corner lines from the moved piece.
    pub corner: usize,
    /// Pieces converted by the enchained rounds (straight or corner).
    pub enchained: usize,
    /// Pieces converted by corner lines during the enchained rounds.
    pub enchained_corner: usize,
    /// Whether the move was a leap.
    pub leap: bool,
}

/// One earlier position: what rule 7 compares with.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Snapshot {
    pub board: Board,
    pub side: Col,
    /// White's piece count, a cheap necessary condition checked before full equality.
    pub whites: usize,
}

const DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// Board width (files).
pub fn width(board: &Board) -> usize {
    board[0].len()
}

/// Board height (ranks).
pub fn height(board: &Board) -> usize {
    board.len()
}

fn step(board: &Board, (f, r): Sq, (df, dr): (i32, i32)) -> Option<Sq> {
    let nf = f as i32 + df;
    let nr = r as i32 + dr;
    if nf < 0 || nr < 0 || nf >= width(board) as i32 || nr >= height(board) as i32 {
        None
    } else {
        Some((nf as usize, nr as usize))
    }
}

fn at(board: &Board, (f, r): Sq) -> Option<Col> {
    board[r][f]
}

/// The start position of rule 3 on a `w` x `h` board.
pub fn start_board(w: usize, h: usize) -> Board {
    let mut b = vec![vec![None; w]; h];
    for row in b.iter_mut() {
        row[0] = Some(Col::W);
        row[w - 1] = Some(Col::B);
    }
    for f in 0..w - 1 {
        b[0][f] = Some(Col::W);
    }
    for f in 1..w {
        b[h - 1][f] = Some(Col::B);
    }
    b
}

/// Number of pieces of `c`.
pub fn count(board: &Board, c: Col) -> usize {
    board.iter().flatten().filter(|p| **p == Some(c)).count()
}

/// The start position string of rule 3 on a `w` x `h` board, White to move.
pub fn start_fen(w: usize, h: usize) -> String {
    format(&start_board(w, h), Col::W)
}

/// Writes a position string.
pub fn format(board: &Board, side: Col) -> String {
    let cell = |(f, r): Sq| board[r][f].map(Col::letter);
    write_position(width(board), height(board), cell, side, (0, 0))
}

/// Reads a position string: a rectangular board from 4x4 to 19x19, `w` and `b` pieces.
pub fn parse(text: &str) -> Result<(Board, Col), String> {
    let t = read_position(text)?;
    if t.has_hand {
        return Err(format!("Ming Mang has no pieces in hand: {text:?}"));
    }
    if !t.is_rectangular() || !(4..=19).contains(&t.width()) || !(4..=19).contains(&t.height()) {
        return Err(format!("bad board shape in {text:?}"));
    }
    let mut board = Board::new();
    for rank in t.ranks {
        let mut row = Vec::new();
        for cell in rank {
            row.push(match cell {
                None => None,
                Some('w') => Some(Col::W),
                Some('b') => Some(Col::B),
                Some(ch) => return Err(format!("bad character {ch:?}")),
            });
        }
        board.push(row);
    }
    Ok((board, t.side))
}

/// The enemy pieces in a row from the square next to `from` in direction `dir`, and the square
/// just past them (`None` past the edge).
fn enemy_run(board: &Board, from: Sq, dir: (i32, i32), color: Col) -> (Vec<Sq>, Option<Sq>) {
    let mut run = Vec::new();
    let mut p = step(board, from, dir);
    while let Some(s) = p {
        if at(board, s) != Some(color.other()) {
            break;
        }
        run.push(s);
        p = step(board, s, dir);
    }
    (run, p)
}

/// The enemy line captured by `color`'s piece on `from` in direction `dir`, if any (rule 6).
fn straight_line(board: &Board, from: Sq, dir: (i32, i32), color: Col) -> Vec<Sq> {
    match enemy_run(board, from, dir, color) {
        (line, Some(s)) if !line.is_empty() && at(board, s) == Some(color) => line,
        _ => Vec::new(),
    }
}

/// Every straight line captured from `from`.
fn straight_lines(board: &Board, from: Sq, color: Col) -> Vec<Sq> {
    DIRS.iter()
        .flat_map(|&d| straight_line(board, from, d, color))
        .collect()
}

/// Every line through a corner captured from `from` (capture around a corner): from the square
/// next to `from` along its edge to the corner, through it, then along the other edge; all
/// enemy pieces, and a friendly piece just past the end on the second edge.
fn corner_lines(board: &Board, from: Sq, color: Col) -> Vec<Sq> {
    let (w, h) = (width(board), height(board));
    let mut out = Vec::new();
    for corner in [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)] {
        if corner == from {
            continue;
        }
        // The mover's edge is the file of the corner or the rank of the corner.
        for along_file in [true, false] {
            let on_edge = if along_file {
                from.0 == corner.0
            } else {
                from.1 == corner.1
            };
            if !on_edge {
                continue;
            }
            // Direction from `from` towards the corner along the first edge.
            let d1: (i32, i32) = if along_file {
                (0, (corner.1 as i32 - from.1 as i32).signum())
            } else {
                ((corner.0 as i32 - from.0 as i32).signum(), 0)
            };
            // Direction away from the corner along the second edge.
            let d2: (i32, i32) = if along_file {
                (if corner.0 == 0 { 1 } else { -1 }, 0)
            } else {
                (0, if corner.1 == 0 { 1 } else { -1 })
            };
            // Enemy pieces all the way to the corner, the corner included...
            let (mut line, _) = enemy_run(board, from, d1, color);
            if line.last() != Some(&corner) {
                continue;
            }
            // ... then along the other edge up to a friendly piece.
            let (rest, end) = enemy_run(board, corner, d2, color);
            if end.is_some_and(|s| at(board, s) == Some(color)) {
                line.extend(rest);
                out.extend(line);
            }
        }
    }
    out
}

/// Plays the piece part of a move on `board` (already holding the moved piece on `to`; for a
/// leap the jumped piece already converted) and applies every capture. Returns what happened.
fn resolve(board: &mut Board, opts: &Opts, color: Col, to: Sq, jumped: Option<Sq>) -> Effects {
    let mut fx = Effects {
        leap: jumped.is_some(),
        ..Effects::default()
    };
    let mut newly: Vec<Sq> = Vec::new();
    if let Some(j) = jumped {
        newly.push(j);
        fx.converted += 1;
    }
    // Rule 6: all lines are found first, then converted.
    let straight = straight_lines(board, to, color);
    let corner = if opts.corner {
        corner_lines(board, to, color)
    } else {
        Vec::new()
    };
    for &s in &straight {
        if at(board, s) == Some(color.other()) {
            board[s.1][s.0] = Some(color);
            newly.push(s);
            fx.straight += 1;
        }
    }
    for &s in &corner {
        if at(board, s) == Some(color.other()) {
            board[s.1][s.0] = Some(color);
            newly.push(s);
            fx.corner += 1;
        }
    }
    fx.converted += fx.straight + fx.corner;
    if opts.enchained {
        let mut frontier = newly;
        while !frontier.is_empty() {
            let mut next = Vec::new();
            for &src in &frontier {
                for s in straight_lines(board, src, color) {
                    if at(board, s) == Some(color.other()) {
                        board[s.1][s.0] = Some(color);
                        next.push(s);
                        fx.enchained += 1;
                    }
                }
                if opts.corner {
                    for s in corner_lines(board, src, color) {
                        if at(board, s) == Some(color.other()) {
                            board[s.1][s.0] = Some(color);
                            next.push(s);
                            fx.enchained += 1;
                            fx.enchained_corner += 1;
                        }
                    }
                }
            }
            frontier = next;
        }
        fx.converted += fx.enchained;
    }
    fx
}

/// The board after `color` plays `mv` on `board`, and what the move did.
pub fn apply(board: &Board, opts: &Opts, color: Col, mv: RMove) -> (Board, Effects) {
    let mut b = board.clone();
    let fx = match mv {
        RMove::Pass => Effects::default(),
        RMove::Slide(from, to) => {
            b[from.1][from.0] = None;
            b[to.1][to.0] = Some(color);
            resolve(&mut b, opts, color, to, None)
        }
        RMove::Leap(from, to) => {
            let j = ((from.0 + to.0) / 2, (from.1 + to.1) / 2);
            b[from.1][from.0] = None;
            b[to.1][to.0] = Some(color);
            b[j.1][j.0] = Some(color);
            resolve(&mut b, opts, color, to, Some(j))
        }
    };
    (b, fx)
}

/// Every move of `color` by the movement rules alone (rule 5, leap, pass), before rule 7.
pub fn pseudo_moves(board: &Board, opts: &Opts, color: Col) -> Vec<RMove> {
    let mut out = Vec::new();
    let mine = count(board, color);
    for r in 0..height(board) {
        for f in 0..width(board) {
            if board[r][f] != Some(color) {
                continue;
            }
            for &d in &DIRS {
                let mut p = step(board, (f, r), d);
                while let Some(s) = p {
                    if at(board, s).is_some() {
                        break;
                    }
                    out.push(RMove::Slide((f, r), s));
                    p = step(board, s, d);
                }
                if opts.leap && mine == 1 {
                    if let Some(j) = step(board, (f, r), d) {
                        if at(board, j) == Some(color.other()) {
                            if let Some(l) = step(board, j, d) {
                                if at(board, l).is_none() {
                                    out.push(RMove::Leap((f, r), l));
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    if opts.territory && mine > 0 {
        out.push(RMove::Pass);
    }
    out
}

/// Territory count of docs/rules.md: pieces plus empty regions whose neighbours all belong to one
/// side. A region with no neighbouring piece at all counts for nobody.
pub fn territory(board: &Board) -> (usize, usize) {
    let (w, h) = (width(board), height(board));
    let mut white = count(board, Col::W);
    let mut black = count(board, Col::B);
    let mut seen = vec![vec![false; w]; h];
    for r in 0..h {
        for f in 0..w {
            if board[r][f].is_some() || seen[r][f] {
                continue;
            }
            let mut stack = vec![(f, r)];
            seen[r][f] = true;
            let mut size = 0;
            let (mut nw, mut nb) = (false, false);
            while let Some(s) = stack.pop() {
                size += 1;
                for &d in &DIRS {
                    if let Some(n) = step(board, s, d) {
                        match at(board, n) {
                            Some(Col::W) => nw = true,
                            Some(Col::B) => nb = true,
                            None => {
                                if !seen[n.1][n.0] {
                                    seen[n.1][n.0] = true;
                                    stack.push(n);
                                }
                            }
                        }
                    }
                }
            }
            if nw && !nb {
                white += size;
            } else if nb && !nw {
                black += size;
            }
        }
    }
    (white, black)
}

/// A game: the position it started from and every move since.
#[derive(Clone, Debug)]
pub struct RefGame {
    pub opts: Opts,
    pub board: Board,
    pub side: Col,
    /// Every position so far, the start and the current one included.
    pub history: Vec<Snapshot>,
    pub moves: Vec<RMove>,
    /// Whether rule 7 is applied (switch off only to check the count docs/rules.md gives
    /// without it).
    pub rule7: bool,
}

impl RefGame {
    /// A game from the start position of a `w` x `h` board.
    pub fn new(w: usize, h: usize, opts: Opts) -> RefGame {
        RefGame::from_board(start_board(w, h), Col::W, opts)
    }

    /// A game from a position string.
    pub fn from_str(text: &str, opts: Opts) -> RefGame {
        let (board, side) = parse(text).expect("valid position string");
        RefGame::from_board(board, side, opts)
    }

    /// A game from a board and side to move.
    pub fn from_board(board: Board, side: Col, opts: Opts) -> RefGame {
        RefGame {
            opts,
            history: vec![Snapshot {
                whites: count(&board, Col::W),
                board: board.clone(),
                side,
            }],
            board,
            side,
            moves: Vec::new(),
            rule7: true,
        }
    }

    fn seen(&self, board: &Board, side: Col) -> bool {
        // A cheap necessary condition first (equal piece counts), then full equality.
        let whites = count(board, Col::W);
        self.history
            .iter()
            .any(|s| s.side == side && s.whites == whites && s.board == *board)
    }
}

impl Reference for RefGame {
    type Move = RMove;
    type Effects = Effects;

    fn start(rules: &RuleSet, fen: &str) -> Result<RefGame, String> {
        if !rules.is_ming_mang() {
            return Err(format!(
                "this reference plays Ming Mang, not {}",
                rules.game
            ));
        }
        let (board, side) = parse(fen)?;
        if (width(&board), height(&board)) != (rules.width, rules.height) {
            return Err(format!("{fen} is not on the board of {rules}"));
        }
        Ok(RefGame::from_board(board, side, rules.opts))
    }

    fn rules(&self) -> RuleSet {
        RuleSet::ming_mang(width(&self.board), height(&self.board), self.opts)
    }

    fn fen(&self) -> String {
        format(&self.board, self.side)
    }

    fn moves(&self) -> &[RMove] {
        &self.moves
    }

    fn pseudo_moves(&self) -> Vec<RMove> {
        pseudo_moves(&self.board, &self.opts, self.side)
    }

    fn allowed_with_effects(&self) -> Vec<(RMove, Effects)> {
        self.pseudo_moves()
            .into_iter()
            .filter_map(|mv| {
                let (b, fx) = apply(&self.board, &self.opts, self.side, mv);
                if mv == RMove::Pass || !self.rule7 || !self.seen(&b, self.side.other()) {
                    Some((mv, fx))
                } else {
                    None
                }
            })
            .collect()
    }

    fn outcome_with(&self, no_moves: impl FnOnce() -> bool) -> ROutcome {
        let n = self.moves.len();
        if self.opts.territory
            && n >= 2
            && self.moves[n - 1] == RMove::Pass
            && self.moves[n - 2] == RMove::Pass
        {
            let (white, black) = territory(&self.board);
            let area = width(&self.board) * height(&self.board);
            let reason = RReason::Territory { white, black };
            return if 2 * white > area {
                ROutcome::Win(Col::W, reason)
            } else if 2 * black > area {
                ROutcome::Win(Col::B, reason)
            } else {
                ROutcome::Draw(reason)
            };
        }
        if count(&self.board, self.side) == 0 {
            return ROutcome::Win(self.side.other(), RReason::NoPieces);
        }
        if no_moves() {
            return ROutcome::Win(self.side.other(), RReason::NoLegalMove);
        }
        // The ply limit (0 means none): more pieces wins, equal counts draw.
        if self
            .opts
            .max_plies
            .is_some_and(|limit| limit > 0 && n >= limit as usize)
        {
            let (w, b) = (count(&self.board, Col::W), count(&self.board, Col::B));
            return if w > b {
                ROutcome::Win(Col::W, RReason::PlyLimit)
            } else if b > w {
                ROutcome::Win(Col::B, RReason::PlyLimit)
            } else {
                ROutcome::Draw(RReason::PlyLimit)
            };
        }
        ROutcome::Ongoing
    }

    fn fen_after(&self, mv: RMove) -> String {
        format(
            &apply(&self.board, &self.opts, self.side, mv).0,
            self.side.other(),
        )
    }

    fn play(&mut self, mv: RMove) -> Effects {
        let (b, fx) = apply(&self.board, &self.opts, self.side, mv);
        self.board = b;
        self.side = self.side.other();
        self.moves.push(mv);
        self.history.push(Snapshot {
            whites: count(&self.board, Col::W),
            board: self.board.clone(),
            side: self.side,
        });
        fx
    }

    fn undo(&mut self) {
        self.moves.pop().expect("a move to take back");
        self.history.pop();
        let last = self.history.last().expect("start position");
        self.board = last.board.clone();
        self.side = last.side;
    }

    /// The territory count of the current position, while both sides have pieces.
    fn territory(&self) -> Option<(usize, usize)> {
        let both = count(&self.board, Col::W) > 0 && count(&self.board, Col::B) > 0;
        both.then(|| territory(&self.board))
    }
}
