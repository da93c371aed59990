//! Settings resolved into game configurations: the defaults, a preset as published (its rules
//! and search in place of the rule set, depth and margin), the overrides applied last, and the
//! readers, strict and as a share link reads them, old links' names too. Expected values are
//! worked out from the settings' definitions and the presets' published rules.

use serde_json::{Value, json};
use tetris_ai_core::ai::presets;
use tetris_ai_core::ai::search::{PlanValue, TieBreak};
use tetris_ai_core::checked;
use tetris_ai_core::engine::manual::Handling;
use tetris_ai_core::engine::rules::{RandomizerKind, TopOut};
use tetris_ai_core::settings::{Overrides, Settings};
use tetris_ai_core::{GameConfig, RuleSet, Rules, SearchConfig};

/// The settings `value` (JSON) read strictly.
fn read(value: Value) -> Settings {
    checked::settings("settings", Some(&value)).unwrap()
}

/// Why the settings `value` (JSON) are refused.
fn refused(value: Value) -> String {
    checked::settings("settings", Some(&value))
        .unwrap_err()
        .to_string()
}

#[test]
fn no_settings_are_the_default_game() {
    assert_eq!(
        Settings::default().resolve().unwrap(),
        GameConfig::default()
    );
    assert_eq!(read(json!({})), Settings::default());
    assert_eq!(
        checked::settings("settings", None).unwrap(),
        Settings::default()
    );
}

#[test]
fn the_page_settings_make_the_game_they_name() {
    let settings = read(json!({
        "preset": "du", "rules": "guideline", "board": [8, 12], "seed": "18446744073709551615",
        "depth": 2, "margin": 3.5, "das": 7, "arr": 0, "gravity": 20, "softDrop": 2,
        "lockDelay": 15,
    }));
    let config = settings.resolve().unwrap();
    assert_eq!(config.rules, Rules::guideline());
    assert_eq!(
        (config.width, config.height, config.seed),
        (8, 12, u64::MAX)
    );
    assert_eq!(config.preset.as_deref(), Some("du"));
    assert_eq!(config.weights, None);
    assert_eq!(
        config.search,
        SearchConfig {
            depth: 2,
            margin: Some(3.5),
            ..SearchConfig::default()
        }
    );
    assert_eq!(
        config.handling,
        Handling {
            das: 7,
            arr: 0,
            gravity: 20,
            soft_drop: 2,
            lock_delay: 15,
        }
    );
    // Timings left out are the defaults'.
    let only_gravity = read(json!({"gravity": 20})).resolve().unwrap().handling;
    assert_eq!(
        only_gravity,
        Handling {
            gravity: 20,
            ..GameConfig::default().handling
        }
    );
}

#[test]
fn as_published_plays_each_presets_rules_and_search_in_place_of_the_pages() {
    for preset in presets::PRESETS {
        // The page's rule set, depth and margin wait while the preset plays as published.
        let settings = read(json!({
            "preset": preset.name, "asPublished": true, "rules": "guideline", "depth": 4,
            "margin": 9,
        }));
        let config = settings.resolve().unwrap();
        assert_eq!(config.rules, preset.published.rules, "{}", preset.name);
        assert_eq!(config.search, preset.published.search, "{}", preset.name);
    }
    // Off, the page's own play.
    let own = read(json!({"preset": "lee", "rules": "guideline", "depth": 3}))
        .resolve()
        .unwrap();
    assert_eq!((own.rules, own.search.depth), (Rules::guideline(), 3));
}

#[test]
fn as_published_without_a_preset_plays_the_default_one_and_with_weights_has_no_effect() {
    let default = presets::find(tetris_ai_core::config::DEFAULT_PRESET).unwrap();
    let config = read(json!({"asPublished": true})).resolve().unwrap();
    assert_eq!(config.search, default.published.search);
    let weights = read(json!({
        "weights": {"holes": -4}, "asPublished": true, "rules": "guideline", "depth": 2,
    }));
    assert_eq!(weights.published().unwrap(), None);
    let config = weights.resolve().unwrap();
    assert_eq!((config.rules, config.search.depth), (Rules::guideline(), 2));
}

