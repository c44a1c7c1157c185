//! JSON for the match summaries: written for tools and read back to merge the summaries of
//! shards played on several machines (`mingmang match --merge`). The values are
//! `serde_json`'s, with keys kept in the order they were written.

pub use serde_json::Value as Json;

/// An object from `(key, value)` pairs, in that order.
pub fn obj(pairs: Vec<(&str, Json)>) -> Json {
    Json::Object(pairs.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
}

/// A string value.
pub fn text(s: impl Into<String>) -> Json {
    Json::String(s.into())
}

/// `value` written out, indented by two spaces per level, with a final newline.
pub fn render(value: &Json) -> String {
    let mut out = serde_json::to_string_pretty(value).expect("a Value always serialises");
    out.push('\n');
    out
}

/// Reads a JSON document.
pub fn parse(text: &str) -> Result<Json, String> {
    serde_json::from_str(text).map_err(|e| e.to_string())
}
