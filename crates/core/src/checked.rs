//! Checked outside input: a game configuration, weights, handling, key names and counts as
//! JSON values, read into the library's types. Every bad value is an [`Error`] in plain words
//! that names it by its path (`config.rules.kind`, `handling.arr`) and says what is allowed;
//! nothing here panics, whatever the value.
//!
//! Each reader takes the argument's name (the root of every path in its messages) and the value,
//! `None` when the argument was not given at all.

use crate::ai::features;
use crate::ai::presets;
use crate::ai::search::{MAX_BEAM, MAX_DEPTH, MIN_DEPTH, PlanValue, SearchConfig, TieBreak};
use crate::ai::weights::Weights;
use crate::engine::board::{BUFFER_ROWS, MAX_HEIGHT, MAX_WIDTH, MIN_HEIGHT, MIN_WIDTH};
use crate::engine::manual::{Handling, Key};
use crate::engine::moves::Placement;
use crate::engine::rules::{MAX_PREVIEW, RandomizerKind, RuleSet, Rules, Timing, TopOut};
use crate::engine::spin::Spin;
use crate::env::{EnvConfig, INPUT_HANDLING, Mode, Reward};
use crate::error::{Error, Result};
use crate::game::GameConfig;
use serde::de::{self, Deserialize, Deserializer};
use serde_json::{Map, Value};

/// The largest whole number a JS number holds exactly: 2^53 - 1.
pub const MAX_SAFE_INTEGER: u64 = (1 << 53) - 1;

/// The keys manual play knows, by the names [`key`] reads.
pub const KEYS: [(&str, Key); 7] = [
    ("left", Key::Left),
    ("right", Key::Right),
    ("soft_drop", Key::SoftDrop),
    ("hard_drop", Key::HardDrop),
    ("cw", Key::Cw),
    ("ccw", Key::Ccw),
    ("hold", Key::Hold),
];

/// The longest rendering of a bad value a message quotes.
const SHOWN_CHARS: usize = 60;

/// A bad value: "`path` must be `allowed`, got `value`".
fn bad(path: &str, allowed: &str, value: Option<&Value>) -> Error {
    Error::Config(format!("{path} must be {allowed}, got {}", shown(value)))
}

/// A value as a message quotes it: its JSON, shortened; `undefined` when it is missing.
pub fn shown(value: Option<&Value>) -> String {
    let Some(value) = value else {
        return "undefined".to_string();
    };
    let text = value.to_string();
    if text.chars().count() <= SHOWN_CHARS {
        return text;
    }
    let mut short: String = text.chars().take(SHOWN_CHARS).collect();
    short.push_str("...");
    short
}

/// A list of names as a message gives them: `"a", "b" or "c"`.
fn one_of(names: &[&str]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("\"{n}\"")).collect();
    match quoted.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => quoted.join(""),
    }
}