#[test]
fn overrides_apply_last_as_published_or_not() {
    let settings = read(json!({
        "preset": "lee", "asPublished": true,
        "overrides": {
            "depth": 1, "randomizer": "uniform", "preview": 0, "topOut": "after_clears",
            "tieBreak": "first", "keepFirstRows": false,
        },
    }));
    let config = settings.resolve().unwrap();
    assert_eq!(config.search.depth, 1);
    assert!(!config.search.keep_first_rows);
    assert_eq!(config.search.tie_break, TieBreak::First);
    // lee's published prune stays where no override names it.
    assert_eq!(config.search.prune, 1.0);
    assert_eq!(config.rules.randomizer(), RandomizerKind::Uniform);
    assert_eq!(config.rules.preview, 0);
    assert_eq!(config.rules.top_out(), TopOut::AfterClears);
    // A rule set's override takes that set's own rules, then the other overrides.
    let settings = Settings {
        overrides: Overrides {
            rules: Some(RuleSet::Guideline),
            hold: Some(false),
            preview: Some(2),
            value: Some(PlanValue::Max),
            margin: Some(3.0),
            ..Overrides::default()
        },
        ..Settings::default()
    };
    let config = settings.resolve().unwrap();
    assert_eq!(config.rules.kind, RuleSet::Guideline);
    assert_eq!((config.rules.hold, config.rules.preview), (false, 2));
    assert_eq!(
        (config.search.value, config.search.margin),
        (PlanValue::Max, Some(3.0))
    );
}

#[test]
fn settings_are_written_with_their_own_names_and_read_back() {
    let settings = read(json!({
        "preset": "dt10", "asPublished": true, "board": [10, 10], "seed": 7, "lockDelay": 9,
        "overrides": {"tieBreak": "first"},
    }));
    let written = serde_json::to_value(&settings).unwrap();
    assert_eq!(
        written,
        json!({
            "preset": "dt10", "asPublished": true, "board": [10, 10], "seed": 7, "lockDelay": 9,
            "overrides": {"tieBreak": "first"},
        })
    );
    assert_eq!(read(written), settings);
    // Nothing given writes nothing.
    assert_eq!(
        serde_json::to_value(Settings::default()).unwrap(),
        json!({})
    );
}

#[test]
fn bad_settings_are_refused_naming_the_value() {
    for (value, expected) in [
        (
            json!({"depth": 5}),
            "settings.depth must be a whole number from 1 to 4, got 5",
        ),
        (
            json!({"board": [3, 20]}),
            "settings.board[0] must be a whole number from 4 to 16, got 3",
        ),
        (
            json!({"board": "10x20"}),
            "settings.board must be [width, height], two whole numbers, got \"10x20\"",
        ),
        (
            json!({"rules": "tetris"}),
            "settings.rules must be \"classic\" or \"guideline\", got \"tetris\"",
        ),
        (
            json!({"asPublished": "yes"}),
            "settings.asPublished must be true or false, got \"yes\"",
        ),
        (
            json!({"gravity": 0}),
            "settings.gravity must be a whole number from 1 to 4294967295, got 0",
        ),
        (
            json!({"softDrop": 0}),
            "settings.softDrop must be a whole number from 1 to 4294967295, got 0",
        ),
        (
            json!({"das": -1}),
            "settings.das must be a whole number from 0 to 4294967295, got -1",
        ),
        (
            json!({"arr": 1.5}),
            "settings.arr must be a whole number from 0 to 4294967295, got 1.5",
        ),
        (
            json!({"overrides": {"prune": 2}}),
            "settings.overrides.prune must be a number above 0 and at most 1, got 2",
        ),
        (
            json!({"width": 8}),
            "settings has an unknown field \"width\" (fields: preset, weights, asPublished, \
             rules, board, seed, depth, margin, das, arr, gravity, softDrop, lockDelay, mode, \
             kicks, overrides)",
        ),
        (
            json!({"preset": "du", "weights": {"holes": -1}}),
            "give a preset or weights, not both",
        ),
        (
            json!({"overrides": {"hold": true}}),
            "classic rules have no hold",
        ),
    ] {
        let error = refused(value.clone());
        assert!(error.contains(expected), "{value}: {error}");
    }
}

