//! Reading JS values into the library's types, and writing them back.

use serde::Serialize;
use wasm_bindgen::prelude::*;

/// Reads a JS value through its JSON text, so that unknown fields are refused exactly as in
/// files and on the command line.
pub(crate) fn from_js<T: serde::de::DeserializeOwned>(
    value: &JsValue,
    what: &str,
) -> Result<T, JsError> {
    let text = js_sys::JSON::stringify(value)
        .ok()
        .and_then(|text| text.as_string())
        .ok_or_else(|| JsError::new(&format!("bad {what}: not representable as JSON")))?;
    serde_json::from_str(&text).map_err(|e| JsError::new(&format!("bad {what}: {e}")))
}

/// Writes a value as plain JS data (objects, arrays, numbers, strings).
pub(crate) fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&e.to_string()))
}
