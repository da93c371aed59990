//! The building blocks of the readers, and the readers of plain values: whole numbers, seeds,
//! counts, caps, switches and strings. Every message says "`path` must be `allowed`, got
//! `value`"; "a whole number from MIN to MAX" is said here alone.

use crate::error::{Error, Result};
use serde_json::{Map, Number, Value};

/// The largest whole number a JS number holds exactly: 2^53 - 1.
pub const MAX_SAFE_INTEGER: u64 = (1 << 53) - 1;

/// How deeply the arrays and objects of outside input may nest, as a binding turns it into JSON.
pub const MAX_NESTING: usize = 32;

/// The most items an array or object of outside input may hold, as a binding turns it into JSON.
pub const MAX_ITEMS: usize = 10_000;

/// The longest rendering of a bad value a message quotes.
const SHOWN_CHARS: usize = 60;

/// A bad value: "`path` must be `allowed`, got `value`".
pub(crate) fn bad(path: &str, allowed: &str, value: Option<&Value>) -> Error {
    Error::Config(format!("{path} must be {allowed}, got {}", shown(value)))
}

/// A value as a message quotes it: its JSON, shortened; `undefined` when it is missing.
pub fn shown(value: Option<&Value>) -> String {
    let Some(value) = value else {
        return "undefined".to_string();
    };
    // A whole number too large for an integer reads in full, as JavaScript writes it (below
    // 10^21), not as 1e20.
    let text = match value.as_f64() {
        Some(n) if !value.is_u64() && !value.is_i64() && n.fract() == 0.0 && n.abs() < 1e21 => {
            format!("{n:.0}")
        }
        _ => value.to_string(),
    };
    if text.chars().count() <= SHOWN_CHARS {
        return text;
    }
    let mut short: String = text.chars().take(SHOWN_CHARS).collect();
    short.push_str("...");
    short
}

/// A list of names as a message gives them: `"a", "b" or "c"`.
pub(crate) fn one_of(names: &[&str]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("\"{n}\"")).collect();
    match quoted.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => quoted.join(""),
    }
}

/// What a whole number from `min` to `max` is called in every message: the words are said here
/// alone.
pub(crate) fn whole_from(min: impl std::fmt::Display, max: impl std::fmt::Display) -> String {
    format!("a whole number from {min} to {max}")
}

/// A whole number from `min` to `max` (at most [`MAX_SAFE_INTEGER`] unless the value is an
/// exact integer, as JSON text or a BigInt gives).
pub(crate) fn whole(path: &str, value: Option<&Value>, min: u64, max: u64) -> Result<u64> {
    let allowed = || whole_from(min, max);
    let number = match value {
        Some(Value::Number(n)) => n,
        _ => return Err(bad(path, &allowed(), value)),
    };
    let exact = match (number.as_u64(), number.as_f64()) {
        (Some(n), _) => Some(n),
        (None, Some(f)) if f.fract() == 0.0 && f >= 0.0 && f <= MAX_SAFE_INTEGER as f64 => {
            Some(f as u64)
        }
        _ => None,
    };
    match exact {
        Some(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(bad(path, &allowed(), value)),
    }
}

/// A finite number.
pub(crate) fn finite(path: &str, value: Option<&Value>, allowed: &str) -> Result<f64> {
    match value {
        Some(Value::Number(n)) => n
            .as_f64()
            .filter(|f| f.is_finite())
            .ok_or_else(|| bad(path, allowed, value)),
        _ => Err(bad(path, allowed, value)),
    }
}

/// `true` or `false`.
pub(crate) fn boolean(path: &str, value: Option<&Value>) -> Result<bool> {
    match value {
        Some(Value::Bool(b)) => Ok(*b),
        _ => Err(bad(path, "true or false", value)),
    }
}

/// An object whose fields are all among `fields`; `None` for null when `nullable`.
pub(crate) fn object<'a>(
    path: &str,
    value: Option<&'a Value>,
    fields: &[&str],
    nullable: bool,
) -> Result<Option<&'a Map<String, Value>>> {
    let map = match value {
        Some(Value::Object(map)) => map,
        None | Some(Value::Null) if nullable => return Ok(None),
        _ => {
            let allowed = format!(
                "an object{} with the fields {}",
                if nullable { " (or null)" } else { "" },
                fields.join(", ")
            );
            return Err(bad(path, &allowed, value));
        }
    };
    if let Some(unknown) = map.keys().find(|k| !fields.contains(&k.as_str())) {
        return Err(Error::Config(format!(
            "{path} has an unknown field \"{unknown}\" (fields: {})",
            fields.join(", ")
        )));
    }
    Ok(Some(map))
}

