//! A deliberately simple reference implementation of Ming Mang, written from `shared/rules.md`
//! alone (rules 1-8, the ply limit and the four options). It shares no code with the engine:
//! the board is a `Vec<Vec<Option<Col>>>`, there are no bitboards and no hashing, and the
//! history of rule 7 is a list of full (board, side to move) snapshots compared by equality.
//!
//! Readings taken where rules.md leaves room (each is checked against the engine by the
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

/// A player.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub enum Col {
    /// Moves first from the start position.
    W,
    /// The second player.
    B,
}

impl Col {
    /// The opponent.
    pub fn other(self) -> Col {
        match self {
            Col::W => Col::B,
            Col::B => Col::W,
        }
    }

    /// `w` or `b`.
    pub fn letter(self) -> char {
        match self {
            Col::W => 'w',
            Col::B => 'b',
        }
    }
}

/// `board[rank][file]`, rank 0 at the bottom, file 0 on the left.
pub type Board = Vec<Vec<Option<Col>>>;

/// A square as (file, rank), both from 0.
pub type Sq = (usize, usize);

/// The options of rules.md.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Opts {
    pub enchained: bool,
    pub territory: bool,
    pub corner: bool,
    pub leap: bool,
    pub max_plies: Option<u32>,
}

/// A move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RMove {
    Pass,
    Slide(Sq, Sq),
    Leap(Sq, Sq),
}

fn sq_name((f, r): Sq) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
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

/// Why a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RReason {
    NoLegalMove,
    NoPieces,
    PlyLimit,
    Territory { white: usize, black: usize },
}

/// The state of a game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ROutcome {
    Ongoing,
    Win(Col, RReason),
    Draw(RReason),
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

/// Writes a position string.
pub fn format(board: &Board, side: Col) -> String {
    let mut out = String::new();
    for r in (0..height(board)).rev() {
        let mut run = 0;
        for f in 0..width(board) {
            match board[r][f] {
                None => run += 1,
                Some(c) => {
                    if run > 0 {
                        out += &run.to_string();
                        run = 0;
                    }
                    out.push(c.letter());
                }
            }
        }
        if run > 0 {
            out += &run.to_string();
        }
        if r > 0 {
            out.push('/');
        }
    }
    out.push(' ');
    out.push(side.letter());
    out
}

/// Reads a position string.
pub fn parse(text: &str) -> Result<(Board, Col), String> {
    let parts: Vec<&str> = text.split_whitespace().collect();
    if parts.len() != 2 {
        return Err(format!("need board and side: {text:?}"));
    }
    let side = match parts[1] {
        "w" => Col::W,
        "b" => Col::B,
        s => return Err(format!("bad side {s:?}")),
    };
    let mut rows: Vec<Vec<Option<Col>>> = Vec::new();
    for rank in parts[0].split('/') {
        let mut row = Vec::new();
        let mut num = 0usize;
        for ch in rank.chars() {
            if let Some(d) = ch.to_digit(10) {
                num = num * 10 + d as usize;
                continue;
            }
            row.extend(std::iter::repeat_n(None, num));
            num = 0;
            match ch {
                'w' => row.push(Some(Col::W)),
                'b' => row.push(Some(Col::B)),
                _ => return Err(format!("bad character {ch:?}")),
            }
        }
        row.extend(std::iter::repeat_n(None, num));
        rows.push(row);
    }
    rows.reverse();
    let w = rows[0].len();
    if rows.iter().any(|r| r.len() != w)
        || !(4..=19).contains(&w)
        || !(4..=19).contains(&rows.len())
    {
        return Err(format!("bad board shape in {text:?}"));
    }
    Ok((rows, side))
}

