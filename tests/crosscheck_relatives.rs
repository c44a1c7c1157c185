//! Random games of the six relatives (issue 6) played ply by ply in the engine and in the
//! independent reference implementation (`tests/common/reference_relatives.rs`, written from
//! `docs/relatives-spec.md` alone), comparing after every ply: the position string, the sorted list
//! of legal moves, the outcome with its reason, and `parse_move` (accepting exactly the legal
//! moves, refusing those rule 7 bans). Games start from the start positions, from random
//! mid-game positions and from sparse positions (few pieces, so jumps, kings, enclosures and
//! every end condition come up), some with a ply limit. Counters make sure each rule really
//! came up. Mirrors `tests/crosscheck.rs`.

mod common;

use common::compare::report;

use common::reference_relatives::{
    self as rr, Cell, Col, Effects, Pos, RMove, ROutcome, RReason, RefGame, Variant,
};
use mingmang::rules::random::Rng;

/// Everything the tests ask of the engine, in one place.
mod engine {
    use super::{Col, ROutcome, RReason, Variant};
    use mingmang::rules::{
        format_position, parse_position, Color, EndReason, Game, Outcome, Preset, Rules,
    };

    pub struct Engine(Game);

    fn col(c: Color) -> Col {
        match c {
            Color::White => Col::W,
            Color::Black => Col::B,
        }
    }

    fn reason(r: EndReason) -> RReason {
        match r {
            EndReason::KingCaptured => RReason::KingCaptured,
            EndReason::TooFewMen => RReason::TooFewMen,
            EndReason::NoPieces => RReason::NoPieces,
            EndReason::NoLegalMove => RReason::NoLegalMove,
            EndReason::PlyLimit => RReason::PlyLimit,
            EndReason::Territory { .. } => panic!("territory ending in a relative"),
        }
    }

    /// The variant's rules with an optional ply limit.
    pub fn rules(v: Variant, max_plies: Option<u32>) -> Rules {
        let preset = Preset::from_name(v.name())
            .unwrap_or_else(|| panic!("engine lacks the preset {}", v.name()));
        Rules::preset(preset).with_max_plies(max_plies)
    }

    impl Engine {
        /// A game from a position string, or the engine's reason for refusing it.
        pub fn new(v: Variant, fen: &str, max_plies: Option<u32>) -> Result<Engine, String> {
            let position = parse_position(fen)?;
            Game::from_position(rules(v, max_plies), position).map(Engine)
        }

        pub fn fen(&self) -> String {
            format_position(self.0.position())
        }

        /// The legal moves as sorted strings.
        pub fn moves(&self) -> Vec<String> {
            let mut v: Vec<String> = self.0.legal_moves().iter().map(|m| m.to_string()).collect();
            v.sort();
            v
        }

        pub fn outcome(&self) -> ROutcome {
            match self.0.outcome() {
                Outcome::Ongoing => ROutcome::Ongoing,
                Outcome::Win(c, r) => ROutcome::Win(col(c), reason(r)),
                Outcome::Draw(r) => ROutcome::Draw(reason(r)),
            }
        }

        /// Whether `parse_move` accepts the text.
        pub fn accepts(&self, text: &str) -> bool {
            self.0.parse_move(text).is_ok()
        }

        /// Parses and makes a move.
        pub fn make(&mut self, text: &str) -> Result<(), String> {
            let mv = self.0.parse_move(text)?;
            self.0.make(mv);
            Ok(())
        }

        pub fn unmake(&mut self) -> bool {
            self.0.unmake()
        }
    }
}

use engine::Engine;