/// An object whose fields are all among `fields` (see [`object`]), not null.
pub(crate) fn fields<'a>(
    path: &str,
    value: Option<&'a Value>,
    fields: &[&str],
) -> Result<&'a Map<String, Value>> {
    object(path, value, fields, false)?.ok_or_else(|| bad(path, "an object", value))
}

/// The field `field` of the object `map` at `path`, which must be there.
pub(crate) fn required<'a>(
    map: &'a Map<String, Value>,
    path: &str,
    field: &str,
) -> Result<&'a Value> {
    map.get(field)
        .ok_or_else(|| Error::Config(format!("{path} needs the field \"{field}\"")))
}

/// `map[name]` read with `read` when it is there, else `default`.
pub(crate) fn field<T>(
    map: &Map<String, Value>,
    path: &str,
    name: &str,
    default: T,
    read: impl FnOnce(&str, Option<&Value>) -> Result<T>,
) -> Result<T> {
    match map.get(name) {
        Some(value) => read(&format!("{path}.{name}"), Some(value)),
        None => Ok(default),
    }
}

/// The field `field` of `map` (at `path`) read with `read`; `None` where it is missing or null.
pub(crate) fn optional<T>(
    map: &Map<String, Value>,
    path: &str,
    field: &str,
    read: impl FnOnce(&str, Option<&Value>) -> Result<T>,
) -> Result<Option<T>> {
    match map.get(field) {
        None | Some(Value::Null) => Ok(None),
        value => read(&format!("{path}.{field}"), value).map(Some),
    }
}

/// A whole number of frames, `min` or more, that fits the engine's counters.
pub(crate) fn frames(min: u64) -> impl Fn(&str, Option<&Value>) -> Result<u32> {
    move |path, value| whole(path, value, min, u32::MAX as u64).map(|n| n as u32)
}

/// One of `choices`, by its name: a string.
pub(crate) fn named<T: Copy>(
    path: &str,
    value: Option<&Value>,
    choices: &[T],
    name_of: fn(T) -> &'static str,
) -> Result<T> {
    let names: Vec<&str> = choices.iter().map(|&c| name_of(c)).collect();
    choices
        .iter()
        .copied()
        .find(|&c| value.and_then(Value::as_str) == Some(name_of(c)))
        .ok_or_else(|| bad(path, &one_of(&names), value))
}

/// One of `choices` by its name, or null for the default.
pub(crate) fn named_or_null<T: Copy>(
    path: &str,
    value: Option<&Value>,
    choices: &[T],
    name_of: fn(T) -> &'static str,
) -> Result<Option<T>> {
    match value {
        None | Some(Value::Null) => Ok(None),
        _ => {
            let names: Vec<&str> = choices.iter().map(|&c| name_of(c)).collect();
            named(path, value, choices, name_of).map(Some).map_err(|_| {
                bad(
                    path,
                    &format!("{} (or null for the rules' own)", one_of(&names)),
                    value,
                )
            })
        }
    }
}

/// A whole number from `min` to `max`, negative ones too.
pub(crate) fn signed(path: &str, value: Option<&Value>, min: i64, max: i64) -> Result<i64> {
    let allowed = whole_from(min, max);
    match value {
        Some(Value::Number(n)) => n
            .as_i64()
            .or_else(|| n.as_f64().filter(|f| f.fract() == 0.0).map(|f| f as i64))
            .filter(|n| (min..=max).contains(n))
            .ok_or_else(|| bad(path, &allowed, value)),
        _ => Err(bad(path, &allowed, value)),
    }
}

/// A seed: a whole number from 0 to 2^53 - 1 (what a JS number holds exactly), or a decimal
/// string for the whole range of 64 bits.
pub fn seed(name: &str, value: Option<&Value>) -> Result<u64> {
    let allowed = format!(
        "{}, or a string of decimal digits up to {}",
        whole_from(0, MAX_SAFE_INTEGER),
        u64::MAX
    );
    match value {
        Some(Value::String(text)) => {
            if !text.is_empty() && text.len() <= 20 && text.bytes().all(|b| b.is_ascii_digit()) {
                text.parse().map_err(|_| bad(name, &allowed, value))
            } else {
                Err(bad(name, &allowed, value))
            }
        }
        _ => whole(name, value, 0, u64::MAX).map_err(|_| bad(name, &allowed, value)),
    }
}

