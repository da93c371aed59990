//! Reading JS arguments: what JSON cannot hold (undefined inside arrays, NaN and the infinities,
//! functions, symbols, class instances, cyclic or deeply nested objects) is refused here with the
//! argument's path; the rest becomes JSON for the checked readers of [`tetris_ai_core::checked`],
//! which say what each argument allows. Writing values back as plain JS data.

use js_sys::{Array, BigInt, Reflect};
use serde::Serialize;
use serde_json::{Map, Value};
use tetris_ai_core::checked::{MAX_ITEMS, MAX_NESTING};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// Reads the argument `name` with `check`, one of the readers of [`tetris_ai_core::checked`]:
/// `None` for undefined, else the value as JSON. Every refusal is an error naming the argument.
pub(crate) fn checked<T>(
    value: &JsValue,
    name: &str,
    check: impl FnOnce(&str, Option<&Value>) -> tetris_ai_core::Result<T>,
) -> Result<T, JsError> {
    let json = if value.is_undefined() {
        None
    } else {
        Some(json(value, name, &mut Vec::new())?)
    };
    check(name, json.as_ref()).map_err(JsError::from)
}

/// The jobs `from` to `to` (exclusive) of `jobs` (a batch's games, say), read from a call's
/// arguments: each an index from 0 to `jobs`, `from` not past `to`; a bad one is an error naming
/// it.
pub(crate) fn job_range(
    from: &JsValue,
    to: &JsValue,
    jobs: usize,
) -> Result<std::ops::Range<usize>, JsError> {
    let from = checked(from, "from", |n, v| {
        tetris_ai_core::checked::index(n, v, jobs)
    })?;
    let to = checked(to, "to", |n, v| tetris_ai_core::checked::index(n, v, jobs))?;
    if from > to {
        return Err(JsError::new(&format!(
            "from ({from}) must not be past to ({to})"
        )));
    }
    Ok(from..to)
}

/// Reads the argument `name` as a string (JSON text, say).
pub(crate) fn text_arg(value: &JsValue, name: &str) -> Result<String, JsError> {
    checked(value, name, tetris_ai_core::checked::text)
}

/// "`path` must be plain data ..., got `what`".
fn not_data(path: &str, what: &str) -> JsError {
    JsError::new(&format!(
        "{path} must be plain data (numbers, strings, true or false, null, arrays and plain \
         objects), got {what}"
    ))
}

/// A JS error's message, for a value that could not be read.
fn unreadable(path: &str, error: JsValue) -> JsError {
    let reason = error
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| error.as_string())
        .unwrap_or_else(|| "it threw".to_string());
    JsError::new(&format!("{path} could not be read: {reason}"))
}

/// A BigInt as JSON: an exact integer when it fits 64 bits.
fn bigint(path: &str, value: &JsValue) -> Result<Value, JsError> {
    let text = value
        .dyn_ref::<BigInt>()
        .and_then(|b| b.to_string(10).ok())
        .map(String::from)
        .unwrap_or_default();
    if let Ok(n) = text.parse::<u64>() {
        return Ok(Value::from(n));
    }
    if let Ok(n) = text.parse::<i64>() {
        return Ok(Value::from(n));
    }
    Err(JsError::new(&format!(
        "{path} must be a number, got the BigInt {text}n, beyond 64 bits"
    )))
}

/// The constructor's name of an object that is not plain, for messages.
fn kind_of(object: &JsValue) -> String {
    Reflect::get(object, &JsValue::from_str("constructor"))
        .ok()
        .and_then(|c| Reflect::get(&c, &JsValue::from_str("name")).ok())
        .and_then(|n| n.as_string())
        .filter(|n| !n.is_empty())
        .map(|n| format!("a {n}"))
        .unwrap_or_else(|| "an object that is not plain".to_string())
}

/// `value` as JSON; `parents` are the objects and arrays it sits in (for cycles).
fn json(value: &JsValue, path: &str, parents: &mut Vec<JsValue>) -> Result<Value, JsError> {
    if value.is_null() {
        return Ok(Value::Null);
    }
    if value.is_undefined() {
        return Err(JsError::new(&format!(
            "{path} must not be undefined (leave the field out instead)"
        )));
    }
    if let Some(b) = value.as_bool() {
        return Ok(Value::Bool(b));
    }
    if let Some(n) = value.as_f64() {
        return Ok(tetris_ai_core::checked::double(path, n)?);
    }
    if let Some(s) = value.as_string() {
        return Ok(Value::String(s));
    }
    if value.is_bigint() {
        return bigint(path, value);
    }
    if value.is_function() {
        return Err(not_data(path, "a function"));
    }
    if value.is_symbol() {
        return Err(not_data(path, "a symbol"));
    }
    if !value.is_object() {
        return Err(not_data(path, "a value of another kind"));
    }
    if parents.iter().any(|p| js_sys::Object::is(p, value)) {
        return Err(JsError::new(&format!(
            "{path} must be plain data, got an object that contains itself"
        )));
    }
    if parents.len() >= MAX_NESTING {
        return Err(JsError::new(&format!(
            "{path} must be plain data, got objects nested more than {MAX_NESTING} deep"
        )));
    }
    parents.push(value.clone());
    let result = if Array::is_array(value) {
        array(value, path, parents)
    } else {
        object(value, path, parents)
    };
    parents.pop();
    result
}

fn array(value: &JsValue, path: &str, parents: &mut Vec<JsValue>) -> Result<Value, JsError> {
    let length = Reflect::get(value, &JsValue::from_str("length"))
        .map_err(|e| unreadable(path, e))?
        .as_f64()
        .unwrap_or(0.0);
    if length > MAX_ITEMS as f64 {
        return Err(JsError::new(&format!(
            "{path} must be plain data, got an array of {length} elements (at most {MAX_ITEMS})"
        )));
    }
    let mut items = Vec::with_capacity(length as usize);
    for i in 0..length as u32 {
        let item = Reflect::get_u32(value, i).map_err(|e| unreadable(path, e))?;
        items.push(json(&item, &format!("{path}[{i}]"), parents)?);
    }
    Ok(Value::Array(items))
}

fn object(value: &JsValue, path: &str, parents: &mut Vec<JsValue>) -> Result<Value, JsError> {
    let prototype = Reflect::get_prototype_of(value).map_err(|e| unreadable(path, e))?;
    let plain = prototype.is_null()
        || js_sys::Object::is(
            &prototype,
            &js_sys::Object::get_prototype_of(&js_sys::Object::new()),
        );
    if !plain {
        return Err(not_data(path, &kind_of(value)));
    }
    let keys = Reflect::own_keys(value).map_err(|e| unreadable(path, e))?;
    let mut map = Map::new();
    for key in keys.iter() {
        let Some(name) = key.as_string() else {
            continue; // symbol keys: not data
        };
        let field = Reflect::get(value, &key).map_err(|e| unreadable(path, e))?;
        if field.is_undefined() {
            continue; // as if left out
        }
        let item = json(&field, &format!("{path}.{name}"), parents)?;
        map.insert(name, item);
    }
    Ok(Value::Object(map))
}

/// Writes a value as plain JS data (objects, arrays, numbers, strings).
pub(crate) fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(JsError::from)
}
