//! The measurements a page can make, one line each: a kind's name, what its jobs' numbers are
//! called, and its Rust types (the measurement, its options, its result). The binding reads every
//! kind through this table, and the TypeScript declarations give `Measurements` (each kind's
//! options and result) from it, so that a new kind is its Rust core and its line here.

use serde_json::Value;
use std::sync::Arc;
use tetris_ai_core::config::GameConfig;
use tetris_ai_core::error::{Error, Result};
use tetris_ai_core::measurement::{Host, Measurement};
use tetris_ai_core::versus::series;
use tetris_ai_core::{bench, survival};

/// How a kind is read: the game configuration, the options and the host.
type Read = fn(GameConfig, Option<&Value>, &Host) -> Result<Arc<dyn Measurement>>;

/// A kind of measurement.
pub struct MeasurementKind {
    /// Its name, as `measure()` takes it.
    pub name: &'static str,
    /// What its jobs' numbers are called in messages.
    pub numbers: &'static str,
    /// Reads a measurement of this kind (see [`Measurement::read`]).
    read: Read,
}

impl MeasurementKind {
    /// The measurement of this kind of `config` with `options` on `host`; a bad option is an
    /// error naming it.
    pub fn read(
        &self,
        config: GameConfig,
        options: Option<&Value>,
        host: &Host,
    ) -> Result<Arc<dyn Measurement>> {
        (self.read)(config, options, host)
    }
}

/// Declares [`KINDS`] from one line per kind, `"name": Measurement(Options) -> Result,
/// "numbers"`, and the TypeScript type `Measurements` of each kind's options and result.
macro_rules! kinds {
    ($($name:literal: $measurement:ty, $options:ty => $result:ty, $numbers:literal;)+) => {
        /// Every kind, in the order a page lists them.
        pub static KINDS: &[MeasurementKind] = &[$(MeasurementKind {
            name: $name,
            numbers: $numbers,
            read: |config, options, host| {
                Ok(Arc::new(<$measurement as Measurement>::read(config, options, host)?))
            },
        }),+];

        /// The options and the result of each kind of measurement, by its name: a TypeScript
        /// type only.
        #[cfg(feature = "typescript")]
        pub enum Measurements {}

        #[cfg(feature = "typescript")]
        impl ts_rs::TS for Measurements {
            type WithoutGenerics = Measurements;
            type OptionInnerType = Measurements;

            fn docs() -> Option<String> {
                Some(
                    "/**\n * The options and the result of each kind of measurement, by its \
                     name (`measure()` takes these).\n */\n"
                        .to_string(),
                )
            }

            fn name(_: &ts_rs::Config) -> String {
                "Measurements".to_string()
            }

            fn inline(cfg: &ts_rs::Config) -> String {
                let kinds: Vec<String> = vec![$(format!(
                    "\"{}\": {{ options: {}, result: {} }}",
                    $name,
                    <$options as ts_rs::TS>::name(cfg),
                    <$result as ts_rs::TS>::name(cfg),
                )),+];
                format!("{{ {} }}", kinds.join(", "))
            }

            fn decl(cfg: &ts_rs::Config) -> String {
                format!("type Measurements = {};", Self::inline(cfg))
            }

            fn decl_concrete(cfg: &ts_rs::Config) -> String {
                Self::decl(cfg)
            }

            fn visit_dependencies(visitor: &mut impl ts_rs::TypeVisitor)
            where
                Self: 'static,
            {
                $(
                    visitor.visit::<$options>();
                    visitor.visit::<$result>();
                )+
            }

            fn output_path() -> Option<std::path::PathBuf> {
                Some(std::path::PathBuf::from("Measurements.ts"))
            }
        }
    };
}

kinds! {
    "benchmark": bench::Benchmark, bench::BenchmarkOptions => bench::BenchmarkResult, "outcomes";
    "survival": survival::SurvivalPlan, survival::SurvivalOptions => survival::SurvivalEstimate,
        "counts";
    "versus": series::Series, series::SeriesOptions => series::SeriesStats, "outcomes";
}

/// The kind called `name`; another name is an error listing the kinds.
pub fn find(name: &str) -> Result<&'static MeasurementKind> {
    KINDS.iter().find(|kind| kind.name == name).ok_or_else(|| {
        let names: Vec<String> = KINDS.iter().map(|k| format!("\"{}\"", k.name)).collect();
        Error::Config(format!(
            "no measurement is called \"{name}\" (measurements: {})",
            names.join(", ")
        ))
    })
}
