//! The rules library for a page: games held by handle, each call answered as JSON text in the
//! output buffer (see [`crate::io`]). A negative return value means the call was refused; the
//! output then holds the engine's message.

use std::cell::RefCell;

use crate::io;
use crate::json::Json;
use mingmang::frontend::{Engine, Game, GameRules, OptionInfo, Side};

thread_local! {
    static GAMES: RefCell<Vec<Option<Game>>> = const { RefCell::new(Vec::new()) };
}

fn option_json(o: &OptionInfo) -> Json {
    Json::object([
        ("name", o.name.as_str().into()),
        ("kind", o.kind.as_str().into()),
        ("range", o.range.into()),
        ("default", o.default.as_str().into()),
        ("choices", Json::strings(o.choices.iter().cloned())),
        ("help", o.help.as_str().into()),
    ])
}

/// The variants, the rule options and the engine options, for building a settings form.
#[no_mangle]
pub extern "C" fn mm_rules_info() {
    let options = |list: Vec<OptionInfo>| Json::List(list.iter().map(option_json).collect());
    let info = Json::object([
        ("variants", Json::strings(GameRules::variants())),
        ("ruleOptions", options(GameRules::options())),
        ("engineOptions", options(Engine::options())),
    ]);
    io::answer(info.to_string());
}

/// Rules from a line of rule options, `Name=value` pairs separated by tabs
/// (`Variant=gala\tMaxPlies=200`; an empty line for the defaults), set at once in the
/// table's order (`GameRules::set_all`).
fn rules_from(line: &str) -> Result<GameRules, String> {
    let mut given = Vec::new();
    for pair in line.split('\t').filter(|p| !p.trim().is_empty()) {
        let (name, value) = pair
            .split_once('=')
            .ok_or_else(|| format!("rules: '{pair}' is not Name=value"))?;
        given.push((name.trim(), value.trim()));
    }
    let mut rules = GameRules::default();
    rules.set_all(&given).map_err(|e| e.to_string())?;
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

/// A new game: the input (`len` bytes) is a line of rule options (see `rules_from`), then
/// optionally a line with a position string and a line with moves played from it (a game
/// record). Returns
/// the game's handle, or -1 with the message in the output.
#[no_mangle]
pub extern "C" fn mm_game_new(len: usize) -> i32 {
    let input = io::input(len);
    let mut lines = input.splitn(3, '\n');
    let made = rules_from(lines.next().unwrap_or("")).and_then(|rules| {
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
fn state(game: &Game) -> Json {
    let rules = game.rules();
    let outcome = game.outcome();
    Json::object([
        ("variant", rules.variant().into()),
        ("rules", rules.describe().into()),
        ("width", rules.width().into()),
        ("height", rules.height().into()),
        ("start", game.start_position().into()),
        ("position", game.position().into()),
        ("side", game.side_to_move().name().into()),
        ("ply", game.ply().into()),
        ("moves", Json::strings(game.moves())),
        ("legal", Json::strings(game.legal_moves())),
        (
            "outcome",
            Json::object([
                ("status", outcome.status.protocol().into()),
                ("reason", outcome.reason.map(|r| format!("{r:?}")).into()),
                ("territory", outcome.territory.into()),
                ("text", outcome.text.into()),
            ]),
        ),
        ("lastCaptures", Json::strings(game.last_captures())),
    ])
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
        Ok(Json::object([
            ("white", Json::strings(game.takeable_by(Side::White))),
            ("black", Json::strings(game.takeable_by(Side::Black))),
        ])
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
    use serde_json::{json, Value};

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
        let h = new_game("Variant=gala");
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
        assert_eq!(new_game("Variant=chess"), -1);
        assert!(answer().contains("chess"));
        assert_eq!(new_game("Colour=red"), -1);
        assert!(answer().contains("Colour"));
        assert_eq!(new_game("not a pair"), -1);
        let h = new_game("BoardSize=5x5\tMaxPlies=30\n\na2b2 e4d4");
        assert!(h >= 0);
        mm_game_state(h);
        let s: Value = serde_json::from_str(&answer()).unwrap();
        assert_eq!((s["width"].as_u64(), s["ply"].as_u64()), (Some(5), Some(2)));
        assert_eq!(s["rules"], "5x5 max-plies 30");
        let h = new_game("\n2w1/2b1/wb2/4/2w1 w\nc1c3");
        assert!(h >= 0);
        mm_game_state(h);
        let s: Value = serde_json::from_str(&answer()).unwrap();
        assert_eq!(s["lastCaptures"], json!(["b3", "c4"]));
        assert_eq!(mm_game_perft(h, 2), 0);
        assert!(answer().parse::<u64>().is_ok());
    }
}
