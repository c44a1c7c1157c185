//! The exceptions the module raises: one class per kind of engine error, all under
//! `MingmangError` (a `ValueError`), each carrying the engine's own message (or the binding's,
//! for an argument `args` refuses). Their module is `mingmang`, the package users import,
//! so that they show as `mingmang.MoveError`, not as the private `_mingmang`'s.

use mingmang::frontend;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    mingmang,
    MingmangError,
    PyValueError,
    "Base of every error the engine reports, and of every bad argument's (never a bare TypeError or OverflowError); the message names what is wrong."
);
create_exception!(
    mingmang,
    OptionError,
    MingmangError,
    "An unknown option, a value of the wrong type, or rules that do not fit together; also a bad seed, board side of the action encoding, or planes argument."
);
create_exception!(
    mingmang,
    PositionError,
    MingmangError,
    "A position string that cannot be read or does not fit the rules."
);
create_exception!(
    mingmang,
    MoveError,
    MingmangError,
    "A move that is not one, or that the rules forbid, or an action outside the encoding; the message names the move once."
);
create_exception!(
    mingmang,
    GameOverError,
    MingmangError,
    "A request the finished game cannot answer (a move, a search)."
);
create_exception!(
    mingmang,
    LimitsError,
    MingmangError,
    "Search limits the position cannot honour or that are not whole numbers (times: finite seconds) from 0 up, or a perft depth too deep or not one."
);

create_exception!(
    mingmang,
    RecordError,
    MingmangError,
    "A game record that cannot be read (its tags, movetext or rules), or a tag a record cannot take."
);

/// The Python exception for an engine error: the class by its kind, the engine's message.
pub(crate) fn raise(err: frontend::Error) -> PyErr {
    let message = err.message().to_string();
    match err.kind() {
        frontend::ErrorKind::Option => OptionError::new_err(message),
        frontend::ErrorKind::Position => PositionError::new_err(message),
        frontend::ErrorKind::Move => MoveError::new_err(name_move_once(&message)),
        frontend::ErrorKind::GameOver => GameOverError::new_err(message),
        frontend::ErrorKind::Limits => LimitsError::new_err(message),
        frontend::ErrorKind::Record => RecordError::new_err(message),
    }
}

/// `message` with the move it is about named once. The facade puts the move before the rules'
/// reason, which names it again: `'a1a2': move 'a1a2': the piece on a1 cannot reach a2`
/// (from `play`, `play_action`) becomes `move 'a1a2': the piece ...`, and
/// `move 2 ('a1a2'): move 'a1a2': ...` (from `play_moves`) becomes `move 2 ('a1a2'): ...`.
fn name_move_once(message: &str) -> String {
    let Some(at) = message.find(": move '") else {
        return message.to_string();
    };
    let (before, reason) = (&message[..at], &message[at + 2..]);
    // The move the reason names: `move 'X': ...`.
    let Some(text) = reason["move '".len()..].split('\'').next() else {
        return message.to_string();
    };
    let quoted = format!("'{text}'");
    if before == quoted {
        reason.to_string()
    } else if before.ends_with(&format!("({quoted})")) {
        let rest = &reason[format!("move {quoted}").len()..];
        format!("{before}{rest}")
    } else {
        message.to_string()
    }
}

/// Adds the exception classes to the module `m`.
pub(crate) fn add_to(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("MingmangError", py.get_type::<MingmangError>())?;
    m.add("OptionError", py.get_type::<OptionError>())?;
    m.add("PositionError", py.get_type::<PositionError>())?;
    m.add("MoveError", py.get_type::<MoveError>())?;
    m.add("GameOverError", py.get_type::<GameOverError>())?;
    m.add("LimitsError", py.get_type::<LimitsError>())?;
    m.add("RecordError", py.get_type::<RecordError>())?;
    Ok(())
}