/// What the games exercised, so the tests can insist that each rule really came up.
#[derive(Default, Debug, Clone)]
struct Stats {
    games: usize,
    plies: usize,
    custodian: usize,
    long_lines: usize,
    intervention: usize,
    overlaps: usize,
    enclosure: usize,
    kings_captured: usize,
    king_moves: usize,
    king_diagonal_moves: usize,
    placements: usize,
    gala_moves: usize,
    hunter_jumps: usize,
    hunter_flanked: usize,
    rule7_bans: usize,
    king_captured_ends: usize,
    too_few_men_ends: usize,
    no_piece_ends: usize,
    no_move_ends: usize,
    no_move_ends_by_rule7: usize,
    ply_limit_ends: usize,
    ply_limit_draws: usize,
    capped: usize,
    unmake_checks: usize,
    rejections_checked: usize,
}

impl Stats {
    fn count(&mut self, fx: &Effects, v: Variant, mv: RMove) {
        self.custodian += usize::from(fx.custodian > 0);
        self.long_lines += usize::from(fx.long_line);
        self.intervention += usize::from(fx.intervention > 0);
        self.overlaps += usize::from(fx.overlap > 0);
        self.enclosure += usize::from(fx.enclosure > 0);
        self.kings_captured += usize::from(fx.king_captured);
        self.king_moves += usize::from(fx.king_moved);
        self.king_diagonal_moves += usize::from(fx.king_diagonal);
        self.placements += usize::from(fx.placed);
        self.gala_moves += usize::from(v == Variant::Gala && matches!(mv, RMove::Go(..)));
        self.hunter_jumps += usize::from(fx.hunter_jump);
        self.hunter_flanked += usize::from(fx.hunter_flanked);
    }
}

/// Games longer than this stop being compared (the reference's history list makes very long
/// games slow); they are counted in `capped`.
const CAP: usize = 300;

/// A random move text of the board's shape: a square or a pair of squares.
fn random_text(rng: &mut Rng, n: usize, v: Variant) -> String {
    let sq = |rng: &mut Rng| {
        format!(
            "{}{}",
            (b'a' + rng.below(n) as u8) as char,
            rng.below(n) + 1
        )
    };
    if v == Variant::Gala && rng.chance(1, 2) {
        sq(rng)
    } else {
        format!("{}{}", sq(rng), sq(rng))
    }
}

