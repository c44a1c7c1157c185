//! Match statistics: Elo difference with a 95% interval, likelihood of superiority (LOS) and
//! the sequential probability ratio test (SPRT), counted by single games (the trinomial
//! model: each game a win, draw or loss) or by game pairs (the pentanomial model).
//!
//! Formulas:
//! - score `s = (W + D/2) / N`; Elo difference `elo(s) = -400 log10(1/s - 1)` (logistic).
//! - error bars as in cutechess-cli: per-game variance `v = (W(1-s)^2 + D(1/2-s)^2 + L s^2) / N`,
//!   standard error of the mean `se = sqrt(v / N)`, 95% interval of the score
//!   `s ± 1.959964 se`, mapped through `elo`; the `±` printed is half the interval's width.
//! - LOS as in cutechess-cli: `1/2 + 1/2 erf((W - L) / sqrt(2 (W + L)))` (draws carry no
//!   information on who is stronger).
//! - SPRT as in fastchess with its logistic model, the generalised SPRT of Michel Van den
//!   Bergh: `s0 = 1/(1 + 10^(-elo0/400))`, likewise `s1`, and
//!   `LLR = N (s1 - s0)(2s - s0 - s1) / (2 v)`; the bounds are `ln(beta/(1-alpha))` and
//!   `ln((1-beta)/alpha)`.
//! - By pairs: the two games of an opening, played with colours swapped, are one observation,
//!   the pair's mean score (0, 1/4, 1/2, 3/4 or 1). The same formulas then run over pairs, `N`
//!   the number of pairs and `v` the variance of a pair's mean; LOS is the normal
//!   approximation `1/2 + 1/2 erf((s - 1/2) / (se sqrt 2))`. When an opening favours one
//!   colour, the two games of its pair tend to split and the pair's variance is smaller than
//!   two independent games would have, so the interval is tighter; when the games of a pair
//!   are independent, both models agree.

/// The 97.5% quantile of the standard normal distribution, for two-sided 95% intervals.
pub const Z_95: f64 = 1.959_963_984_540_054;

/// What every statistic here is computed from: a number of independent observations of a
/// score (single games or game pairs), their mean and the variance of one observation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// Observations (games or pairs).
    pub n: f64,
    /// Their mean score, from 0 to 1.
    pub mean: f64,
    /// The variance of one observation around the mean.
    pub variance: f64,
}

impl Sample {
    /// The sample of observations scoring `values[i]` `counts[i]` times; `None` if empty.
    fn of(values: &[f64], counts: &[u32]) -> Option<Sample> {
        let n: f64 = counts.iter().map(|&c| c as f64).sum();
        if n == 0.0 {
            return None;
        }
        let mean = values
            .iter()
            .zip(counts)
            .map(|(x, &c)| x * c as f64)
            .sum::<f64>()
            / n;
        let variance = values
            .iter()
            .zip(counts)
            .map(|(x, &c)| c as f64 * (x - mean).powi(2))
            .sum::<f64>()
            / n;
        Some(Sample { n, mean, variance })
    }

    /// The standard error of the mean.
    pub fn standard_error(&self) -> f64 {
        (self.variance / self.n).sqrt()
    }
}

/// Wins, draws and losses of one side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wdl {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl Wdl {
    /// A tally from its three counts.
    pub fn new(wins: u32, draws: u32, losses: u32) -> Wdl {
        Wdl {
            wins,
            draws,
            losses,
        }
    }

    /// Number of games.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points: a win is 1, a draw 1/2.
    pub fn points(&self) -> f64 {
        self.wins as f64 + 0.5 * self.draws as f64
    }

    /// The mean score per game, or `None` before the first game.
    pub fn score(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| self.points() / n as f64)
    }

    /// The same games seen from the opponent's side.
    pub fn flipped(&self) -> Wdl {
        Wdl::new(self.losses, self.draws, self.wins)
    }

    /// The variance of one game's score around the mean, or `None` before the first game.
    pub fn variance(&self) -> Option<f64> {
        self.sample().map(|s| s.variance)
    }

    /// The games as a [`Sample`] of single-game scores, or `None` before the first game.
    pub fn sample(&self) -> Option<Sample> {
        Sample::of(&[1.0, 0.5, 0.0], &[self.wins, self.draws, self.losses])
    }

    /// The sample the SPRT uses: [`Wdl::sample`], except that while every game has had the
    /// same result (every game lost, or drawn), the other results count as
    /// [`REGULARIZATION`] games each, so that such a run has a variance and moves the test
    /// instead of leaving it at zero.
    pub fn regularized_sample(&self) -> Option<Sample> {
        regularized(&[1.0, 0.5, 0.0], &[self.wins, self.draws, self.losses])
    }
}

