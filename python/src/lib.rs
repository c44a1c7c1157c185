//! The Python module `mingmang._mingmang`: the engine's front-end facade (`mingmang::frontend`)
//! bound with PyO3. The rules, the search and the learning encodings (action ids, masks,
//! observation planes: `frontend::encoding`) stay in the engine's crate; this crate only turns
//! Python values into the facade's and back, and the facade's errors into Python exceptions.
//! The pure-Python package `mingmang` re-exports everything here and adds the OpenSpiel game
//! and the PettingZoo environment on top.

use pyo3::prelude::*;

mod args;
mod board_picture;
mod errors;
mod option_info;
mod py_engine;
mod py_game;
mod py_rules;

use option_info::PyOptionInfo;
use py_engine::{PyEngine, PyLine, PyScore, PySearchResult};
use py_game::{action_to_move, move_to_action, num_actions, PyGame, PyOutcome};
use py_rules::PyRules;

/// The native part of the `mingmang` package.
#[pymodule]
fn _mingmang(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyRules>()?;
    m.add_class::<PyGame>()?;
    m.add_class::<PyEngine>()?;
    m.add_class::<PyOutcome>()?;
    m.add_class::<PyScore>()?;
    m.add_class::<PyLine>()?;
    m.add_class::<PySearchResult>()?;
    m.add_class::<PyOptionInfo>()?;
    errors::add_to(m)?;
    m.add_function(wrap_pyfunction!(num_actions, m)?)?;
    m.add_function(wrap_pyfunction!(move_to_action, m)?)?;
    m.add_function(wrap_pyfunction!(action_to_move, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
