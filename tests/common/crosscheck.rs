//! The cross-check driver: random games played ply by ply in the engine and in a reference
//! implementation, whichever rules it implements, comparing after every ply the position
//! string, the sorted legal moves, the outcome with its reason and (where the rules count it)
//! the territory, and checking the engine's move parser: it accepts exactly the legal moves,
//! refuses those rule 7 bans and any move once the game is over, and a move made and taken
//! back leads where the reference says and comes back. What the games exercised is counted,
//! so the tests can insist that each rule really came up.

use std::fmt::Debug;
use std::time::Instant;

use mingmang::rules::random::Rng;
use mingmang::rules::Game;

use super::bridge::{self, accepts, engine_game, engine_moves};
use super::interface::{ROutcome, RReason, Reference, RuleSet};
use super::text::{read_position, sorted, sq_name};
use super::{reference as mm, reference_relatives as rel};

/// Compares two values; on a difference returns an error from the enclosing function.
macro_rules! same {
    ($a:expr, $b:expr, $($fmt:tt)+) => {{
        let (a, b) = (&$a, &$b);
        if a != b {
            return Err(format!("{}\n  engine:    {:?}\n  reference: {:?}", format!($($fmt)+), a, b));
        }
    }};
}

/// Asserts that counters of a run's [`Stats`] reached their minimums, naming each one that did
/// not: `at_least!(s: rule7_bans >= 500, moves.leaps >= 100)`.
#[macro_export]
macro_rules! at_least {
    ($s:ident: $($($field:ident).+ >= $min:expr),+ $(,)?) => {
        $(assert!(
            $s.$($field).+ >= $min,
            "{} is below {}: {:?}",
            stringify!($($field).+),
            $min,
            $s
        );)+
    };
}

/// What a reference needs, beyond the reference interface, to drive random games: how its
/// moves are counted and which moves random play leans towards.
pub trait Crosscheck: Reference {
    /// Counters of what the moves did.
    type Tally: Default + Debug;
    /// Games longer than this stop being compared (the reference's history list makes very
    /// long games slow); they are counted in [`Stats::capped`].
    const CAP: Option<usize>;
    /// A random move text is tried once in this many plies.
    const TEXT_ONE_IN: usize;

    /// Whether the game has placements (a move written as one square).
    fn placements(&self) -> bool;
    /// Pieces the move captured (random play is greedy for captures).
    fn captured(fx: &Self::Effects) -> usize;
    /// Counts what `mv` did.
    fn tally(&self, tally: &mut Self::Tally, mv: Self::Move, fx: &Self::Effects);
    /// The move random play leans towards `percent` of the time, if any.
    fn steer(&self, legal: &[Self::Move], percent: usize, rng: &mut Rng) -> Option<Self::Move>;
}

/// What Ming Mang's moves did.
#[derive(Default, Debug)]
pub struct MingMangMoves {
    pub passes: usize,
    pub leaps: usize,
    /// Leaps that converted more than the jumped piece.
    pub leaps_with_capture: usize,
    pub straight_captures: usize,
    pub corner_captures: usize,
    pub enchained_captures: usize,
    /// Corner lines converted during the enchained rounds.
    pub enchained_corner_captures: usize,
}

impl Crosscheck for mm::RefGame {
    type Tally = MingMangMoves;
    const CAP: Option<usize> = None;
    const TEXT_ONE_IN: usize = 4;

    fn placements(&self) -> bool {
        false
    }

    fn captured(fx: &mm::Effects) -> usize {
        fx.converted
    }

    fn tally(&self, t: &mut MingMangMoves, mv: mm::RMove, fx: &mm::Effects) {
        t.passes += usize::from(mv == mm::RMove::Pass);
        t.leaps += usize::from(fx.leap);
        t.leaps_with_capture += usize::from(fx.leap && (fx.converted > 1 || fx.enchained > 0));
        t.straight_captures += usize::from(fx.straight > 0);
        t.corner_captures += usize::from(fx.corner > 0);
        t.enchained_captures += usize::from(fx.enchained > 0);
        t.enchained_corner_captures += usize::from(fx.enchained_corner > 0);
    }