/// Game pairs (the two games of one opening, colours swapped) counted by the points one side
/// took from the pair: `counts[k]` pairs gave it `k/2` points, so `counts[0]` lost both games,
/// `counts[2]` won one and lost one or drew both, `counts[4]` won both.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pairs {
    /// Pairs by the side's points in halves: 0, 1/2, 1, 3/2, 2.
    pub counts: [u32; 5],
}

impl Pairs {
    /// Number of pairs.
    pub fn pairs(&self) -> u32 {
        self.counts.iter().sum()
    }

    /// Counts a pair in which the side took `half_points` half-points (0 to 4).
    pub fn add(&mut self, half_points: usize) {
        self.counts[half_points] += 1;
    }

    /// Adds another tally's pairs (shards of one match).
    pub fn add_all(&mut self, other: &Pairs) {
        for (a, b) in self.counts.iter_mut().zip(other.counts) {
            *a += b;
        }
    }

    /// The pairs as a [`Sample`] of pair scores (the mean of the pair's two games), or `None`
    /// before the first pair.
    pub fn sample(&self) -> Option<Sample> {
        Sample::of(&[0.0, 0.25, 0.5, 0.75, 1.0], &self.counts)
    }

    /// The sample the SPRT uses, regularized as [`Wdl::regularized_sample`] is.
    pub fn regularized_sample(&self) -> Option<Sample> {
        regularized(&[0.0, 0.25, 0.5, 0.75, 1.0], &self.counts)
    }
}

/// The weight the SPRT gives each outcome not yet seen while only one outcome has been seen
/// (half an observation, as a Jeffreys prior would). A run of losses then accepts H0 after
/// about 16 games (elo1 10, alpha and beta 0.05), a run of draws after about 85: soon enough
/// not to play a whole schedule for nothing, late enough that an unlucky start decides
/// nothing. Once two outcomes have been seen, the counts are used as they are.
pub const REGULARIZATION: f64 = 0.5;

/// The sample of `values` seen `counts` times, with the unseen values counted
/// [`REGULARIZATION`] times each while only one value has been seen; `None` before the first
/// observation.
fn regularized(values: &[f64], counts: &[u32]) -> Option<Sample> {
    match counts.iter().filter(|&&c| c > 0).count() {
        0 => return None,
        1 => {}
        _ => return Sample::of(values, counts),
    }
    let weights: Vec<f64> = counts
        .iter()
        .map(|&c| if c == 0 { REGULARIZATION } else { c as f64 })
        .collect();
    let n: f64 = weights.iter().sum();
    let mean = values.iter().zip(&weights).map(|(x, w)| x * w).sum::<f64>() / n;
    let variance = values
        .iter()
        .zip(&weights)
        .map(|(x, w)| w * (x - mean).powi(2))
        .sum::<f64>()
        / n;
    Some(Sample { n, mean, variance })
}

/// The logistic Elo difference that gives the expected score `score` (infinite at 0 and 1).
pub fn elo_from_score(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The expected score of a side that is `elo` points stronger (logistic model).
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// An Elo estimate with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// The point estimate.
    pub elo: f64,
    /// Half the width of the 95% interval (the `±` figure).
    pub error: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
}

/// The Elo difference of the side whose results are `wdl`, with a 95% interval; `None` before
/// the first game. A perfect or zero score gives infinite values, as the data allow no finite
/// estimate.
pub fn elo_estimate(wdl: &Wdl) -> Option<EloEstimate> {
    wdl.sample().map(|s| elo_interval(&s))
}

/// The same from game pairs: the interval of the mean pair score.
pub fn elo_estimate_pairs(pairs: &Pairs) -> Option<EloEstimate> {
    pairs.sample().map(|s| elo_interval(&s))
}

/// The Elo difference of a sample's mean score with its 95% interval.
pub fn elo_interval(sample: &Sample) -> EloEstimate {
    let (s, se) = (sample.mean, sample.standard_error());
    let low = elo_from_score((s - Z_95 * se).clamp(0.0, 1.0));
    let high = elo_from_score((s + Z_95 * se).clamp(0.0, 1.0));
    // An interval reaching a score of 0 or 1 is unbounded; say so instead of inf - inf = NaN.
    let error = if low.is_finite() && high.is_finite() {
        (high - low) / 2.0
    } else {
        f64::INFINITY
    };
    EloEstimate {
        // Adding 0.0 turns the -0.0 of an even score into 0.0 for printing.
        elo: elo_from_score(s) + 0.0,
        error,
        // (+ 0.0 again: no "-0.0" in the interval either.)
        low: low + 0.0,
        high: high + 0.0,
    }
}

