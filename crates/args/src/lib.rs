//! The command-line options that more than one front end parses, with clap, so that neither the
//! core nor the training crate needs it: the options of `evolve`, which `tetris-ai evolve` and
//! the Python package's `python -m tetris_ai.ray evolve` both parse, and the parsers of their
//! values.

pub mod evolve;
pub mod values;