/// Plays one game in both implementations, comparing every ply. Returns the first difference
/// found, with everything needed to reproduce it.
fn play_game(
    v: Variant,
    start: &str,
    max_plies: Option<u32>,
    shuttle_percent: usize,
    rng: &mut Rng,
    stats: &mut Stats,
) -> Result<(), String> {
    let mut rg = RefGame::from_str(v, start, max_plies);
    let mut fast = Engine::new(v, start, max_plies)
        .map_err(|e| format!("engine refused {} {start}: {e}", v.name()))?;
    let n = v.size();
    let mut played: Vec<String> = Vec::new();
    let ctx = |played: &[String]| {
        format!(
            "variant {} limit {max_plies:?}\nstart {start}\nmoves {}",
            v.name(),
            played.join(" ")
        )
    };
    stats.games += 1;
    for text in ["0000", "pass"] {
        if fast.accepts(text) {
            return Err(format!("engine accepts {text}\n{}", ctx(&played)));
        }
    }
    loop {
        let fen = rg.fen();
        same!(fast.fen(), fen, "position differs\n{}", ctx(&played));
        let allowed = rg.allowed_with_effects();
        let ref_moves = rg.legal_strings();
        same!(
            fast.moves(),
            ref_moves,
            "legal moves differ at {fen}\n{}",
            ctx(&played)
        );
        let ro = rg.outcome();
        same!(
            fast.outcome(),
            ro,
            "outcome differs at {fen}\n{}",
            ctx(&played)
        );
        let pseudo = rr::pseudo_moves(v, &rg.pos);
        match ro {
            ROutcome::Ongoing => {}
            ROutcome::Win(_, r) | ROutcome::Draw(r) => {
                match r {
                    RReason::KingCaptured => stats.king_captured_ends += 1,
                    RReason::TooFewMen => stats.too_few_men_ends += 1,
                    RReason::NoPieces => stats.no_piece_ends += 1,
                    RReason::PlyLimit => stats.ply_limit_ends += 1,
                    RReason::NoLegalMove => {
                        stats.no_move_ends += 1;
                        if !pseudo.is_empty() {
                            stats.no_move_ends_by_rule7 += 1;
                        }
                    }
                }
                if matches!(ro, ROutcome::Draw(RReason::PlyLimit)) {
                    stats.ply_limit_draws += 1;
                }
                // No move is accepted once the game is over.
                for p in pseudo.iter().take(3) {
                    if fast.accepts(&p.to_string()) {
                        return Err(format!(
                            "engine accepts {p} after the end at {fen}\n{}",
                            ctx(&played)
                        ));
                    }
                }
                return Ok(());
            }
        }
        if played.len() >= CAP {
            stats.capped += 1;
            return Ok(());
        }
        stats.rule7_bans += pseudo.len() - allowed.len();
        let legal: Vec<RMove> = allowed.iter().map(|(m, _)| *m).collect();
        // Moves banned by rule 7 must be refused by the engine's parser, and a random text
        // must be accepted exactly when the reference lists it.
        for banned in pseudo.iter().filter(|m| !legal.contains(m)) {
            let text = banned.to_string();
            if fast.accepts(&text) {
                return Err(format!(
                    "engine accepts {text}, banned by rule 7, at {fen}\n{}",
                    ctx(&played)
                ));
            }
            stats.rejections_checked += 1;
        }
        if rng.chance(1, 3) {
            let text = random_text(rng, n, v);
            let listed = ref_moves.contains(&text);
            if fast.accepts(&text) != listed {
                return Err(format!(
                    "engine parse_move({text}) disagrees (reference lists it: {listed}) at {fen}\n{}",
                    ctx(&played)
                ));
            }
            stats.rejections_checked += 1;
        }
        // Now and then, make and unmake some other move in the engine: it must lead where the
        // reference says and come back.
        if rng.chance(1, 8) {
            let other = legal[rng.below(legal.len())];
            let text = other.to_string();
            fast.make(&text)
                .map_err(|e| format!("engine refused {text}: {e}\n{}", ctx(&played)))?;
            let (q, _) = rr::apply(v, &rg.pos, other);
            same!(
                fast.fen(),
                rr::format(&q),
                "make {text} differs at {fen}\n{}",
                ctx(&played)
            );
            if !fast.unmake() {
                return Err(format!("unmake {text} failed\n{}", ctx(&played)));
            }
            same!(fast.fen(), fen, "unmake {text}\n{}", ctx(&played));
            stats.unmake_checks += 1;
        }
        // Mostly greedy for captures, so that games reach their natural end sooner.
        let capturing: Vec<RMove> = allowed
            .iter()
            .filter(|(_, fx)| fx.captured > 0)
            .map(|(m, _)| *m)
            .collect();
        // Sometimes move the piece moved two plies ago straight back: positions repeat, so
        // rule 7 comes into play.
        let back = match rg.moves.len().checked_sub(2).map(|i| rg.moves[i]) {
            Some(RMove::Go(a, b)) if legal.contains(&RMove::Go(b, a)) => Some(RMove::Go(b, a)),
            _ => None,
        };
        let shuttle = rng.below(100) < shuttle_percent;
        let mv = if let (Some(b), true) = (back, shuttle) {
            b
        } else if !capturing.is_empty() && rng.chance(3, 4) {
            capturing[rng.below(capturing.len())]
        } else {
            legal[rng.below(legal.len())]
        };
        let text = mv.to_string();
        let fx = rg.play(mv);
        fast.make(&text)
            .map_err(|e| format!("engine refused {text}: {e}\n{}", ctx(&played)))?;
        played.push(text);
        stats.plies += 1;
        stats.count(&fx, v, mv);
    }
}