/// Likelihood of superiority: the probability that the side with results `wdl` is the stronger.
/// 0.5 when there are no decisive games.
pub fn los(wdl: &Wdl) -> f64 {
    let decisive = (wdl.wins + wdl.losses) as f64;
    if decisive == 0.0 {
        return 0.5;
    }
    0.5 + 0.5 * erf((wdl.wins as f64 - wdl.losses as f64) / (2.0 * decisive).sqrt())
}

/// Likelihood of superiority from game pairs: the normal approximation, the probability that
/// the true mean pair score is above 1/2. 0.5 before the first pair or when every pair scored
/// the same.
pub fn los_pairs(pairs: &Pairs) -> f64 {
    match pairs.sample() {
        Some(s) if s.variance > 0.0 => {
            0.5 + 0.5 * erf((s.mean - 0.5) / (s.standard_error() * std::f64::consts::SQRT_2))
        }
        // Every pair the same: certain if it was not an even split.
        Some(s) if s.mean != 0.5 => (s.mean > 0.5) as u8 as f64,
        _ => 0.5,
    }
}

/// The error function. `std` has none, so this is the Chebyshev fit of Numerical Recipes
/// (`erfcc`), whose fractional error is below 1.2e-7 everywhere: ample for a percentage.
pub fn erf(x: f64) -> f64 {
    // erf is odd, so erf(0) = 0 exactly; the fit alone would give 1e-7, and LOS for equal
    // wins and losses should print exactly 50%.
    if x == 0.0 {
        return 0.0;
    }
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let erfc = t * poly.exp();
    if x >= 0.0 {
        1.0 - erfc
    } else {
        erfc - 1.0
    }
}

/// What an SPRT says so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtDecision {
    /// Keep playing.
    Continue,
    /// The LLR fell below the lower bound: H0 (the Elo difference is `elo0`) accepted.
    AcceptH0,
    /// The LLR rose above the upper bound: H1 (the Elo difference is `elo1`) accepted.
    AcceptH1,
}

/// Where the SPRT of a match stands: the LLR over every game counted, and the decision.
///
/// The decision is taken once, at the first game whose result takes the LLR across a bound,
/// and then kept. Games already running at that moment still finish and count (they were
/// played under the same conditions, and dropping them would throw results away), so the
/// final LLR may move back inside the bounds; that does not undo the decision, as in
/// fishtest. Keeping both figures lets a summary say which games decided and what all of
/// them show.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtOutcome {
    /// The LLR over every game counted so far.
    pub llr: f64,
    /// The decision: `Continue` until a bound is crossed, then the one taken there.
    pub decision: SprtDecision,
    /// The games counted when the decision was taken, and the LLR then; `None` while
    /// undecided, and for a merge, which decides on all its games at once.
    pub decided_at: Option<(usize, f64)>,
}

impl SprtOutcome {
    /// No game counted yet.
    pub fn undecided() -> SprtOutcome {
        SprtOutcome {
            llr: 0.0,
            decision: SprtDecision::Continue,
            decided_at: None,
        }
    }

    /// A decision on all the games at once (a merge): `decision` as `sprt` reads `llr`.
    pub fn on_all_games(sprt: &Sprt, llr: f64) -> SprtOutcome {
        SprtOutcome {
            llr,
            decision: sprt.decide(llr),
            decided_at: None,
        }
    }

    /// Counts the LLR `llr` after `games` games and returns whether the test has decided
    /// (now or earlier), so that no new game should start.
    pub fn update(&mut self, sprt: &Sprt, llr: f64, games: usize) -> bool {
        self.llr = llr;
        if self.decided_at.is_none() {
            let decision = sprt.decide(llr);
            if decision != SprtDecision::Continue {
                self.decision = decision;
                self.decided_at = Some((games, llr));
            }
        }
        self.decided_at.is_some()
    }
}

/// What an SPRT counts as one observation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtModel {
    /// Game pairs (pentanomial): the default, since the two games of an opening are not
    /// independent when the opening favours a colour.
    Pairs,
    /// Single games (trinomial), as cutechess-cli and older summaries count.
    Games,
}

impl SprtModel {
    /// The word used for the model in `--sprt model=...` and in summaries.
    pub fn name(self) -> &'static str {
        match self {
            SprtModel::Pairs => "pairs",
            SprtModel::Games => "games",
        }
    }

    /// The model named `word`.
    pub fn parse(word: &str) -> Option<SprtModel> {
        match word {
            "pairs" | "pentanomial" => Some(SprtModel::Pairs),
            "games" | "trinomial" => Some(SprtModel::Games),
            _ => None,
        }
    }
}

/// What `--sprt` asks for: nothing (a preset's or the shards' SPRT applies), `off` (none at
/// all, so a fixed-length match beside a preset plays every game), or a test of its own.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SprtFlag {
    /// `--sprt` was not given.
    Unset,
    /// `--sprt off`.
    Off,
    /// `--sprt key=value ...`.
    Test(Sprt),
}

