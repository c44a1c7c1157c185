//! Numbers and text given from Python, checked in one place: a value of the wrong type, a
//! negative count, one too large for the engine, a NaN or infinite time, all raise the
//! `MingmangError` subclass the caller names (each a `ValueError`), with a message naming the
//! argument and what it allows. Left to PyO3's own conversion they would be a bare
//! `OverflowError` or `TypeError` from the binding layer, which the package's users were not
//! told to catch.

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyFloat, PyInt, PyString};

/// The constructor of the exception an argument's error raises (`LimitsError::new_err`, ...).
pub(crate) type Raise = fn(String) -> PyErr;

/// The Python type's name of `value`, for messages.
fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map_or_else(|_| "?".to_string(), |n| n.to_string())
}

/// `value` as a whole number from 0 to `largest`, for the argument `name`. A `bool` is
/// refused although Python counts it an int: `True` is not a depth or an action, and taking
/// it as 1 would hide a mistake.
pub(crate) fn count(
    name: &str,
    value: &Bound<'_, PyAny>,
    largest: u64,
    raise: Raise,
) -> PyResult<u64> {
    let refuse = |got: String| {
        raise(format!(
            "{name} must be an int from 0 to {largest}, not {got}"
        ))
    };
    if value.is_instance_of::<PyBool>() || !value.is_instance_of::<PyInt>() {
        return Err(refuse(format!("a {}", type_name(value))));
    }
    let shown = value
        .str()
        .map_or_else(|_| "?".to_string(), |s| s.to_string());
    // An int beyond i128 fails to extract: too large whatever its sign.
    match value.extract::<i128>() {
        Ok(n) if (0..=i128::from(largest)).contains(&n) => Ok(n as u64),
        _ => Err(refuse(shown)),
    }
}

/// [`count`] for a `u32` argument (a depth, a number of moves or lines, a level).
pub(crate) fn count_u32(name: &str, value: &Bound<'_, PyAny>, raise: Raise) -> PyResult<u32> {
    // In range by the check: the cast cannot truncate.
    Ok(count(name, value, u64::from(u32::MAX), raise)? as u32)
}

/// [`count`] for a `usize` argument (an action, a board side).
pub(crate) fn count_usize(name: &str, value: &Bound<'_, PyAny>, raise: Raise) -> PyResult<usize> {
    let largest = u64::try_from(usize::MAX).unwrap_or(u64::MAX);
    Ok(count(name, value, largest, raise)? as usize)
}

/// `value` unless it is absent or `None` (an optional argument not given).
pub(crate) fn given<'a, 'py>(
    value: Option<&'a Bound<'py, PyAny>>,
) -> Option<&'a Bound<'py, PyAny>> {
    value.filter(|v| !v.is_none())
}

/// `value` as a number of seconds, at least 0 and finite, an int or a float (not a `bool`), for
/// the argument `name`; `None` stays `None`.
pub(crate) fn seconds(
    name: &str,
    value: Option<&Bound<'_, PyAny>>,
    raise: Raise,
) -> PyResult<Option<f64>> {
    let Some(value) = given(value) else {
        return Ok(None);
    };
    let refuse = |got: String| {
        raise(format!(
            "{name} must be a finite number of seconds, at least 0, not {got}"
        ))
    };
    let is_number = value.is_instance_of::<PyInt>() || value.is_instance_of::<PyFloat>();
    if value.is_instance_of::<PyBool>() || !is_number {
        return Err(refuse(format!("a {}", type_name(value))));
    }
    let shown = value
        .str()
        .map_or_else(|_| "?".to_string(), |s| s.to_string());
    // An int too large for a float fails to extract, and is no time either.
    match value.extract::<f64>() {
        Ok(s) if s.is_finite() && s >= 0.0 => Ok(Some(s)),
        _ => Err(refuse(shown)),
    }
}

/// `value` as a `str`, for the argument `name`: anything else raises `raise` rather than
/// PyO3's `TypeError`.
pub(crate) fn text(name: &str, value: &Bound<'_, PyAny>, raise: Raise) -> PyResult<String> {
    match value.cast::<PyString>() {
        Ok(s) => Ok(s.to_string()),
        Err(_) => Err(raise(format!(
            "{name} must be a str, not a {}",
            type_name(value)
        ))),
    }
}
