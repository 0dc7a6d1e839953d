//! A line diff of two transcripts for people: unified, with the white space that a terminal
//! hides made visible on the lines that differ.

use similar::{ChangeTag, TextDiff};

/// How many unchanged lines are shown around each change.
const CONTEXT_LINES: usize = 3;

/// The unified diff of `expected` against `actual`, or `None` when they are equal.
#[must_use]
pub fn transcript_diff(expected: &str, actual: &str) -> Option<String> {
    if expected == actual {
        return None;
    }
    let diff = TextDiff::from_lines(expected, actual);
    let mut text = String::from("--- expected\n+++ actual\n");
    for group in diff.grouped_ops(CONTEXT_LINES) {
        for op in group {
            for change in diff.iter_changes(&op) {
                let line = change.value();
                let (sign, shown) = match change.tag() {
                    ChangeTag::Equal => (' ', line.trim_end_matches('\n').to_owned()),
                    ChangeTag::Delete => ('-', visible_whitespace(line)),
                    ChangeTag::Insert => ('+', visible_whitespace(line)),
                };
                text.push(sign);
                text.push_str(&shown);
                text.push('\n');
            }
        }
        text.push_str("...\n");
    }
    Some(text)
}

/// A line with its trailing spaces shown as `·`, its tabs as `→`, and a missing final newline
/// said in words.
#[must_use]
pub fn visible_whitespace(line: &str) -> String {
    let (content, newline) = match line.strip_suffix('\n') {
        Some(content) => (content, true),
        None => (line, false),
    };
    if content.is_empty() && newline {
        return "(an empty line)".to_owned();
    }
    let kept = content.trim_end_matches(' ');
    let mut shown = kept.replace('\t', "→");
    shown.extend(std::iter::repeat_n('·', content.len() - kept.len()));
    if !newline {
        shown.push_str("  (no newline at the end)");
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shows_the_changed_lines_with_their_white_space() {
        let diff = transcript_diff("a\nDraw\nb\n", "a\nDraw \nb\n").expect("they differ");
        assert_eq!(
            diff,
            "--- expected\n+++ actual\n a\n-Draw\n+Draw·\n b\n...\n"
        );
        assert_eq!(transcript_diff("x\n", "x\n"), None);
        assert_eq!(visible_whitespace("\tX"), "→X  (no newline at the end)");
    }
}
