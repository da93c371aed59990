//! Properties of the checked readers of outside input: over random JSON (any nesting, numbers of
//! every magnitude, any strings) and random near-valid configurations, every reader returns,
//! never panics, and every refusal is a plain message that starts with the argument's name; an
//! accepted configuration makes a game, the same one its JSON makes through serde.

use proptest::prelude::*;
use serde_json::{Map, Value, json};
use tetris_ai_core::checked;
use tetris_ai_core::{Game, GameConfig};

/// Field names the readers know, and a few they do not.
const NAMES: [&str; 30] = [
    "beam",
    "rules",
    "width",
    "height",
    "seed",
    "preset",
    "weights",
    "search",
    "handling",
    "kind",
    "preview",
    "hold",
    "timing",
    "gravity",
    "lock_delay",
    "depth",
    "prune",
    "margin",
    "das",
    "arr",
    "soft_drop",
    "holes",
    "weight",
    "exponent",
    "colour",
    "randomizer",
    "top_out",
    "value",
    "tie_break",
    "keep_first_rows",
];

/// Strings the readers know, and a few they do not.
const WORDS: [&str; 17] = [
    "classic",
    "guideline",
    "bag",
    "uniform",
    "after_clears",
    "max",
    "first",
    "dellacherie",
    "left",
    "hold",
    "cw",
    "",
    "12",
    "-3",
    "1e3",
    "18446744073709551615",
    "18446744073709551616",
];

fn number() -> impl Strategy<Value = Value> {
    prop_oneof![
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        (0u64..50).prop_map(Value::from),
        any::<f64>()
            .prop_map(|f| serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)),
        prop::sample::select(vec![
            0.0,
            -0.0,
            0.5,
            1.5,
            -1.0,
            9007199254740991.0,
            9007199254740992.0,
            4294967296.0,
            1e300,
            -1e300,
            5e-324,
            f64::MAX,
        ])
        .prop_map(Value::from),
    ]
}

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        number(),
        number(),
        prop::sample::select(WORDS.to_vec()).prop_map(Value::from),
        ".*".prop_map(Value::String),
    ]
}

fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => prop::sample::select(NAMES.to_vec()).prop_map(String::from),
        1 => ".{0,8}",
    ]
}

