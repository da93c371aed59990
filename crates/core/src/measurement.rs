//! Measurements: many jobs of one game configuration, played by index in any order, each giving
//! a few numbers, and a result worked out from every job's numbers in job order, whoever played
//! them. A benchmark's jobs are games ([`crate::bench`]); a survival estimate's, replicates
//! ([`crate::survival`]). A page spreads a measurement's jobs over its workers or its pool and
//! sends their numbers back as doubles; the result is the command line's to the last digit.

use crate::config::GameConfig;
use crate::error::Result;
use serde_json::Value;

/// A measurement, read with its options, whose jobs can be played anywhere.
pub trait Measurement: Send + Sync {
    /// The measurement of the game configuration `config` with `options` (JSON, named
    /// `options`; none for the defaults) on `host`; a bad option is an error naming it.
    fn read(config: GameConfig, options: Option<&Value>, host: &Host) -> Result<Self>
    where
        Self: Sized;

    /// Jobs in all.
    fn jobs(&self) -> u64;

    /// The numbers job `job` gives (a job past the last is an error naming it).
    fn play(&self, job: u64) -> Result<Vec<f64>>;

    /// The result from every job's numbers, in job order, as JSON; numbers no job gives (too
    /// few, too many, not whole, out of range) are refused, naming the first bad one.
    fn result(&self, numbers: &[f64]) -> Result<Value>;
}

/// Where a measurement runs: how much memory its jobs may keep between them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Host {
    /// Jobs played at once.
    pub lanes: usize,
    /// The bytes the jobs played at once may keep between them, where memory is short (a
    /// WebAssembly module's); none for no limit.
    pub kept_bytes: Option<u64>,
}

/// `result` as JSON, as a measurement's result is sent.
pub(crate) fn as_json(result: &impl serde::Serialize) -> Result<Value> {
    serde_json::to_value(result)
        .map_err(|e| crate::error::Error::Config(format!("the result could not be written: {e}")))
}
