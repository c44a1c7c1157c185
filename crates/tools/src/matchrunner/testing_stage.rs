//! The stages of proving a change stronger, as the testing frameworks of strong engines run
//! them: a cheap screen at fixed nodes, then an SPRT at a short time control (STC), then a
//! confirmation at a long one (LTC, four times the STC). Each stage is one `--preset` of
//! `mingmang match`; flags given beside it win over its values.
//!
//! Why a clock and not only nodes: a change tuned at a fixed node count can lose at a clock,
//! because it costs time per node or because it helps only shallow searches (the gains tuned
//! at 3,000 nodes a move measured even or worse than the older build at 40 ms a move).

use super::tc::TimeControl;

/// A stage of testing a change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum TestingStage {
    /// Screening: 3,000 nodes a move. Cheap and the same on every machine, but says nothing
    /// about time; a change that passes goes on to `stc`.
    Screen,
    /// The short time control: a 4 s + 0.04 s clock per side (over a 400-ply game on 8x8,
    /// about 90 ms a move in the opening, then 40-60 ms).
    Stc,
    /// The long time control: 16 s + 0.16 s per side, four times the STC, to confirm.
    Ltc,
}

/// The random opening plies of every preset (from the start, balanced, each opening played
/// with both colours), unless `--openings` or `--random-openings` is given.
pub const PRESET_OPENING_PLIES: u32 = 8;

impl TestingStage {
    /// The limit per move of this stage.
    pub fn time_control(self) -> TimeControl {
        match self {
            TestingStage::Screen => TimeControl::Nodes(3000),
            TestingStage::Stc => TimeControl::Clock {
                base_ms: 4000,
                inc_ms: 40,
            },
            TestingStage::Ltc => TimeControl::Clock {
                base_ms: 16000,
                inc_ms: 160,
            },
        }
    }

    /// The SPRT of this stage, as `--sprt` words: H0 "no gain" against H1 "+10 Elo", 5%
    /// errors each way, counting game pairs. The bounds suit the few thousand games a change
    /// can get here (fishtest's [0, 2] takes tens of thousands).
    pub fn sprt_words(self) -> Vec<String> {
        [
            "elo0=0",
            "elo1=10",
            "alpha=0.05",
            "beta=0.05",
            "model=pairs",
        ]
        .iter()
        .map(|w| w.to_string())
        .collect()
    }

    /// The most games the stage plays if its SPRT has not decided by then.
    pub fn max_games(self) -> u32 {
        match self {
            TestingStage::Screen | TestingStage::Stc => 4000,
            TestingStage::Ltc => 2000,
        }
    }

    /// The preset's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            TestingStage::Screen => "screen",
            TestingStage::Stc => "stc",
            TestingStage::Ltc => "ltc",
        }
    }

    /// The flags this preset stands for, for the match's first line and the docs.
    pub fn flags(self) -> String {
        let limit = match self.time_control() {
            TimeControl::Nodes(n) => format!("--nodes {n}"),
            tc => format!("--tc {}", tc.describe()),
        };
        format!(
            "{limit} --sprt {} --games {} --random-openings {PRESET_OPENING_PLIES}",
            self.sprt_words().join(" "),
            self.max_games()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matchrunner::stats::Sprt;

    #[test]
    fn the_long_control_is_four_times_the_short_one() {
        let (
            TimeControl::Clock {
                base_ms: b1,
                inc_ms: i1,
            },
            TimeControl::Clock {
                base_ms: b4,
                inc_ms: i4,
            },
        ) = (
            TestingStage::Stc.time_control(),
            TestingStage::Ltc.time_control(),
        )
        else {
            panic!("STC and LTC are clocks");
        };
        assert_eq!((b4, i4), (4 * b1, 4 * i1));
    }

    #[test]
    fn every_preset_is_valid_flags() {
        for p in [TestingStage::Screen, TestingStage::Stc, TestingStage::Ltc] {
            Sprt::parse(&p.sprt_words()).expect("the SPRT words parse");
            let flags = p.flags();
            assert!(flags.contains("--sprt elo0=0 elo1=10"), "{flags}");
            if let TimeControl::Clock { .. } = p.time_control() {
                let tc = flags.split_whitespace().nth(1).unwrap();
                assert_eq!(TimeControl::parse_clock(tc), Ok(p.time_control()));
            }
        }
        assert_eq!(
            TestingStage::Stc.flags().split_whitespace().nth(1),
            Some("4+0.04")
        );
        for p in [TestingStage::Screen, TestingStage::Stc, TestingStage::Ltc] {
            use clap::ValueEnum;
            assert_eq!(p.to_possible_value().unwrap().get_name(), p.name());
        }
    }

    #[test]
    fn the_data_guide_lists_each_preset_as_it_is() {
        let guide = include_str!("../../../../docs/data.md");
        for p in [TestingStage::Screen, TestingStage::Stc, TestingStage::Ltc] {
            let row = format!("| `--preset {}` | `{}` |", p.name(), p.flags());
            assert!(guide.contains(&row), "docs/data.md lacks {row}");
        }
    }
}
