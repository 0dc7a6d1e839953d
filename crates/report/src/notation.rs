//! How the formats write what several of them show alike: points as people read them, and a
//! JSON document as every JSON format prints it.

use serde::Serialize;

/// Points as people read them: `7.5`, `10`, `3.33`.
#[must_use]
pub fn points(value: f64) -> String {
    let rounded = format!("{value:.2}");
    rounded
        .trim_end_matches('0')
        .trim_end_matches('.')
        .to_owned()
}

/// The JSON document of `value`, pretty-printed and ending in a new line, as `--json` writes
/// it.
#[must_use]
pub fn json_document(value: &impl Serialize) -> String {
    let mut text = serde_json::to_string_pretty(value).unwrap_or_default();
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_are_written_as_people_read_them() {
        assert_eq!(points(7.5), "7.5");
        assert_eq!(points(10.0), "10");
        assert_eq!(points(10.0 / 3.0), "3.33");
        assert_eq!(points(0.0), "0");
    }
}
