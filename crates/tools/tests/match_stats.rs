//! The match statistics against worked examples: the arithmetic is in the comments, from the
//! published formulas (logistic Elo; cutechess-cli's error bars and LOS; fastchess's GSPRT).

use mingmang_tools::matchrunner::stats::{
    elo_estimate, elo_estimate_pairs, elo_from_score, erf, los, los_pairs, score_from_elo, Pairs,
    Sprt, SprtDecision, SprtFlag, SprtModel, SprtOutcome, Wdl,
};

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol
}

#[test]
fn elo_of_simple_scores() {
    // s = 1/2: 1/s - 1 = 1, log10 1 = 0, Elo 0.
    assert!(close(elo_from_score(0.5), 0.0, 1e-12));
    // s = 10/11: 1/s - 1 = 0.1, log10 0.1 = -1, Elo = -400 * -1 = +400.
    assert!(close(elo_from_score(10.0 / 11.0), 400.0, 1e-9));
    // s = 0.75: 1/s - 1 = 1/3, -400 log10(1/3) = 400 * 0.477121 = 190.8485.
    assert!(close(elo_from_score(0.75), 190.8485, 1e-3));
    // And back: 1 / (1 + 10^(-400/400)) = 1 / 1.1 = 0.909090...
    assert!(close(score_from_elo(400.0), 10.0 / 11.0, 1e-12));
}

#[test]
fn elo_with_error_bars() {
    // W 60, D 20, L 20, N 100.
    // s = (60 + 20/2) / 100 = 0.7; Elo = -400 log10(1/0.7 - 1) = -400 log10(0.428571)
    //   = -400 * -0.367977 = 147.19.
    // Per-game variance v = (60 * 0.3^2 + 20 * 0.2^2 + 20 * 0.7^2) / 100
    //   = (5.4 + 0.8 + 9.8) / 100 = 0.16; standard error sqrt(0.16 / 100) = 0.04.
    // 95% score interval 0.7 ± 1.959964 * 0.04 = [0.621601, 0.778399]
    //   -> Elo [86.225, 218.252]; ± = (218.252 - 86.225) / 2 = 66.013.
    let wdl = Wdl::new(60, 20, 20);
    assert_eq!(wdl.games(), 100);
    assert!(close(wdl.score().unwrap(), 0.7, 1e-12));
    assert!(close(wdl.variance().unwrap(), 0.16, 1e-12));
    let e = elo_estimate(&wdl).unwrap();
    assert!(close(e.elo, 147.19, 0.01), "{e:?}");
    assert!(close(e.low, 86.225, 0.01), "{e:?}");
    assert!(close(e.high, 218.252, 0.01), "{e:?}");
    assert!(close(e.error, 66.013, 0.01), "{e:?}");
    // The opponent's view mirrors it.
    let m = elo_estimate(&wdl.flipped()).unwrap();
    assert!(close(m.elo, -147.19, 0.01) && close(m.error, 66.013, 0.01));
}

#[test]
fn elo_edge_cases() {
    assert!(elo_estimate(&Wdl::default()).is_none());
    // All wins: score 1, infinite Elo, unbounded interval (not NaN).
    let e = elo_estimate(&Wdl::new(3, 0, 0)).unwrap();
    assert!(e.elo.is_infinite() && e.elo > 0.0 && e.error.is_infinite());
    // All draws: Elo 0, variance 0, so the interval collapses to a point.
    let e = elo_estimate(&Wdl::new(0, 4, 0)).unwrap();
    assert!(close(e.elo, 0.0, 1e-12) && close(e.error, 0.0, 1e-12));
}