/// A number of frames: a whole number from 0 to 2^32 - 1.
pub fn frame_count(name: &str, value: Option<&Value>) -> Result<u32> {
    frames(0)(name, value)
}

/// A cap on a count: a whole number from 0 to 2^53 - 1, or undefined or null for none.
pub fn cap(name: &str, value: Option<&Value>) -> Result<Option<u64>> {
    match value {
        None | Some(Value::Null) => Ok(None),
        _ => whole(name, value, 0, MAX_SAFE_INTEGER)
            .map(Some)
            .map_err(|_| {
                bad(
                    name,
                    &format!("{}, or undefined for none", whole_from(0, MAX_SAFE_INTEGER)),
                    value,
                )
            }),
    }
}

/// A count: a whole number from `min` to `max`.
pub fn count(name: &str, value: Option<&Value>, min: u64, max: u64) -> Result<u64> {
    whole(name, value, min, max)
}

/// A switch: `true` or `false`.
pub fn switch(name: &str, value: Option<&Value>) -> Result<bool> {
    boolean(name, value)
}

/// A string.
pub fn text(name: &str, value: Option<&Value>) -> Result<String> {
    match value {
        Some(Value::String(text)) => Ok(text.clone()),
        _ => Err(bad(name, "a string", value)),
    }
}

/// An index into `len` items, or the end: a whole number from 0 to `len`.
pub fn index(name: &str, value: Option<&Value>, len: usize) -> Result<usize> {
    whole(name, value, 0, len as u64).map(|n| n as usize)
}

/// Lines cleared per game: an array of whole numbers from 0 to 2^53 - 1.
pub fn line_counts(name: &str, value: Option<&Value>) -> Result<Vec<u64>> {
    whole_numbers(name, value)
}

/// An array of whole numbers from 0 to 2^53 - 1.
pub fn whole_numbers(name: &str, value: Option<&Value>) -> Result<Vec<u64>> {
    let Some(Value::Array(items)) = value else {
        return Err(bad(name, "an array of whole numbers, 0 or more", value));
    };
    items
        .iter()
        .enumerate()
        .map(|(i, item)| whole(&format!("{name}[{i}]"), Some(item), 0, MAX_SAFE_INTEGER))
        .collect()
}

/// How a language writes the doubles that are not finite: NaN, infinity and minus infinity.
pub type NonFiniteNames = [&'static str; 3];

/// NaN and the infinities as JavaScript writes them.
const JAVASCRIPT_NON_FINITE: NonFiniteNames = ["NaN", "Infinity", "-Infinity"];

/// A double (a JavaScript number, say) as JSON: a whole number the double holds exactly becomes
/// an integer; NaN and the infinities are refused as JavaScript spells them.
pub fn double(path: &str, n: f64) -> Result<Value> {
    double_from(path, n, JAVASCRIPT_NON_FINITE)
}

/// [`double`] for a language that writes NaN and the infinities as `non_finite` gives them.
pub fn double_from(path: &str, n: f64, non_finite: NonFiniteNames) -> Result<Value> {
    let [nan, infinity, minus_infinity] = non_finite;
    if !n.is_finite() {
        let shown = if n.is_nan() {
            nan
        } else if n > 0.0 {
            infinity
        } else {
            minus_infinity
        };
        return Err(Error::Config(format!(
            "{path} must be a finite number, got {shown}"
        )));
    }
    if n.fract() == 0.0 && n.abs() <= MAX_SAFE_INTEGER as f64 {
        return Ok(Value::from(n as i64));
    }
    Number::from_f64(n)
        .map(Value::Number)
        .ok_or_else(|| Error::Config(format!("{path} must be a finite number, got {n}")))
}

/// `numbers[at]`, read as a whole number from 0 to `max` and named `{name}[{at}]`: a count a
/// measurement's job sent as a double.
pub fn sent_count(name: &str, numbers: &[f64], at: usize, max: u64) -> Result<u64> {
    let path = format!("{name}[{at}]");
    let value = double(&path, numbers[at])?;
    whole(&path, Some(&value), 0, max)
}
