//! Time controls: a clock with increment, a fixed time per move, a fixed depth or fixed nodes.

use std::time::Duration;

/// How long an engine may think.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// Each side starts with `base_ms` and gains `inc_ms` after each of its moves.
    Clock {
        /// Starting time per side, in milliseconds.
        base_ms: u64,
        /// Increment per move, in milliseconds.
        inc_ms: u64,
    },
    /// A fixed time per move, in milliseconds.
    MoveTime(u64),
    /// A fixed search depth in plies.
    Depth(u32),
    /// A fixed number of nodes.
    Nodes(u64),
}

/// How long an engine on a fixed depth or node count may take for one move before it is
/// declared hung: such limits say nothing about time, so only a generous guard applies.
pub const UNTIMED_GUARD: Duration = Duration::from_secs(60);

impl TimeControl {
    /// Reads `BASE+INC` in seconds, e.g. `10+0.1`, or `BASE` alone.
    pub fn parse_clock(text: &str) -> Result<TimeControl, String> {
        let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
        let secs = |s: &str| -> Result<u64, String> {
            let x: f64 = s
                .trim()
                .parse()
                .map_err(|_| format!("--tc '{text}': '{s}' is not a number of seconds"))?;
            if !(0.0..1e9).contains(&x) {
                return Err(format!("--tc '{text}': '{s}' is out of range"));
            }
            Ok((x * 1000.0).round() as u64)
        };
        let (base_ms, inc_ms) = (secs(base)?, secs(inc)?);
        if base_ms == 0 && inc_ms == 0 {
            return Err(format!("--tc '{text}': the clock needs some time"));
        }
        Ok(TimeControl::Clock { base_ms, inc_ms })
    }

    /// A short description for records, e.g. `10+0.1`, `movetime=100ms`, `depth=3`.
    pub fn describe(&self) -> String {
        match *self {
            TimeControl::Clock { base_ms, inc_ms } => {
                format!("{}+{}", base_ms as f64 / 1000.0, inc_ms as f64 / 1000.0)
            }
            TimeControl::MoveTime(ms) => format!("movetime={ms}ms"),
            TimeControl::Depth(d) => format!("depth={d}"),
            TimeControl::Nodes(n) => format!("nodes={n}"),
        }
    }
}

/// Both sides' clocks during one game.
#[derive(Clone, Debug)]
pub struct Clocks {
    tc: TimeControl,
    /// Milliseconds left for White and Black (only meaningful for [`TimeControl::Clock`]).
    left: [u64; 2],
}

impl Clocks {
    /// Fresh clocks at the start of a game.
    pub fn new(tc: TimeControl) -> Clocks {
        let base = match tc {
            TimeControl::Clock { base_ms, .. } => base_ms,
            _ => 0,
        };
        Clocks {
            tc,
            left: [base, base],
        }
    }

    /// The `go` arguments for the side `side` (0 White, 1 Black) to move, with the clock words
    /// of the protocol spelling (`p1time`... or `wtime`...).
    pub fn go_args(&self, uci_words: bool) -> String {
        match self.tc {
            TimeControl::Clock { inc_ms, .. } => {
                let w = if uci_words {
                    ["wtime", "btime", "winc", "binc"]
                } else {
                    ["p1time", "p2time", "p1inc", "p2inc"]
                };
                format!(
                    "{} {} {} {} {} {inc_ms} {} {inc_ms}",
                    w[0], self.left[0], w[1], self.left[1], w[2], w[3]
                )
            }
            TimeControl::MoveTime(ms) => format!("movetime {ms}"),
            TimeControl::Depth(d) => format!("depth {d}"),
            TimeControl::Nodes(n) => format!("nodes {n}"),
        }
    }

    /// How long `side` may take for this move before it forfeits, margin included.
    pub fn allowance(&self, side: usize, margin: Duration) -> Duration {
        match self.tc {
            TimeControl::Clock { .. } => Duration::from_millis(self.left[side]) + margin,
            TimeControl::MoveTime(ms) => Duration::from_millis(ms) + margin,
            TimeControl::Depth(_) | TimeControl::Nodes(_) => UNTIMED_GUARD + margin,
        }
    }

    /// Charges `used` to `side` and adds the increment. Time used within the margin beyond
    /// the clock leaves the clock at zero rather than negative, as in cutechess-cli, so a
    /// tolerated overrun is not punished again on the next move.
    pub fn charge(&mut self, side: usize, used: Duration) {
        if let TimeControl::Clock { inc_ms, .. } = self.tc {
            let used = used.as_millis() as u64;
            self.left[side] = self.left[side].saturating_sub(used) + inc_ms;
        }
    }

    /// Milliseconds left for White and Black.
    pub fn left(&self) -> [u64; 2] {
        self.left
    }
}
