//! Every tunable number of the search, in one place, each with what it does and why it has its
//! value. Naming: `*_min_depth` / `*_max_depth` bound the depth left at which a technique
//! applies; `*_margin*` is a score margin in centi-pieces (100 = one piece); `*_base` and
//! `*_per_*` are the constant and the slope of a formula. The values were set by self-play
//! matches (`docs/benchmarks-history.md`); the switches that turn techniques on and off are in
//! [`super::SearchConfig`].
//!
//! The numbers a tuner may move are the fields of [`SearchParams`], each with a name, a default,
//! a range and a step (the table is [`PARAMS`]; [`param_table`] prints it). A searcher carries
//! one `SearchParams` value and the search reads its fields; [`PARAMS_ENV`] sets them for
//! tuning runs. The few numbers that are not tunable (they bound storage or follow from the
//! representation) stay constants here.

use std::fmt::Display;
use std::str::FromStr;

use once_cell::sync::Lazy;

/// History scores stay within this bound (gravity, see `Worker::update_history`), well inside
/// the `i16` they are stored in. Not tunable: the move picker's keys are built on it, and the
/// ranges of [`SearchParams::history_bonus_cap`] and [`SearchParams::history_bonus_scale`]
/// keep the largest bonus within it, as the gravity formula needs.
pub const HISTORY_MAX: i32 = 16_384;

/// Environment variable that sets [`SearchParams`] in every new [`super::Searcher`], for tuning
/// runs through `mingmang match` (which runs the engine as a separate process), as
/// [`super::CONFIG_ENV`] sets the switches. The value is a comma-separated list of
/// `name=value` words with the names of [`PARAMS`], e.g.
/// `MINGMANG_PARAMS=lmr_divisor=2.5,rfp_margin_per_ply=90`. An unknown name, a value that does
/// not parse as the parameter's type (integers for all but the fractional ones) or one outside
/// its range is reported on stderr (`log::warn`) and ignored; the other words apply. The
/// variable is read once per process. `mingmang bench` ignores it: its node count is the default
/// search's.
pub const PARAMS_ENV: &str = "MINGMANG_PARAMS";

/// One tunable parameter as a tuner sees it: its name (a field of [`SearchParams`]), its
/// default, the range it may take and a step for tuning (for SPSA, the usual perturbation),
/// all as `f64`.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Param {
    /// The field's name, as [`PARAMS_ENV`] takes it.
    pub name: &'static str,
    /// Its value in the default search.
    pub default: f64,
    /// The least value accepted...
    pub min: f64,
    /// ...and the largest.
    pub max: f64,
    /// A step for tuning.
    pub step: f64,
    /// Whether it takes whole numbers only.
    pub integer: bool,
}

/// The types a parameter may have: whole numbers where the search counts, `f64` where a
/// formula wants fractions.
trait ParamValue: Copy + PartialOrd + Display + FromStr {
    const INTEGER: bool;
    fn as_f64(self) -> f64;
}

impl ParamValue for i32 {
    const INTEGER: bool = true;
    fn as_f64(self) -> f64 {
        self as f64
    }
}

impl ParamValue for usize {
    const INTEGER: bool = true;
    fn as_f64(self) -> f64 {
        self as f64
    }
}

impl ParamValue for f64 {
    const INTEGER: bool = false;
    fn as_f64(self) -> f64 {
        self
    }
}

/// Parses `text` as a value of `T` within `min..=max`.
fn parse_in_range<T: ParamValue>(text: &str, min: T, max: T) -> Result<T, String> {
    let v: T = text.parse().map_err(|_| {
        let kind = if T::INTEGER {
            "a whole number"
        } else {
            "a number"
        };
        format!("'{text}' is not {kind}")
    })?;
    // `contains` is false for NaN too.
    if !(min..=max).contains(&v) {
        return Err(format!("{v} is outside {min}..={max}"));
    }
    Ok(v)
}