#[test]
fn a_share_link_keeps_its_good_settings_and_names_each_bad_one() {
    let shared = checked::shared_settings(&json!({
        "seed": 12, "depth": 9, "board": [10, 3], "preset": "lee", "asPublished": true,
        "future": "ignored",
    }));
    assert_eq!(
        shared.settings,
        Settings {
            seed: Some(12),
            preset: Some("lee".into()),
            as_published: true,
            ..Settings::default()
        }
    );
    assert_eq!(
        shared.problems,
        [
            "board[1] must be a whole number from 4 to 40, got 3",
            "depth must be a whole number from 1 to 4, got 9",
        ]
    );
    let none = checked::shared_settings(&json!([1, 2]));
    assert_eq!(none.settings, Settings::default());
    assert_eq!(
        none.problems,
        ["it holds [1,2] instead of a game's settings"]
    );
}

#[test]
fn a_share_link_made_before_settings_had_their_names_still_opens() {
    // The fields share links had: width and height for the board, published for asPublished,
    // "" for no preset (custom weights).
    let old = checked::shared_settings(&json!({
        "seed": 5, "rules": "guideline", "width": 8, "height": 12, "depth": 2,
        "weights": {"holes": -4}, "margin": null, "preset": "", "published": false,
    }));
    assert!(old.problems.is_empty(), "{:?}", old.problems);
    let config = old.settings.resolve().unwrap();
    assert_eq!((config.width, config.height, config.seed), (8, 12, 5));
    assert_eq!((config.rules, config.search.depth), (Rules::guideline(), 2));
    assert_eq!(config.preset, None);
    assert!(config.weights.is_some());
    let published = checked::shared_settings(&json!({"preset": "lee", "published": true}));
    assert!(published.settings.as_published);
    let bad = checked::shared_settings(&json!({"preset": "lee", "published": "yes"}));
    assert_eq!(
        bad.problems,
        ["published must be true or false, got \"yes\""]
    );
    assert_eq!(bad.settings.preset.as_deref(), Some("lee"));
}

#[test]
fn an_old_links_width_and_height_are_named_each_and_make_a_board_only_together() {
    let bad = checked::shared_settings(&json!({"seed": 3, "width": 999, "height": 12}));
    assert_eq!(
        bad.problems,
        ["width must be a whole number from 4 to 16, got 999"]
    );
    assert_eq!(
        bad.settings,
        Settings {
            seed: Some(3),
            ..Settings::default()
        }
    );
    let good = checked::shared_settings(&json!({"width": 6, "height": 12}));
    assert_eq!(good.settings.board, Some([6, 12]));
}

#[test]
fn a_links_ai_is_kept_whole_or_not_at_all() {
    // Good weights with a bad margin: the link's AI is none of them, the page's plays.
    let shared = checked::shared_settings(&json!({
        "seed": 8, "weights": {"holes": -4}, "margin": -100,
    }));
    assert_eq!(
        shared.settings,
        Settings {
            seed: Some(8),
            ..Settings::default()
        }
    );
    assert_eq!(
        shared.problems,
        ["margin must be a finite number, 0 or more (or null for the preset's), got -100"]
    );
}

#[test]
fn a_whole_number_too_large_for_an_integer_is_named_in_full() {
    let shared = checked::shared_settings(&json!({"seed": 1e20}));
    assert!(
        shared.problems[0].ends_with("got 100000000000000000000"),
        "{}",
        shared.problems[0]
    );
}