#[test]
fn erf_and_los() {
    // Tabulated: erf(0) = 0, erf(1) = 0.8427008, erf(-1) = -0.8427008, erf(2) = 0.9953223.
    // (The approximation is good to 1.2e-7 of erfc, hence the tolerances.)
    assert!(close(erf(0.0), 0.0, 1e-6));
    assert!(close(erf(1.0), 0.842_700_8, 1e-6));
    assert!(close(erf(-1.0), -0.842_700_8, 1e-6));
    assert!(close(erf(2.0), 0.995_322_3, 1e-6));
    // LOS = 1/2 + 1/2 erf((W - L) / sqrt(2 (W + L))).
    // W 2, L 0: (2 - 0) / sqrt(4) = 1; 0.5 + 0.5 * 0.8427008 = 0.9213504.
    assert!(close(los(&Wdl::new(2, 7, 0)), 0.921_350_4, 1e-6));
    // W 10, L 5: 5 / sqrt(30) = 0.912871; erf = 0.803294; LOS = 0.901647.
    assert!(close(los(&Wdl::new(10, 3, 5)), 0.901_647, 1e-5));
    // Equal decisive counts: 1/2 whatever the draws; no decisive game: 1/2.
    assert!(close(los(&Wdl::new(4, 9, 4)), 0.5, 1e-12));
    assert!(close(los(&Wdl::new(0, 9, 0)), 0.5, 1e-12));
}

#[test]
fn sprt_bounds_and_llr() {
    let sprt = Sprt::parse(&["elo0=0", "elo1=5", "alpha=0.05", "beta=0.05"]).unwrap();
    // Bounds: ln(0.05 / 0.95) = -2.944439, ln(0.95 / 0.05) = +2.944439.
    let (lo, hi) = sprt.bounds();
    assert!(close(lo, -2.944_439, 1e-6) && close(hi, 2.944_439, 1e-6));
    // s0 = 1/(1 + 10^0) = 0.5; s1 = 1/(1 + 10^(-5/400)) = 0.5071951.
    // W 60 D 20 L 20: s = 0.7, v = 0.16 (see above), N = 100:
    // LLR = N (s1 - s0)(2s - s0 - s1) / (2v)
    //     = 100 * 0.0071951 * (1.4 - 0.5 - 0.5071951) / 0.32
    //     = 100 * 0.0071951 * 0.3928049 / 0.32 = 0.883207.
    let llr = sprt.llr(&Wdl::new(60, 20, 20));
    assert!(close(llr, 0.883_207, 1e-5), "{llr}");
    assert_eq!(sprt.decision(&Wdl::new(60, 20, 20)), SprtDecision::Continue);
    // W 600 D 200 L 400, N 1200: s = 700/1200 = 0.583333;
    // v = (600 * 0.416667^2 + 200 * 0.083333^2 + 400 * 0.583333^2) / 1200 = 0.201389;
    // LLR = 1200 * 0.0071951 * (1.166667 - 1.0071951) / 0.402778 = 3.418494 >= 2.944: H1.
    let llr = sprt.llr(&Wdl::new(600, 200, 400));
    assert!(close(llr, 3.418_494, 1e-4), "{llr}");
    assert_eq!(
        sprt.decision(&Wdl::new(600, 200, 400)),
        SprtDecision::AcceptH1
    );
    // Mirrored, W 400 D 200 L 600: s = 0.416667, same v;
    // LLR = 1200 * 0.0071951 * (0.833333 - 1.0071951) / 0.402778 = -3.727 <= -2.944: H0.
    let llr = sprt.llr(&Wdl::new(400, 200, 600));
    assert!(close(llr, -3.727, 1e-3), "{llr}");
    assert_eq!(
        sprt.decision(&Wdl::new(400, 200, 600)),
        SprtDecision::AcceptH0
    );
    // Before the first game, nothing: LLR 0. Five wins and nothing else have no variance of
    // their own; the test still moves, towards H1 (see the degenerate counts below).
    assert_eq!(sprt.llr(&Wdl::default()), 0.0);
    assert!(sprt.llr(&Wdl::new(5, 0, 0)) > 0.0);
}

