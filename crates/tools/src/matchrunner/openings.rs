//! Openings: position strings read from a file, or random balanced openings made of k random
//! legal plies from the start position.

use mingmang::cli::build_game;
use mingmang::rules::random::RandomOpening;
pub use mingmang::rules::random::Stream;
use mingmang::rules::{format_position, parse_position, Game, Rules};

/// Where a game starts: a position string (or the start position) and moves played from it;
/// written so in each game of the match journal.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Opening {
    /// The position string to start from; `None` for the start position.
    pub fen: Option<String>,
    /// Moves played from there before the engines take over. They are sent to the engines as
    /// `moves`, not folded into a position string, because rule 7 needs the whole history.
    pub moves: Vec<String>,
}

impl Opening {
    /// The start position with no moves.
    pub fn startpos() -> Opening {
        Opening {
            fen: None,
            moves: Vec::new(),
        }
    }

    /// The game this opening sets up under `rules`.
    pub fn game(&self, rules: Rules) -> Result<Game, String> {
        build_game(rules, self.fen.as_deref(), Some(&self.moves.join(" ")))
    }

    /// The `position ...` command for this opening followed by `played`.
    pub fn position_command(&self, played: &[String]) -> String {
        let mut cmd = match &self.fen {
            None => "position startpos".to_string(),
            Some(fen) => format!("position fen {fen}"),
        };
        if !self.moves.is_empty() || !played.is_empty() {
            cmd.push_str(" moves");
            for m in self.moves.iter().chain(played) {
                cmd.push(' ');
                cmd.push_str(m);
            }
        }
        cmd
    }
}

/// Reads an openings file: one position string per line, optionally followed by `moves ...`;
/// blank lines and lines starting with `#` are skipped. Each opening is checked against the
/// rules: right board size, legal moves, game not already over.
pub fn read_openings(text: &str, rules: Rules) -> Result<Vec<Opening>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (fen, moves) = match line.split_once(" moves") {
            Some((f, m)) => (f.trim(), m.split_whitespace().map(String::from).collect()),
            None => (line, Vec::new()),
        };
        let at = |e: String| format!("openings line {}: {e}", i + 1);
        let position = parse_position(fen).map_err(at)?;
        if position.size() != rules.size() {
            return Err(at(format!(
                "the position is on a {} board but the match is on {}",
                position.size(),
                rules.size()
            )));
        }
        let opening = Opening {
            fen: Some(fen.to_string()),
            moves,
        };
        let game = opening.game(rules).map_err(at)?;
        if game.outcome().is_over() {
            return Err(at("the game is already over in this position".into()));
        }
        out.push(opening);
    }
    if out.is_empty() {
        return Err("the openings file holds no position".into());
    }
    Ok(out)
}

/// Checks that `plies` random plies fit in a game under `rules` (what `--random-openings` and
/// `--opening-plies` ask): an opening that reaches the ply limit leaves no game to play.
pub fn check_opening_plies(rules: Rules, plies: u32, flag: &str) -> Result<(), String> {
    match rules.max_plies() {
        Some(limit) if plies >= limit => Err(format!(
            "{flag} {plies} leaves no game to play under --max-plies {limit}: use fewer plies \
             or a higher limit"
        )),
        _ => Ok(()),
    }
}

/// `base` followed by the random legal moves of `recipe` ([`RandomOpening::balanced`]: both
/// sides keep the material lead they had at `base` and the game is not over; or
/// [`RandomOpening::quiet`], and no piece can be taken at once either). Each opening depends
/// only on `(base, stream, seed, index)` ([`Stream::rng`]), so games get the same openings
/// whatever the concurrency. `base` must be a legal, unfinished opening under `rules` (as
/// [`read_openings`] checks). An error if no line of the recipe's plies leaves the game
/// unfinished: the request cannot be honoured.
pub fn extend_opening(
    base: &Opening,
    rules: Rules,
    recipe: RandomOpening,
    stream: Stream,
    seed: u64,
    index: u64,
) -> Result<Opening, String> {
    let start = base.game(rules)?;
    let plies = recipe.plies;
    let line = recipe
        .draw(&start, &mut stream.rng(seed, index))
        .ok_or_else(|| {
            format!(
                "no line of {plies} random plies leaves the game unfinished ({} tried): use \
                 fewer plies",
                recipe.tries
            )
        })?;
    let mut moves = base.moves.clone();
    moves.extend(
        line.moves()
            .skip(start.moves().count())
            .map(|m| m.to_string()),
    );
    Ok(Opening {
        fen: base.fen.clone(),
        moves,
    })
}

/// The position string after an opening, for records.
pub fn opening_position(opening: &Opening, rules: Rules) -> String {
    opening
        .game(rules)
        .map(|g| format_position(g.position()))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use mingmang::rules::{Color, Preset};
    use std::collections::HashSet;

    /// An openings file shipped in `docs/openings/`, read under its game's rules.
    fn shipped(file: &str, preset: Preset) -> (Rules, Vec<Opening>) {
        let path = format!("{}/../../docs/openings/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap();
        let rules = Rules::preset(preset);
        let openings = read_openings(&text, rules).unwrap_or_else(|e| panic!("{file}: {e}"));
        (rules, openings)
    }

    #[test]
    fn the_shipped_rek_family_openings_are_distinct_level_and_white_to_move() {
        for (file, preset) in [
            ("rek-balanced.txt", Preset::Rek),
            ("minrekchanh-balanced.txt", Preset::MinRekChanh),
        ] {
            let (rules, openings) = shipped(file, preset);
            // 3,200 openings: 1,500 first (`--games 3000` plays each with both colours), then
            // 1,700 drawn later the same way.
            assert_eq!(openings.len(), 3200, "{file}");
            let distinct: HashSet<_> = openings.iter().map(|o| o.fen.clone()).collect();
            assert_eq!(distinct.len(), openings.len(), "{file} repeats an opening");
            for opening in &openings {
                let game = opening.game(rules).unwrap();
                let position = game.position();
                // Eight plies from the start: White is to move, and nobody has lost a piece.
                assert_eq!(position.side_to_move(), Color::White, "{file}: {opening:?}");
                assert_eq!(position.total(Color::White), 16, "{file}: {opening:?}");
                assert_eq!(position.total(Color::Black), 16, "{file}: {opening:?}");
            }
        }
    }
}
