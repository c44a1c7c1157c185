//! A game as a record in the project's text format (see [`crate::rules::record`]) and back:
//! what the Python package's `Game.record` and `Game.from_record` give.

use super::{Error, ErrorKind, Game, GameRules, Status};
use crate::engine_options::Ruleset;
use crate::rules::record::Record;

/// The tags a record's game decides; a caller cannot give them.
const GAME_TAGS: [&str; 9] = [
    "Variant",
    "Size",
    "Rules",
    "StartFEN",
    "OpeningMoves",
    "FEN",
    "Result",
    "TerminationDetails",
    "PlyCount",
];

impl Game {
    /// The game as a record: `Event`, `White` and `Black` (`?` unless given in `tags`), the
    /// rules (`Variant`, `Size`, `Rules`), `StartFEN` and `FEN` (both the start: the movetext
    /// counts from there), `Result`, `TerminationDetails` once over and `PlyCount`, then any
    /// other tags given. A tag the game decides, or a name that is not a word, is refused.
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::{Game, GameRules};
    ///
    /// let mut game = Game::new(&GameRules::new("rek")?);
    /// game.play_moves("a3a4 h6h5")?;
    /// let text = game.record(&[("White", "me")])?;
    /// assert!(text.contains("[White \"me\"]\n[Black \"?\"]\n[Variant \"rek\"]"));
    /// assert!(text.ends_with("\n\n1. a3a4 h6h5 *\n\n"));
    /// let again = Game::from_record(&text)?;
    /// assert_eq!((again.position(), again.moves()), (game.position(), game.moves()));
    /// assert!(game.record(&[("Result", "1-0")]).is_err());
    /// # Ok::<(), mingmang::frontend::Error>(())
    /// ```
    pub fn record(&self, tags: &[(&str, &str)]) -> Result<String, Error> {
        let refuse = |why: String| Error::new(ErrorKind::Record, why);
        for (name, _) in tags {
            if GAME_TAGS.contains(name) {
                return Err(refuse(format!("the game writes the tag '{name}' itself")));
            }
            if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                return Err(refuse(format!(
                    "'{name}' is not a tag name (letters, digits, _)"
                )));
            }
        }
        let given = |name: &str, default: &str| {
            tags.iter()
                .find(|(n, _)| *n == name)
                .map_or(default.to_string(), |(_, v)| v.to_string())
        };
        let rules = self.rules();
        let outcome = self.outcome();
        let result = match outcome.status {
            Status::WhiteWins => "1-0",
            Status::BlackWins => "0-1",
            Status::Draw => "1/2-1/2",
            Status::Ongoing => "*",
        };
        let start = self.start_position();
        let mut written = vec![
            ("Event".to_string(), given("Event", "mingmang")),
            ("White".to_string(), given("White", "?")),
            ("Black".to_string(), given("Black", "?")),
            ("Variant".to_string(), rules.variant()),
            (
                "Size".to_string(),
                format!("{}x{}", rules.width(), rules.height()),
            ),
            ("Rules".to_string(), rules.describe()),
            ("StartFEN".to_string(), start.clone()),
            ("FEN".to_string(), start),
            ("Result".to_string(), result.to_string()),
        ];
        if outcome.status != Status::Ongoing {
            written.push(("TerminationDetails".to_string(), outcome.text));
        }
        written.push(("PlyCount".to_string(), self.ply().to_string()));
        for (name, value) in tags {
            if !["Event", "White", "Black"].contains(name) {
                written.push((name.to_string(), value.to_string()));
            }
        }
        Ok(Record {
            tags: written,
            moves: self.moves(),
            result: result.to_string(),
        }
        .to_text())
    }

    /// The game a record holds, written by [`Game::record`], by `mingmang match` or by the
    /// page: its rules, its start (`StartFEN`, or the rules' start position), its opening and
    /// its moves, each checked. A record whose text, rules or moves cannot be read is refused
    /// with the reason.
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::{ErrorKind, Game};
    ///
    /// let game = Game::from_record("[Variant \"gundru\"]\n[Rules \"territory\"]\n\n1. a2b2 *")?;
    /// assert_eq!(game.rules().describe(), "gundru territory");
    /// assert_eq!(game.moves(), ["a2b2"]);
    /// assert_eq!(Game::from_record("hello").unwrap_err().kind(), ErrorKind::Move);
    /// assert_eq!(Game::from_record("").unwrap_err().kind(), ErrorKind::Record);
    /// # Ok::<(), mingmang::frontend::Error>(())
    /// ```
    pub fn from_record(text: &str) -> Result<Game, Error> {
        let bad = |why: String| Error::new(ErrorKind::Record, why);
        let record = Record::parse(text).map_err(bad)?;
        let settings = record.settings().map_err(bad)?;
        let ruleset = Ruleset::new(settings).map_err(|e| Error::new(ErrorKind::Option, e))?;
        let rules = GameRules { ruleset };
        let moves = record.all_moves().join(" ");
        match record.tag("StartFEN") {
            Some(start) => Game::from_position(&rules, start, &moves),
            None => {
                let mut game = Game::new(&rules);
                game.play_moves(&moves)?;
                Ok(game)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_finished_game_records_its_result_and_reads_back() {
        let mut game = Game::new(&GameRules::new("gala").unwrap());
        while game.outcome().status == Status::Ongoing {
            let first = game.legal_moves()[0].clone();
            game.play(&first).unwrap();
        }
        let text = game.record(&[("Date", "2026.12.03")]).unwrap();
        assert!(text.contains("[TerminationDetails \""), "{text}");
        assert!(text.contains("[Date \"2026.12.03\"]"), "{text}");
        let again = Game::from_record(&text).unwrap();
        assert_eq!(again.moves(), game.moves());
        assert_eq!(again.outcome(), game.outcome());
        assert_eq!(again.rules(), game.rules());
    }

    #[test]
    fn a_record_with_a_move_the_rules_forbid_is_refused() {
        let error = Game::from_record("[Variant \"rek\"]\n\n1. a1a9 *").unwrap_err();
        assert_eq!(error.kind(), ErrorKind::Move);
        let error = Game::from_record("[Rules \"8x8 sideways\"]\n\n*").unwrap_err();
        assert_eq!(error.kind(), ErrorKind::Record);
        assert!(error.message().contains("sideways"));
        assert!(Game::new(&GameRules::default())
            .record(&[("", "x")])
            .is_err());
    }
}
