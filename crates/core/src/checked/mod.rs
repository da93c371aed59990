//! Checked outside input: a game configuration, weights, handling, key names and counts as
//! JSON values, read into the library's types. Every bad value is an [`Error`](crate::Error) in
//! plain words that names it by its path (`config.rules.kind`, `handling.arr`) and says what is
//! allowed; nothing here panics, whatever the value.
//!
//! Each reader takes the argument's name (the root of every path in its messages) and the value,
//! `None` when the argument was not given at all.
//!
//! - [`values`]: the building blocks, and plain values: whole numbers, seeds, counts, switches.
//! - [`game`]: a game's values: its configuration, keys, placements.
//! - [`settings`](mod@settings): settings, as an argument and as a share link holds them.
//! - [`deserialized`](mod@deserialized): values read through their serde form.

mod deserialized;
mod game;
mod settings;
mod values;

pub use deserialized::deserialized;
pub use game::{
    KEYS, attack_rows, game_config, handling, key, pace, placement, preset, rules, search,
    versus_rules, weights,
};
pub use settings::{SharedSettings, settings, shared_settings};
pub use values::{
    MAX_ITEMS, MAX_NESTING, MAX_SAFE_INTEGER, NonFiniteNames, cap, count, double, double_from,
    frame_count, index, line_counts, seed, sent_count, shown, switch, text, whole_numbers,
};
pub(crate) use values::{bad, field, fields, finite, frames, named, object, optional, required};

/// What the readers' tests share.
#[cfg(test)]
mod testing {
    use serde_json::Value;

    /// The names of the fields serde writes for `value`, in its order: the fields a reader must
    /// know, and no others.
    pub(crate) fn written_fields(value: impl serde::Serialize) -> Vec<String> {
        match serde_json::to_value(value) {
            Ok(Value::Object(map)) => map.keys().cloned().collect(),
            other => panic!("not an object: {other:?}"),
        }
    }
}
