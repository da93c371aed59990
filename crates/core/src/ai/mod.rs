//! The AI: board features (a registry), their incremental evaluation, weights as data, published
//! presets, and the search that picks a placement.

pub mod features;
pub mod incremental;
pub mod presets;
pub mod search;
pub mod versus_view;
pub mod weights;