    /// A pass, so that games end by the territory count.
    fn steer(&self, legal: &[mm::RMove], percent: usize, rng: &mut Rng) -> Option<mm::RMove> {
        let pass = legal.contains(&mm::RMove::Pass) && rng.below(100) < percent;
        pass.then_some(mm::RMove::Pass)
    }
}

/// What the relatives' moves did.
#[derive(Default, Debug)]
pub struct RelativeMoves {
    pub custodian: usize,
    pub long_lines: usize,
    pub intervention: usize,
    pub overlaps: usize,
    pub enclosure: usize,
    pub kings_captured: usize,
    pub king_moves: usize,
    pub king_diagonal_moves: usize,
    pub placements: usize,
    pub gala_moves: usize,
    pub hunter_jumps: usize,
    pub hunter_flanked: usize,
}

impl Crosscheck for rel::RefGame {
    type Tally = RelativeMoves;
    const CAP: Option<usize> = Some(300);
    const TEXT_ONE_IN: usize = 3;

    fn placements(&self) -> bool {
        self.variant == rel::Variant::Gala
    }

    fn captured(fx: &rel::Effects) -> usize {
        fx.captured
    }

    fn tally(&self, t: &mut RelativeMoves, mv: rel::RMove, fx: &rel::Effects) {
        t.custodian += usize::from(fx.custodian > 0);
        t.long_lines += usize::from(fx.long_line);
        t.intervention += usize::from(fx.intervention > 0);
        t.overlaps += usize::from(fx.overlap > 0);
        t.enclosure += usize::from(fx.enclosure > 0);
        t.kings_captured += usize::from(fx.king_captured);
        t.king_moves += usize::from(fx.king_moved);
        t.king_diagonal_moves += usize::from(fx.king_diagonal);
        t.placements += usize::from(fx.placed);
        t.gala_moves += usize::from(self.placements() && matches!(mv, rel::RMove::Go(..)));
        t.hunter_jumps += usize::from(fx.hunter_jump);
        t.hunter_flanked += usize::from(fx.hunter_flanked);
    }

    /// The piece moved two plies ago straight back: positions repeat, so rule 7 comes into
    /// play.
    fn steer(&self, legal: &[rel::RMove], percent: usize, rng: &mut Rng) -> Option<rel::RMove> {
        let back = match self.moves.len().checked_sub(2).map(|i| self.moves[i]) {
            Some(rel::RMove::Go(a, b)) if legal.contains(&rel::RMove::Go(b, a)) => {
                Some(rel::RMove::Go(b, a))
            }
            _ => None,
        };
        let shuttle = rng.below(100) < percent;
        back.filter(|_| shuttle)
    }
}

/// What the games of one test exercised.
#[derive(Default, Debug)]
pub struct Stats<T> {
    pub games: usize,
    pub plies: usize,
    /// Moves rule 7 banned, summed over every position.
    pub rule7_bans: usize,
    pub no_move_ends: usize,
    /// Games lost with moves on the board that rule 7 all banned.
    pub no_move_ends_by_rule7: usize,
    pub no_piece_ends: usize,
    pub ply_limit_ends: usize,
    pub ply_limit_draws: usize,
    pub territory_ends: usize,
    pub territory_draws: usize,
    pub king_captured_ends: usize,
    pub too_few_men_ends: usize,
    /// Games stopped at the reference's [`Crosscheck::CAP`].
    pub capped: usize,
    pub unmake_checks: usize,
    /// Move texts checked against the engine's parser (banned and random ones).
    pub rejections_checked: usize,
    /// What the moves did.
    pub moves: T,
}

