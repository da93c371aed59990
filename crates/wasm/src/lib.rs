//! The JavaScript face of the engine: a thin layer of wasm-bindgen bindings (WebAssembly builds
//! only) that turns JS values into the library's types and back, and the TypeScript declarations
//! of every value it sends and reads (the `typescript` feature, on by default; the modules a
//! page loads are built without it). Every bad argument becomes a thrown `Error` naming it;
//! nothing a page passes in reaches a panic.

pub mod measurements;
#[cfg(feature = "typescript")]
pub mod typescript;

#[cfg(target_arch = "wasm32")]
mod bindings;
#[cfg(target_arch = "wasm32")]
pub use bindings::*;