/// A position reached by `plies` random moves from the start (fewer if the game ends).
fn random_playout(v: Variant, rng: &mut Rng, plies: usize) -> String {
    let mut g = RefGame::new(v);
    for _ in 0..plies {
        let moves = g.legal_moves();
        if moves.is_empty() {
            break;
        }
        g.play(moves[rng.below(moves.len())]);
    }
    g.fen()
}

/// Puts `count` pieces `cell` on random empty squares (as many as fit).
fn scatter(p: &mut Pos, rng: &mut Rng, cell: Cell, count: usize) {
    let n = p.n;
    for _ in 0..count {
        let empties: Vec<(usize, usize)> = p
            .squares()
            .into_iter()
            .filter(|&s| p.at(s) == Cell::Empty)
            .collect();
        if empties.is_empty() {
            return;
        }
        let s = empties[rng.below(empties.len())];
        debug_assert!(s.0 < n && s.1 < n);
        p.set(s, cell);
    }
}

/// A random valid position of `v` with about `white` and `black` men (kings, hunter and hands
/// as the variant has them).
fn random_position(v: Variant, rng: &mut Rng, white: usize, black: usize) -> String {
    let n = v.size();
    let side = if rng.chance(1, 2) { Col::W } else { Col::B };
    let mut p = Pos {
        n,
        board: vec![Cell::Empty; n * n],
        side,
        hand_w: 0,
        hand_b: 0,
    };
    match v {
        Variant::Makyek | Variant::Apitsodok => {
            scatter(&mut p, rng, Cell::Man(Col::W), white.min(16));
            scatter(&mut p, rng, Cell::Man(Col::B), black.min(16));
        }
        Variant::Rek | Variant::MinRekChanh => {
            // Now and then a side without its king (the spec allows it; it loses on its turn).
            for c in [Col::W, Col::B] {
                if !rng.chance(1, 25) {
                    scatter(&mut p, rng, Cell::King(c), 1);
                }
            }
            scatter(&mut p, rng, Cell::Man(Col::W), white.min(15));
            scatter(&mut p, rng, Cell::Man(Col::B), black.min(15));
        }
        Variant::Gala => {
            let w = white.min(13);
            let b = black.min(10);
            scatter(&mut p, rng, Cell::Man(Col::W), w);
            scatter(&mut p, rng, Cell::Man(Col::B), b);
            if rng.chance(1, 2) {
                p.hand_w = rng.below(13 - w + 1) as u32;
                p.hand_b = rng.below(10 - b + 1) as u32;
            }
        }
        Variant::Hunt => {
            if !rng.chance(1, 30) {
                scatter(&mut p, rng, Cell::King(Col::B), 1);
            }
            scatter(&mut p, rng, Cell::Man(Col::W), white.min(16));
        }
    }
    rr::validate(v, &p).expect("generated positions are valid");
    rr::format(&p)
}

