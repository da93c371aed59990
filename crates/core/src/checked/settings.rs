//! The readers of [`Settings`]: strictly, as an argument is read (the first bad value refuses
//! them all), and as a share link is read (each bad setting is left out and named, the rest
//! kept; the names links used before settings had their own are read too).

use super::game::{beam, depth, margin, mode, preset, preview_beam, prune, weights};
use super::values::{bad, boolean, frames, named, object, optional, seed, whole};
use crate::ai::search::{PlanValue, TieBreak};
use crate::engine::board::{MAX_HEIGHT, MAX_WIDTH, MIN_HEIGHT, MIN_WIDTH};
use crate::engine::piece::Kicks;
use crate::engine::rules::{MAX_PREVIEW, RandomizerKind, RuleSet, TopOut};
use crate::error::{Error, Result};
use crate::settings::{Overrides, Settings};
use serde_json::{Map, Value};

/// The fields of settings, as [`Settings`] writes them.
pub(crate) const SETTINGS_FIELDS: [&str; 16] = [
    "preset",
    "weights",
    "asPublished",
    "rules",
    "board",
    "seed",
    "depth",
    "margin",
    "das",
    "arr",
    "gravity",
    "softDrop",
    "lockDelay",
    "mode",
    "kicks",
    "overrides",
];

/// The fields of overrides, as [`Overrides`] writes them.
pub(crate) const OVERRIDES_FIELDS: [&str; 13] = [
    "rules",
    "randomizer",
    "preview",
    "hold",
    "topOut",
    "depth",
    "prune",
    "beam",
    "margin",
    "value",
    "tieBreak",
    "keepFirstRows",
    "previewBeam",
];

/// A rule set by its name.
fn rule_set(path: &str, value: Option<&Value>) -> Result<RuleSet> {
    named(path, value, RuleSet::ALL, RuleSet::name)
}

/// A board: `[width, height]`, each a whole number within the engine's sizes.
fn board(path: &str, value: Option<&Value>) -> Result<[usize; 2]> {
    let Some(Value::Array(sides)) = value.filter(|v| v.as_array().is_some_and(|a| a.len() == 2))
    else {
        return Err(bad(path, "[width, height], two whole numbers", value));
    };
    let side = |at: usize, min: usize, max: usize| {
        whole(
            &format!("{path}[{at}]"),
            Some(&sides[at]),
            min as u64,
            max as u64,
        )
        .map(|n| n as usize)
    };
    Ok([
        side(0, MIN_WIDTH, MAX_WIDTH)?,
        side(1, MIN_HEIGHT, MAX_HEIGHT)?,
    ])
}

/// Frames of manual play: a whole number, 1 or more.
fn timing(path: &str, value: Option<&Value>) -> Result<u32> {
    frames(1)(path, value)
}

/// Overrides: `{rules, randomizer, preview, hold, topOut, depth, prune, beam, margin, value,
/// tieBreak, keepFirstRows, previewBeam}`, each optional.
fn overrides(name: &str, value: Option<&Value>) -> Result<Overrides> {
    let Some(map) = object(name, value, &OVERRIDES_FIELDS, true)? else {
        return Ok(Overrides::default());
    };
    Ok(Overrides {
        rules: optional(map, name, "rules", rule_set)?,
        randomizer: optional(map, name, "randomizer", |path, value| {
            named(path, value, RandomizerKind::ALL, RandomizerKind::name)
        })?,
        preview: optional(map, name, "preview", |path, value| {
            whole(path, value, 0, MAX_PREVIEW as u64).map(|n| n as usize)
        })?,
        hold: optional(map, name, "hold", boolean)?,
        top_out: optional(map, name, "topOut", |path, value| {
            named(path, value, TopOut::ALL, TopOut::name)
        })?,
        depth: optional(map, name, "depth", depth)?,
        prune: optional(map, name, "prune", prune)?,
        beam: optional(map, name, "beam", beam)?.flatten(),
        margin: optional(map, name, "margin", margin)?.flatten(),
        value: optional(map, name, "value", |path, value| {
            named(path, value, PlanValue::ALL, PlanValue::name)
        })?,
        tie_break: optional(map, name, "tieBreak", |path, value| {
            named(path, value, TieBreak::ALL, TieBreak::name)
        })?,
        keep_first_rows: optional(map, name, "keepFirstRows", boolean)?,
        preview_beam: optional(map, name, "previewBeam", preview_beam)?.flatten(),
    })
}

/// One setting of `map` (at `path`) read into `settings`; the error names it.
fn setting(
    settings: &mut Settings,
    map: &Map<String, Value>,
    path: &str,
    field: &str,
) -> Result<()> {
    match field {
        "preset" => settings.preset = optional(map, path, field, preset)?.flatten(),
        "weights" => settings.weights = optional(map, path, field, weights)?,
        "asPublished" => {
            settings.as_published = optional(map, path, field, boolean)?.unwrap_or(false)
        }
        "rules" => settings.rules = optional(map, path, field, rule_set)?,
        "board" => settings.board = optional(map, path, field, board)?,
        "seed" => settings.seed = optional(map, path, field, seed)?,
        "depth" => settings.depth = optional(map, path, field, depth)?,
        "margin" => settings.margin = optional(map, path, field, margin)?.flatten(),
        "das" => settings.das = optional(map, path, field, frames(0))?,
        "arr" => settings.arr = optional(map, path, field, frames(0))?,
        "gravity" => settings.gravity = optional(map, path, field, timing)?,
        "softDrop" => settings.soft_drop = optional(map, path, field, timing)?,
        "lockDelay" => settings.lock_delay = optional(map, path, field, timing)?,
        "mode" => settings.mode = optional(map, path, field, mode)?,
        "kicks" => {
            settings.kicks = optional(map, path, field, |path, value| {
                named(path, value, Kicks::ALL, Kicks::name)
            })?
        }
        "overrides" => {
            settings.overrides = overrides(&format!("{path}.overrides"), map.get(field))?
        }
        _ => return Err(Error::Config(format!("{path} has no setting \"{field}\""))),
    }
    Ok(())
}