/// Any JSON value, nested.
fn any_json() -> impl Strategy<Value = Value> {
    leaf().prop_recursive(5, 64, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec((key(), inner), 0..6)
                .prop_map(|fields| Value::Object(fields.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

/// A configuration a game accepts.
fn valid_config() -> impl Strategy<Value = Value> {
    (
        4u64..=16,
        4u64..=40,
        any::<u64>(),
        any::<bool>(),
        0u64..=6,
        (1u64..=4, prop::option::of(1u64..=16)),
        0u32..40,
        prop::option::of(-10.0f64..10.0),
        (
            prop::sample::select(vec![Value::Null, json!("uniform"), json!("bag")]),
            prop::sample::select(vec![
                Value::Null,
                json!("before_clears"),
                json!("after_clears"),
                json!("top_row"),
                json!("lock_out"),
            ]),
            prop::sample::select(vec!["sum", "max", "next"]),
            prop::sample::select(vec!["random", "first"]),
            any::<bool>(),
        ),
    )
        .prop_map(
            |(width, height, seed, guideline, preview, depth, das, holes, choices)| {
                let (randomizer, top_out, plan_value, tie_break, keep_first_rows) = choices;
                let (depth, beam) = depth;
                let mut config = json!({
                    "width": width,
                    "height": height,
                    "seed": seed,
                    "search": {"depth": depth, "beam": beam, "prune": 0.5, "value": plan_value,
                        "tie_break": tie_break, "keep_first_rows": keep_first_rows},
                    "handling": {"das": das, "arr": 0, "gravity": 20},
                });
                config["rules"] = if guideline {
                    json!({"kind": "guideline", "preview": preview, "hold": true,
                    "timing": {"gravity": 5, "lock_delay": 30}, "randomizer": randomizer,
                    "top_out": top_out})
                } else {
                    json!({"kind": "classic", "preview": preview, "randomizer": randomizer,
                    "top_out": top_out})
                };
                match holes {
                    Some(w) => {
                        config["weights"] =
                            json!({"holes": w, "bumpiness": {"weight": -1, "exponent": 2}})
                    }
                    None => config["preset"] = json!("dellacherie"),
                }
                config
            },
        )
}

/// Every object inside `value` (itself included), by a path of keys.
fn object_paths(value: &Value, path: Vec<String>, out: &mut Vec<Vec<String>>) {
    if let Value::Object(map) = value {
        out.push(path.clone());
        for (k, v) in map {
            let mut deeper = path.clone();
            deeper.push(k.clone());
            object_paths(v, deeper, out);
        }
    }
}

/// A valid configuration with one field of one of its objects replaced, added or removed.
fn near_valid_config() -> impl Strategy<Value = Value> {
    (
        valid_config(),
        any::<prop::sample::Index>(),
        key(),
        any_json(),
        0..3u8,
    )
        .prop_map(|(mut config, at, name, value, how)| {
            let mut paths = Vec::new();
            object_paths(&config, Vec::new(), &mut paths);
            let path = &paths[at.index(paths.len())];
            let mut target = &mut config;
            for k in path {
                target = &mut target[k.as_str()];
            }
            if let Value::Object(map) = target {
                let existing = map.keys().nth(at.index(map.len().max(1))).cloned();
                match (how, existing) {
                    (0, Some(k)) => {
                        map.insert(k, value);
                    }
                    (1, Some(k)) => {
                        map.remove(&k);
                    }
                    _ => {
                        map.insert(name, value);
                    }
                }
            }
            config
        })
}

/// A refusal must start with the argument's name and read as plain words.
fn check_refusal(name: &str, error: &tetris_ai_core::Error) -> Result<(), TestCaseError> {
    let text = error.to_string();
    prop_assert!(text.starts_with(name), "{text}");
    for serde_words in [
        "invalid type",
        "invalid value",
        "at line",
        "expected u",
        "expected i",
        "expected f",
    ] {
        prop_assert!(!text.contains(serde_words), "{text}");
    }
    prop_assert!(text.len() < 1000, "{text}");
    Ok(())
}

/// Runs every reader on `value` (and on no value at all).
fn every_reader(value: Option<&Value>) -> Result<(), TestCaseError> {
    macro_rules! reader {
        ($name:literal, $read:expr) => {
            if let Err(e) = $read($name, value) {
                check_refusal($name, &e)?;
            }
        };
    }
    reader!("config", checked::game_config);
    reader!("rules", checked::rules);
    reader!("seed", checked::seed);
    reader!("preset", checked::preset);
    reader!("weights", checked::weights);
    reader!("search", checked::search);
    reader!("handling", checked::handling);
    reader!("key", checked::key);
    reader!("frames", checked::frame_count);
    reader!("maxPieces", checked::cap);
    reader!("on", checked::switch);
    reader!("text", checked::text);
    reader!("lines", checked::line_counts);
    reader!("to", |n, v| checked::index(n, v, 7));
    Ok(())
}

/// An accepted configuration makes a game, and what serde writes of it reads back as the same
/// configuration; serde reads a configuration as the checked reader does (it is that reader).
fn reads_back_what_it_writes(value: &Value) -> Result<(), TestCaseError> {
    let ours = checked::game_config("config", Some(value));
    let theirs = serde_json::from_value::<GameConfig>(value.clone());
    prop_assert_eq!(ours.is_ok(), theirs.is_ok(), "{}", value);
    if let Ok(config) = ours {
        prop_assert!(Game::new(config.clone()).is_ok(), "{value}");
        let written = serde_json::to_value(&config).unwrap();
        let read_back = checked::game_config("config", Some(&written));
        prop_assert_eq!(read_back.as_ref(), Ok(&config), "{}", written);
        prop_assert_eq!(theirs.unwrap(), config);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn any_json_is_read_or_refused_in_plain_words(value in any_json()) {
        every_reader(Some(&value))?;
        reads_back_what_it_writes(&value)?;
    }

    #[test]
    fn near_valid_configurations_are_read_or_refused_in_plain_words(value in near_valid_config()) {
        every_reader(Some(&value))?;
        reads_back_what_it_writes(&value)?;
        if let Some(handling) = value.get("handling") {
            every_reader(Some(handling))?;
        }
        if let Some(weights) = value.get("weights") {
            every_reader(Some(weights))?;
        }
    }

    #[test]
    fn valid_configurations_are_accepted(value in valid_config()) {
        let config = checked::game_config("config", Some(&value));
        prop_assert!(config.is_ok(), "{value}: {config:?}");
        reads_back_what_it_writes(&value)?;
    }
}

#[test]
fn no_value_at_all_is_refused_or_defaulted() {
    every_reader(None).unwrap();
    assert_eq!(
        checked::game_config("config", None).unwrap(),
        GameConfig::default()
    );
    assert_eq!(checked::cap("maxPieces", None).unwrap(), None);
}

#[test]
fn refusals_say_what_is_allowed() {
    let cases: [(Result<(), tetris_ai_core::Error>, &str); 15] = [
        (
            checked::handling("handling", Some(&json!({"arr": -1}))).map(drop),
            "handling.arr must be a whole number from 0 to 4294967295, got -1",
        ),
        (
            checked::handling("handling", Some(&json!({"gravity": 0}))).map(drop),
            "handling.gravity must be a whole number from 1 to 4294967295, got 0",
        ),
        (
            checked::game_config("config", Some(&json!({"seed": 9007199254740992.0}))).map(drop),
            "config.seed must be a whole number from 0 to 9007199254740991, or a string of decimal digits up to 18446744073709551615, got 9007199254740992",
        ),
        (
            checked::game_config("config", Some(&json!({"rules": {"hold": true}}))).map(drop),
            "config.rules: classic rules have no hold or timing (give kind \"guideline\" for those)",
        ),
        (
            checked::game_config("config", Some(&json!({"rules": {"randomizer": "bag7"}})))
                .map(drop),
            "config.rules.randomizer must be \"uniform\", \"bag\" or \"sz_heavy\" (or null for the rules' own), got \"bag7\"",
        ),
        (
            checked::game_config("config", Some(&json!({"rules": {"top_out": 1}}))).map(drop),
            "config.rules.top_out must be \"before_clears\", \"after_clears\", \"top_row\" or \"lock_out\" (or null for the rules' own), got 1",
        ),
        (
            checked::game_config("config", Some(&json!({"search": {"value": "mean"}}))).map(drop),
            "config.search.value must be \"sum\", \"max\" or \"next\", got \"mean\"",
        ),
        (
            checked::game_config("config", Some(&json!({"search": {"tie_break": null}}))).map(drop),
            "config.search.tie_break must be \"random\" or \"first\", got null",
        ),
        (
            checked::game_config("config", Some(&json!({"search": {"keep_first_rows": 1}})))
                .map(drop),
            "config.search.keep_first_rows must be true or false, got 1",
        ),
        (
            checked::game_config(
                "config",
                Some(&json!({"weights": {"holes": {"weight": 1, "exponent": 0}}})),
            )
            .map(drop),
            "config.weights.holes.exponent must be a finite number above 0 (or null), got 0",
        ),
        (
            checked::game_config(
                "config",
                Some(&json!({"weights": {"cold_clear_2_board": {"weight": 1, "exponent": 2}}})),
            )
            .map(drop),
            "feature \"cold_clear_2_board\" can be below 0, so it takes no exponent (got 2)",
        ),
        (
            checked::game_config("config", Some(&json!({"search": {"prune": 2}}))).map(drop),
            "config.search.prune must be a number above 0 and at most 1, got 2",
        ),
        (
            checked::game_config("config", Some(&json!({"search": {"preview_beam": 0}}))).map(drop),
            "config.search.preview_beam must be a whole number from 1 to 65536 (or null to search by plies), got 0",
        ),
        (
            checked::key("key", Some(&json!(1))).map(drop),
            "key must be \"left\", \"right\", \"soft_drop\", \"hard_drop\", \"cw\", \"ccw\", \"half\" or \"hold\", got 1",
        ),
        (
            checked::game_config(
                "config",
                Some(&json!({"preset": "dellacherie", "weights": {"holes": -1}})),
            )
            .map(drop),
            "config: give a preset or weights, not both",
        ),
    ];
    for (result, expected) in cases {
        let error = result.expect_err(expected).to_string();
        assert!(error.starts_with(expected), "{error}\nexpected: {expected}");
    }
    let seed = checked::seed("seed", Some(&json!("18446744073709551615"))).unwrap();
    assert_eq!(seed, u64::MAX);
    assert!(checked::seed("seed", Some(&json!("18446744073709551616"))).is_err());
}

#[test]
fn refusals_quote_numbers_as_javascript_writes_them() {
    let cases = [
        (json!(9007199254740992.0), "9007199254740992"),
        (json!(1e20), "100000000000000000000"),
        (json!(1e21), "1e+21"),
        (json!(0.5), "0.5"),
        (json!(-3), "-3"),
        (json!(18446744073709551615u64), "18446744073709551615"),
    ];
    for (value, expected) in cases {
        assert_eq!(checked::shown(Some(&value)), expected, "{value:?}");
    }
    assert_eq!(checked::shown(None), "undefined");
}

/// The paths (`rules.timing`, `search.depth`) of every number, string, boolean and null in
/// `value`, with the value there.
fn leaves(value: &Value, path: &str, found: &mut Vec<(String, Value)>) {
    match value {
        Value::Object(map) => {
            for (key, item) in map {
                let inner = if path.is_empty() {
                    key.clone()
                } else {
                    format!("{path}.{key}")
                };
                leaves(item, &inner, found);
            }
        }
        _ => found.push((path.to_string(), value.clone())),
    }
}

/// The value at the dotted `path` of `value`, if there is one.
fn at<'a>(value: &'a Value, path: &str) -> Option<&'a Value> {
    path.split('.').try_fold(value, |v, key| v.get(key))
}

#[test]
fn every_field_serde_writes_is_read_back_alike() {
    // Configurations that, between them, set every field away from its default, written by
    // serde: the checked reader must know every field serde writes, and read each to the same
    // value, so the writer's and the reader's field lists cannot drift apart unnoticed. A field
    // added to the types must be set here (the literals name every field), and away from its
    // default (checked below), or the test fails.
    use tetris_ai_core::ai::search::{PlanValue, TieBreak};
    use tetris_ai_core::engine::manual::Handling;
    use tetris_ai_core::engine::piece::Kicks;
    use tetris_ai_core::engine::rules::{RandomizerKind, Timing, TopOut};
    use tetris_ai_core::{RuleSet, Rules, SearchConfig, Weights};
    let config = GameConfig {
        rules: Rules {
            kind: RuleSet::Guideline,
            preview: 3,
            hold: true,
            timing: Some(Timing {
                gravity: 5,
                lock_delay: 20,
            }),
            randomizer: Some(RandomizerKind::Uniform),
            top_out: Some(TopOut::AfterClears),
            kicks: Kicks::SrsPlus,
        },
        width: 8,
        height: 12,
        seed: 99,
        preset: None,
        weights: Some(
            Weights::new([("holes", -2.0, None), ("bumpiness", -1.0, Some(2.0))]).unwrap(),
        ),
        search: SearchConfig {
            depth: 3,
            prune: 0.5,
            beam: Some(3),
            margin: Some(2.0),
            value: PlanValue::Max,
            tie_break: TieBreak::First,
            keep_first_rows: true,
            preview_beam: Some(64),
        },
        handling: Handling {
            das: 7,
            arr: 1,
            gravity: 30,
            soft_drop: 4,
            lock_delay: 25,
        },
        mode: tetris_ai_core::engine::mode::Mode::Marathon,
    };
    let with_preset = GameConfig {
        preset: Some("lee".into()),
        weights: None,
        ..config.clone()
    };
    let mut written = Vec::new();
    for config in [config, with_preset] {
        let json = serde_json::to_value(&config).unwrap();
        assert_eq!(
            checked::game_config("config", Some(&json)).unwrap(),
            config,
            "{json}"
        );
        written.push(json);
    }
    let mut defaults = Vec::new();
    leaves(
        &serde_json::to_value(GameConfig::default()).unwrap(),
        "",
        &mut defaults,
    );
    assert!(defaults.len() >= 20, "{defaults:?}");
    for (path, default) in defaults {
        assert!(
            written.iter().any(|json| at(json, &path) != Some(&default)),
            "{path} is left at its default {default} in every configuration"
        );
    }
}