/// A position where one side has one or two pieces (its king or hunter among them
/// where the variant has one) each in a corner, walled in by enemy pieces, sometimes with one
/// free square to shuttle to; the opponent has a few more pieces elsewhere.
fn pocket_position(v: Variant, rng: &mut Rng) -> String {
    let n = v.size();
    let side = if v == Variant::Hunt {
        Col::B
    } else if rng.chance(1, 2) {
        Col::W
    } else {
        Col::B
    };
    let mut p = Pos {
        n,
        board: vec![Cell::Empty; n * n],
        side,
        hand_w: 0,
        hand_b: 0,
    };
    let wall = if v == Variant::Hunt {
        Cell::Man(Col::W)
    } else {
        Cell::Man(side.other())
    };
    let m = n - 1;
    let corners = [(0, 0), (m, 0), (0, m), (m, m)];
    let first = rng.below(4);
    let count = if v == Variant::Hunt {
        1
    } else {
        1 + rng.below(2)
    };
    for k in 0..count {
        let (cf, cr) = corners[(first + 2 * k) % 4];
        let inward = |d: usize, c: usize| if c == 0 { d } else { c - d };
        let piece = if k == 0 && (v.has_kings() || v == Variant::Hunt) {
            Cell::King(side)
        } else {
            Cell::Man(side)
        };
        p.set((cf, cr), piece);
        // The pocket: the corner, and sometimes the square next to it along the rank.
        let open = rng.chance(1, 2);
        let walls: Vec<(usize, usize)> = if open {
            vec![
                (cf, inward(1, cr)),
                (inward(1, cf), inward(1, cr)),
                (inward(2, cf), cr),
            ]
        } else {
            vec![(cf, inward(1, cr)), (inward(1, cf), cr)]
        };
        for w in walls {
            p.set(w, wall);
            // Behind each wall another, so the hunter cannot jump out.
            if v == Variant::Hunt {
                let (df, dr) = (w.0 as i32 - cf as i32, w.1 as i32 - cr as i32);
                let beyond = (w.0 as i32 + df.signum(), w.1 as i32 + dr.signum());
                if beyond.0 >= 0 && beyond.1 >= 0 && beyond.0 < n as i32 && beyond.1 < n as i32 {
                    p.set((beyond.0 as usize, beyond.1 as usize), wall);
                }
                if open {
                    // The free square's own neighbours need backing too.
                    let next = (inward(1, cf), cr);
                    for w2 in [(next.0, inward(1, cr)), (inward(2, cf), cr)] {
                        let (df, dr) = (w2.0 as i32 - next.0 as i32, w2.1 as i32 - next.1 as i32);
                        let b = (w2.0 as i32 + df, w2.1 as i32 + dr);
                        if b.0 >= 0 && b.1 >= 0 && b.0 < n as i32 && b.1 < n as i32 {
                            p.set((b.0 as usize, b.1 as usize), wall);
                        }
                    }
                }
            }
        }
    }
    // The opponent's king, and a few more pieces of the opponent.
    if v.has_kings() {
        scatter(&mut p, rng, Cell::King(side.other()), 1);
    }
    let extra = rng.below(4);
    scatter(&mut p, rng, wall, extra);
    // Keep Gala within its supply.
    if v == Variant::Gala {
        while p.count(Col::B) > 10 || p.count(Col::W) > 13 {
            let s = p
                .squares()
                .into_iter()
                .rev()
                .find(|&s| p.at(s) == wall)
                .unwrap();
            p.set(s, Cell::Empty);
        }
    }
    // Either the walled-in side moves first (and may be blocked at once), or its opponent
    // does: then moving a piece there and back makes the shuttling side's return repeat a
    // position, banned by rule 7.
    if rng.chance(1, 2) {
        p.side = side.other();
    }
    rr::validate(v, &p).expect("generated positions are valid");
    rr::format(&p)
}

/// Games from each variant's start position, most to their natural end, some with a ply limit.
#[test]
fn every_variant_from_the_start_position() {
    let t = std::time::Instant::now();
    let mut stats = Stats::default();
    let mut failures: Vec<String> = Vec::new();
    let mut rng = Rng::new(61);
    for v in Variant::ALL {
        for k in 0..12 {
            let limit = if k % 4 == 3 {
                Some(20 + rng.below(100) as u32)
            } else {
                None
            };
            if let Err(e) = play_game(v, v.start_fen(), limit, 5, &mut rng, &mut stats) {
                failures.push(e);
            }
        }
    }
    report("start positions", &stats, stats.games, t, &failures);
    assert_eq!(stats.games, 6 * 12);
    assert!(stats.placements >= 200, "{stats:?}");
    assert!(stats.gala_moves >= 20, "{stats:?}");
    assert!(stats.custodian >= 50, "{stats:?}");
    assert!(stats.intervention >= 30, "{stats:?}");
    assert!(stats.enclosure >= 5, "{stats:?}");
    assert!(stats.hunter_jumps >= 2, "{stats:?}");
    assert!(stats.ply_limit_ends >= 5, "{stats:?}");
}

