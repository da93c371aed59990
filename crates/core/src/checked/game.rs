//! The readers of a game's values: its configuration (rules, board, seed, weights or a preset,
//! search, handling), key names and placements.

use super::deserialized;
use super::values::{
    bad, boolean, field, fields, finite, frames, named, named_or_null, object, one_of, required,
    seed, signed, whole, whole_from,
};
use crate::ai::features;
use crate::ai::presets;
use crate::ai::search::{
    MAX_BEAM, MAX_DEPTH, MAX_PREVIEW_BEAM, MIN_DEPTH, PlanValue, SearchConfig, TieBreak,
};
use crate::ai::weights::Weights;
use crate::config::GameConfig;
use crate::engine::board::{BUFFER_ROWS, MAX_HEIGHT, MAX_WIDTH, MIN_HEIGHT, MIN_WIDTH};
use crate::engine::manual::{Handling, Key};
use crate::engine::mode::Mode;
use crate::engine::moves::Placement;
use crate::engine::piece::Kicks;
use crate::engine::rules::{MAX_PREVIEW, RandomizerKind, RuleSet, Rules, Timing, TopOut};
use crate::engine::spin::Spin;
use crate::engine::versus::VersusPreset;
use crate::engine::versus::pace::Pace;
use crate::error::{Error, Result};
use serde::de::{self, Deserialize, Deserializer};
use serde_json::Value;

/// The keys manual play knows, by the names [`key`] reads.
pub const KEYS: [(&str, Key); 8] = [
    ("left", Key::Left),
    ("right", Key::Right),
    ("soft_drop", Key::SoftDrop),
    ("hard_drop", Key::HardDrop),
    ("cw", Key::Cw),
    ("ccw", Key::Ccw),
    ("half", Key::Half),
    ("hold", Key::Hold),
];

/// The fields of a game configuration, as [`GameConfig`] writes them.
const GAME_CONFIG_FIELDS: [&str; 9] = [
    "rules", "width", "height", "seed", "preset", "weights", "search", "handling", "mode",
];

/// A game configuration: an object with the optional fields `rules`, `width`, `height`, `seed`,
/// `preset`, `weights`, `search`, `handling` and `mode` (undefined or null gives the defaults), checked
/// through and through: the result makes a game. This is [`GameConfig`]'s only reader: its
/// serde form reads through it too.
pub fn game_config(name: &str, value: Option<&Value>) -> Result<GameConfig> {
    let defaults = GameConfig::default();
    let Some(map) = object(name, value, &GAME_CONFIG_FIELDS, true)? else {
        return Ok(defaults);
    };
    let config = GameConfig {
        rules: field(map, name, "rules", defaults.rules, rules)?,
        width: field(map, name, "width", defaults.width, |path, value| {
            whole(path, value, MIN_WIDTH as u64, MAX_WIDTH as u64).map(|n| n as usize)
        })?,
        height: field(map, name, "height", defaults.height, |path, value| {
            whole(path, value, MIN_HEIGHT as u64, MAX_HEIGHT as u64).map(|n| n as usize)
        })?,
        seed: field(map, name, "seed", defaults.seed, seed)?,
        preset: field(map, name, "preset", defaults.preset, preset)?,
        weights: field(
            map,
            name,
            "weights",
            defaults.weights,
            |path, value| match value {
                None | Some(Value::Null) => Ok(None),
                _ => weights(path, value).map(Some),
            },
        )?,
        search: field(map, name, "search", defaults.search, search)?,
        handling: field(map, name, "handling", defaults.handling, handling)?,
        mode: field(map, name, "mode", defaults.mode, mode)?,
    };
    config
        .resolve()
        .map_err(|e| Error::Config(format!("{name}: {e}")))?;
    Ok(config)
}

/// A game configuration read from any serde format through [`game_config`], as `config`.
impl<'de> Deserialize<'de> for GameConfig {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> std::result::Result<Self, D::Error> {
        let value = Value::deserialize(deserializer)?;
        game_config("config", Some(&value)).map_err(de::Error::custom)
    }
}

/// A game mode: "endless", "sprint", "ultra" or "marathon".
pub fn mode(name: &str, value: Option<&Value>) -> Result<Mode> {
    named(name, value, Mode::ALL, Mode::name)
}

/// The fields of rules, as [`Rules`] writes them.
const RULES_FIELDS: [&str; 7] = [
    "kind",
    "preview",
    "hold",
    "timing",
    "randomizer",
    "top_out",
    "kicks",
];

/// The fields of a timing, as [`Timing`] writes them.
const TIMING_FIELDS: [&str; 2] = ["gravity", "lock_delay"];

