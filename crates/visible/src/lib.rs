//! Text a submission controls, made safe and visible on a terminal: every character that a
//! terminal would act on or hide (control characters, escape sequences, carriage returns, no-break
//! and zero-width spaces, bidirectional controls) is written as `\u{…}`, every byte that is not
//! UTF-8 as `\xHH`, and a backslash as `\\`, so that what is shown is what was written, and
//! nothing a program prints can redraw, retitle or reorder the grader's report. That is this
//! crate's one job: it depends on nothing and must not know programs, katas or reports; the
//! runner, the kata model and the reports each show a program's text through it.

/// Whether `c` is one that a terminal acts on or that a reader cannot see: control characters
/// other than the newline and tab, and the invisible or direction-changing characters of Unicode.
#[must_use]
pub fn is_hidden(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || matches!(
            c,
            '\u{a0}'            // no-break space
            | '\u{ad}'          // soft hyphen
            | '\u{61c}'         // Arabic letter mark
            | '\u{180e}'        // Mongolian vowel separator
            | '\u{2000}'..='\u{200f}' // spaces of other widths, zero-width, direction marks
            | '\u{2028}'..='\u{202f}' // line and paragraph separators, embeddings, overrides
            | '\u{205f}'..='\u{206f}' // word joiner, invisible operators, isolates
            | '\u{3000}'        // ideographic space
            | '\u{feff}'        // byte order mark, zero-width no-break space
            | '\u{fff9}'..='\u{fffb}' // interlinear annotation controls
        )
}

/// `bytes` as text safe to show: hidden characters as `\u{…}`, bytes that are not UTF-8 as
/// `\xHH`, a backslash as `\\`; newlines and tabs are kept.
#[must_use]
pub fn visible(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            push_visible(&mut text, c);
        }
        for byte in chunk.invalid() {
            text.push_str(&format!("\\x{byte:02x}"));
        }
    }
    text
}

/// Appends `c` to `text` as [`visible`] shows it.
pub fn push_visible(text: &mut String, c: char) {
    match c {
        '\\' => text.push_str("\\\\"),
        c if is_hidden(c) => text.push_str(&format!("\\u{{{:x}}}", u32::from(c))),
        c => text.push(c),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_a_terminal_would_act_on_or_hide_is_written_out() {
        assert_eq!(
            visible(b"\x1b[2J\x1b]0;Passed\x07 ok\r\n"),
            "\\u{1b}[2J\\u{1b}]0;Passed\\u{7} ok\\u{d}\n"
        );
        assert_eq!(
            visible("a\u{a0}b\u{200b}c\u{202e}d\u{feff}".as_bytes()),
            "a\\u{a0}b\\u{200b}c\\u{202e}d\\u{feff}"
        );
        assert_eq!(visible(b"caf\xe9 C:\\x\tX O X"), "caf\\xe9 C:\\\\x\tX O X");
        assert_eq!(visible("Ошибка: é ✓".as_bytes()), "Ошибка: é ✓");
    }
}
