//! The rules library for a page: games held by handle, each call answered as JSON text in the
//! output buffer (see [`crate::io`]). A negative return value means the call was refused; the
//! output then holds the engine's message.

use std::cell::RefCell;

use mingmang::api::{Engine, Game, GameRules, OptionInfo, Side};
use serde_json::{json, Map, Value};

use crate::io;

thread_local! {
    static GAMES: RefCell<Vec<Option<Game>>> = const { RefCell::new(Vec::new()) };
}

fn option_json(o: &OptionInfo) -> Value {
    json!({
        "name": o.name,
        "kind": o.kind,
        "range": o.range,
        "default": o.default,
        "choices": o.choices,
        "help": o.help,
    })
}

/// The variants, the rule options and the engine options, for building a settings form.
#[no_mangle]
pub extern "C" fn mm_rules_info() {
    let info = json!({
        "variants": GameRules::variants(),
        "ruleOptions": GameRules::options().iter().map(option_json).collect::<Vec<_>>(),
        "engineOptions": Engine::options().iter().map(option_json).collect::<Vec<_>>(),
    });
    io::answer(info.to_string());
}

/// Rules from a JSON object of rule options (`{"Variant": "gala", "MaxPlies": "200"}`),
/// set in the table's order so that the variant comes before the options that depend on it.
fn rules_from(text: &str) -> Result<GameRules, String> {
    let given: Map<String, Value> =
        serde_json::from_str(text).map_err(|e| format!("rules: not a JSON object: {e}"))?;
    let mut rules = GameRules::default();
    for option in GameRules::options() {
        let value = given
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(&option.name))
            .map(|(_, v)| v);
        let text = match value {
            None => continue,
            Some(Value::String(s)) => s.clone(),
            Some(v) => v.to_string(),
        };
        rules.set(&option.name, &text).map_err(|e| e.to_string())?;
    }
    if let Some(name) = given.keys().find(|name| {
        !GameRules::options()
            .iter()
            .any(|o| o.name.eq_ignore_ascii_case(name))
    }) {
        return Err(format!("unknown rule option '{name}'"));
    }
    Ok(rules)
}

fn store(game: Game) -> i32 {
    GAMES.with(|g| {
        let mut games = g.borrow_mut();
        let slot = games.iter().position(Option::is_none).unwrap_or_else(|| {
            games.push(None);
            games.len() - 1
        });
        games[slot] = Some(game);
        slot as i32
    })
}

/// Runs `f` on game `handle`; its text goes to the output buffer and 0 is returned, or its
/// error goes there and -1 is returned.
fn with_game(handle: i32, f: impl FnOnce(&mut Game) -> Result<String, String>) -> i32 {
    let result = GAMES.with(|g| {
        let mut games = g.borrow_mut();
        match usize::try_from(handle)
            .ok()
            .and_then(|i| games.get_mut(i))
            .and_then(Option::as_mut)
        {
            Some(game) => f(game),
            None => Err(format!("no game {handle}")),
        }
    });
    match result {
        Ok(text) => {
            io::answer(text);
            0
        }
        Err(e) => {
            io::answer(e);
            -1
        }
    }
}

/// A new game: the input (`len` bytes) is a JSON object of rule options, then optionally a
/// line with a position string and a line with moves played from it (a game record). Returns
/// the game's handle, or -1 with the message in the output.
#[no_mangle]
pub extern "C" fn mm_game_new(len: usize) -> i32 {
    let input = io::input(len);
    let mut lines = input.splitn(3, '\n');
    let made = rules_from(lines.next().unwrap_or("{}")).and_then(|rules| {
        let position = lines.next().unwrap_or("").trim();
        let moves = lines.next().unwrap_or("").trim();
        if position.is_empty() {
            let mut game = Game::new(&rules);
            game.play_moves(moves).map_err(|e| e.to_string())?;
            Ok(game)
        } else {
            Game::from_position(&rules, position, moves).map_err(|e| e.to_string())
        }
    });
    match made {
        Ok(game) => store(game),
        Err(e) => {
            io::answer(e);
            -1
        }
    }
}

/// Forgets game `handle`.
#[no_mangle]
pub extern "C" fn mm_game_free(handle: i32) {
    GAMES.with(|g| {
        let mut games = g.borrow_mut();
        if let Some(slot) = usize::try_from(handle).ok().and_then(|i| games.get_mut(i)) {
            *slot = None;
        }
    });
}

