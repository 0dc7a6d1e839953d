//! Reading a run's output for what it means, beside its exact text: the trait through which a
//! kata brings its own reading ([`ContentCheck`]), what a reading finds ([`Comparison`]), and
//! the reading of a kata without rules of its own ([`PlainText`]: everything but white space
//! is content).
//!
//! Whatever the kata's reading, one rule holds for every kata: output that differs from the
//! expected only in white space, line breaks included, has the right content
//! ([`same_but_white_space`]); the judge applies it over the kata's reading.

use kata_model::transcript::Transcript;

/// A kata's reading of output by its meaning, against the output a fixture expects.
pub trait ContentCheck: Sync {
    /// What the content is, for the learner: "game" gives "The game is right".
    fn subject(&self) -> &'static str {
        "content"
    }

    /// How `actual`, a run's standard output, compares by content with what `expected` gives.
    fn compare(&self, expected: &Transcript, actual: &[u8]) -> Comparison;
}

/// A place in the output, as the transcript shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spot {
    /// The line that shows the output byte at this offset.
    Byte(usize),
    /// The line on which this input (0-based) is given: where its prompt is, or should be.
    Input(usize),
    /// After the last line: the output ends before.
    End,
}

/// Where a difference is seen: a line of the expected transcript and one of the run's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// In the expected output.
    pub expected: Spot,
    /// In the run's output.
    pub actual: Spot,
    /// Where the mark under the actual line goes.
    pub caret: Caret,
}

/// Where the mark under the actual line of a [`Place`] goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Caret {
    /// At the first character in which the two lines differ.
    FirstDifference,
    /// At the actual spot itself, such as a wrong cell in a line that differs earlier only in
    /// presentation.
    AtActual,
}

/// One kind of presentation difference in a run, with the first place it is seen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Presentation {
    /// The difference, in words a learner can act on.
    pub summary: String,
    /// In how many places the run shows it.
    pub count: usize,
    /// The first place.
    pub place: Place,
}

/// The first difference in content.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// What is wrong, in words: "the state is `O wins` where it should be `X wins`".
    pub summary: String,
    /// Where.
    pub place: Place,
    /// What else the reading can tell about the difference, a line each: a convention the
    /// run follows instead of the kata's, say.
    pub notes: Vec<String>,
    /// The first presentation difference before it, if any: said too, so that the learner
    /// knows it is there, but never in place of the fault.
    pub earlier: Option<Presentation>,
}

/// What a reading found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finding {
    /// The content is right; each kind of presentation difference, in the order first seen
    /// (none when the text is exactly right).
    Same(Vec<Presentation>),
    /// The content is wrong.
    Differs(Box<Mismatch>),
}

/// A run's output compared by content with the expected output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comparison {
    /// What the content is, for the learner ([`ContentCheck::subject`]).
    pub subject: &'static str,
    /// Where in the run's output each of the first inputs was given, as far as the reading
    /// tells (by the prompts it recognised, say); the transcript places the others itself.
    pub input_offsets: Vec<usize>,
    /// The finding.
    pub finding: Finding,
}

impl Comparison {
    /// The comparison of output that is exactly the expected.
    #[must_use]
    pub fn identical(subject: &'static str, expected: &Transcript) -> Comparison {
        Comparison {
            subject,
            input_offsets: expected.input_offsets(),
            finding: Finding::Same(Vec::new()),
        }
    }

    /// Whether the content is right.
    #[must_use]
    pub fn same(&self) -> bool {
        matches!(self.finding, Finding::Same(_))
    }
}

/// The reading of a kata without rules of its own: the content is the text but its white
/// space.
#[derive(Clone, Copy, Debug, Default)]
pub struct PlainText;

impl ContentCheck for PlainText {
    fn compare(&self, expected_transcript: &Transcript, actual: &[u8]) -> Comparison {
        let expected = expected_transcript.stdout();
        let finding = if expected == actual {
            Finding::Same(Vec::new())
        } else if same_but_white_space(&expected, actual) {
            Finding::Same(vec![white_space_difference(expected_transcript, actual)])
        } else {
            Finding::Differs(Box::new(Mismatch {
                summary: "a line differs from the one expected".to_owned(),
                place: first_difference(&expected, actual),
                notes: Vec::new(),
                earlier: None,
            }))
        };
        Comparison {
            subject: "text",
            input_offsets: Vec::new(),
            finding,
        }
    }
}

