//! Reading Python arguments and writing values back: what JSON cannot hold (sets, bytes, objects
//! of other classes, keys that are not strings, deeply nested or huge containers) raises
//! `TypeError` with the argument's path; NaN and the infinities raise `ValueError`; the rest
//! becomes JSON for the checked readers of [`tetris_ai_core::checked`], whose refusals raise
//! `ValueError`. Values go back as plain Python data (dict, list, str, int, float, bool, None).

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyList, PyString, PyTuple};
use serde::Serialize;
use serde_json::{Map, Value};
use tetris_ai_core::checked::{self, MAX_ITEMS, MAX_NESTING};

/// The library's error as a Python `ValueError`.
pub(crate) fn value_error(error: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(error.to_string())
}

/// Reads the argument `name` with `check`, one of the readers of [`tetris_ai_core::checked`]:
/// `None` (Python's `None` or nothing) when not given, else the value as JSON.
pub(crate) fn checked<T>(
    value: Option<&Bound<'_, PyAny>>,
    name: &str,
    check: impl FnOnce(&str, Option<&Value>) -> tetris_ai_core::Result<T>,
) -> PyResult<T> {
    let json = match value {
        Some(value) if !value.is_none() => Some(json(value, name, 0)?),
        _ => None,
    };
    check(name, json.as_ref()).map_err(value_error)
}

/// "`path` must be plain data ..., got a `type`".
fn not_data(path: &str, value: &Bound<'_, PyAny>) -> PyErr {
    let kind = value
        .get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "object".to_string());
    PyTypeError::new_err(format!(
        "{path} must be plain data (numbers, strings, True or False, None, lists and dicts), \
         got {kind}"
    ))
}

/// A Python value as JSON, `path` naming it in errors; numpy arrays and scalars as the plain data
/// they hold.
pub(crate) fn json(value: &Bound<'_, PyAny>, path: &str, depth: usize) -> PyResult<Value> {
    if value.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(flag) = value.cast::<PyBool>() {
        return Ok(Value::Bool(flag.is_true()));
    }
    if let Ok(float) = value.cast::<PyFloat>() {
        return number(path, float.value());
    }
    if let Ok(text) = value.cast::<PyString>() {
        return Ok(Value::String(text.to_cow()?.into_owned()));
    }
    if value.hasattr("__array__")? && value.hasattr("tolist")? {
        // A numpy array or scalar: as the plain data it holds.
        if depth >= MAX_NESTING {
            return Err(PyTypeError::new_err(format!(
                "{path} nests deeper than {MAX_NESTING} levels"
            )));
        }
        let plain = value.call_method0("tolist")?;
        if !plain.hasattr("__array__")? {
            return json(&plain, path, depth + 1);
        }
    }
    if value.hasattr("__index__")? {
        if let Ok(n) = value.extract::<i64>() {
            return Ok(Value::from(n));
        }
        if let Ok(n) = value.extract::<u64>() {
            return Ok(Value::from(n));
        }
        return Err(PyValueError::new_err(format!(
            "{path} must be a whole number that fits 64 bits, got {}",
            value.str().map(|s| s.to_string()).unwrap_or_default()
        )));
    }
    let nested = |depth: usize| -> PyResult<()> {
        if depth >= MAX_NESTING {
            return Err(PyTypeError::new_err(format!(
                "{path} nests deeper than {MAX_NESTING} levels"
            )));
        }
        Ok(())
    };
    let too_many = |len: usize| -> PyResult<()> {
        if len > MAX_ITEMS {
            return Err(PyTypeError::new_err(format!(
                "{path} has {len} items, more than {MAX_ITEMS}"
            )));
        }
        Ok(())
    };
    if value.is_instance_of::<PyList>() || value.is_instance_of::<PyTuple>() {
        nested(depth)?;
        too_many(value.len()?)?;
        let mut items = Vec::new();
        for (i, item) in value.try_iter()?.enumerate() {
            // A subclass may yield more than its length says.
            too_many(i + 1)?;
            items.push(json(&item?, &format!("{path}[{i}]"), depth + 1)?);
        }
        return Ok(Value::Array(items));
    }
    if let Ok(dict) = value.cast::<PyDict>() {
        nested(depth)?;
        too_many(dict.len())?;
        let mut map = Map::new();
        // A snapshot of the items: reading a value may run code that changes the dict.
        for pair in dict.items().iter() {
            let (key, item): (Bound<'_, PyAny>, Bound<'_, PyAny>) = pair.extract()?;
            let Ok(key) = key.cast::<PyString>() else {
                return Err(PyTypeError::new_err(format!(
                    "{path} must have string keys, got {}",
                    key.repr().map(|r| r.to_string()).unwrap_or_default()
                )));
            };
            let key = key.to_cow()?.into_owned();
            let item = json(&item, &format!("{path}.{key}"), depth + 1)?;
            map.insert(key, item);
        }
        return Ok(Value::Object(map));
    }
    Err(not_data(path, value))
}

/// A float as JSON: whole numbers a double holds exactly become integers, as in JavaScript;
/// NaN and the infinities are refused as Python spells them.
fn number(path: &str, n: f64) -> PyResult<Value> {
    checked::double_from(path, n, ["nan", "inf", "-inf"]).map_err(value_error)
}

/// A value as plain Python data, by way of JSON.
pub(crate) fn to_py<'py>(
    py: Python<'py>,
    value: &(impl Serialize + ?Sized),
) -> PyResult<Bound<'py, PyAny>> {
    let json = serde_json::to_value(value)
        .map_err(|e| PyValueError::new_err(format!("the value could not be written: {e}")))?;
    from_json(py, &json)
}

/// JSON as plain Python data.
pub(crate) fn from_json<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                i.into_pyobject(py)?.into_any()
            } else if let Some(u) = n.as_u64() {
                u.into_pyobject(py)?.into_any()
            } else {
                n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any()
            }
        }
        Value::String(s) => PyString::new(py, s).into_any(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(from_json(py, item)?)?;
            }
            list.into_any()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (key, item) in map {
                dict.set_item(key, from_json(py, item)?)?;
            }
            dict.into_any()
        }
    })
}