/// The enemy line captured by `color`'s piece on `from` in direction `dir`, if any (rule 6).
fn straight_line(board: &Board, from: Sq, dir: (i32, i32), color: Col) -> Vec<Sq> {
    let mut line = Vec::new();
    let mut p = step(board, from, dir);
    while let Some(s) = p {
        if at(board, s) == Some(color.other()) {
            line.push(s);
            p = step(board, s, dir);
        } else {
            break;
        }
    }
    match p {
        Some(s) if !line.is_empty() && at(board, s) == Some(color) => line,
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
            let mut line = Vec::new();
            let mut p = from;
            let mut ok = true;
            while p != corner {
                p = step(board, p, d1).expect("walk stays on the board");
                if at(board, p) == Some(color.other()) {
                    line.push(p);
                } else {
                    ok = false;
                    break;
                }
            }
            if !ok {
                continue;
            }
            let mut q = step(board, corner, d2);
            while let Some(s) = q {
                if at(board, s) == Some(color.other()) {
                    line.push(s);
                    q = step(board, s, d2);
                } else {
                    break;
                }
            }
            if let Some(s) = q {
                if at(board, s) == Some(color) {
                    out.extend(line);
                }
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

/// Territory count of rules.md: pieces plus empty regions whose neighbours all belong to one
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
    /// Whether rule 7 is applied (switch off only to check the count rules.md gives without it).
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

    /// The current position string.
    pub fn fen(&self) -> String {
        format(&self.board, self.side)
    }

    fn seen(&self, board: &Board, side: Col) -> bool {
        // A cheap necessary condition first (equal piece counts), then full equality.
        let whites = count(board, Col::W);
        self.history
            .iter()
            .any(|s| s.side == side && s.whites == whites && s.board == *board)
    }

    /// The moves rule 7 allows, ignoring whether the game has ended.
    pub fn allowed_moves(&self) -> Vec<RMove> {
        self.allowed_with_effects()
            .into_iter()
            .map(|(mv, _)| mv)
            .collect()
    }

    /// The moves rule 7 allows with what each would do, ignoring whether the game has ended.
    pub fn allowed_with_effects(&self) -> Vec<(RMove, Effects)> {
        pseudo_moves(&self.board, &self.opts, self.side)
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

    /// The state of the game.
    pub fn outcome(&self) -> ROutcome {
        self.outcome_with(|| self.allowed_moves().is_empty())
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
        if let Some(limit) = self.opts.max_plies {
            if n >= limit as usize {
                let w = count(&self.board, Col::W);
                let b = count(&self.board, Col::B);
                return match w.cmp(&b) {
                    std::cmp::Ordering::Greater => ROutcome::Win(Col::W, RReason::PlyLimit),
                    std::cmp::Ordering::Less => ROutcome::Win(Col::B, RReason::PlyLimit),
                    std::cmp::Ordering::Equal => ROutcome::Draw(RReason::PlyLimit),
                };
            }
        }
        ROutcome::Ongoing
    }

    /// The legal moves: none once the game is over.
    pub fn legal_moves(&self) -> Vec<RMove> {
        let allowed = self.allowed_moves();
        if self.outcome_with(|| allowed.is_empty()) == ROutcome::Ongoing {
            allowed
        } else {
            Vec::new()
        }
    }

    /// The legal moves as sorted strings.
    pub fn legal_strings(&self) -> Vec<String> {
        let mut v: Vec<String> = self.legal_moves().iter().map(|m| m.to_string()).collect();
        v.sort();
        v
    }

    /// Finds a legal move by its text.
    pub fn find(&self, text: &str) -> Option<RMove> {
        let t = if text == "pass" { "0000" } else { text };
        self.legal_moves().into_iter().find(|m| m.to_string() == t)
    }

    /// Plays a move (not checked).
    pub fn play(&mut self, mv: RMove) -> Effects {
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

    /// Plays a legal move given as text; panics if it is not legal.
    pub fn play_str(&mut self, text: &str) -> Effects {
        let mv = self
            .find(text)
            .unwrap_or_else(|| panic!("{text} is not legal in {}", self.fen()));
        self.play(mv)
    }

    /// Takes back the last move.
    pub fn undo(&mut self) {
        self.moves.pop().expect("a move to take back");
        self.history.pop();
        let last = self.history.last().expect("start position");
        self.board = last.board.clone();
        self.side = last.side;
    }

    /// (White, Black) territory counts of the current position.
    pub fn territory(&self) -> (usize, usize) {
        territory(&self.board)
    }
}

/// Leaves of the legal move tree `depth` plies down (rule 7 along every path).
pub fn perft(game: &mut RefGame, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = game.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut n = 0;
    for mv in moves {
        game.play(mv);
        n += perft(game, depth - 1);
        game.undo();
    }
    n
}
