//! The AI: board features (a registry), weights as data, published presets, and the search that
//! picks a placement.

pub mod features;
pub mod presets;
pub mod search;
pub mod weights;
