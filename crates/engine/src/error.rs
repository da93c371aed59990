//! The crate's error type: every bad input becomes one of these, never a panic. It reads
//! nothing of the rest of the crate: what a message names comes with the error.

use serde_json::error::Category;
use thiserror::Error;

/// Anything the engine refuses, with a message that names the bad value.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum Error {
    /// A board width outside the supported range.
    #[error("board width {width} is out of range: it must be from {min} to {max}")]
    BoardWidth {
        /// The width given.
        width: usize,
        /// The narrowest board supported.
        min: usize,
        /// The widest.
        max: usize,
    },
    /// A board height outside the supported range.
    #[error("board height {height} is out of range: it must be from {min} to {max}")]
    BoardHeight {
        /// The height given.
        height: usize,
        /// The lowest board supported.
        min: usize,
        /// The tallest.
        max: usize,
    },
    /// A weight names a feature the registry does not know.
    #[error("unknown feature \"{name}\" (known features: {})", .known.join(", "))]
    UnknownFeature {
        /// The name given.
        name: String,
        /// The features there are.
        known: Vec<&'static str>,
    },
    /// A weight or exponent that is NaN or infinite.
    #[error("the {what} of feature \"{feature}\" is {value}: it must be a finite number")]
    NotFinite {
        /// The feature whose number is bad.
        feature: String,
        /// "weight" or "exponent".
        what: &'static str,
        /// The bad number.
        value: f64,
    },
    /// A preset name that is not shipped.
    #[error("unknown preset \"{name}\" (presets: {})", .known.join(", "))]
    UnknownPreset {
        /// The name given.
        name: String,
        /// The presets there are.
        known: Vec<&'static str>,
    },
    /// Any other configuration value out of range; the message names it.
    #[error("{0}")]
    Config(String),
    /// A file that cannot be read, written or understood; the message names the file.
    #[error("{0}")]
    File(String),
    /// Weights given as JSON that do not parse.
    #[error("bad weights JSON: {0}")]
    WeightsJson(String),
}

/// The crate's result type.
pub type Result<T> = std::result::Result<T, Error>;

/// Why JSON text was refused, in plain words: where ("line 3, column 7"), and what was wrong
/// with its values (the JSON reader's words, its quotes made plain ones).
pub fn json_problem(error: &serde_json::Error) -> String {
    let (line, column) = (error.line(), error.column());
    let place = format!("line {line}, column {column}");
    let full = error.to_string();
    let what = full
        .strip_suffix(&format!(" at line {line} column {column}"))
        .unwrap_or(&full)
        .replace('`', "\"");
    match error.classify() {
        Category::Eof => format!("the text ends too early, at {place}: it may have been cut short"),
        Category::Syntax => format!("it is not JSON: something is wrong at {place}"),
        Category::Data | Category::Io => format!("{what}, at {place}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `json_problem` says of `text` read as a map of numbers.
    fn problem(text: &str) -> String {
        let error = serde_json::from_str::<std::collections::BTreeMap<String, f64>>(text)
            .expect_err("the text is refused");
        json_problem(&error)
    }

    #[test]
    fn each_kind_of_refusal_says_what_and_where_in_plain_words() {
        assert_eq!(
            problem("{\"holes\": 1,"),
            "the text ends too early, at line 1, column 12: it may have been cut short"
        );
        assert_eq!(
            problem("{\"holes\" 1}"),
            "it is not JSON: something is wrong at line 1, column 10"
        );
        assert_eq!(
            problem("{\"holes\": \"x\"}"),
            "invalid type: string \"x\", expected f64, at line 1, column 13"
        );
    }
}