/// Runs of a single result move the SPRT instead of leaving it at zero: every game lost (or
/// every pair lost twice) accepts H0, every game drawn too (no gain), every game won H1; each
/// step of such a run moves the LLR further the same way.
#[test]
fn sprt_moves_on_degenerate_counts() {
    let sprt = Sprt::parse(&["elo0=0", "elo1=10"]).unwrap();
    let by_games = Sprt {
        model: mingmang_tools::matchrunner::stats::SprtModel::Games,
        ..sprt
    };
    let llr_games = |wdl: Wdl| by_games.llr_by_model(&wdl, &Pairs::default());
    let pairs = |counts: [u32; 5]| sprt.llr_by_model(&Wdl::default(), &Pairs { counts });
    // The first observation already moves the test, a little.
    assert!(llr_games(Wdl::new(0, 0, 1)) < 0.0);
    assert!(pairs([1, 0, 0, 0, 0]) < 0.0);
    let mut last = (0.0, 0.0, 0.0, 0.0);
    let mut decided_at = (None, None, None, None);
    for n in 1..=200u32 {
        let now = (
            llr_games(Wdl::new(0, 0, n)),
            pairs([n, 0, 0, 0, 0]),
            llr_games(Wdl::new(0, n, 0)),
            llr_games(Wdl::new(n, 0, 0)),
        );
        assert!(
            now.0 < last.0 && now.1 < last.1 && now.2 < last.2,
            "{n}: {now:?}"
        );
        assert!(now.3 > last.3, "{n}: {now:?}");
        let decided = |llr: f64, at: &mut Option<u32>, want: SprtDecision| {
            if at.is_none() && by_games.decide(llr) != SprtDecision::Continue {
                assert_eq!(by_games.decide(llr), want, "{n}");
                *at = Some(n);
            }
        };
        decided(now.0, &mut decided_at.0, SprtDecision::AcceptH0);
        decided(now.1, &mut decided_at.1, SprtDecision::AcceptH0);
        decided(now.2, &mut decided_at.2, SprtDecision::AcceptH0);
        decided(now.3, &mut decided_at.3, SprtDecision::AcceptH1);
        last = now;
    }
    // All four decide, and not on the first few observations.
    let (lost, pairs_lost, drawn, won) = decided_at;
    for (what, at) in [
        ("games lost", lost),
        ("pairs lost", pairs_lost),
        ("games drawn", drawn),
        ("games won", won),
    ] {
        let at = at.unwrap_or_else(|| panic!("{what}: undecided after 200"));
        assert!((10..=100).contains(&at), "{what}: decided at {at}");
    }
    // Once two results have been seen, the counts are used as they are.
    let wdl = Wdl::new(3, 0, 1);
    assert_eq!(llr_games(wdl), by_games.llr_of(&wdl.sample().unwrap()));
}

/// A match keeps the SPRT's decision where a bound was first crossed: the games that were
/// running then still count, and may take the LLR back inside the bounds (as the last pair of
/// a 17x17 match did: H1 at 324 games, LLR 2.98, then 2.83 with the pair that was running).
#[test]
fn an_sprt_decision_is_kept_when_later_games_pull_the_llr_back() {
    let sprt = Sprt::parse(&["elo0=0", "elo1=10", "model=pairs"]).unwrap();
    let llr = |counts: [u32; 5]| sprt.llr_by_model(&Wdl::default(), &Pairs { counts });
    let (_, upper) = sprt.bounds();
    // A run of won pairs crosses the upper bound; find the first pair count that does.
    let mut outcome = SprtOutcome::undecided();
    let mut base = [13, 10, 74, 25, 0];
    let mut games = 0;
    while !outcome.update(&sprt, llr(base), games) {
        assert_eq!(outcome.decision, SprtDecision::Continue);
        assert_eq!(outcome.decided_at, None);
        base[4] += 1;
        games = 2 * base.iter().sum::<u32>() as usize;
        assert!(games < 2000, "never decided");
    }
    let crossed = llr(base);
    assert!(crossed >= upper, "{crossed}");
    assert_eq!(outcome.decision, SprtDecision::AcceptH1);
    assert_eq!(outcome.decided_at, Some((games, crossed)));
    // The pair running then is lost: the LLR falls below the bound, the decision stays.
    base[0] += 1;
    let after = llr(base);
    assert!(after < upper, "{after} is still above {upper}");
    assert!(outcome.update(&sprt, after, games + 2));
    assert_eq!(outcome.llr, after);
    assert_eq!(outcome.decision, SprtDecision::AcceptH1);
    assert_eq!(outcome.decided_at, Some((games, crossed)));
    // A merge decides on all its games at once and says nothing about where.
    let merged = SprtOutcome::on_all_games(&sprt, after);
    assert_eq!(merged.decision, SprtDecision::Continue);
    assert_eq!(merged.decided_at, None);
    // The lower bound is kept the same way.
    let mut lost = SprtOutcome::undecided();
    assert!(lost.update(&sprt, -3.0, 40));
    assert!(lost.update(&sprt, 0.5, 42));
    assert_eq!(
        (lost.decision, lost.decided_at, lost.llr),
        (SprtDecision::AcceptH0, Some((40, -3.0)), 0.5)
    );
}