/// Whether the two outputs differ at most in white space, line breaks included: the same
/// characters but white space, in the same order.
#[must_use]
pub fn same_but_white_space(expected: &[u8], actual: &[u8]) -> bool {
    let significant = |bytes: &[u8]| -> Vec<char> {
        String::from_utf8_lossy(bytes)
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect()
    };
    significant(expected) == significant(actual)
}

/// The first byte at which the outputs differ, on both sides.
#[must_use]
pub fn first_difference(expected: &[u8], actual: &[u8]) -> Place {
    let at = common_prefix(expected, actual);
    let spot = |output: &[u8]| {
        if at < output.len() {
            Spot::Byte(at)
        } else {
            Spot::End
        }
    };
    Place {
        expected: spot(expected),
        actual: spot(actual),
        caret: Caret::FirstDifference,
    }
}

/// The first difference of a run's output from the output `expected` gives, when they differ
/// only in white space, in words: at the end of a prompt, named as the prompt's on the line
/// where its answer is given; elsewhere, on the line around it.
#[must_use]
pub fn white_space_difference(expected: &Transcript, actual: &[u8]) -> Presentation {
    let want = expected.stdout();
    if let Some(prompt) = prompt_spacing(expected, &want, actual) {
        return prompt;
    }
    let place = first_difference(&want, actual);
    let at = common_prefix(&want, actual);
    // The line around the first difference, newline included; at the end of an output that
    // ends with a newline, nothing.
    let line_at = |output: &[u8]| -> String {
        let start = output[..at]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |newline| newline + 1);
        let end = output[at..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(output.len(), |newline| at + newline + 1);
        String::from_utf8_lossy(&output[start..end]).into_owned()
    };
    let (want, got) = (line_at(&want), line_at(actual));
    Presentation {
        summary: describe_white_space(&want, &got).to_owned(),
        count: 1,
        place,
    }
}

/// How many bytes two outputs share from their start.
fn common_prefix(expected: &[u8], actual: &[u8]) -> usize {
    expected
        .iter()
        .zip(actual)
        .take_while(|(a, b)| a == b)
        .count()
}

/// The difference, when the first byte where `actual` departs from `want` (the output of
/// `expected`) is in the white space that ends a prompt, or right after it: the prompt is
/// missing its space, has more, or ends its line. Named at the prompt's input on both sides,
/// so that the line shown is the prompt's own, not the one after it.
fn prompt_spacing(expected: &Transcript, want: &[u8], actual: &[u8]) -> Option<Presentation> {
    let at = common_prefix(want, actual);
    let offsets = expected.input_offsets();
    let (index, input) = expected
        .inputs()
        .iter()
        .enumerate()
        .find(|&(index, input)| {
            let end = offsets[index];
            let words = input.prompt.trim_ascii_end().len();
            let start = end - input.prompt.len();
            words > 0 && (start + words..=end).contains(&at)
        })?;
    let words = input.prompt.trim_ascii_end();
    let words_end = offsets[index] - input.prompt.len() + words.len();
    let after = actual.get(words_end..).unwrap_or_default();
    let spaces = after
        .iter()
        .take_while(|&&b| b == b' ' || b == b'\t')
        .count();
    let wanted = input.prompt.len() - words.len();
    let shown = kata_model::transcript::escape(words);
    let summary = if matches!(after.get(spaces), Some(b'\n' | b'\r')) {
        format!(
            "the prompt `{shown}\\n` ends with a line break, so the answer is typed on the next \
             line; it should be `{}`, with the answer on the same line",
            kata_model::transcript::escape(&input.prompt)
        )
    } else if spaces == 0 {
        format!("the prompt `{shown}` is missing the space it should end with")
    } else if spaces < wanted {
        format!("the prompt `{shown}` ends with fewer spaces than it should")
    } else if spaces > wanted {
        format!("the prompt `{shown}` ends with more spaces than it should")
    } else {
        format!("the prompt `{shown}` ends with other white space than it should")
    };
    Some(Presentation {
        summary,
        count: 1,
        place: Place {
            expected: Spot::Input(index),
            actual: Spot::Input(index),
            caret: Caret::FirstDifference,
        },
    })
}