/// Games from positions reached by random play from the start (a fresh game, so rule 7's
/// history starts there), every variant.
#[test]
fn random_mid_game_positions() {
    let t = std::time::Instant::now();
    let mut stats = Stats::default();
    let mut failures: Vec<String> = Vec::new();
    let mut rng = Rng::new(62);
    for i in 0..240 {
        let v = Variant::ALL[i % 6];
        let plies = 5 + rng.below(60);
        let fen = random_playout(v, &mut rng, plies);
        let limit = if i % 3 == 0 {
            Some(10 + rng.below(60) as u32)
        } else {
            None
        };
        if let Err(e) = play_game(v, &fen, limit, 5, &mut rng, &mut stats) {
            failures.push(e);
        }
    }
    report("mid-game positions", &stats, stats.games, t, &failures);
    assert!(stats.placements >= 50, "{stats:?}");
    assert!(stats.kings_captured >= 10, "{stats:?}");
    assert!(stats.king_captured_ends >= 10, "{stats:?}");
    assert!(stats.ply_limit_ends >= 10, "{stats:?}");
}

/// Random positions of every density (kings, hunter and hands included), either side to move.
#[test]
fn random_dense_positions() {
    let t = std::time::Instant::now();
    let mut stats = Stats::default();
    let mut failures: Vec<String> = Vec::new();
    let mut rng = Rng::new(63);
    for i in 0..360 {
        let v = Variant::ALL[i % 6];
        let (white, black) = (4 + rng.below(13), 4 + rng.below(13));
        let fen = random_position(v, &mut rng, white, black);
        let limit = if i % 2 == 0 {
            Some(15 + rng.below(50) as u32)
        } else {
            None
        };
        if let Err(e) = play_game(v, &fen, limit, 5, &mut rng, &mut stats) {
            failures.push(e);
        }
    }
    report("dense positions", &stats, stats.games, t, &failures);
    assert!(stats.enclosure >= 20, "{stats:?}");
    assert!(stats.intervention >= 50, "{stats:?}");
    assert!(stats.overlaps >= 5, "{stats:?}");
    assert!(stats.long_lines >= 10, "{stats:?}");
    assert!(stats.king_diagonal_moves >= 20, "{stats:?}");
    assert!(stats.hunter_flanked >= 5, "{stats:?}");
}

/// Few pieces: jumps, flanked hunters, captured kings, too few men, no pieces, blocked sides
/// and rule-7 losses.
#[test]
fn sparse_positions_and_every_end() {
    let t = std::time::Instant::now();
    let mut stats = Stats::default();
    let mut failures: Vec<String> = Vec::new();
    let mut rng = Rng::new(64);
    for i in 0..900 {
        let v = Variant::ALL[i % 6];
        let (white, black) = if v == Variant::Hunt {
            (1 + rng.below(6), 0)
        } else {
            (rng.below(5), rng.below(5))
        };
        let fen = random_position(v, &mut rng, white, black);
        let limit = if i % 5 == 0 {
            Some(10 + rng.below(40) as u32)
        } else {
            Some(150)
        };
        if let Err(e) = play_game(v, &fen, limit, 5, &mut rng, &mut stats) {
            failures.push(e);
        }
    }
    report("sparse positions", &stats, stats.games, t, &failures);
    assert!(stats.hunter_jumps >= 50, "{stats:?}");
    assert!(stats.hunter_flanked >= 10, "{stats:?}");
    assert!(stats.king_captured_ends >= 50, "{stats:?}");
    assert!(stats.too_few_men_ends >= 20, "{stats:?}");
    assert!(stats.no_piece_ends >= 20, "{stats:?}");
    assert!(stats.ply_limit_draws >= 5, "{stats:?}");
    assert!(stats.rule7_bans >= 200, "{stats:?}");
}