/// Settings: an object of the fields [`Settings`] writes, each optional (undefined or null
/// gives the defaults), checked through and through: the result resolves to a game (see
/// [`Settings::resolve`]).
pub fn settings(name: &str, value: Option<&Value>) -> Result<Settings> {
    let mut settings = Settings::default();
    let Some(map) = object(name, value, &SETTINGS_FIELDS, true)? else {
        return Ok(settings);
    };
    for field in SETTINGS_FIELDS {
        setting(&mut settings, map, name, field)?;
    }
    settings.resolve()?;
    Ok(settings)
}

/// What a share link holds: the settings it shares, and what is wrong with the rest.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct SharedSettings {
    /// The settings read well; each one left out is the page's own.
    pub settings: Settings,
    /// What is wrong with each setting left out, naming it, its value and what is allowed.
    pub problems: Vec<String>,
}

/// The settings that make a link's AI: where one of them is bad, the link's AI is none of them
/// (the page's own AI plays), as a player would expect of weights with a bad margin, say.
const AI_FIELDS: [&str; 3] = ["preset", "weights", "margin"];

/// The settings a share link holds (`value`, its JSON), each read on its own: a bad one is left
/// out and named in `problems`, the rest kept (but the AI, `preset`, `weights` and `margin`,
/// is kept whole or not at all). A link may also use the names it had before settings had their
/// own: `width` and `height` for `board` (each named on its own, the board kept where both are
/// good), `published` for `asPublished`, and a preset of `""` for none. Fields of neither kind
/// are left out unnamed, as a later page's may be.
pub fn shared_settings(value: &Value) -> SharedSettings {
    let mut shared = SharedSettings::default();
    let Value::Object(map) = value else {
        shared.problems.push(format!(
            "it holds {} instead of a game's settings",
            super::shown(Some(value))
        ));
        return shared;
    };
    let mut map = map.clone();
    // An older link's fields are named by their own names in its problems.
    if let Some(published) = map
        .remove("published")
        .filter(|_| !map.contains_key("asPublished"))
    {
        match boolean("published", Some(&published)) {
            Ok(on) => shared.settings.as_published = on,
            Err(error) => shared.problems.push(error.to_string()),
        }
    }
    if map.get("preset") == Some(&Value::String(String::new())) {
        map.insert("preset".into(), Value::Null);
    }
    let sides = [
        ("width", MIN_WIDTH, MAX_WIDTH),
        ("height", MIN_HEIGHT, MAX_HEIGHT),
    ]
    .map(|(side, min, max)| {
        let value = map.remove(side)?;
        whole(side, Some(&value), min as u64, max as u64)
            .map_err(|error| shared.problems.push(error.to_string()))
            .ok()
    });
    if let [Some(width), Some(height)] = sides {
        shared.settings.board = Some([width as usize, height as usize]);
    }
    // Read as fields of "link", named in problems as the link's own: "depth must be ...".
    let mut bad_ai = false;
    for field in SETTINGS_FIELDS.iter().filter(|f| map.contains_key(**f)) {
        let mut read = shared.settings.clone();
        match setting(&mut read, &map, "link", field) {
            Ok(()) => shared.settings = read,
            Err(error) => {
                let said = error.to_string();
                let named = said.strip_prefix("link.").unwrap_or(&said).to_string();
                shared.problems.push(named);
                bad_ai |= AI_FIELDS.contains(field);
            }
        }
    }
    if bad_ai {
        shared.settings.preset = None;
        shared.settings.weights = None;
        shared.settings.margin = None;
    }
    shared
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checked::testing::written_fields;
    use crate::engine::mode::Mode;

    #[test]
    fn the_readers_know_every_field_serde_writes_and_no_others() {
        let overrides = Overrides {
            rules: Some(RuleSet::Guideline),
            randomizer: Some(RandomizerKind::Bag),
            preview: Some(1),
            hold: Some(true),
            top_out: Some(TopOut::LockOut),
            depth: Some(2),
            prune: Some(0.5),
            beam: Some(3),
            margin: Some(1.0),
            value: Some(PlanValue::Max),
            tie_break: Some(TieBreak::First),
            keep_first_rows: Some(true),
            preview_beam: Some(64),
        };
        assert_eq!(written_fields(overrides), OVERRIDES_FIELDS);
        let settings = Settings {
            preset: Some("du".into()),
            weights: Some(crate::ai::presets::find("du").unwrap().weights()),
            as_published: true,
            rules: Some(RuleSet::Classic),
            board: Some([10, 20]),
            seed: Some(1),
            depth: Some(1),
            margin: Some(0.0),
            das: Some(0),
            arr: Some(0),
            gravity: Some(1),
            soft_drop: Some(1),
            lock_delay: Some(1),
            mode: Some(Mode::Sprint),
            kicks: Some(Kicks::SrsPlus),
            overrides,
        };
        assert_eq!(written_fields(settings), SETTINGS_FIELDS);
    }
}