#[test]
fn sprt_parse_errors() {
    assert!(Sprt::parse(&["elo0=5", "elo1=0"]).is_err());
    assert!(Sprt::parse(&["alpha=0.7"]).is_err());
    assert!(Sprt::parse(&["gamma=1"]).is_err());
    assert!(Sprt::parse(&["elo0"]).is_err());
    assert!(Sprt::parse(&["model=quads"]).is_err());
    let d = Sprt::parse::<&str>(&[]).unwrap();
    assert_eq!((d.elo0, d.elo1, d.alpha, d.beta), (0.0, 5.0, 0.05, 0.05));
    assert_eq!(d.model, SprtModel::Pairs);
    let g = Sprt::parse(&["model=games", "elo1=10"]).unwrap();
    assert_eq!((g.model, g.elo1), (SprtModel::Games, 10.0));
}

/// `--sprt off` is no SPRT even where a preset or a shard brings one; a test of its own wins
/// over theirs, and an absent flag leaves theirs.
#[test]
fn the_sprt_flag_can_switch_the_test_off() {
    let theirs = Sprt::parse(&["elo1=10"]).unwrap();
    let off = SprtFlag::parse(Some(&["off"][..])).unwrap();
    assert_eq!(off, SprtFlag::Off);
    assert_eq!(off.or_else(|| Some(theirs)), None);
    let unset = SprtFlag::parse::<&str>(None).unwrap();
    assert_eq!(unset.or_else(|| Some(theirs)), Some(theirs));
    let own = SprtFlag::parse(Some(&["elo1=20"][..])).unwrap();
    assert_eq!(own.or_else(|| Some(theirs)).unwrap().elo1, 20.0);
    // "off" with a test's words is a mistake, not half of each.
    let err = SprtFlag::parse(Some(&["off", "elo1=20"][..])).unwrap_err();
    assert!(err.contains("'off' stands alone"), "{err}");
    assert!(SprtFlag::parse(Some(&["of"][..])).is_err());
}