impl<T> Stats<T> {
    fn count_end(&mut self, outcome: ROutcome, had_moves: bool) {
        let (ROutcome::Win(_, r) | ROutcome::Draw(r)) = outcome else {
            return;
        };
        match r {
            RReason::NoLegalMove => {
                self.no_move_ends += 1;
                self.no_move_ends_by_rule7 += usize::from(had_moves);
            }
            RReason::NoPieces => self.no_piece_ends += 1,
            RReason::PlyLimit => self.ply_limit_ends += 1,
            RReason::Territory { .. } => self.territory_ends += 1,
            RReason::KingCaptured => self.king_captured_ends += 1,
            RReason::TooFewMen => self.too_few_men_ends += 1,
        }
        match outcome {
            ROutcome::Draw(RReason::PlyLimit) => self.ply_limit_draws += 1,
            ROutcome::Draw(RReason::Territory { .. }) => self.territory_draws += 1,
            _ => {}
        }
    }
}

/// The games of one test against the reference `R`: the random generator (also for making
/// start positions), what the games exercised, and the differences found.
pub struct Run<R: Crosscheck> {
    pub rng: Rng,
    pub stats: Stats<R::Tally>,
    name: &'static str,
    failures: Vec<String>,
    started: Instant,
}

impl<R: Crosscheck> Run<R> {
    /// A run named `name` (for its report), its random generator seeded with `seed`.
    pub fn new(name: &'static str, seed: u64) -> Run<R> {
        Run {
            rng: Rng::new(seed),
            stats: Stats::default(),
            name,
            failures: Vec::new(),
            started: Instant::now(),
        }
    }

    /// Plays one game from `start` to its end in the engine and the reference, comparing every
    /// ply; random play takes the reference's steering move `steer_percent` of the time. The
    /// first difference is kept, with everything needed to reproduce it.
    pub fn game(&mut self, rules: &RuleSet, start: &str, steer_percent: usize) {
        let (rng, stats) = (&mut self.rng, &mut self.stats);
        if let Err(e) = play::<R>(rules, start, steer_percent, rng, stats) {
            self.failures.push(e);
        }
    }

    /// Prints what the games exercised and fails on any difference between engine and
    /// reference, quoting the first ones; returns the counters for the tests' own assertions.
    pub fn finish(self) -> Stats<R::Tally> {
        let (name, stats, failures) = (self.name, self.stats, self.failures);
        println!("{name}: {stats:?} in {:.1?}", self.started.elapsed());
        for f in &failures {
            let mut lines = f.lines();
            let (first, second) = (lines.next(), lines.next());
            println!(
                "  differs: {} | {}",
                first.unwrap_or(""),
                second.unwrap_or("")
            );
        }
        assert!(
            failures.is_empty(),
            "{name}: {} of {} games differ; the first ones:\n\n{}",
            failures.len(),
            stats.games,
            failures[..failures.len().min(3)].join("\n\n")
        );
        stats
    }
}

/// A random move text of the board's shape: two squares, or (where there are placements) now
/// and then one.
fn random_text(rng: &mut Rng, rules: &RuleSet, placements: bool) -> String {
    let sq = |rng: &mut Rng| sq_name((rng.below(rules.width), rng.below(rules.height)));
    if placements && rng.chance(1, 2) {
        sq(rng)
    } else {
        format!("{}{}", sq(rng), sq(rng))
    }
}

