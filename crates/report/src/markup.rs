//! Text made safe inside XML and HTML, whatever a submission wrote: the markup characters
//! escaped, and the characters XML 1.0 cannot hold at all written out as `\u{…}`.

use std::fmt::Write;

/// `text` as character data or an attribute's value: the five markup characters escaped, and
/// control characters but tab, line feed and carriage return written out as `\u{…}`.
#[must_use]
pub fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&apos;"),
            '\t' | '\n' | '\r' => escaped.push(c),
            c if c.is_control() || matches!(c, '\u{fffe}' | '\u{ffff}') => {
                let _ = write!(escaped, "\\u{{{:x}}}", u32::from(c));
            }
            c => escaped.push(c),
        }
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn markup_and_characters_xml_cannot_hold_are_escaped() {
        assert_eq!(
            escape("<a href=\"x\">&'\u{1b}[31m\n"),
            "&lt;a href=&quot;x&quot;&gt;&amp;&apos;\\u{1b}[31m\n"
        );
    }
}
