//! The command line's definitions that more than one front end uses (with clap, so native builds
//! with the `cli` or `python` feature only): the options of `evolve`, which `tetris-ai evolve`
//! and the Python package's `python -m tetris_ai.ray evolve` both parse, and the parsers of
//! their values.

pub mod evolve;
pub mod values;
