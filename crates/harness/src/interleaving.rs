//! The record of a run driven one answer at a time, the runner's [`Interleaving`], read as a
//! transcript: the transcript it makes (what a terminal showed), and where its waiting for input first
//! departs from the fixture's transcript.

use std::ops::Range;

use runner::{Interleaving, Run};

use kata_model::transcript::{Transcript, escape, line_end};

/// Where a run's waiting for input first departs from its transcript, when that comes before
/// any difference in what it wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Departure {
    /// It waited for input `input` (0-based) while `missing`, a range of the transcript's
    /// standard output that comes before that input, had not been written yet. It was written
    /// later, as the transcript has it.
    EarlyWait {
        /// The input it waited for.
        input: usize,
        /// What the transcript shows before that input that had not been written yet.
        missing: Range<usize>,
    },
    /// It waited for input after the last one, where the transcript has it finish, with all it
    /// had written by then as the transcript has it.
    AskedForMore,
}

/// How the end of the input reads in a transcript where a program waited for more.
const END_OF_INPUT: &str = "> \\z\n";

/// What the record of where a run was given its inputs says of the run as a transcript, which
/// the runner that keeps the record does not know.
pub trait Rendered {
    /// The transcript of the run that wrote `stdout` with this record: each input where it was
    /// given, `> \z` where the program waited for input after the last one (the input ended
    /// there), then the rest. With `list_unasked`, the inputs of `expected` that were never
    /// given follow at the end, so that the text still holds every input of the case.
    fn transcript(&self, expected: &Transcript, stdout: &[u8], list_unasked: bool) -> String;

    /// Where the run's waiting first departs from `expected`, if that comes first in the
    /// transcript: before the first byte where `stdout` differs from the expected output.
    fn departure(&self, expected: &Transcript, stdout: &[u8]) -> Option<Departure>;
}

impl Rendered for Interleaving {
    fn transcript(&self, expected: &Transcript, stdout: &[u8], list_unasked: bool) -> String {
        let mut text = String::new();
        let mut cursor = 0;
        let inputs = expected.inputs();
        for (input, &at) in inputs.iter().zip(&self.given) {
            text.push_str(&escape(&stdout[cursor..at]));
            text.push_str(&line_end(input));
            cursor = at;
        }
        if let Some(at) = self.asked_for_more {
            text.push_str(&escape(&stdout[cursor..at]));
            text.push_str(END_OF_INPUT);
            cursor = at;
        }
        let rest = &stdout[cursor..];
        text.push_str(&escape(rest));
        if !rest.is_empty() && !rest.ends_with(b"\n") {
            text.push_str("\\z\n");
        }
        if list_unasked {
            for input in inputs.iter().skip(self.given.len()) {
                text.push_str(&line_end(input));
            }
        }
        text
    }

    fn departure(&self, expected: &Transcript, stdout: &[u8]) -> Option<Departure> {
        let want = expected.stdout();
        let differs_at = want
            .iter()
            .zip(stdout)
            .position(|(a, b)| a != b)
            .or((want.len() != stdout.len()).then(|| want.len().min(stdout.len())));
        // Whether the output agrees with the expected one over its first `length` bytes.
        let agrees = |length: usize| differs_at.is_none_or(|at| at >= length);
        let offsets = expected.input_offsets();
        for (input, (&given, &place)) in self.given.iter().zip(&offsets).enumerate() {
            if !agrees(given.min(place)) {
                return None;
            }
            if given < place {
                return agrees(place).then_some(Departure::EarlyWait {
                    input,
                    missing: given..place,
                });
            }
            if given > place {
                return None;
            }
        }
        let asked = self.asked_for_more?;
        (self.given.len() == offsets.len() && agrees(asked.min(want.len())))
            .then_some(Departure::AskedForMore)
    }
}

/// A run read as a transcript, which the runner that ran it does not know.
pub trait RunShown {
    /// The run as a terminal showed it, with the inputs of `expected` it was given: each where
    /// it was given if that is known, else as [`Transcript::shown_in_run`] places it.
    fn shown(&self, expected: &Transcript) -> String;

    /// [`RunShown::shown`] with the inputs never given listed at the end: a whole transcript
    /// of the case, as a fixture holds it.
    fn transcript(&self, expected: &Transcript) -> String;
}

impl RunShown for Run {
    fn shown(&self, expected: &Transcript) -> String {
        match &self.interleaving {
            Some(record) => record.transcript(expected, &self.stdout, false),
            None => expected.shown_in_run(&self.stdout),
        }
    }