/// Everything a page draws and checks: rules, size, positions, side to move, moves played,
/// legal moves, outcome, the last move's captures.
fn state(game: &Game) -> Value {
    let rules = game.rules();
    let outcome = game.outcome();
    json!({
        "variant": rules.variant(),
        "rules": rules.describe(),
        "width": rules.width(),
        "height": rules.height(),
        "start": game.start_position(),
        "position": game.position(),
        "side": game.side_to_move().name(),
        "ply": game.ply(),
        "moves": game.moves(),
        "legal": game.legal_moves(),
        "outcome": {
            "status": outcome.status.protocol(),
            "reason": outcome.reason.map(|r| format!("{r:?}")),
            "territory": outcome.territory,
            "text": outcome.text,
        },
        "lastCaptures": game.last_captures(),
    })
}

/// The state of game `handle` as JSON.
#[no_mangle]
pub extern "C" fn mm_game_state(handle: i32) -> i32 {
    with_game(handle, |game| Ok(state(game).to_string()))
}

/// Plays the move written in the input (`len` bytes) on game `handle`; answers the new state.
#[no_mangle]
pub extern "C" fn mm_game_play(handle: i32, len: usize) -> i32 {
    let text = io::input(len);
    with_game(handle, |game| {
        game.play(text.trim()).map_err(|e| e.to_string())?;
        Ok(state(game).to_string())
    })
}

/// Takes back the last move of game `handle`; answers the new state (refused at the start).
#[no_mangle]
pub extern "C" fn mm_game_undo(handle: i32) -> i32 {
    with_game(handle, |game| match game.undo() {
        Some(_) => Ok(state(game).to_string()),
        None => Err("no move to take back".into()),
    })
}

/// The pieces each side could take with one move in game `handle`:
/// `{"white": [...], "black": [...]}` (the squares of the pieces it could take).
#[no_mangle]
pub extern "C" fn mm_game_threats(handle: i32) -> i32 {
    with_game(handle, |game| {
        Ok(json!({
            "white": game.takeable_by(Side::White),
            "black": game.takeable_by(Side::Black),
        })
        .to_string())
    })
}

/// Perft of game `handle` to `depth` plies; the count is the answer.
#[no_mangle]
pub extern "C" fn mm_game_perft(handle: i32, depth: u32) -> i32 {
    with_game(handle, |game| {
        game.perft(depth)
            .map(|n| n.to_string())
            .map_err(|e| e.to_string())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer() -> String {
        crate::io::answer_text()
    }

    fn new_game(text: &str) -> i32 {
        let ptr = crate::io::mm_input(text.len());
        // SAFETY: the buffer has `text.len()` bytes.
        unsafe { std::ptr::copy_nonoverlapping(text.as_ptr(), ptr, text.len()) };
        mm_game_new(text.len())
    }

    fn play(handle: i32, mv: &str) -> i32 {
        let ptr = crate::io::mm_input(mv.len());
        // SAFETY: as above.
        unsafe { std::ptr::copy_nonoverlapping(mv.as_ptr(), ptr, mv.len()) };
        mm_game_play(handle, mv.len())
    }

    #[test]
    fn a_game_is_made_played_and_taken_back() {
        let h = new_game(r#"{"Variant": "gala"}"#);
        assert!(h >= 0);
        assert_eq!(mm_game_state(h), 0);
        let s: Value = serde_json::from_str(&answer()).unwrap();
        assert_eq!(s["position"], "7/7/7/7/7/7/7 b w13b10");
        assert_eq!(s["side"], "black");
        assert_eq!(play(h, "d4"), 0);
        let s: Value = serde_json::from_str(&answer()).unwrap();
        assert_eq!(s["moves"], json!(["d4"]));
        assert_eq!(play(h, "a1a9"), -1);
        assert!(answer().contains("a1a9"));
        assert_eq!(mm_game_undo(h), 0);
        assert_eq!(mm_game_undo(h), -1);
        mm_game_free(h);
        assert_eq!(mm_game_state(h), -1);
    }

    #[test]
    fn rules_and_records_are_checked() {
        assert_eq!(new_game(r#"{"Variant": "chess"}"#), -1);
        assert!(answer().contains("chess"));
        assert_eq!(new_game(r#"{"Colour": "red"}"#), -1);
        assert_eq!(new_game("not json"), -1);
        let h = new_game("{\"BoardSize\": \"5x5\", \"MaxPlies\": 30}\n\na2b2 e4d4");
        assert!(h >= 0);
        mm_game_state(h);
        let s: Value = serde_json::from_str(&answer()).unwrap();
        assert_eq!((s["width"].as_u64(), s["ply"].as_u64()), (Some(5), Some(2)));
        assert_eq!(s["rules"], "5x5 max-plies 30");
        let h = new_game("{}\n2w1/2b1/wb2/4/2w1 w\nc1c3");
        assert!(h >= 0);
        mm_game_state(h);
        let s: Value = serde_json::from_str(&answer()).unwrap();
        assert_eq!(s["lastCaptures"], json!(["b3", "c4"]));
        assert_eq!(mm_game_perft(h, 2), 0);
        assert!(answer().parse::<u64>().is_ok());
    }
}