/// Plays one game in both implementations, comparing every ply; the first difference found.
fn play<R: Crosscheck>(
    rules: &RuleSet,
    start: &str,
    steer_percent: usize,
    rng: &mut Rng,
    stats: &mut Stats<R::Tally>,
) -> Result<(), String> {
    let mut rg = R::start(rules, start).map_err(|e| format!("reference refused {start}: {e}"))?;
    let mut fast =
        engine_game(rules, start).map_err(|e| format!("engine refused {rules} {start}: {e}"))?;
    let mut played: Vec<String> = Vec::new();
    let context = |played: &[String]| format!("{rules}\nstart {start}\nmoves {}", played.join(" "));
    stats.games += 1;
    passes_agree(&rg, &fast, &|| context(&played))?;
    loop {
        let ctx = || context(&played);
        let fen = rg.fen();
        same_position(&fast, &fen, &ctx)?;
        let allowed = rg.allowed_with_effects();
        let ro = rg.outcome_with(|| allowed.is_empty());
        let legal: Vec<R::Move> = allowed.iter().map(|(m, _)| *m).collect();
        let ref_moves = if ro == ROutcome::Ongoing {
            sorted(&legal)
        } else {
            Vec::new()
        };
        same_verdicts(&rg, &fast, &fen, &ref_moves, ro, &ctx)?;
        let pseudo = rg.pseudo_moves();
        if ro != ROutcome::Ongoing {
            stats.count_end(ro, !pseudo.is_empty());
            return nothing_accepted_after_the_end(&fast, &pseudo, &fen, &ctx);
        }
        if R::CAP.is_some_and(|cap| played.len() >= cap) {
            stats.capped += 1;
            return Ok(());
        }
        stats.rule7_bans += pseudo.len() - allowed.len();
        stats.rejections_checked += banned_moves_refused(&fast, &pseudo, &legal, &fen, &ctx)?;
        if rng.chance(1, R::TEXT_ONE_IN) {
            let text = random_text(rng, rules, rg.placements());
            parser_agrees(&fast, &text, &ref_moves, &fen, &ctx)?;
            stats.rejections_checked += 1;
        }
        // Now and then, make and unmake some other move in the engine: it must lead where the
        // reference says and come back.
        if rng.chance(1, 8) {
            let other = legal[rng.below(legal.len())];
            make_unmake_agrees(&rg, &mut fast, other, &fen, &ctx)?;
            stats.unmake_checks += 1;
        }
        let mv = choose_move(&rg, &allowed, &legal, steer_percent, rng);
        let text = mv.to_string();
        let fx = rg.play(mv);
        fast.play_text(&text)
            .map_err(|e| format!("engine refused {text}: {e}\n{}", ctx()))?;
        played.push(text);
        stats.plies += 1;
        rg.tally(&mut stats.moves, mv, &fx);
    }
}

/// Passing is accepted by the engine exactly where the reference lists a pass.
fn passes_agree<R: Reference>(rg: &R, fast: &Game, ctx: &dyn Fn() -> String) -> Result<(), String> {
    let passes = rg.legal_strings().contains(&"0000".to_string());
    for text in ["0000", "pass"] {
        if accepts(fast, text) != passes {
            return Err(format!("engine accepts {text}: {}\n{}", !passes, ctx()));
        }
    }
    Ok(())
}

/// The engine's position string is the reference's `fen`.
fn same_position(fast: &Game, fen: &str, ctx: &dyn Fn() -> String) -> Result<(), String> {
    let engine_fen = bridge::fen(fast);
    let diff = square_diff(&engine_fen, fen);
    same!(engine_fen, fen, "position differs ({diff})\n{}", ctx());
    Ok(())
}

/// The engine's sorted legal moves, outcome and (where the rules count it) territory are the
/// reference's.
fn same_verdicts<R: Reference>(
    rg: &R,
    fast: &Game,
    fen: &str,
    ref_moves: &[String],
    ro: ROutcome,
    ctx: &dyn Fn() -> String,
) -> Result<(), String> {
    same!(
        engine_moves(fast),
        ref_moves,
        "legal moves differ at {fen}\n{}",
        ctx()
    );
    same!(
        bridge::outcome(fast.outcome()),
        ro,
        "outcome differs at {fen}\n{}",
        ctx()
    );
    if let Some(counts) = rg.territory() {
        same!(
            fast.territory(),
            counts,
            "territory differs at {fen}\n{}",
            ctx()
        );
    }
    Ok(())
}