/// Rules: `{kind: "classic" | "guideline", preview, hold, timing: {gravity, lock_delay},
/// randomizer: "uniform" | "bag" | null, top_out: "before_clears" | "after_clears" | "top_row" |
/// "lock_out" | null, kicks: "srs" | "srs_plus"}`, the fields not given as in the classic rules (a
/// null randomizer or top-out test takes the rule set's own).
pub fn rules(name: &str, value: Option<&Value>) -> Result<Rules> {
    let defaults = Rules::default();
    let Some(map) = object(name, value, &RULES_FIELDS, false)? else {
        return Ok(defaults);
    };
    let rules = Rules {
        kind: field(map, name, "kind", defaults.kind, |path, value| {
            named(path, value, RuleSet::ALL, RuleSet::name)
        })?,
        preview: field(map, name, "preview", defaults.preview, |path, value| {
            whole(path, value, 0, MAX_PREVIEW as u64).map(|n| n as usize)
        })?,
        hold: field(map, name, "hold", defaults.hold, boolean)?,
        timing: field(map, name, "timing", defaults.timing, |path, value| {
            let Some(map) = object(path, value, &TIMING_FIELDS, true)? else {
                return Ok(None);
            };
            let read = |name: &str| frames(1)(&format!("{path}.{name}"), map.get(name));
            Ok(Some(Timing {
                gravity: read("gravity")?,
                lock_delay: read("lock_delay")?,
            }))
        })?,
        randomizer: field(
            map,
            name,
            "randomizer",
            defaults.randomizer,
            |path, value| named_or_null(path, value, RandomizerKind::ALL, RandomizerKind::name),
        )?,
        top_out: field(map, name, "top_out", defaults.top_out, |path, value| {
            named_or_null(path, value, TopOut::ALL, TopOut::name)
        })?,
        kicks: field(map, name, "kicks", defaults.kicks, |path, value| {
            named(path, value, Kicks::ALL, Kicks::name)
        })?,
    };
    if rules.kind == RuleSet::Classic && (rules.hold || rules.timing.is_some()) {
        return Err(Error::Config(format!(
            "{name}: classic rules have no hold or timing (give kind \"guideline\" for those)"
        )));
    }
    rules.validate()?;
    Ok(rules)
}

/// Rows of an attack: a whole number from 0 to 2^32 − 1.
pub fn attack_rows(name: &str, value: Option<&Value>) -> Result<u32> {
    whole(name, value, 0, u64::from(u32::MAX)).map(|rows| rows as u32)
}

/// A versus rule set's name: "ppt" or "tetrio".
pub fn versus_rules(name: &str, value: Option<&Value>) -> Result<VersusPreset> {
    named(name, value, VersusPreset::ALL, VersusPreset::name)
}

/// A match's pace by name: "lockstep" or "ppt".
pub fn pace(name: &str, value: Option<&Value>) -> Result<Pace> {
    named(name, value, Pace::ALL, Pace::name)
}

/// A preset's name, or null for the default.
pub fn preset(name: &str, value: Option<&Value>) -> Result<Option<String>> {
    match value {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(text)) if presets::find(text).is_ok() => Ok(Some(text.clone())),
        _ => Err(bad(
            name,
            &format!("the name of a preset ({})", one_of(&presets::names())),
            value,
        )),
    }
}

/// Weights: an object of feature name -> weight (a finite number) or `{weight, exponent}`
/// (an exponent above 0).
pub fn weights(name: &str, value: Option<&Value>) -> Result<Weights> {
    let map = match value {
        Some(Value::Object(map)) => map,
        _ => {
            return Err(bad(
                name,
                "an object of feature name -> weight (a number or {weight, exponent})",
                value,
            ));
        }
    };
    let mut terms = Vec::with_capacity(map.len());
    for (feature, value) in map {
        if features::index_of(feature).is_none() {
            return Err(Error::Config(format!(
                "{name} has an unknown feature \"{feature}\" (features: {})",
                features::names().join(", ")
            )));
        }
        let path = format!("{name}.{feature}");
        let term = match value {
            Value::Object(fields) => {
                object(&path, Some(value), &["weight", "exponent"], false)?;
                let weight = finite(
                    &format!("{path}.weight"),
                    fields.get("weight"),
                    "a finite number",
                )?;
                let exponent = match fields.get("exponent") {
                    None | Some(Value::Null) => None,
                    given => {
                        let path = format!("{path}.exponent");
                        let allowed = "a finite number above 0 (or null)";
                        let e = finite(&path, given, allowed)?;
                        if e <= 0.0 {
                            return Err(bad(&path, allowed, given));
                        }
                        Some(e)
                    }
                };
                (feature.as_str(), weight, exponent)
            }
            _ => {
                let allowed = "a finite number, or {weight, exponent}";
                (feature.as_str(), finite(&path, Some(value), allowed)?, None)
            }
        };
        terms.push(term);
    }
    Weights::new(terms)
}

