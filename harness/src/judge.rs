//! Judging one run against its fixture: the verdict, decided in a fixed order, first rule first.

use std::fmt;
use std::time::Duration;

use crate::fixture::Fixture;
use crate::interleaving::Departure;
use crate::process::{Limits, Outcome, Run};
use crate::transcript::{Input, escape};

/// How a case went, in the order the rules are checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The program could not be started: why, in the system's words.
    CannotStart(String),
    /// It waited for an input before it had written `missing`, which the fixture shows before
    /// that input: a prompt left in its output buffer, written only later.
    PromptNotShown {
        /// The input it waited for, in words: "the input `1 1`".
        input: String,
        /// The text that was not written yet, in words: "`Enter cells: `".
        missing: String,
    },
    /// It waited for input after the case's last, where the fixture has it finish.
    AskedForMoreInput {
        /// What it did at end of input: "wrote nothing more and exited with status 1".
        then: String,
    },
    /// It ran past this time limit.
    TimedOut(Duration),
    /// It wrote more than this many bytes of output.
    TooMuchOutput(usize),
    /// A signal killed it.
    KilledBySignal(i32),
    /// It exited with this non-zero status where 0 was expected.
    FailedStatus(i32),
    /// It exited with `actual` where `expected` was expected.
    WrongExitStatus {
        /// The status the fixture declares.
        expected: i32,
        /// The status the program gave.
        actual: i32,
    },
    /// The output is right but for this white space, line endings or empty-cell symbol.
    PresentationError(Vec<String>),
    /// The output is wrong.
    WrongAnswer,
    /// Output and exit status are exactly right.
    Passed,
}

impl Verdict {
    /// Whether the case passed.
    #[must_use]
    pub fn passed(&self) -> bool {
        *self == Verdict::Passed
    }

    /// The verdict's name, as a title: "Wrong answer".
    #[must_use]
    pub fn title(&self) -> &'static str {
        match self {
            Verdict::CannotStart(_) => "Cannot start",
            Verdict::PromptNotShown { .. } => "Prompt not shown",
            Verdict::AskedForMoreInput { .. } => "Asked for more input",
            Verdict::TimedOut(_) => "Timed out",
            Verdict::TooMuchOutput(_) => "Too much output",
            Verdict::KilledBySignal(_) | Verdict::FailedStatus(_) => "Crashed",
            Verdict::WrongExitStatus { .. } => "Wrong exit status",
            Verdict::PresentationError(_) => "Presentation error",
            Verdict::WrongAnswer => "Wrong answer",
            Verdict::Passed => "Passed",
        }
    }

    /// Whether the program itself failed to run to its end (as opposed to answering wrongly).
    #[must_use]
    pub fn is_error(&self) -> bool {
        matches!(
            self,
            Verdict::CannotStart(_)
                | Verdict::TimedOut(_)
                | Verdict::TooMuchOutput(_)
                | Verdict::KilledBySignal(_)
                | Verdict::FailedStatus(_)
        )
    }
}

impl fmt::Display for Verdict {
    /// The verdict in one sentence a learner can act on.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::CannotStart(why) => write!(f, "The program could not be started: {why}."),
            Verdict::PromptNotShown { input, missing } => write!(
                f,
                "The program waited for input while {missing}, which comes before {input}, was \
                 not on screen yet: it was most likely still in the program's output buffer.\n\
                 Flush standard output before reading input: in Rust `io::stdout().flush()`, \
                 in C `fflush(stdout)`, in C++ `std::flush`, in Python `print(..., \
                 flush=True)`, in Java `System.out.flush()`. A program that reads all its \
                 input before it writes anything fails this way too."
            ),
            Verdict::AskedForMoreInput { then } => write!(
                f,
                "Your program waits for more input than this test gives: after the last input \
                 it should finish, but it waited for another. At end of input (`> \\z` below) \
                 it {then}."
            ),
            Verdict::TimedOut(limit) => {
                write!(
                    f,
                    "The program ran past the time limit of {} s and was stopped.",
                    limit.as_secs_f64()
                )
            }
            Verdict::TooMuchOutput(cap) => {
                write!(
                    f,
                    "The program wrote more than {} and was stopped.",
                    bytes(*cap)
                )
            }
            Verdict::KilledBySignal(signal) => {
                write!(
                    f,
                    "The program was killed by signal {signal} ({}).",
                    signal_name(*signal)
                )
            }
            Verdict::FailedStatus(status) => {
                write!(
                    f,
                    "The program exited with status {status} where 0 was expected."
                )
            }
            Verdict::WrongExitStatus { expected, actual } => {
                write!(
                    f,
                    "The program exited with status {actual} where {expected} was expected."
                )
            }
            Verdict::PresentationError(notes) => {
                write!(
                    f,
                    "The output would be right but for this: {}.",
                    notes.join("; ")
                )
            }
            Verdict::WrongAnswer => f.write_str("The output is not what was expected."),
            Verdict::Passed => f.write_str("Passed."),
        }
    }
}