/// What makes the line `got` differ from `want` (with their newlines, if they have them; empty
/// past the end of the output) when the difference is white space alone, in words.
#[must_use]
pub fn describe_white_space(want: &str, got: &str) -> &'static str {
    let (want_line, got_line) = (want.trim_end_matches('\n'), got.trim_end_matches('\n'));
    if got_line.ends_with('\r') && !want_line.ends_with('\r') {
        "lines end in CRLF (\\r\\n) where they should end in LF (\\n) alone"
    } else if want.ends_with('\n') && !got.ends_with('\n') && want_line == got_line {
        "the output does not end with a newline"
    } else if got_line.trim().is_empty()
        && !got.is_empty()
        && (want.is_empty() || !want_line.trim().is_empty())
    {
        "there is an extra empty line"
    } else if want_line.trim().is_empty()
        && !want.is_empty()
        && (got.is_empty() || !got_line.trim().is_empty())
    {
        "an empty line is missing"
    } else if want_line.trim_end() == got_line.trim_end() && got_line.len() > want_line.len() {
        "a line has trailing white space"
    } else if want_line.trim_end() == got_line.trim_end() {
        "a line is missing the trailing space it should end with"
    } else if want_line.trim_start() == got_line.trim_start() {
        "a line starts with different white space"
    } else if want_line.starts_with(got_line.trim_end()) || got_line.starts_with(want_line) {
        "a line is broken in a different place"
    } else {
        "a line has different spaces between its words"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const OUTPUT: &str = "---------\n| X _ O |\n| _ _ _ |\n| O X X |\n---------\nDraw\n";

    fn finding(actual: &str) -> Finding {
        let expected = Transcript::parse(OUTPUT).expect("valid transcript");
        PlainText.compare(&expected, actual.as_bytes()).finding
    }

    fn summary(actual: &str) -> String {
        match finding(actual) {
            Finding::Same(differences) => differences[0].summary.clone(),
            Finding::Differs(mismatch) => panic!("{actual:?} differs: {mismatch:?}"),
        }
    }

    #[test]
    fn white_space_alone_is_presentation_and_is_named() {
        assert_eq!(finding(OUTPUT), Finding::Same(Vec::new()));
        for (actual, named) in [
            (
                OUTPUT.replace('\n', "\r\n"),
                "lines end in CRLF (\\r\\n) where they should end in LF (\\n) alone",
            ),
            (
                OUTPUT.replace("| O X X |", "| O X X | "),
                "a line has trailing white space",
            ),
            (
                OUTPUT.replace("Draw\n", "Draw"),
                "the output does not end with a newline",
            ),
            (format!("{OUTPUT}\n"), "there is an extra empty line"),
            (
                OUTPUT.replace("| X _ O |", "| X\n_ O |"),
                "a line is broken in a different place",
            ),
            (
                OUTPUT.replace("| X _ O |", "|  X _ O |"),
                "a line has different spaces between its words",
            ),
        ] {
            assert_eq!(summary(&actual), named, "{actual:?}");
        }
    }

    #[test]
    fn a_prompt_s_spacing_is_named_at_its_input() {
        let expected = Transcript::parse("A\nQ: > 1\nB\nR: > 2\nC\n").expect("valid");
        let named = |actual: &str| {
            let difference = white_space_difference(&expected, actual.as_bytes());
            (difference.summary, difference.place.actual)
        };
        assert_eq!(
            named("A\nQ:B\nR: C\n"),
            (
                "the prompt `Q:` is missing the space it should end with".to_owned(),
                Spot::Input(0)
            )
        );
        assert_eq!(
            named("A\nQ: B\nR:  C\n"),
            (
                "the prompt `R:` ends with more spaces than it should".to_owned(),
                Spot::Input(1)
            )
        );
        assert_eq!(
            named("A\nQ:\nB\nR: C\n").0,
            "the prompt `Q:\\n` ends with a line break, so the answer is typed on the next \
             line; it should be `Q: `, with the answer on the same line"
        );
        // A difference elsewhere is named on its line.
        assert_eq!(
            named("A \nQ: B\nR: C\n").0,
            "a line has trailing white space"
        );
    }

    #[test]
    fn anything_but_white_space_is_content() {
        for actual in [
            OUTPUT.replace("Draw", "Draw!"),
            OUTPUT.replace("Draw", "draw"),
            OUTPUT.replace('_', " "),
        ] {
            let Finding::Differs(mismatch) = finding(&actual) else {
                panic!("{actual:?} is content")
            };
            assert_eq!(mismatch.place.caret, Caret::FirstDifference);
        }
        assert_eq!(
            first_difference(b"ab\n", b"ab"),
            Place {
                expected: Spot::Byte(2),
                actual: Spot::End,
                caret: Caret::FirstDifference
            }
        );
    }
}
