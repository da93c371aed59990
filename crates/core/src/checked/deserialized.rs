//! Values read through their serde form (the deeply nested training settings), with serde's
//! complaints put in plain words that name the bad field by its path.

use super::values::{bad, shown, whole_from};
use crate::error::{Error, Result};
use serde_json::Value;

/// What serde's name for an expected type means, in words.
fn expected_in_words(expected: &str) -> String {
    let expected = expected.trim();
    let words = match expected {
        "u8" => return whole_from(0, u8::MAX),
        "u16" => return whole_from(0, u16::MAX),
        "u32" => return whole_from(0, u32::MAX),
        "u64" | "usize" => "a whole number, 0 or more",
        "i32" | "i64" => "a whole number",
        "f32" | "f64" => "a finite number",
        "a boolean" => "true or false",
        "a string" => "a string",
        "a sequence" => "an array",
        "a tuple of size 2" => "an array of two numbers",
        "a map" => "an object",
        _ if expected.starts_with("struct ") => "an object",
        _ if expected.starts_with("a tuple") => "an array",
        _ if expected.contains("tagged enum") || expected.starts_with("enum ") => {
            "an object naming its kind"
        }
        _ if expected.starts_with("one of ") => {
            return format!("one of {}", expected["one of ".len()..].replace('`', "\""));
        }
        _ => return expected.replace('`', "\""),
    };
    words.to_string()
}

/// The value at `path` (serde's dotted path, with `[i]` for array items) inside `root`.
fn value_at<'a>(root: &'a Value, path: &str) -> Option<&'a Value> {
    let mut value = root;
    for segment in path.split('.').filter(|s| !s.is_empty() && *s != "?") {
        let (key, indexes) = match segment.find('[') {
            Some(at) => (&segment[..at], &segment[at..]),
            None => (segment, ""),
        };
        if !key.is_empty() {
            value = value.get(key)?;
        }
        for index in indexes.split(['[', ']']).filter(|s| !s.is_empty()) {
            value = value.get(index.parse::<usize>().ok()?)?;
        }
    }
    Some(value)
}

/// The text between the first pair of backticks after `start` in `message`.
fn quoted_after<'a>(message: &'a str, start: &str) -> Option<&'a str> {
    let rest = &message[message.find(start)? + start.len()..];
    let open = rest.find('`')?;
    let close = rest[open + 1..].find('`')?;
    Some(&rest[open + 1..open + 1 + close])
}

/// serde's complaint about the field at `path` of `root`, in plain words.
fn plain_words(path: &str, root: &Value, message: &str) -> String {
    let message = message.split(" at line ").next().unwrap_or(message);
    if let Some(field) = quoted_after(message, "unknown field") {
        let known = message
            .split("expected one of ")
            .nth(1)
            .or_else(|| message.split("expected ").nth(1))
            .map(|list| list.replace('`', ""))
            .unwrap_or_default();
        return format!("{path} has an unknown field \"{field}\" (fields: {known})");
    }
    if let Some(field) = quoted_after(message, "missing field") {
        return format!("{path} needs the field \"{field}\"");
    }
    if let Some(variant) = quoted_after(message, "unknown variant") {
        let known = message.split("expected ").nth(1).unwrap_or("");
        return format!(
            "{path} must be {}, got \"{variant}\"",
            expected_in_words(known)
        );
    }
    if let Some(expected) = message.split(", expected ").nth(1) {
        return format!(
            "{path} must be {}, got {}",
            expected_in_words(expected),
            shown(value_at(
                root,
                path.split_once('.').map_or("", |(_, rest)| rest)
            ))
        );
    }
    format!("{path}: {message}")
}

/// A value read through its serde form (for the deeply nested training settings), with serde's
/// complaints in plain words naming the bad field by its path, and what is allowed there.
pub fn deserialized<T: serde::de::DeserializeOwned>(
    name: &str,
    value: Option<&Value>,
) -> Result<T> {
    let Some(value) = value else {
        return Err(bad(name, "an object", None));
    };
    serde_path_to_error::deserialize(value).map_err(|error| {
        let inner = error.path().to_string();
        let path = if inner == "." || inner.is_empty() {
            name.to_string()
        } else {
            format!("{name}.{inner}")
        };
        Error::Config(plain_words(&path, value, &error.inner().to_string()))
    })
}
