//! Judging one run against its fixture: the verdict, decided in a fixed order, first rule first,
//! and the run's output compared by content, which tells a presentation error from a wrong
//! answer.

use std::fmt;
use std::time::Duration;

use crate::content::{self, Comparison, ContentCheck, Finding};
use crate::fixture::Fixture;
use crate::process::{Limits, Outcome, Run};

/// How a case went, in the order the rules are checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The program could not be started: why, in the system's words.
    CannotStart(String),
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
    /// The output's content is right, its text is not.
    PresentationError,
    /// The output's content is wrong.
    WrongAnswer,
    /// Output and exit status are exactly right.
    Passed,
}

impl Verdict {
    /// Whether the case passed: output and exit status exactly right.
    #[must_use]
    pub fn passed(&self) -> bool {
        *self == Verdict::Passed
    }

    /// Whether the case passed by content: the program ran to its end with the right exit
    /// status, and its output is right but perhaps for its presentation.
    #[must_use]
    pub fn content_passed(&self) -> bool {
        matches!(self, Verdict::Passed | Verdict::PresentationError)
    }

    /// The verdict's name, as a title: "Wrong answer".
    #[must_use]
    pub fn title(&self) -> &'static str {
        match self {
            Verdict::CannotStart(_) => "Cannot start",
            Verdict::TimedOut(_) => "Timed out",
            Verdict::TooMuchOutput(_) => "Too much output",
            Verdict::KilledBySignal(_) | Verdict::FailedStatus(_) => "Crashed",
            Verdict::WrongExitStatus { .. } => "Wrong exit status",
            Verdict::PresentationError => "Presentation error",
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
            Verdict::PresentationError => {
                f.write_str("The content is right; only the presentation differs.")
            }
            Verdict::WrongAnswer => f.write_str("The content is not what was expected."),
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

/// A run judged: its verdict, and its output compared by content with the expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// The verdict.
    pub verdict: Verdict,
    /// The output compared by content, whatever the verdict.
    pub content: Comparison,
}

/// The verdict of `run` on `fixture`, with its output read by `check`. Output that differs
/// only in white space is a presentation error whatever the check says.
#[must_use]
pub fn judge(fixture: &Fixture, run: &Run, limits: Limits, check: &dyn ContentCheck) -> Judgement {
    let content = compare(fixture, &run.stdout, check);
    let status = match &run.outcome {
        Outcome::CannotStart(why) => return judged(Verdict::CannotStart(why.clone()), content),
        Outcome::TimedOut => return judged(Verdict::TimedOut(limits.timeout), content),
        Outcome::TooMuchOutput => {
            return judged(Verdict::TooMuchOutput(limits.max_stdout), content);
        }
        Outcome::Signaled(signal) => return judged(Verdict::KilledBySignal(*signal), content),
        Outcome::Exited(status) => *status,
    };
    let verdict = if status != fixture.exit_status {
        if fixture.exit_status == 0 {
            Verdict::FailedStatus(status)
        } else {
            Verdict::WrongExitStatus {
                expected: fixture.exit_status,
                actual: status,
            }
        }
    } else {
        match &content.finding {
            Finding::Same(differences) if differences.is_empty() => Verdict::Passed,
            Finding::Same(_) => Verdict::PresentationError,
            Finding::Differs(_) => Verdict::WrongAnswer,
        }
    };
    judged(verdict, content)
}

fn judged(verdict: Verdict, content: Comparison) -> Judgement {
    Judgement { verdict, content }
}

/// `stdout` compared by content with the fixture's output: by `check`, then held to the rules
/// every kata keeps. Exact output has no difference; output that is not exact has at least
/// one; white space alone is never a difference in content.
fn compare(fixture: &Fixture, stdout: &[u8], check: &dyn ContentCheck) -> Comparison {
    let expected = fixture.transcript.stdout();
    if stdout == expected {
        return Comparison::identical(check.subject(), &fixture.transcript);
    }
    let mut comparison = check.compare(&fixture.transcript, stdout);
    match &mut comparison.finding {
        Finding::Differs(_) if content::same_but_white_space(&expected, stdout) => {
            comparison.finding =
                Finding::Same(vec![content::white_space_difference(&expected, stdout)]);
        }
        Finding::Same(differences) if differences.is_empty() => {
            differences.push(content::Presentation {
                summary: "the text differs from the expected text".to_owned(),
                count: 1,
                place: content::first_difference(&expected, stdout),
            });
        }
        Finding::Same(_) | Finding::Differs(_) => {}
    }
    comparison
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::{Mismatch, Place, Presentation, Spot};

    /// A check that finds what it is told to, whatever the output.
    struct Says(Finding);

    impl ContentCheck for Says {
        fn compare(&self, _: &crate::Transcript, _: &[u8]) -> Comparison {
            Comparison {
                subject: "content",
                input_offsets: Vec::new(),
                finding: self.0.clone(),
            }
        }
    }

    fn verdict(check: &Says, stdout: &str) -> Verdict {
        let body = "Q: > 1\nA B\n";
        let fixture = Fixture {
            name: "case".to_owned(),
            path: "case.snap".into(),
            exit_status: 0,
            hint: None,
            body: body.to_owned(),
            transcript: crate::Transcript::parse(body).expect("valid"),
        };
        let run = Run {
            outcome: Outcome::Exited(0),
            stdout: stdout.as_bytes().to_vec(),
            stderr: Vec::new(),
            duration: Duration::ZERO,
        };
        judge(&fixture, &run, Limits::default(), check).verdict
    }

    #[test]
    fn white_space_is_never_content_and_a_difference_is_never_nothing() {
        let differs = Says(Finding::Differs(Box::new(Mismatch {
            summary: "wrong".to_owned(),
            place: Place {
                expected: Spot::End,
                actual: Spot::End,
                caret: crate::content::Caret::FirstDifference,
            },
            notes: Vec::new(),
            earlier: None,
        })));
        assert_eq!(verdict(&differs, "Q: A B\n"), Verdict::Passed);
        assert_eq!(verdict(&differs, "Q:\nA\tB \n"), Verdict::PresentationError);
        assert_eq!(verdict(&differs, "Q: A C\n"), Verdict::WrongAnswer);
        let same = Says(Finding::Same(Vec::<Presentation>::new()));
        assert_eq!(verdict(&same, "Q: a b\n"), Verdict::PresentationError);
    }
}