/// Declares [`SearchParams`] and its table from one list: each parameter's documentation, name,
/// type, default, range and step (in the manner of Viridithas's search parameters).
macro_rules! search_params {
    ($(
        $(#[doc = $doc:literal])*
        $name:ident: $ty:ty = $default:literal, $min:literal..=$max:literal, step $step:literal;
    )*) => {
        /// The search's tunable numbers. The search reads the fields (a copy of the value sits in
        /// each search thread); the defaults are the values the self-play matches settled on.
        /// [`PARAMS_ENV`] sets them for tuning runs; [`param_table`] lists them.
        ///
        /// | name | type | default | min | max | step |
        /// | --- | --- | --- | --- | --- | --- |
        $(
            #[doc = concat!(
                "| `", stringify!($name), "` | ", stringify!($ty), " | ", stringify!($default),
                " | ", stringify!($min), " | ", stringify!($max), " | ", stringify!($step), " |"
            )]
        )*
        #[derive(Clone, Copy, PartialEq, Debug)]
        pub struct SearchParams {
            $($(#[doc = $doc])* pub $name: $ty,)*
        }

        impl Default for SearchParams {
            fn default() -> SearchParams {
                SearchParams { $($name: $default,)* }
            }
        }

        /// Every tunable parameter, in the order of [`SearchParams`]'s fields.
        pub const PARAMS: &[Param] = &[$(
            Param {
                name: stringify!($name),
                default: $default as f64,
                min: $min as f64,
                max: $max as f64,
                step: $step as f64,
                integer: <$ty as ParamValue>::INTEGER,
            },
        )*];

        impl SearchParams {
            /// Sets the parameter `name` to the value `text` if it parses as the parameter's
            /// type and lies within its range; otherwise says why not and changes nothing.
            pub fn set(&mut self, name: &str, text: &str) -> Result<(), String> {
                match name {
                    $(stringify!($name) => {
                        self.$name = parse_in_range::<$ty>(text.trim(), $min, $max)
                            .map_err(|e| format!("{name}: {e}"))?;
                    })*
                    _ => return Err(format!("'{name}': unknown parameter")),
                }
                Ok(())
            }

            /// The value of the parameter `name` as `f64`, if there is one of that name.
            pub fn get(&self, name: &str) -> Option<f64> {
                match name {
                    $(stringify!($name) => Some(ParamValue::as_f64(self.$name)),)*
                    _ => None,
                }
            }
        }
    };
}

search_params! {
    /// Quiescence plies beyond the main search: conversions can cascade for several plies, but
    /// a longer capture sequence almost never changes the result, and each ply widens the tree.
    qs_max_plies: usize = 12, 2..=32, step 2;

    /// A cutoff rewards its quiet move with `depth²` (deeper cutoffs say more), capped here so
    /// one deep result does not swamp the history table...
    history_bonus_cap: i32 = 400, 64..=512, step 32;
    /// ...and scaled by this, so that a few cutoffs move a score noticeably within
    /// [`HISTORY_MAX`]. (The ranges keep cap times scale within it.)
    history_bonus_scale: i32 = 32, 4..=32, step 2;

    /// Late move reductions: `lmr_base + ln(depth) * ln(moves searched) / lmr_divisor` plies,
    /// the usual logarithmic shape (rounded down; the search reads a table made from these
    /// when its searcher is made). At 3000 nodes a move a divisor of 1.75 (more reduction)
    /// beat 2.25 on 8x8, but at a clock the lighter reduction holds: 2.25, with the clock's
    /// 15-move horizon ([`crate::search::time::HORIZON_MOVES`]), won the SPRT at the short
    /// time control against 1.75 with 30 moves (`BENCHMARKS.md`).
    lmr_base: f64 = 0.5, 0.0..=2.0, step 0.1;
    /// See [`SearchParams::lmr_base`].
    lmr_divisor: f64 = 2.25, 1.0..=5.0, step 0.25;
    /// Reductions start at this depth: below it a reduced search would go straight to
    /// quiescence. (At least 2: a reduction leaves at least one ply.)
    lmr_min_depth: i32 = 3, 2..=8, step 1;
    /// At the root, moves from this index on (ordered by the previous iteration, so the worst
    /// ones) are reduced; the first few are always searched in full.
    root_lmr_min_move: usize = 4, 1..=16, step 1;

    /// Late move pruning applies with at most this much depth left, where a quiet move ordered
    /// this late rarely matters in a node expected to fail low...
    lmp_max_depth: i32 = 3, 1..=8, step 1;
    /// ...after `lmp_base + lmp_per_depth_squared * depth²` moves searched: more with depth.
    lmp_base: usize = 6, 1..=32, step 1;
    /// See [`SearchParams::lmp_base`].
    lmp_per_depth_squared: usize = 3, 0..=12, step 1;

    /// Futility pruning applies with at most this much depth left...
    futility_max_depth: i32 = 2, 1..=8, step 1;
    /// ...when the static evaluation plus this margin per ply of depth is still at or below
    /// alpha: a quiet move rarely gains a piece and a half per ply.
    futility_margin_per_ply: i32 = 150, 20..=500, step 10;

    /// Reverse futility pruning applies with at most this much depth left...
    rfp_max_depth: i32 = 3, 1..=8, step 1;
    /// ...when the static evaluation less this margin per ply of depth still reaches beta: the
    /// opponent is unlikely to win back that much in so few plies.
    rfp_margin_per_ply: i32 = 100, 20..=400, step 10;

    /// Aspiration windows start at this depth, where the previous score is a good guess...
    aspiration_min_depth: i32 = 4, 1..=12, step 1;
    /// ...with this half-width, doubled after each failure...
    aspiration_window: i32 = 30, 5..=300, step 5;
    /// ...until it passes this, when the window opens fully.
    aspiration_max_window: i32 = 1000, 100..=5000, step 100;

    /// With several threads, nodes with at least this much depth left are marked busy and put
    /// off by the other threads; shallower ones are cheap enough to search twice.
    defer_depth: i32 = 2, 1..=8, step 1;
}

impl SearchParams {
    /// Applies a `name=value,...` list (see [`PARAMS_ENV`]) to `self`. Returns the words that
    /// were ignored, each with why; the others apply.
    pub fn apply(&mut self, spec: &str) -> Vec<String> {
        let mut rejected = Vec::new();
        for word in spec.split(',').map(str::trim).filter(|w| !w.is_empty()) {
            let result = match word.split_once('=') {
                Some((name, value)) => self.set(name.trim(), value),
                None => Err(format!("'{word}': expected name=value")),
            };
            if let Err(e) = result {
                rejected.push(e);
            }
        }
        rejected
    }

    /// The defaults with the settings of [`PARAMS_ENV`], if set; the words it ignores are
    /// reported on stderr, once (the variable is read the first time this is asked).
    pub fn from_env() -> SearchParams {
        static FROM_ENV: Lazy<SearchParams> = Lazy::new(|| {
            let mut params = SearchParams::default();
            if let Ok(spec) = std::env::var(PARAMS_ENV) {
                for e in params.apply(&spec) {
                    log::warn!("{PARAMS_ENV}: {e}; ignored");
                }
            }
            params
        });
        *FROM_ENV
    }

    /// The late move reductions these parameters give, by depth and move number.
    fn lmr_table(&self) -> LmrTable {
        let mut lmr = [[0i32; 64]; 64];
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                *r = (self.lmr_base + (d as f64).ln() * (m as f64).ln() / self.lmr_divisor) as i32;
            }
        }
        lmr
    }
}