/// No move is accepted once the game is over (the first few of the pseudo-legal ones tried).
fn nothing_accepted_after_the_end<M: std::fmt::Display>(
    fast: &Game,
    pseudo: &[M],
    fen: &str,
    ctx: &dyn Fn() -> String,
) -> Result<(), String> {
    for p in pseudo.iter().take(3) {
        if accepts(fast, &p.to_string()) {
            return Err(format!(
                "engine accepts {p} after the end at {fen}\n{}",
                ctx()
            ));
        }
    }
    Ok(())
}

/// Moves banned by rule 7 (pseudo-legal but not legal) must be refused by the engine's parser;
/// how many were checked.
fn banned_moves_refused<M: std::fmt::Display + PartialEq>(
    fast: &Game,
    pseudo: &[M],
    legal: &[M],
    fen: &str,
    ctx: &dyn Fn() -> String,
) -> Result<usize, String> {
    let mut checked = 0;
    for banned in pseudo.iter().filter(|m| !legal.contains(m)) {
        if accepts(fast, &banned.to_string()) {
            return Err(format!(
                "engine accepts {banned}, banned by rule 7, at {fen}\n{}",
                ctx()
            ));
        }
        checked += 1;
    }
    Ok(checked)
}

/// A random move text is accepted by the engine exactly when the reference lists it.
fn parser_agrees(
    fast: &Game,
    text: &str,
    ref_moves: &[String],
    fen: &str,
    ctx: &dyn Fn() -> String,
) -> Result<(), String> {
    let listed = ref_moves.iter().any(|m| m == text);
    if accepts(fast, text) != listed {
        return Err(format!(
            "engine parse_move({text}) disagrees (reference lists it: {listed}) at {fen}\n{}",
            ctx()
        ));
    }
    Ok(())
}

/// Making `other` in the engine leads where the reference says, and unmaking it comes back to
/// `fen`.
fn make_unmake_agrees<R: Reference>(
    rg: &R,
    fast: &mut Game,
    other: R::Move,
    fen: &str,
    ctx: &dyn Fn() -> String,
) -> Result<(), String> {
    let text = other.to_string();
    let mv = fast
        .parse_move(&text)
        .map_err(|e| format!("engine refused {text}: {e}\n{}", ctx()))?;
    fast.make(mv);
    same!(
        bridge::fen(fast),
        rg.fen_after(other),
        "make {text} differs at {fen}\n{}",
        ctx()
    );
    if !fast.unmake() {
        return Err(format!("unmake {text} failed\n{}", ctx()));
    }
    same!(bridge::fen(fast), fen, "unmake {text}\n{}", ctx());
    Ok(())
}

/// The next move of the random game: steered where the reference steers, otherwise mostly
/// greedy for captures, so that games reach their natural end sooner.
fn choose_move<R: Crosscheck>(
    rg: &R,
    allowed: &[(R::Move, R::Effects)],
    legal: &[R::Move],
    steer_percent: usize,
    rng: &mut Rng,
) -> R::Move {
    let capturing: Vec<R::Move> = allowed
        .iter()
        .filter(|(_, fx)| R::captured(fx) > 0)
        .map(|(m, _)| *m)
        .collect();
    match rg.steer(legal, steer_percent, rng) {
        Some(m) => m,
        None if !capturing.is_empty() && rng.chance(3, 4) => capturing[rng.below(capturing.len())],
        None => legal[rng.below(legal.len())],
    }
}

/// The squares where two position strings of one board differ, as `square engine/reference`.
fn square_diff(engine: &str, reference: &str) -> String {
    let (Ok(a), Ok(b)) = (read_position(engine), read_position(reference)) else {
        return "unreadable".into();
    };
    let show = |p: Option<char>| p.unwrap_or('.');
    let mut out = Vec::new();
    for (r, (ra, rb)) in a.ranks.iter().zip(&b.ranks).enumerate() {
        for (f, (ca, cb)) in ra.iter().zip(rb).enumerate() {
            if ca != cb {
                out.push(format!("{} {}/{}", sq_name((f, r)), show(*ca), show(*cb)));
            }
        }
    }
    format!("engine/reference: {}", out.join(", "))
}