fn bytes(count: usize) -> String {
    if count >= 1 << 20 && count.is_multiple_of(1 << 20) {
        format!("{} MiB", count >> 20)
    } else {
        format!("{count} bytes")
    }
}

/// The usual name of a signal number on Linux.
#[must_use]
pub fn signal_name(signal: i32) -> &'static str {
    match signal {
        1 => "SIGHUP",
        2 => "SIGINT",
        3 => "SIGQUIT",
        4 => "SIGILL",
        6 => "SIGABRT",
        7 => "SIGBUS",
        8 => "SIGFPE",
        9 => "SIGKILL",
        11 => "SIGSEGV",
        13 => "SIGPIPE",
        14 => "SIGALRM",
        15 => "SIGTERM",
        _ => "an unusual signal",
    }
}

/// The verdict of `run` on `fixture`.
#[must_use]
pub fn judge(fixture: &Fixture, run: &Run, limits: Limits) -> Verdict {
    if let Some(verdict) = waiting(fixture, run, limits) {
        return verdict;
    }
    let status = match &run.outcome {
        Outcome::CannotStart(why) => return Verdict::CannotStart(why.clone()),
        Outcome::TimedOut => return Verdict::TimedOut(limits.timeout),
        Outcome::TooMuchOutput => return Verdict::TooMuchOutput(limits.max_stdout),
        Outcome::Signaled(signal) => return Verdict::KilledBySignal(*signal),
        Outcome::Exited(status) => *status,
    };
    if status != fixture.exit_status {
        return if fixture.exit_status == 0 {
            Verdict::FailedStatus(status)
        } else {
            Verdict::WrongExitStatus {
                expected: fixture.exit_status,
                actual: status,
            }
        };
    }
    let expected = fixture.transcript.stdout();
    if run.stdout == expected {
        return Verdict::Passed;
    }
    let actual = String::from_utf8_lossy(&run.stdout);
    match presentation_notes(fixture, &actual) {
        Some(notes) => Verdict::PresentationError(notes),
        None => Verdict::WrongAnswer,
    }
}

/// The verdict on a run given one answer at a time whose waiting for input departs from the
/// fixture first in its transcript, before any difference in what it wrote.
fn waiting(fixture: &Fixture, run: &Run, limits: Limits) -> Option<Verdict> {
    if matches!(run.outcome, Outcome::CannotStart(_)) {
        return None;
    }
    let record = run.interleaving.as_ref()?;
    let transcript = &fixture.transcript;
    Some(match record.departure(transcript, &run.stdout)? {
        Departure::EarlyWait { input, missing } => Verdict::PromptNotShown {
            input: transcript.inputs().get(input).map(input_in_words)?,
            missing: text_in_words(transcript.stdout().get(missing)?),
        },
        Departure::AskedForMore => Verdict::AskedForMoreInput {
            then: at_end_of_input(run, record.asked_for_more?, limits),
        },
    })
}

/// An input of a fixture, named in a sentence.
fn input_in_words(input: &Input) -> String {
    let text = if input.ends_input {
        input.written.strip_suffix("\\z").unwrap_or(&input.written)
    } else {
        &input.written
    };
    match (text.is_empty(), input.ends_input) {
        (true, true) => "the end of the input".to_owned(),
        (true, false) => "an empty input line".to_owned(),
        (false, true) => format!("the input `{text}` and the end of the input"),
        (false, false) => format!("the input `{text}`"),
    }
}

/// Output text, named in a sentence by its last line (a prompt, usually), and how many lines
/// come before that.
fn text_in_words(bytes: &[u8]) -> String {
    let text = escape(bytes);
    let lines: Vec<&str> = text
        .strip_suffix('\n')
        .unwrap_or(&text)
        .split('\n')
        .collect();
    let last = lines.last().copied().unwrap_or_default();
    match lines.len() {
        0 | 1 => format!("`{last}`"),
        2 => format!("`{last}` and the line before it"),
        count => format!("`{last}` and the {} lines before it", count - 1),
    }
}

/// The longest piece of output quoted in a sentence, in characters.
const QUOTED: usize = 60;

