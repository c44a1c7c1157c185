//! Command-line pieces shared by the subcommands: the rule flags and how they become [`Rules`].

use clap::Args;

use crate::rules::{BoardSize, Game, Preset, Rules};

/// The flags that choose the game: preset, board size and rule options.
#[derive(Args, Debug, Clone, Default)]
pub struct RuleArgs {
    /// Preset: mingmang (8x8), gundru (9x9), tibetan (17x17), go-board (19x19), or a relative
    /// of seed 004: makyek, apitsodok, rek, minrekchanh (8x8), gala (7x7), makyek-hunt (8x8).
    #[arg(long, value_name = "NAME")]
    pub variant: Option<String>,
    /// Board size as WxH (files x ranks), 4x4 to 19x19; overrides the preset's size.
    #[arg(long, value_name = "WxH")]
    pub size: Option<String>,
    /// Newly converted pieces flank in turn (seed 001).
    #[arg(long)]
    pub enchained_capture: bool,
    /// Passing allowed, two passes end the game, territory decides (seed 002).
    #[arg(long)]
    pub territory: bool,
    /// Lines through a corner along both edges can be captured (Rin-chen Lha-mo).
    #[arg(long)]
    pub corner_capture: bool,
    /// A side with one piece left may jump and convert an adjacent enemy (Rin-chen Lha-mo).
    #[arg(long)]
    pub last_piece_leap: bool,
    /// End the game after N plies; more pieces wins, equal counts draw.
    #[arg(long, value_name = "N")]
    pub max_plies: Option<u32>,
}

impl RuleArgs {
    /// The rules these flags describe, or an error naming the bad flag.
    pub fn rules(&self) -> Result<Rules, String> {
        let mut rules = match &self.variant {
            None => Rules::default(),
            Some(name) => Rules::preset(Preset::from_name(name).ok_or_else(|| {
                format!("unknown variant '{name}' (known: {})", Preset::names(", "))
            })?),
        };
        if let Some(size) = &self.size {
            rules.size = size.parse::<BoardSize>()?;
        }
        let o = &mut rules.options;
        o.enchained_capture = self.enchained_capture;
        o.territory = self.territory;
        o.corner_capture = self.corner_capture;
        o.last_piece_leap = self.last_piece_leap;
        o.max_plies = self.max_plies;
        rules.validate()?;
        Ok(rules)
    }
}

/// Builds a game from rules, an optional position string (whose size then decides the board)
/// and moves to play first.
pub fn build_game(
    mut rules: Rules,
    fen: Option<&str>,
    moves: Option<&str>,
) -> Result<Game, String> {
    let mut game = match fen {
        None => Game::new(rules),
        Some(text) => {
            let position = crate::rules::parse_position(text)?;
            rules.size = position.size();
            Game::from_position(rules, position)?
        }
    };
    for (i, text) in moves.unwrap_or("").split_whitespace().enumerate() {
        game.play_text(text)
            .map_err(|e| format!("move {} of --moves: {e}", i + 1))?;
    }
    Ok(game)
}