#[test]
fn elo_los_and_sprt_by_pairs() {
    // 20 pairs: 14 gave 1 point of 2, 5 gave 3/2, 1 gave 2 (a Rek match's counts).
    // Pair scores (the pair's mean): 0.5, 0.75, 1.
    // mean = (14 * 0.5 + 5 * 0.75 + 1) / 20 = 11.75 / 20 = 0.5875;
    // variance = (14 * 0.0875^2 + 5 * 0.1625^2 + 0.4125^2) / 20
    //          = (0.1071875 + 0.13203125 + 0.17015625) / 20 = 0.02046875;
    // se = sqrt(0.02046875 / 20) = 0.0319912; 95%: 0.5875 ± 0.0627023 = [0.524798, 0.650202]
    //   -> Elo [17.246, 107.69]; Elo(0.5875) = -400 log10(0.702128) = 61.434.
    let pairs = Pairs {
        counts: [0, 0, 14, 5, 1],
    };
    assert_eq!(pairs.pairs(), 20);
    let s = pairs.sample().unwrap();
    assert!(close(s.mean, 0.5875, 1e-12) && close(s.variance, 0.020_468_75, 1e-12));
    let e = elo_estimate_pairs(&pairs).unwrap();
    assert!(close(e.elo, 61.434, 0.01), "{e:?}");
    assert!(
        close(e.low, 17.246, 0.01) && close(e.high, 107.69, 0.01),
        "{e:?}"
    );
    // LOS = 1/2 + 1/2 erf(0.0875 / (0.0319912 sqrt 2)) = 1/2 + 1/2 erf(1.934042) = 0.996882.
    assert!(close(los_pairs(&pairs), 0.996_882, 1e-5));
    // LLR (elo0 0, elo1 10): s0 = 0.5, s1 = 0.5143871;
    // 20 * 0.0143871 * (1.175 - 1.0143871) / (2 * 0.02046875) = 1.128924.
    let sprt = Sprt::parse(&["elo0=0", "elo1=10"]).unwrap();
    let llr = sprt.llr_by_model(&Wdl::default(), &pairs);
    assert!(close(llr, 1.128_924, 1e-5), "{llr}");
    // The games model ignores the pairs and reads the games.
    let games = Sprt::parse(&["elo0=0", "elo1=10", "model=games"]).unwrap();
    let wdl = Wdl::new(15, 19, 7);
    assert_eq!(games.llr_by_model(&wdl, &pairs), games.llr(&wdl));
}

#[test]
fn independent_games_give_the_same_interval_by_pairs() {
    // Each game a win, a draw or a loss with equal odds, the two games of a pair independent:
    // 9 pairs scoring 0, 1/2, 1, 3/2, 2 points 1, 2, 3, 2, 1 times are 18 games, 6 of each.
    // Per game: variance (6 * 1/4 + 6 * 1/4) / 18 = 1/6, se = sqrt(1/6 / 18) = sqrt(1/108).
    // Per pair: variance (2 * 1/4 + 4 * 1/16) / 9 = 1/12, se = sqrt(1/12 / 9) = sqrt(1/108).
    let pairs = Pairs {
        counts: [1, 2, 3, 2, 1],
    };
    let by_games = elo_estimate(&Wdl::new(6, 6, 6)).unwrap();
    let by_pairs = elo_estimate_pairs(&pairs).unwrap();
    assert!(
        close(by_games.error, by_pairs.error, 1e-9),
        "{by_games:?} {by_pairs:?}"
    );
    assert!(close(by_pairs.elo, 0.0, 1e-12));
    // Every pair split 1-1 (each opening won by the same colour twice): by games the
    // interval is wide, by pairs there is no evidence either way and no spread.
    let split = Pairs {
        counts: [0, 0, 10, 0, 0],
    };
    let e = elo_estimate_pairs(&split).unwrap();
    assert!(close(e.elo, 0.0, 1e-12) && close(e.error, 0.0, 1e-12));
    assert_eq!(los_pairs(&split), 0.5);
    // To the SPRT, every pair split is evidence of no gain: it moves towards H0.
    let sprt = Sprt::parse::<&str>(&[]).unwrap();
    assert!(sprt.llr_by_model(&Wdl::new(10, 0, 10), &split) < 0.0);
    // Every pair won twice: certain, not a division by zero.
    assert_eq!(
        los_pairs(&Pairs {
            counts: [0, 0, 0, 0, 3]
        }),
        1.0
    );
    assert!(elo_estimate_pairs(&Pairs::default()).is_none());
    let mut added = split;
    added.add(4);
    added.add_all(&pairs);
    assert_eq!(added.counts, [1, 2, 13, 2, 2]);
}