/// What the program did once its input had ended, having written `written` bytes by then.
fn at_end_of_input(run: &Run, written: usize, limits: Limits) -> String {
    let ended = match &run.outcome {
        Outcome::TooMuchOutput => {
            return format!(
                "wrote more than {} and was stopped",
                bytes(limits.max_stdout)
            );
        }
        Outcome::Exited(status) => format!("exited with status {status}"),
        Outcome::Signaled(signal) => {
            format!("was killed by signal {signal} ({})", signal_name(*signal))
        }
        Outcome::TimedOut => format!(
            "ran past the time limit of {} s",
            limits.timeout.as_secs_f64()
        ),
        Outcome::CannotStart(why) => format!("could not be waited for: {why}"),
    };
    let after = escape(run.stdout.get(written..).unwrap_or_default());
    let lines: Vec<&str> = after.lines().collect();
    let quote = |line: &str| {
        let kept: String = line.chars().take(QUOTED).collect();
        if kept.len() < line.len() {
            format!("`{kept}...`")
        } else {
            format!("`{kept}`")
        }
    };
    match lines.as_slice() {
        [] => format!("wrote nothing more and {ended}"),
        [line] => format!("wrote {} and {ended}", quote(line)),
        [first, ..] => format!(
            "wrote {} lines, the first {}, and {ended}",
            lines.len(),
            quote(first)
        ),
    }
}

/// What keeps the output `actual` from being the fixture's when it is only presentation, or
/// `None` when the difference is more than that. Lines are counted in the transcript, as the
/// feedback shows it.
#[must_use]
pub fn presentation_notes(fixture: &Fixture, actual: &str) -> Option<Vec<String>> {
    let expected = String::from_utf8_lossy(&fixture.transcript.stdout()).into_owned();
    let expected = expected.as_str();
    let mut notes = Vec::new();
    let mut actual = actual.to_owned();
    if actual.contains("\r\n") && !expected.contains("\r\n") {
        actual = actual.replace("\r\n", "\n");
        notes.push("lines end in CRLF (\\r\\n) where they should end in LF (\\n) alone".to_owned());
    }
    let cells_fixed = empty_cells_as_underscores(&actual);
    if cells_fixed != actual {
        actual = cells_fixed;
        notes.push("empty cells are shown as spaces where they should be `_`".to_owned());
    }
    if actual != expected {
        if squash_whitespace(&actual) != squash_whitespace(expected) {
            return None;
        }
        let shown = fixture.transcript.shown_in_run(actual.as_bytes());
        notes.push(describe_whitespace(&fixture.body, &shown));
    }
    (!notes.is_empty()).then_some(notes)
}

/// Grid rows (`| a b c |`, trailing white space aside) with a space for a cell get `_` there.
fn empty_cells_as_underscores(output: &str) -> String {
    output
        .split_inclusive('\n')
        .map(|line| {
            let row = line.trim_end();
            let bytes = row.as_bytes();
            let is_row = bytes.len() == 9
                && bytes[0] == b'|'
                && bytes[8] == b'|'
                && [1, 3, 5, 7].iter().all(|&i| bytes[i] == b' ')
                && [2, 4, 6].iter().all(|&i| b"XO_ ".contains(&bytes[i]));
            if !is_row {
                return line.to_owned();
            }
            let mut fixed = row.as_bytes().to_vec();
            for i in [2, 4, 6] {
                if fixed[i] == b' ' {
                    fixed[i] = b'_';
                }
            }
            String::from_utf8_lossy(&fixed).into_owned() + &line[row.len()..]
        })
        .collect()
}

/// The output with every run of white space one space, and no empty lines.
fn squash_whitespace(output: &str) -> Vec<String> {
    output
        .lines()
        .map(|line| line.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|line| !line.is_empty())
        .collect()
}

