//! JSON text for the page, written by hand: the rules library answers with a few small shapes
//! (objects of strings, numbers, lists and objects), so the module carries no JSON library.
//! The page reads every answer with `JSON.parse`; the tests read them with a JSON parser.

use std::fmt::{self, Write};

/// A JSON value of the shapes the rules library answers with.
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    /// `null`.
    Null,
    /// A whole number.
    Int(i64),
    /// A string.
    Str(String),
    /// A list.
    List(Vec<Json>),
    /// An object, its fields in the order given.
    Object(Vec<(&'static str, Json)>),
}

impl Json {
    /// An object of `fields`.
    pub fn object(fields: impl IntoIterator<Item = (&'static str, Json)>) -> Json {
        Json::Object(fields.into_iter().collect())
    }

    /// A list of strings.
    pub fn strings<S: Into<String>>(items: impl IntoIterator<Item = S>) -> Json {
        Json::List(items.into_iter().map(|s| Json::Str(s.into())).collect())
    }
}

impl From<&str> for Json {
    fn from(s: &str) -> Json {
        Json::Str(s.to_string())
    }
}

impl From<String> for Json {
    fn from(s: String) -> Json {
        Json::Str(s)
    }
}

impl From<usize> for Json {
    fn from(n: usize) -> Json {
        Json::Int(n as i64)
    }
}

impl From<i64> for Json {
    fn from(n: i64) -> Json {
        Json::Int(n)
    }
}

impl<T: Into<Json>> From<Option<T>> for Json {
    fn from(value: Option<T>) -> Json {
        value.map_or(Json::Null, Into::into)
    }
}

impl<T: Into<Json>, const N: usize> From<[T; N]> for Json {
    fn from(items: [T; N]) -> Json {
        Json::List(items.into_iter().map(Into::into).collect())
    }
}

/// `text` as a JSON string: quotes, backslashes and control characters escaped.
fn write_string(f: &mut fmt::Formatter<'_>, text: &str) -> fmt::Result {
    f.write_char('"')?;
    for c in text.chars() {
        match c {
            '"' => f.write_str("\\\"")?,
            '\\' => f.write_str("\\\\")?,
            '\n' => f.write_str("\\n")?,
            '\r' => f.write_str("\\r")?,
            '\t' => f.write_str("\\t")?,
            c if (c as u32) < 0x20 => write!(f, "\\u{:04x}", c as u32)?,
            c => f.write_char(c)?,
        }
    }
    f.write_char('"')
}

impl fmt::Display for Json {
    /// Compact JSON text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Json::Null => f.write_str("null"),
            Json::Int(n) => write!(f, "{n}"),
            Json::Str(s) => write_string(f, s),
            Json::List(items) => {
                f.write_char('[')?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_char(',')?;
                    }
                    write!(f, "{item}")?;
                }
                f.write_char(']')
            }
            Json::Object(fields) => {
                f.write_char('{')?;
                for (i, (name, value)) in fields.iter().enumerate() {
                    if i > 0 {
                        f.write_char(',')?;
                    }
                    write_string(f, name)?;
                    write!(f, ":{value}")?;
                }
                f.write_char('}')
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shape_reads_back_as_the_same_json() {
        let value = Json::object([
            (
                "name",
                "a \"quoted\" \\ line\nwith\ttabs and \u{1} and é".into(),
            ),
            ("n", Json::Int(-42)),
            ("none", Json::Null),
            ("list", Json::strings(["a1", "b2"])),
            ("empty", Json::List(Vec::new())),
            ("nested", Json::object([("pair", [3usize, 4].into())])),
        ]);
        let read: serde_json::Value = serde_json::from_str(&value.to_string()).unwrap();
        let expected = serde_json::json!({
            "name": "a \"quoted\" \\ line\nwith\ttabs and \u{1} and é",
            "n": -42,
            "none": null,
            "list": ["a1", "b2"],
            "empty": [],
            "nested": {"pair": [3, 4]},
        });
        assert_eq!(read, expected);
    }
}
