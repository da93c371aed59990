//! An environment's settings, read from outside input: a game configuration with the
//! environment's own fields (mode, frames per step, reward, observed features).

use super::reward::Reward;
use super::{EnvConfig, INPUT_HANDLING, Mode};
use crate::ai::features;
use crate::checked::{self, bad, field, finite, frames, named, object};
use crate::engine::rules::{RuleSet, Rules};
use crate::error::Result;
use serde_json::{Map, Value};

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
        game: checked::game_config(name, Some(&Value::Object(game)))?,
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