/// The fields of search settings, as [`SearchConfig`] writes them.
const SEARCH_FIELDS: [&str; 8] = [
    "depth",
    "prune",
    "beam",
    "margin",
    "value",
    "tie_break",
    "keep_first_rows",
    "preview_beam",
];

/// Search settings: `{depth, prune, beam, margin, value: "sum" | "max" | "next", tie_break:
/// "random" | "first", keep_first_rows, preview_beam}`, the fields not given as by default.
pub fn search(name: &str, value: Option<&Value>) -> Result<SearchConfig> {
    let defaults = SearchConfig::default();
    let Some(map) = object(name, value, &SEARCH_FIELDS, false)? else {
        return Ok(defaults);
    };
    let search = SearchConfig {
        depth: field(map, name, "depth", defaults.depth, depth)?,
        prune: field(map, name, "prune", defaults.prune, prune)?,
        beam: field(map, name, "beam", defaults.beam, beam)?,
        margin: field(map, name, "margin", defaults.margin, margin)?,
        value: field(map, name, "value", defaults.value, |path, value| {
            named(path, value, PlanValue::ALL, PlanValue::name)
        })?,
        tie_break: field(map, name, "tie_break", defaults.tie_break, |path, value| {
            named(path, value, TieBreak::ALL, TieBreak::name)
        })?,
        keep_first_rows: field(
            map,
            name,
            "keep_first_rows",
            defaults.keep_first_rows,
            boolean,
        )?,
        preview_beam: field(
            map,
            name,
            "preview_beam",
            defaults.preview_beam,
            preview_beam,
        )?,
    };
    search.validate()?;
    Ok(search)
}

/// A search depth: a whole number from [`MIN_DEPTH`] to [`MAX_DEPTH`].
pub fn depth(path: &str, value: Option<&Value>) -> Result<u8> {
    whole(path, value, MIN_DEPTH.into(), MAX_DEPTH.into()).map(|n| n as u8)
}

/// The fraction of first moves searched further: a number above 0 and at most 1.
pub fn prune(path: &str, value: Option<&Value>) -> Result<f64> {
    let allowed = "a number above 0 and at most 1";
    finite(path, value, allowed)
        .ok()
        .filter(|p| *p > 0.0 && *p <= 1.0)
        .ok_or_else(|| bad(path, allowed, value))
}

/// A search's beam: a whole number from 1 to [`MAX_BEAM`], or null for the depth's.
pub fn beam(path: &str, value: Option<&Value>) -> Result<Option<u32>> {
    width_or_null(path, value, MAX_BEAM, "for the depth's")
}

/// A beam through the preview: a whole number from 1 to [`MAX_PREVIEW_BEAM`], or null to search
/// by plies.
pub fn preview_beam(path: &str, value: Option<&Value>) -> Result<Option<u32>> {
    width_or_null(path, value, MAX_PREVIEW_BEAM, "to search by plies")
}

/// A width from 1 to `max`, or null, which `null_means` (said in the error).
fn width_or_null(
    path: &str,
    value: Option<&Value>,
    max: u32,
    null_means: &str,
) -> Result<Option<u32>> {
    match value {
        None | Some(Value::Null) => Ok(None),
        _ => whole(path, value, 1, max.into())
            .map(|n| Some(n as u32))
            .map_err(|_| {
                let allowed = format!("{} (or null {null_means})", whole_from(1, max));
                bad(path, &allowed, value)
            }),
    }
}

/// A lookahead's margin: a finite number, 0 or more, or null for the preset's.
pub fn margin(path: &str, value: Option<&Value>) -> Result<Option<f64>> {
    let allowed = "a finite number, 0 or more (or null for the preset's)";
    match value {
        None | Some(Value::Null) => Ok(None),
        _ => finite(path, value, allowed)
            .ok()
            .filter(|m| *m >= 0.0)
            .map(Some)
            .ok_or_else(|| bad(path, allowed, value)),
    }
}

/// The fields of handling, as [`Handling`] writes them.
const HANDLING_FIELDS: [&str; 5] = ["das", "arr", "gravity", "soft_drop", "lock_delay"];