/// The table of parameters, a line each: `name default min max step`.
pub fn param_table() -> String {
    PARAMS
        .iter()
        .map(|p| format!("{} {} {} {} {}\n", p.name, p.default, p.min, p.max, p.step))
        .collect()
}

/// Late move reductions in plies by depth left and move number (both capped at 63).
pub(crate) type LmrTable = [[i32; 64]; 64];

/// The default parameters' reductions, made once for every searcher that uses them.
static DEFAULT_LMR: Lazy<LmrTable> = Lazy::new(|| SearchParams::default().lmr_table());

/// The late move reductions of a searcher's parameters, made when they are set (the hot path
/// reads the table, never the logarithms): the shared default table unless the parameters
/// change it.
pub(crate) struct Reductions(Option<Box<LmrTable>>);

impl Reductions {
    /// The reductions of `params`.
    pub(crate) fn new(params: &SearchParams) -> Reductions {
        let default = SearchParams::default();
        if params.lmr_base == default.lmr_base && params.lmr_divisor == default.lmr_divisor {
            Reductions(None)
        } else {
            Reductions(Some(Box::new(params.lmr_table())))
        }
    }

    /// The table.
    pub(crate) fn table(&self) -> &LmrTable {
        self.0.as_deref().unwrap_or(&DEFAULT_LMR)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_the_numbers_the_matches_settled_on() {
        let p = SearchParams::default();
        assert_eq!(p.qs_max_plies, 12);
        assert_eq!((p.history_bonus_cap, p.history_bonus_scale), (400, 32));
        assert_eq!((p.lmr_base, p.lmr_divisor), (0.5, 2.25));
        assert_eq!((p.lmr_min_depth, p.root_lmr_min_move), (3, 4));
        assert_eq!(
            (p.lmp_max_depth, p.lmp_base, p.lmp_per_depth_squared),
            (3, 6, 3)
        );
        assert_eq!((p.futility_max_depth, p.futility_margin_per_ply), (2, 150));
        assert_eq!((p.rfp_max_depth, p.rfp_margin_per_ply), (3, 100));
        assert_eq!(
            (
                p.aspiration_min_depth,
                p.aspiration_window,
                p.aspiration_max_window
            ),
            (4, 30, 1000)
        );
        assert_eq!(p.defer_depth, 2);
        // The table says the same, and every default lies inside its range, on a step's grid
        // of whole numbers where the parameter is whole.
        assert_eq!(PARAMS.len(), 18);
        for param in PARAMS {
            assert_eq!(p.get(param.name), Some(param.default), "{}", param.name);
            assert!(
                param.min <= param.default && param.default <= param.max,
                "{param:?}"
            );
            assert!(
                param.step > 0.0 && param.step <= param.max - param.min,
                "{param:?}"
            );
            if param.integer {
                for v in [param.default, param.min, param.max, param.step] {
                    assert_eq!(v.fract(), 0.0, "{param:?}");
                }
            }
        }
        // The largest history bonus the ranges allow stays within the history's bound.
        let (cap, scale) = (PARAMS[1], PARAMS[2]);
        assert_eq!(
            (cap.name, scale.name),
            ("history_bonus_cap", "history_bonus_scale")
        );
        assert!(cap.max * scale.max <= HISTORY_MAX as f64);
    }

    #[test]
    fn the_default_reductions_are_the_formula_of_the_defaults() {
        let table = Reductions::new(&SearchParams::default());
        let lmr = table.table();
        assert_eq!(lmr[0], [0; 64]);
        assert_eq!(lmr[1][1], 0);
        // 0.5 + ln 10 * ln 20 / 2.25 = 3.57.
        assert_eq!(lmr[10][20], 3);
        assert_eq!(lmr[63][63], (0.5 + 63f64.ln() * 63f64.ln() / 2.25) as i32);
        // Other parameters get their own table.
        let mut p = SearchParams::default();
        p.set("lmr_divisor", "1.5").unwrap();
        let other = Reductions::new(&p);
        assert_eq!(
            other.table()[10][20],
            (0.5 + 10f64.ln() * 20f64.ln() / 1.5) as i32
        );
        assert!(other.table()[10][20] > lmr[10][20]);
    }

    #[test]
    fn a_list_of_settings_applies_what_is_valid_and_reports_the_rest() {
        let mut p = SearchParams::default();
        let rejected = p.apply(" lmr_divisor=2.5, rfp_margin_per_ply = 90 ,qs_max_plies=8,");
        assert!(rejected.is_empty(), "{rejected:?}");
        assert_eq!(p.lmr_divisor, 2.5);
        assert_eq!(p.rfp_margin_per_ply, 90);
        assert_eq!(p.qs_max_plies, 8);
        // Unknown names, values out of range, fractions for whole numbers, words without a
        // value: each is reported and changes nothing, while the valid words still apply.
        let before = p;
        let rejected = p.apply(
            "null_move_base=3,lmr_divisor=0.5,lmr_divisor=NaN,lmp_base=2.5,lmp_base=-1,\
             aspiration_window=4,aspiration_window=301,futility_max_depth,lmr_min_depth=1,\
             lmp_base=10",
        );
        assert_eq!(rejected.len(), 9, "{rejected:?}");
        assert!(rejected[0].contains("unknown parameter"), "{}", rejected[0]);
        assert!(rejected[1].contains("outside"), "{}", rejected[1]);
        assert!(rejected[3].contains("whole number"), "{}", rejected[3]);
        assert!(
            rejected[7].contains("expected name=value"),
            "{}",
            rejected[7]
        );
        assert_eq!(
            p,
            SearchParams {
                lmp_base: 10,
                ..before
            }
        );
        // The ends of a range are in it.
        let mut q = SearchParams::default();
        assert_eq!(q.set("aspiration_window", "5"), Ok(()));
        assert_eq!(q.set("aspiration_window", "300"), Ok(()));
        assert_eq!(q.set("lmr_base", "0"), Ok(()));
        assert_eq!(q.aspiration_window, 300);
        assert_eq!(q.lmr_base, 0.0);
    }

    #[test]
    fn the_table_lists_every_parameter() {
        let table = param_table();
        let lines: Vec<&str> = table.lines().collect();
        assert_eq!(lines.len(), PARAMS.len());
        assert_eq!(lines[0], "qs_max_plies 12 2 32 2");
        assert!(lines.contains(&"lmr_divisor 2.25 1 5 0.25"), "{table}");
        for (line, param) in lines.iter().zip(PARAMS) {
            let words: Vec<&str> = line.split(' ').collect();
            assert_eq!(words.len(), 5, "{line}");
            assert_eq!(words[0], param.name);
            assert_eq!(words[1].parse::<f64>(), Ok(param.default), "{line}");
        }
    }
}
