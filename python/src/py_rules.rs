//! `Rules`: a variant and its rule options, over the facade's `GameRules`.

use mingmang::frontend;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

use crate::args::text;
use crate::errors::{raise, OptionError};
use crate::option_info::{as_strs, option_name, option_pairs, option_text, PyOptionInfo};

/// The rules of a game: a variant and its rule options, always valid.
///
/// `Rules("gundru", territory=True, max_plies=200)`; option names are the protocol's
/// (`BoardSize`, `EnchainedCapture`, `Territory`, `CornerCapture`, `LastPieceLeap`,
/// `MaxPlies`) in any case, with underscores allowed (`board_size`).
#[pyclass(name = "Rules", module = "mingmang", eq)]
#[derive(Clone, PartialEq)]
pub(crate) struct PyRules {
    /// The facade's rules.
    pub(crate) inner: frontend::GameRules,
}

impl PyRules {
    /// Sets the keyword options at once, in the table's order as every binding does
    /// (`GameRules::set_all`): `BoardSize` may come before the variant it fits.
    fn set_all(&mut self, options: Option<&Bound<'_, PyDict>>) -> PyResult<()> {
        let given = option_pairs(options, &frontend::GameRules::options())?;
        self.inner.set_all(&as_strs(&given)).map_err(raise)
    }

    /// The rules named by `variant` (a variant name, `Rules`, or `None` for the default),
    /// with `options` set on top.
    pub(crate) fn from_args(
        variant: Option<&Bound<'_, PyAny>>,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<PyRules> {
        let mut rules = match variant {
            None => PyRules {
                inner: frontend::GameRules::default(),
            },
            Some(v) => {
                if let Ok(rules) = v.cast::<PyRules>() {
                    rules.borrow().clone()
                } else if let Ok(name) = v.cast::<PyString>() {
                    PyRules {
                        inner: frontend::GameRules::new(&name.to_cow()?).map_err(raise)?,
                    }
                } else {
                    return Err(OptionError::new_err(format!(
                        "variant must be a str or Rules, got {}",
                        v.get_type().name()?
                    )));
                }
            }
        };
        rules.set_all(options)?;
        Ok(rules)
    }
}

#[pymethods]
impl PyRules {
    /// The rules of `variant` (see `Rules.variants()`) with the given options set.
    #[new]
    ///
    /// `variant` is taken as any object (the signature shown keeps its default) so that one
    /// that is not a str raises `OptionError`, not PyO3's `TypeError`.
    #[pyo3(
        signature = (variant = None, **options),
        text_signature = "(variant='mingmang', **options)"
    )]
    fn new(
        variant: Option<&Bound<'_, PyAny>>,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<PyRules> {
        let variant = match variant {
            Some(v) => text("variant", v, OptionError::new_err)?,
            None => "mingmang".to_string(),
        };
        let mut rules = PyRules {
            inner: frontend::GameRules::new(&variant).map_err(raise)?,
        };
        rules.set_all(options)?;
        Ok(rules)
    }

    /// The names of the variants, the default first.
    #[staticmethod]
    fn variants() -> Vec<String> {
        frontend::GameRules::variants()
    }

    /// Every rule option, in the protocol's order (the variant first).
    #[staticmethod]
    fn options() -> Vec<PyOptionInfo> {
        PyOptionInfo::all(frontend::GameRules::options())
    }

    /// Sets the rule option `name` to `value`; raises `OptionError` and changes nothing if
    /// the value does not fit.
    fn set(&mut self, name: &Bound<'_, PyAny>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        let name = text("name", name, OptionError::new_err)?;
        let name = option_name(&name, &frontend::GameRules::options());
        let text = option_text(&name, value)?;
        self.inner.set(&name, &text).map_err(raise)
    }

    /// The value of the rule option `name`, as the protocol writes it.
    fn get(&self, name: &Bound<'_, PyAny>) -> PyResult<String> {
        let name = text("name", name, OptionError::new_err)?;
        let name = option_name(&name, &frontend::GameRules::options());
        self.inner.get(&name).map_err(raise)
    }

    /// Every rule option's value by name, as the protocol writes it.
    pub(crate) fn settings(&self) -> PyResult<Vec<(String, String)>> {
        frontend::GameRules::options()
            .into_iter()
            .map(|o| Ok((o.name.clone(), self.inner.get(&o.name).map_err(raise)?)))
            .collect()
    }

    /// The variant's name.
    #[getter]
    fn variant(&self) -> String {
        self.inner.variant()
    }

    /// The board's width (files).
    #[getter]
    fn width(&self) -> usize {
        self.inner.width()
    }

    /// The board's height (ranks).
    #[getter]
    fn height(&self) -> usize {
        self.inner.height()
    }

    /// The rules in words: the variant unless it is the default, then each option not at its
    /// default.
    fn describe(&self) -> String {
        self.inner.describe()
    }

    fn __repr__(&self) -> PyResult<String> {
        let mut parts = vec![format!("{:?}", self.inner.variant())];
        for option in frontend::GameRules::options().into_iter().skip(1) {
            let value = self.inner.get(&option.name).map_err(raise)?;
            if value != option.default {
                parts.push(format!("{}={:?}", option.name, value));
            }
        }
        Ok(format!("Rules({})", parts.join(", ")))
    }

    fn __copy__(&self) -> PyRules {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyRules {
        self.clone()
    }
}