/// Handling: `{das, arr, gravity, soft_drop, lock_delay}` in frames, the fields not given as by
/// default; gravity, soft drop and lock delay at least 1.
pub fn handling(name: &str, value: Option<&Value>) -> Result<Handling> {
    let defaults = Handling::default();
    let Some(map) = object(name, value, &HANDLING_FIELDS, false)? else {
        return Ok(defaults);
    };
    let handling = Handling {
        das: field(map, name, "das", defaults.das, frames(0))?,
        arr: field(map, name, "arr", defaults.arr, frames(0))?,
        gravity: field(map, name, "gravity", defaults.gravity, frames(1))?,
        soft_drop: field(map, name, "soft_drop", defaults.soft_drop, frames(1))?,
        lock_delay: field(map, name, "lock_delay", defaults.lock_delay, frames(1))?,
    };
    handling.validate()?;
    Ok(handling)
}

/// A key's name: "left", "right", "soft_drop", "hard_drop", "cw", "ccw", "half" or "hold".
pub fn key(name: &str, value: Option<&Value>) -> Result<Key> {
    KEYS.iter()
        .find(|(key, _)| value.and_then(Value::as_str) == Some(*key))
        .map(|&(_, key)| key)
        .ok_or_else(|| bad(name, &one_of(&KEYS.map(|(n, _)| n)), value))
}

/// The fields of a placement, as [`Placement`] writes them.
const PLACEMENT_FIELDS: [&str; 5] = ["piece", "rotation", "x", "y", "spin"];

/// How far a placement's centre may lie outside the largest board and its buffer rows: a
/// piece's reach from its centre.
const PLACEMENT_REACH: i64 = 4;

/// A placement as the search gives it: `{piece, rotation, x, y, spin}`, `x` and `y` the column
/// and row of the piece's centre; `spin` may be left out (it changes no cell: none is taken).
pub fn placement(name: &str, value: Option<&Value>) -> Result<Placement> {
    let map = fields(name, value, &PLACEMENT_FIELDS)?;
    let required = |field: &str| required(map, name, field).map(|v| (format!("{name}.{field}"), v));
    let (path, piece) = required("piece")?;
    let piece = deserialized(&path, Some(piece))?;
    let (path, rotation) = required("rotation")?;
    let rotation = deserialized(&path, Some(rotation))?;
    let reach = |field| {
        let (path, value) = required(field)?;
        let most = (MAX_HEIGHT + BUFFER_ROWS) as i64 + PLACEMENT_REACH;
        signed(&path, Some(value), -PLACEMENT_REACH, most).map(|n| n as i32)
    };
    let (x, y) = (reach("x")?, reach("y")?);
    let spin = field(map, name, "spin", Spin::None, |path, value| {
        deserialized(path, value)
    })?;
    Ok(Placement {
        piece,
        rotation,
        x,
        y,
        spin,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checked::testing::written_fields;

    #[test]
    fn each_reader_knows_the_fields_serde_writes_and_no_others() {
        let timing = Timing {
            gravity: 1,
            lock_delay: 1,
        };
        assert_eq!(written_fields(GameConfig::default()), GAME_CONFIG_FIELDS);
        // Kicks are written only when they are not SRS's.
        let srs_plus = Rules {
            kicks: Kicks::SrsPlus,
            ..Rules::guideline()
        };
        assert_eq!(written_fields(srs_plus), RULES_FIELDS);
        assert_eq!(written_fields(timing), TIMING_FIELDS);
        // The beam through the preview is written only when one is set.
        let by_beam = SearchConfig {
            preview_beam: Some(16),
            ..SearchConfig::default()
        };
        assert_eq!(written_fields(by_beam), SEARCH_FIELDS);
        assert_eq!(written_fields(Handling::default()), HANDLING_FIELDS);
    }

    #[test]
    fn the_names_the_readers_take_are_the_names_serde_writes() {
        // The TypeScript declarations list serde's names; the readers take these.
        fn check<T: Copy + serde::Serialize>(choices: &[T], name: fn(T) -> &'static str) {
            for &choice in choices {
                assert_eq!(serde_json::to_value(choice).unwrap(), name(choice));
            }
        }
        check(RuleSet::ALL, RuleSet::name);
        check(RandomizerKind::ALL, RandomizerKind::name);
        check(TopOut::ALL, TopOut::name);
        check(PlanValue::ALL, PlanValue::name);
        check(TieBreak::ALL, TieBreak::name);
        for (name, key) in KEYS {
            assert_eq!(serde_json::to_value(key).unwrap(), name);
        }
    }

    #[test]
    fn serde_reads_a_game_configuration_through_the_checked_reader() {
        let read = |text: &str| serde_json::from_str::<GameConfig>(text).map_err(|e| e.to_string());
        let config = read(r#"{"width": 8, "seed": "18446744073709551615"}"#).unwrap();
        assert_eq!((config.width, config.seed), (8, u64::MAX));
        let error = read(r#"{"search": {"depth": 7}}"#).unwrap_err();
        assert!(
            error.starts_with("config.search.depth must be a whole number from 1 to 4, got 7"),
            "{error}"
        );
    }
}