impl SprtFlag {
    /// Reads the flag's words, if it was given.
    pub fn parse<S: AsRef<str>>(words: Option<&[S]>) -> Result<SprtFlag, String> {
        match words {
            None => Ok(SprtFlag::Unset),
            Some([only]) if only.as_ref() == "off" => Ok(SprtFlag::Off),
            Some(words) if words.iter().any(|w| w.as_ref() == "off") => {
                Err("--sprt: 'off' stands alone (no SPRT at all)".into())
            }
            Some(words) => Sprt::parse(words).map(SprtFlag::Test),
        }
    }

    /// The SPRT to run: the flag's own, none for `off`, and `fallback` when it was not given.
    pub fn or_else(self, fallback: impl FnOnce() -> Option<Sprt>) -> Option<Sprt> {
        match self {
            SprtFlag::Unset => fallback(),
            SprtFlag::Off => None,
            SprtFlag::Test(sprt) => Some(sprt),
        }
    }
}

/// A sequential probability ratio test of H0: Elo = `elo0` against H1: Elo = `elo1`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo difference under the null hypothesis.
    pub elo0: f64,
    /// Elo difference under the alternative hypothesis.
    pub elo1: f64,
    /// Probability of accepting H1 when H0 holds (false positive).
    pub alpha: f64,
    /// Probability of accepting H0 when H1 holds (false negative).
    pub beta: f64,
    /// Whether games or game pairs are the observations.
    pub model: SprtModel,
}

impl Sprt {
    /// Reads `elo0=0 elo1=5 alpha=0.05 beta=0.05 model=pairs` (any order; missing keys keep
    /// these defaults).
    pub fn parse<S: AsRef<str>>(items: &[S]) -> Result<Sprt, String> {
        let mut sprt = Sprt {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
            model: SprtModel::Pairs,
        };
        for item in items {
            let item = item.as_ref();
            let (k, v) = item
                .split_once('=')
                .ok_or_else(|| format!("--sprt: '{item}' is not key=value"))?;
            if k == "model" {
                sprt.model = SprtModel::parse(v)
                    .ok_or_else(|| format!("--sprt: model '{v}' is not pairs or games"))?;
                continue;
            }
            let x: f64 = v
                .parse()
                .map_err(|_| format!("--sprt: '{v}' is not a number"))?;
            match k {
                "elo0" => sprt.elo0 = x,
                "elo1" => sprt.elo1 = x,
                "alpha" => sprt.alpha = x,
                "beta" => sprt.beta = x,
                _ => {
                    return Err(format!(
                        "--sprt: unknown key '{k}' (elo0 elo1 alpha beta model)"
                    ))
                }
            }
        }
        if sprt.elo0 >= sprt.elo1 || sprt.elo0.is_nan() || sprt.elo1.is_nan() {
            return Err("--sprt: elo0 must be below elo1".into());
        }
        for (name, p) in [("alpha", sprt.alpha), ("beta", sprt.beta)] {
            if !(p > 0.0 && p < 0.5) || p.is_nan() {
                return Err(format!("--sprt: {name} must be between 0 and 0.5"));
            }
        }
        Ok(sprt)
    }

    /// The lower and upper LLR bounds: `ln(beta/(1-alpha))` and `ln((1-beta)/alpha)`.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of the results `wdl` (of the side under test), counted by
    /// single games whatever the model; zero before the first game.
    pub fn llr(&self, wdl: &Wdl) -> f64 {
        wdl.regularized_sample().map_or(0.0, |s| self.llr_of(&s))
    }

    /// The log-likelihood ratio of the model's observations: `pairs` or the games of `wdl`;
    /// zero before the first observation.
    pub fn llr_by_model(&self, wdl: &Wdl, pairs: &Pairs) -> f64 {
        let sample = match self.model {
            SprtModel::Pairs => pairs.regularized_sample(),
            SprtModel::Games => wdl.regularized_sample(),
        };
        sample.map_or(0.0, |s| self.llr_of(&s))
    }

    /// The log-likelihood ratio of a sample of scores.
    pub fn llr_of(&self, sample: &Sample) -> f64 {
        let s0 = score_from_elo(self.elo0);
        let s1 = score_from_elo(self.elo1);
        sample.n * (s1 - s0) * (2.0 * sample.mean - s0 - s1) / (2.0 * sample.variance)
    }

    /// What a log-likelihood ratio decides.
    pub fn decide(&self, llr: f64) -> SprtDecision {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            SprtDecision::AcceptH1
        } else if llr <= lower {
            SprtDecision::AcceptH0
        } else {
            SprtDecision::Continue
        }
    }

    /// Whether the test has decided on the games `wdl` (counted by single games).
    pub fn decision(&self, wdl: &Wdl) -> SprtDecision {
        self.decide(self.llr(wdl))
    }
}