/// The first white-space difference between two transcripts, in words, with its line.
fn describe_whitespace(expected: &str, actual: &str) -> String {
    let (expected_lines, actual_lines): (Vec<&str>, Vec<&str>) =
        (expected.split('\n').collect(), actual.split('\n').collect());
    for (index, (want, got)) in expected_lines.iter().zip(&actual_lines).enumerate() {
        if want == got {
            continue;
        }
        let line = index + 1;
        let is_last = index + 1 == expected_lines.len().min(actual_lines.len());
        return if got.strip_suffix("\\z") == Some(want) {
            "the output does not end with a newline".to_owned()
        } else if got.trim().is_empty() && !want.trim().is_empty() {
            format!("line {line} is an extra empty line")
        } else if want.trim().is_empty() && !got.trim().is_empty() {
            format!("an empty line is missing at line {line}")
        } else if want.trim_end() == got.trim_end() && got.len() > want.len() {
            format!("line {line} has trailing white space")
        } else if want.trim_end() == got.trim_end() {
            format!("line {line} lacks the trailing space it should end with")
        } else if want.trim_start() == got.trim_start() {
            format!("line {line} starts with different white space")
        } else if is_last && got.is_empty() {
            "the output does not end with a newline".to_owned()
        } else {
            format!("line {line} has different spaces between its words")
        };
    }
    if actual_lines.len() > expected_lines.len() {
        "there are extra empty lines at the end of the output".to_owned()
    } else {
        "the output does not end with a newline".to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GRID: &str = "---------\n| X _ O |\n| _ _ _ |\n| O X X |\n---------\nDraw\n";

    fn notes(actual: &str) -> Option<Vec<String>> {
        let fixture = Fixture {
            name: "grid".to_owned(),
            path: "grid.snap".into(),
            exit_status: 0,
            hint: None,
            body: GRID.to_owned(),
            transcript: crate::Transcript::parse(GRID).expect("valid transcript"),
        };
        presentation_notes(&fixture, actual)
    }

    #[test]
    fn names_the_text_not_shown_and_the_input_waited_for() {
        assert_eq!(text_in_words(b"Enter cells: "), "`Enter cells: `");
        assert_eq!(
            text_in_words(b"---------\n| _ _ _ |\nEnter the coordinates: "),
            "`Enter the coordinates: ` and the 2 lines before it"
        );
        assert_eq!(
            text_in_words(b"Occupied!\nQ> "),
            "`Q\\x3e ` and the line before it"
        );
        let transcript =
            crate::Transcript::parse("A: > 1 1\nB: >\nC: > 2\\z\n").expect("valid transcript");
        let named: Vec<String> = transcript.inputs().iter().map(input_in_words).collect();
        assert_eq!(
            named,
            [
                "the input `1 1`",
                "an empty input line",
                "the input `2` and the end of the input"
            ]
        );
        let ended = crate::Transcript::parse("A: > \\z\n").expect("valid transcript");
        assert_eq!(input_in_words(&ended.inputs()[0]), "the end of the input");
    }

    #[test]
    fn says_what_a_program_did_at_end_of_input() {
        let ended = |outcome: Outcome, stdout: &[u8]| {
            let run = Run {
                outcome,
                stdout: stdout.to_vec(),
                stderr: Vec::new(),
                duration: Duration::ZERO,
                interleaving: None,
            };
            at_end_of_input(&run, 3, Limits::default())
        };
        assert_eq!(
            ended(Outcome::Exited(1), b"Q: "),
            "wrote nothing more and exited with status 1"
        );
        assert_eq!(
            ended(Outcome::Exited(0), b"Q: Bye!\n"),
            "wrote `Bye!` and exited with status 0"
        );
        assert_eq!(
            ended(Outcome::Signaled(11), b"Q: a\nb\n"),
            "wrote 2 lines, the first `a`, and was killed by signal 11 (SIGSEGV)"
        );
        assert_eq!(
            ended(Outcome::TimedOut, b"Q: "),
            "wrote nothing more and ran past the time limit of 10 s"
        );
        assert_eq!(
            ended(Outcome::TooMuchOutput, b"Q: y\ny\n"),
            "wrote more than 1 MiB and was stopped"
        );
    }

    #[test]
    fn names_each_kind_of_presentation_error() {
        assert_eq!(
            notes(&GRID.replace('\n', "\r\n")).expect("CRLF")[0],
            "lines end in CRLF (\\r\\n) where they should end in LF (\\n) alone"
        );
        assert_eq!(
            notes(&GRID.replace('_', " ")).expect("spaces")[0],
            "empty cells are shown as spaces where they should be `_`"
        );
        assert_eq!(
            notes(&GRID.replace("| O X X |", "| O X X | ")).expect("trailing"),
            ["line 4 has trailing white space"]
        );
        assert_eq!(
            notes(&GRID.replace("Draw\n", "Draw")).expect("no newline"),
            ["the output does not end with a newline"]
        );
        assert_eq!(
            notes(&format!("{GRID}\n")).expect("extra line"),
            ["there are extra empty lines at the end of the output"]
        );
        assert_eq!(notes(&GRID.replace("Draw", "Draw!")), None);
        assert_eq!(notes(&GRID.replace("Draw", "draw")), None);
    }
}
