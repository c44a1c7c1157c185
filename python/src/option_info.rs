//! Options seen from Python: their descriptions (`OptionInfo`), and the names and values
//! Python gives turned into the protocol's, shared by the rules' and the engine's tables.

use mingmang::frontend;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyString};

use crate::errors::OptionError;

/// An option's value as the protocol writes it: Python's `True`/`False` become `true`/`false`
/// (checked before integers, since `bool` is a subclass of `int`), numbers and strings their
/// text. Anything else is an `OptionError` rather than a guess.
pub(crate) fn option_text(name: &str, value: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(flag) = value.cast::<PyBool>() {
        return Ok(if flag.is_true() { "true" } else { "false" }.to_string());
    }
    if value.is_instance_of::<PyInt>() || value.is_instance_of::<PyString>() {
        return Ok(value.str()?.to_string());
    }
    Err(OptionError::new_err(format!(
        "option '{name}': expected a bool, an int or a str, got {}",
        value.get_type().name()?
    )))
}

/// The table's name for `given`, which may be written as a Python keyword: case, spaces and
/// underscores are ignored (`board_size` is `BoardSize`, `skill_level` is `Skill Level`). A
/// name that matches nothing is passed on as given, so that the engine's own message says so.
pub(crate) fn option_name(given: &str, options: &[frontend::OptionInfo]) -> String {
    let squash = |s: &str| {
        s.chars()
            .filter(|c| *c != '_' && *c != ' ')
            .flat_map(char::to_lowercase)
            .collect::<String>()
    };
    let wanted = squash(given);
    options
        .iter()
        .find(|o| squash(&o.name) == wanted)
        .map_or_else(|| given.to_string(), |o| o.name.clone())
}

/// Keyword options as the (table name, value text) pairs that the facade's `set_all` and
/// `set_options` take; those apply them in the table's order, whatever order they were given.
pub(crate) fn option_pairs(
    options: Option<&Bound<'_, PyDict>>,
    table: &[frontend::OptionInfo],
) -> PyResult<Vec<(String, String)>> {
    let mut given = Vec::new();
    for (key, value) in options.into_iter().flat_map(|o| o.iter()) {
        // Keyword names are always str; a dict unpacked with other keys is refused here.
        let key = crate::args::text("option name", &key, OptionError::new_err)?;
        let name = option_name(&key, table);
        let text = option_text(&name, &value)?;
        given.push((name, text));
    }
    Ok(given)
}

/// The pairs of [`option_pairs`] borrowed as the facade takes them.
pub(crate) fn as_strs(given: &[(String, String)]) -> Vec<(&str, &str)> {
    given
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect()
}

/// One option of the rules or of the engine, as the protocol announces it.
#[pyclass(name = "OptionInfo", module = "mingmang", frozen, get_all)]
pub(crate) struct PyOptionInfo {
    /// The name to set it by (the protocol's).
    name: String,
    /// `check`, `spin`, `combo`, `string` or `button`.
    kind: String,
    /// The smallest and largest value of a `spin`, else `None`.
    range: Option<(i64, i64)>,
    /// The default value as the protocol writes it.
    default: String,
    /// The values of a `combo`.
    choices: Vec<String>,
    /// What it does, one line.
    help: String,
}

#[pymethods]
impl PyOptionInfo {
    fn __repr__(&self) -> String {
        format!(
            "OptionInfo(name={:?}, kind={:?}, default={:?})",
            self.name, self.kind, self.default
        )
    }
}

impl PyOptionInfo {
    /// The descriptions of a table of options (the rules' or the engine's), in its order.
    pub(crate) fn all(table: Vec<frontend::OptionInfo>) -> Vec<PyOptionInfo> {
        table.into_iter().map(PyOptionInfo::of).collect()
    }

    fn of(info: frontend::OptionInfo) -> PyOptionInfo {
        PyOptionInfo {
            name: info.name,
            kind: info.kind,
            range: info.range.map(|[low, high]| (low, high)),
            default: info.default,
            choices: info.choices,
            help: info.help,
        }
    }
}