/// Cramped positions: pieces shuttle, rule 7 bans moves all the time, and sides lose because
/// every move they have would repeat a position.
#[test]
fn cramped_positions_rule7_losses() {
    let t = std::time::Instant::now();
    let mut stats = Stats::default();
    let mut failures: Vec<String> = Vec::new();
    let mut rng = Rng::new(65);
    for i in 0..300 {
        // The hunt and the Rek family: a hunter or king boxed in among many men.
        let v = [
            Variant::Hunt,
            Variant::MinRekChanh,
            Variant::Rek,
            Variant::Makyek,
        ][i % 4];
        let fen = random_position(v, &mut rng, 16, 16);
        if let Err(e) = play_game(v, &fen, None, 10, &mut rng, &mut stats) {
            failures.push(e);
        }
    }
    report("cramped positions", &stats, stats.games, t, &failures);
    assert!(stats.rule7_bans >= 100, "{stats:?}");
}

/// Sides walled into corners: blocked sides lose at once, shuttling sides lose when rule 7
/// bans their last move.
#[test]
fn pockets_blocked_sides_and_rule7_losses() {
    let t = std::time::Instant::now();
    let mut stats = Stats::default();
    let mut failures: Vec<String> = Vec::new();
    let mut rng = Rng::new(67);
    for i in 0..600 {
        let v = Variant::ALL[i % 6];
        let fen = pocket_position(v, &mut rng);
        let limit = if i % 4 == 0 { Some(60) } else { None };
        if let Err(e) = play_game(v, &fen, limit, 60, &mut rng, &mut stats) {
            failures.push(e);
        }
    }
    report("pockets", &stats, stats.games, t, &failures);
    assert!(stats.no_move_ends >= 50, "{stats:?}");
    assert!(stats.no_move_ends_by_rule7 >= 10, "{stats:?}");
    assert!(stats.rule7_bans >= 200, "{stats:?}");
}

/// The engine refuses exactly the positions the spec says it refuses.
#[test]
fn engine_refuses_what_the_spec_refuses() {
    let mut rng = Rng::new(66);
    let mut refused = 0;
    let mut checked = 0;
    let mut failures = Vec::new();
    for i in 0..3000 {
        let v = Variant::ALL[i % 6];
        // Any variant's pieces on any board size, with random hands.
        let n = [7, 8][rng.below(2)];
        let mut p = Pos {
            n,
            board: vec![Cell::Empty; n * n],
            side: if rng.chance(1, 2) { Col::W } else { Col::B },
            hand_w: 0,
            hand_b: 0,
        };
        let cells = [
            Cell::Man(Col::W),
            Cell::Man(Col::B),
            Cell::King(Col::W),
            Cell::King(Col::B),
        ];
        for cell in cells {
            let k = match cell {
                Cell::King(_) => rng.below(3),
                _ => rng.below(16),
            };
            scatter(&mut p, &mut rng, cell, k);
        }
        if rng.chance(1, 3) {
            p.hand_w = rng.below(14) as u32;
            p.hand_b = rng.below(11) as u32;
        }
        let fen = rr::format(&p);
        let reference = rr::validate(v, &p);
        let engine = Engine::new(v, &fen, None);
        checked += 1;
        if reference.is_err() {
            refused += 1;
        }
        if reference.is_ok() != engine.is_ok() {
            failures.push(format!(
                "{} {fen}: engine {:?}, reference {:?}",
                v.name(),
                engine.err(),
                reference.err()
            ));
        }
    }
    println!("validation: {checked} checked, {refused} refused");
    assert!(refused > 100 && refused < checked);
    assert!(
        failures.is_empty(),
        "{} differ:\n{}",
        failures.len(),
        failures[..failures.len().min(5)].join("\n")
    );
}