    fn transcript(&self, expected: &Transcript) -> String {
        match &self.interleaving {
            Some(record) => record.transcript(expected, &self.stdout, true),
            None => expected.of_run(&self.stdout),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CASE: &str = "Q: > 1\nA\nQ: > 2\nB\n";

    fn record(given: &[usize], asked_for_more: Option<usize>) -> Interleaving {
        Interleaving {
            given: given.to_vec(),
            asked_for_more,
        }
    }

    #[test]
    fn the_transcript_shows_each_input_where_it_was_given() {
        let expected = Transcript::parse(CASE).expect("valid");
        let right = record(&[3, 8], None);
        assert_eq!(right.transcript(&expected, b"Q: A\nQ: B\n", false), CASE);
        // A prompt still in the buffer when the program waited: it shows after the input.
        let late = record(&[0, 5], None);
        assert_eq!(
            late.transcript(&expected, b"Q: A\nQ: B\n", false),
            "> 1\nQ: A\n> 2\nQ: B\n"
        );
        // Asked for a third answer: the input had ended there.
        let more = record(&[3, 8], Some(13));
        assert_eq!(
            more.transcript(&expected, b"Q: A\nQ: B\nQ: ", false),
            "Q: > 1\nA\nQ: > 2\nB\nQ: > \\z\n"
        );
        // Never asked for the second: listed at the end only when asked to.
        let once = record(&[3], None);
        assert_eq!(once.transcript(&expected, b"Q: A", false), "Q: > 1\nA\\z\n");
        assert_eq!(
            once.transcript(&expected, b"Q: A", true),
            "Q: > 1\nA\\z\n> 2\n"
        );
        // Output that would read as a marker is escaped, even at the end of a piece.
        assert_eq!(
            record(&[2], None).transcript(
                &Transcript::parse("Q> 1\n").expect("valid"),
                b"Q>",
                false
            ),
            "Q\\x3e> 1\n"
        );
    }

    #[test]
    fn an_input_given_before_its_prompt_was_written_is_an_early_wait() {
        let expected = Transcript::parse(CASE).expect("valid");
        let stdout = b"Q: A\nQ: B\n";
        assert_eq!(record(&[3, 8], None).departure(&expected, stdout), None);
        assert_eq!(
            record(&[0, 0], Some(0)).departure(&expected, stdout),
            Some(Departure::EarlyWait {
                input: 0,
                missing: 0..3
            })
        );
        assert_eq!(
            record(&[3, 5], None).departure(&expected, stdout),
            Some(Departure::EarlyWait {
                input: 1,
                missing: 5..8
            })
        );
        // The prompt never came right: a difference in output, which comes first.
        assert_eq!(record(&[0], None).departure(&expected, b"R: A\n"), None);
        // An output difference before the early wait comes first.
        assert_eq!(
            record(&[3, 5], None).departure(&expected, b"Q: a\nQ: B\n"),
            None
        );
        // Output past an input's place without waiting for it is a difference in output.
        assert_eq!(record(&[], None).departure(&expected, stdout), None);
        assert_eq!(record(&[3, 10], None).departure(&expected, stdout), None);
    }

    #[test]
    fn waiting_after_the_last_input_is_asking_for_more() {
        let expected = Transcript::parse(CASE).expect("valid");
        let asked = Some(Departure::AskedForMore);
        // After all the output, with a prompt of its own, or before the last of it.
        assert_eq!(
            record(&[3, 8], Some(10)).departure(&expected, b"Q: A\nQ: B\n"),
            asked
        );
        assert_eq!(
            record(&[3, 8], Some(13)).departure(&expected, b"Q: A\nQ: B\nQ: "),
            asked
        );
        assert_eq!(
            record(&[3, 8], Some(8)).departure(&expected, b"Q: A\nQ: B\n"),
            asked
        );
        // Wrong output before it asked comes first.
        assert_eq!(
            record(&[3, 8], Some(10)).departure(&expected, b"Q: A\nQ: C\n"),
            None
        );
        // A case whose input ends with `\z` never leaves the program waiting after it.
        let ended = Transcript::parse("Q: > \\z\n").expect("valid");
        assert_eq!(record(&[3], None).departure(&ended, b"Q: "), None);
        // With no input at all, any wait is one for more.
        let none = Transcript::parse("X\n").expect("valid");
        assert_eq!(record(&[], Some(2)).departure(&none, b"X\n"), asked);
    }
}
