//! The crate's error type: every bad input becomes one of these, never a panic. It reads
//! nothing of the rest of the crate: what a message names comes with the error.

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