/// A whole number from `min` to `max` (at most [`MAX_SAFE_INTEGER`] unless the value is an
/// exact integer, as JSON text or a BigInt gives).
fn whole(path: &str, value: Option<&Value>, min: u64, max: u64) -> Result<u64> {
    let allowed = || format!("a whole number from {min} to {max}");
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
fn finite(path: &str, value: Option<&Value>, allowed: &str) -> Result<f64> {
    match value {
        Some(Value::Number(n)) => n
            .as_f64()
            .filter(|f| f.is_finite())
            .ok_or_else(|| bad(path, allowed, value)),
        _ => Err(bad(path, allowed, value)),
    }
}

/// `true` or `false`.
fn boolean(path: &str, value: Option<&Value>) -> Result<bool> {
    match value {
        Some(Value::Bool(b)) => Ok(*b),
        _ => Err(bad(path, "true or false", value)),
    }
}

/// An object whose fields are all among `fields`; `None` for null when `nullable`.
fn object<'a>(
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

/// `map[name]` read with `read` when it is there, else `default`.
fn field<T>(
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

/// A whole number of frames, `min` or more, that fits the engine's counters.
fn frames(min: u64) -> impl Fn(&str, Option<&Value>) -> Result<u32> {
    move |path, value| whole(path, value, min, u32::MAX as u64).map(|n| n as u32)
}

/// The fields of a game configuration, as [`GameConfig`] writes them.
const GAME_CONFIG_FIELDS: [&str; 8] = [
    "rules", "width", "height", "seed", "preset", "weights", "search", "handling",
];

/// A game configuration: an object with the optional fields `rules`, `width`, `height`, `seed`,
/// `preset`, `weights`, `search` and `handling` (undefined or null gives the defaults), checked
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

/// One of `choices`, by its name: a string.
fn named<T: Copy>(
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
fn named_or_null<T: Copy>(
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

/// The fields of rules, as [`Rules`] writes them.
const RULES_FIELDS: [&str; 6] = ["kind", "preview", "hold", "timing", "randomizer", "top_out"];

/// The fields of a timing, as [`Timing`] writes them.
const TIMING_FIELDS: [&str; 2] = ["gravity", "lock_delay"];

/// Rules: `{kind: "classic" | "guideline", preview, hold, timing: {gravity, lock_delay},
/// randomizer: "uniform" | "bag" | null, top_out: "before_clears" | "after_clears" | "top_row" |
/// "lock_out" | null}`, the fields not given as in the classic rules (a null randomizer or
/// top-out test takes the rule set's own).
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
    };
    if rules.kind == RuleSet::Classic && (rules.hold || rules.timing.is_some()) {
        return Err(Error::Config(format!(
            "{name}: classic rules have no hold or timing (give kind \"guideline\" for those)"
        )));
    }
    rules.validate()?;
    Ok(rules)
}

/// A seed: a whole number from 0 to 2^53 - 1 (what a JS number holds exactly), or a decimal
/// string for the whole range of 64 bits.
pub fn seed(name: &str, value: Option<&Value>) -> Result<u64> {
    let allowed = format!(
        "a whole number from 0 to {MAX_SAFE_INTEGER}, or a string of decimal digits up to {}",
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
const SEARCH_FIELDS: [&str; 7] = [
    "depth",
    "prune",
    "beam",
    "margin",
    "value",
    "tie_break",
    "keep_first_rows",
];

/// Search settings: `{depth, prune, beam, margin, value: "sum" | "max" | "next", tie_break:
/// "random" | "first", keep_first_rows}`, the fields not given as by default.
pub fn search(name: &str, value: Option<&Value>) -> Result<SearchConfig> {
    let defaults = SearchConfig::default();
    let Some(map) = object(name, value, &SEARCH_FIELDS, false)? else {
        return Ok(defaults);
    };
    let search = SearchConfig {
        depth: field(map, name, "depth", defaults.depth, |path, value| {
            whole(path, value, MIN_DEPTH.into(), MAX_DEPTH.into())
                .map(|n| n as u8)
                .map_err(|_| {
                    bad(
                        path,
                        &format!("a whole number from {MIN_DEPTH} to {MAX_DEPTH}"),
                        value,
                    )
                })
        })?,
        prune: field(map, name, "prune", defaults.prune, |path, value| {
            let allowed = "a number above 0 and at most 1";
            finite(path, value, allowed)
                .ok()
                .filter(|p| *p > 0.0 && *p <= 1.0)
                .ok_or_else(|| bad(path, allowed, value))
        })?,
        beam: field(
            map,
            name,
            "beam",
            defaults.beam,
            |path, value| match value {
                None | Some(Value::Null) => Ok(None),
                _ => whole(path, value, 1, MAX_BEAM.into())
                    .map(|n| Some(n as u32))
                    .map_err(|_| {
                        let allowed = format!(
                            "a whole number from 1 to {MAX_BEAM} (or null for the depth's)"
                        );
                        bad(path, &allowed, value)
                    }),
            },
        )?,
        margin: field(map, name, "margin", defaults.margin, |path, value| {
            let allowed = "a finite number, 0 or more (or null for the preset's)";
            match value {
                None | Some(Value::Null) => Ok(None),
                _ => finite(path, value, allowed)
                    .ok()
                    .filter(|m| *m >= 0.0)
                    .map(Some)
                    .ok_or_else(|| bad(path, allowed, value)),
            }
        })?,
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
    };
    search.validate()?;
    Ok(search)
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

/// The fields of an environment's settings.
const ENV_FIELDS: [&str; 11] = [
    "rules",
    "width",
    "height",
    "preview",
    "hold",
    "seed",
    "handling",
    "mode",
    "frames_per_step",
    "reward",
    "features",
];

/// The fields of a reward, as [`Reward`] writes them.
const REWARD_FIELDS: [&str; 4] = ["lines", "points", "piece", "game_over"];

/// An environment's settings: an object with the optional fields `rules` (a rule set's name, or
/// rules as a game takes them), `preview` and `hold` (the rules' own, changed), `width`,
/// `height`, `seed`, `handling` (input mode; the fields not given as [`INPUT_HANDLING`]'s),
/// `mode` ("placement" or "input"), `frames_per_step`, `reward` (`{lines: [5 numbers], points,
/// piece, game_over}`, the fields not given as by default) and `features` (names).
pub fn env_config(name: &str, value: Option<&Value>) -> Result<EnvConfig> {
    let empty = Map::new();
    let map = object(name, value, &ENV_FIELDS, true)?.unwrap_or(&empty);
    let mut rules = match map.get("rules") {
        // A rule set's name stands for its own rules; a name that is none is left for the
        // rules' reader to name.
        Some(Value::String(kind)) => match kind.parse::<RuleSet>() {
            Ok(kind) => serde_json::to_value(Rules::of(kind)).unwrap_or_default(),
            Err(_) => Value::Object(Map::from_iter([(
                "kind".to_string(),
                Value::String(kind.clone()),
            )])),
        },
        Some(rules) => rules.clone(),
        None => Value::Object(Map::new()),
    };
    if let Value::Object(fields) = &mut rules {
        for key in ["preview", "hold"] {
            if let Some(value) = map.get(key) {
                fields.insert(key.to_string(), value.clone());
            }
        }
    }
    let mut handling = serde_json::to_value(INPUT_HANDLING).unwrap_or_default();
    if let (Value::Object(fields), Some(Value::Object(given))) =
        (&mut handling, map.get("handling"))
    {
        fields.extend(given.clone());
    } else if let Some(given) = map.get("handling") {
        handling = given.clone();
    }
    let mut game = Map::from_iter([
        ("rules".to_string(), rules),
        ("handling".to_string(), handling),
    ]);
    for key in ["width", "height", "seed"] {
        if let Some(value) = map.get(key) {
            game.insert(key.to_string(), value.clone());
        }
    }
    let features = field(map, name, "features", Vec::new(), |path, value| {
        let Some(Value::Array(items)) = value else {
            return Err(bad(path, "an array of feature names", value));
        };
        items
            .iter()
            .map(|item| match item.as_str() {
                Some(feature) => features::find_index(feature),
                None => Err(bad(path, "an array of feature names", value)),
            })
            .collect()
    })?;
    Ok(EnvConfig {
        game: game_config(name, Some(&Value::Object(game)))?,
        mode: field(map, name, "mode", Mode::Placement, |path, value| {
            named(path, value, Mode::ALL, Mode::name)
        })?,
        frames_per_step: field(map, name, "frames_per_step", 1, frames(0))?,
        reward: field(map, name, "reward", Reward::default(), reward)?,
        features,
    })
}

/// A reward: `{lines: [5 numbers], points, piece, game_over}`, finite numbers, the fields not
/// given as by default.
fn reward(name: &str, value: Option<&Value>) -> Result<Reward> {
    let defaults = Reward::default();
    let Some(map) = object(name, value, &REWARD_FIELDS, false)? else {
        return Ok(defaults);
    };
    let number = |path: &str, value: Option<&Value>| finite(path, value, "a finite number");
    Ok(Reward {
        lines: field(map, name, "lines", defaults.lines, |path, value| {
            let allowed = "an array of 5 finite numbers (for 0 to 4 rows cleared)";
            match value {
                Some(Value::Array(items)) if items.len() == 5 => {
                    let mut lines = [0.0; 5];
                    for (i, (line, item)) in lines.iter_mut().zip(items).enumerate() {
                        *line = number(&format!("{path}[{i}]"), Some(item))?;
                    }
                    Ok(lines)
                }
                _ => Err(bad(path, allowed, value)),
            }
        })?,
        points: field(map, name, "points", defaults.points, number)?,
        piece: field(map, name, "piece", defaults.piece, number)?,
        game_over: field(map, name, "game_over", defaults.game_over, number)?,
    })
}

/// A key's name: "left", "right", "soft_drop", "hard_drop", "cw", "ccw" or "hold".
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

/// A whole number from `min` to `max`, negative ones too.
fn signed(path: &str, value: Option<&Value>, min: i64, max: i64) -> Result<i64> {
    let allowed = format!("a whole number from {min} to {max}");
    match value {
        Some(Value::Number(n)) => n
            .as_i64()
            .or_else(|| n.as_f64().filter(|f| f.fract() == 0.0).map(|f| f as i64))
            .filter(|n| (min..=max).contains(n))
            .ok_or_else(|| bad(path, &allowed, value)),
        _ => Err(bad(path, &allowed, value)),
    }
}

/// A placement as the search gives it: `{piece, rotation, x, y, spin}`, `x` and `y` the column
/// and row of the piece's centre; `spin` may be left out (it changes no cell: none is taken).
pub fn placement(name: &str, value: Option<&Value>) -> Result<Placement> {
    let Some(map) = object(name, value, &PLACEMENT_FIELDS, false)? else {
        return Err(bad(name, "a placement", value));
    };
    let required = |field: &str| {
        let path = format!("{name}.{field}");
        map.get(field)
            .map(|value| (path.clone(), value))
            .ok_or_else(|| Error::Config(format!("{name} needs the field \"{field}\"")))
    };
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
                    &format!("a whole number from 0 to {MAX_SAFE_INTEGER}, or undefined for none"),
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

/// What serde's name for an expected type means, in words.
fn expected_in_words(expected: &str) -> String {
    let expected = expected.trim();
    let words = match expected {
        "u8" => "a whole number from 0 to 255",
        "u16" => "a whole number from 0 to 65535",
        "u32" => "a whole number from 0 to 4294967295",
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The names of the fields serde writes for `value`, in its order.
    fn written_fields(value: impl serde::Serialize) -> Vec<String> {
        match serde_json::to_value(value) {
            Ok(Value::Object(map)) => map.keys().cloned().collect(),
            other => panic!("not an object: {other:?}"),
        }
    }

    #[test]
    fn each_reader_knows_the_fields_serde_writes_and_no_others() {
        let timing = Timing {
            gravity: 1,
            lock_delay: 1,
        };
        assert_eq!(written_fields(GameConfig::default()), GAME_CONFIG_FIELDS);
        assert_eq!(written_fields(Rules::default()), RULES_FIELDS);
        assert_eq!(written_fields(timing), TIMING_FIELDS);
        assert_eq!(written_fields(SearchConfig::default()), SEARCH_FIELDS);
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
