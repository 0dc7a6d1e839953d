//! The report on a failed case, written for the learner who has to fix the program: what went
//! wrong, the transcript up to the first difference, and the two lines side by side.

use std::fmt::Write as _;

use anstyle::{AnsiColor, Style};

use crate::diff::visible_whitespace;
use crate::fixture::Fixture;
use crate::judge::Verdict;
use crate::process::{Outcome, Run};
use crate::transcript::split_input_line;

/// How many transcript lines before the first difference are shown.
const CONTEXT_LINES: usize = 12;
/// How many characters of a line are shown.
const LINE_WIDTH: usize = 120;
/// How many lines of standard error are shown after a crash.
const STDERR_LINES: usize = 5;

/// Whether the report is coloured (on a terminal, without `NO_COLOR`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Paint {
    /// Colour the headings and the two lines.
    pub color: bool,
}

impl Paint {
    fn paint(self, style: Style, text: &str) -> String {
        if self.color {
            format!("{style}{text}{style:#}")
        } else {
            text.to_owned()
        }
    }
}

const HEADING: Style = Style::new().bold();
const EXPECTED: Style = Style::new().fg_color(Some(anstyle::Color::Ansi(AnsiColor::Green)));
const ACTUAL: Style = Style::new().fg_color(Some(anstyle::Color::Ansi(AnsiColor::Red)));

/// The report on case `number` (1-based), which ended in `verdict`.
#[must_use]
pub fn report(
    number: usize,
    fixture: &Fixture,
    run: &Run,
    verdict: &Verdict,
    paint: Paint,
) -> String {
    let mut text = paint.paint(
        HEADING,
        &format!("{} in test #{number} ({})", verdict.title(), fixture.name),
    );
    text.push('\n');
    text.push_str(&verdict.to_string());
    text.push('\n');
    // A program that failed at end of input after asking for more usually says why there.
    let failed_after_asking = matches!(verdict, Verdict::AskedForMoreInput { .. })
        && !matches!(run.outcome, Outcome::Exited(0));
    if failed_after_asking
        || matches!(
            verdict,
            Verdict::KilledBySignal(_) | Verdict::FailedStatus(_)
        )
    {
        text.push_str(&stderr_tail(&run.stderr));
    }
    if !matches!(verdict, Verdict::CannotStart(_)) {
        let actual = run.shown(&fixture.transcript);
        text.push_str(&first_difference(&fixture.body, &actual, paint));
    }
    text
}

/// The last lines the program wrote on standard error, if any.
fn stderr_tail(stderr: &[u8]) -> String {
    let stderr = String::from_utf8_lossy(stderr);
    let lines: Vec<&str> = stderr.lines().collect();
    if lines.is_empty() {
        return "It wrote nothing on standard error.\n".to_owned();
    }
    let mut text = String::from("Its last lines on standard error:\n");
    for line in &lines[lines.len().saturating_sub(STDERR_LINES)..] {
        let _ = writeln!(text, "  | {}", cut(line));
    }
    text
}

/// The transcript up to the first line where `actual` departs from `expected`, then both lines
/// with the column marked and the input that led there; empty when they do not differ.
fn first_difference(expected: &str, actual: &str, paint: Paint) -> String {
    let expected_lines: Vec<&str> = expected.lines().collect();
    let actual_lines: Vec<&str> = actual.lines().collect();
    let Some(at) = (0..expected_lines.len().max(actual_lines.len()))
        .find(|&i| expected_lines.get(i) != actual_lines.get(i))
    else {
        return String::new();
    };
    let mut text =
        String::from("\nTranscript up to the first difference (`> ` marks the input given):\n");
    let shown_from = at.saturating_sub(CONTEXT_LINES);
    if shown_from > 0 {
        let _ = writeln!(text, "  ({shown_from} earlier lines not shown)");
    }
    for line in &actual_lines[shown_from..at] {
        let _ = writeln!(text, "  {}", cut(line));
    }
    let number = at + 1;
    let (expected_label, actual_label) = (
        format!("Expected line {number}: "),
        format!("Actual line {number}:"),
    );
    let width = expected_label.len();
    let show = |line: Option<&&str>, missing: &str| match line {
        Some(line) => cut(&visible_whitespace(&format!("{line}\n"))),
        None => missing.to_owned(),
    };
    let want = show(
        expected_lines.get(at),
        "(nothing: the transcript ends here)",
    );
    let got = show(actual_lines.get(at), "(nothing: the output ends here)");
    let _ = writeln!(text, "{expected_label}{}", paint.paint(EXPECTED, &want));
    let _ = writeln!(text, "{actual_label:width$}{}", paint.paint(ACTUAL, &got));
    if let (Some(want), Some(got)) = (expected_lines.get(at), actual_lines.get(at)) {
        let column = want
            .chars()
            .zip(got.chars())
            .take_while(|(a, b)| a == b)
            .count()
            + 1;
        let _ = writeln!(
            text,
            "{:width$}^ column {column}",
            "",
            width = width + column - 1
        );
    }
    match actual_lines[..at]
        .iter()
        .rev()
        .find_map(|line| split_input_line(line).map(|(_, input)| input))
    {
        Some(input) => {
            let _ = writeln!(text, "after the input `{input}`");
        }
        None => text.push_str("before any input was read\n"),
    }
    text
}

/// A line cut to [`LINE_WIDTH`] characters, saying how much was cut.
fn cut(line: &str) -> String {
    let length = line.chars().count();
    if length <= LINE_WIDTH {
        return line.to_owned();
    }
    let kept: String = line.chars().take(LINE_WIDTH).collect();
    format!("{kept}... ({} more characters)", length - LINE_WIDTH)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_the_first_difference_and_the_input_before_it() {
        let expected = "Q: > 3 1\nThis cell is occupied! Choose another one!\nQ: > 1 1\n";
        let actual = "Q: > 3 1\nThis cell is occupied! Choose another one\nQ: > 1 1\n";
        // "Expected line 2: " is 17 characters; column 42 is 41 further.
        let caret = format!("{}^ column 42\n", " ".repeat(17 + 41));
        assert_eq!(
            first_difference(expected, actual, Paint::default()),
            "\nTranscript up to the first difference (`> ` marks the input given):\n  Q: > 3 1\n\
             Expected line 2: This cell is occupied! Choose another one!\n\
             Actual line 2:   This cell is occupied! Choose another one\n"
                .to_owned()
                + &caret
                + "after the input `3 1`\n"
        );
        assert_eq!(first_difference("a\n", "a\n", Paint::default()), "");
    }
}
