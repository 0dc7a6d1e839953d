//! Judging one run against its fixture: the verdict, decided in a fixed order, first rule first,
//! and the run's output compared by content, which tells a presentation error from a wrong
//! answer.

use std::fmt;
use std::time::Duration;

use crate::content::{self, Comparison, ContentCheck, Finding};
use crate::interleaving::{Departure, Rendered};
use crate::validator::interactor::Interacted;
use crate::validator::{Decision, Validation};
use kata_model::fixture::Fixture;
use kata_model::transcript::{Input, Transcript, escape};
use runner::Interleaving;
use runner::process::{Limit, Limits, Outcome, Run, Timeout};

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
        /// How it had taken the answer just before, when it took that answer and waited
        /// again without writing anything: no flush would have shown the text.
        read_on_from: Option<ReadOn>,
    },
    /// It waited for input while the kata's interactor waited for its output: what it wrote
    /// since its last input, if anything, was still in its output buffer.
    WaitedForEachOther {
        /// Whether the grader stopped it (the two were joined by pipes), rather than ending
        /// its input.
        stopped: bool,
    },
    /// It waited for input after the case's last, where the fixture has it finish.
    AskedForMoreInput {
        /// What it did at end of input: "wrote nothing more and exited with status 1".
        then: String,
    },
    /// It reached a time limit.
    TimedOut(TimeLimit),
    /// It wrote more than this many bytes of output.
    TooMuchOutput(usize),
    /// It broke `limit`, which is `bound` (bytes of memory or disk, or processes).
    LimitExceeded {
        /// The limit it broke.
        limit: Limit,
        /// The limit's value.
        bound: u64,
    },
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
    /// The kata's own judge (a checker or an interactor) rejected the run: its message for the
    /// learner, empty when it left none.
    Rejected(String),
    /// The kata's own judge failed to decide (it crashed, hung, or exited with a status of
    /// neither verdict): why, naming it. The fault is the kata's, not the program's.
    JudgeError(String),
    /// Output and exit status are exactly right.
    Passed,
}

/// The time limit a run reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeLimit {
    /// It used this much CPU time, its limit.
    Cpu(Duration),
    /// It was stopped on the clock having used only `used` of its CPU time limit `limit`: its
    /// own time (its time on the clock less the time it waited for a CPU) passed `limit`
    /// ([`Limits::own_time`]), or it lasted `ceiling`, the clock's bound.
    Wall {
        /// Its CPU time limit.
        limit: Duration,
        /// The CPU time it used.
        used: Duration,
        /// Its own time, where the time it waited for a CPU could be read.
        own: Option<Duration>,
        /// The bound on the clock it reached ([`Limits::ceiling`], or [`Limits::wall`] where its
        /// own time is not known); `None` when its own time passed `limit`.
        ceiling: Option<Duration>,
    },
}

impl TimeLimit {
    /// The limit `timeout` reached, under `limits`.
    #[must_use]
    pub fn of(timeout: Timeout, limits: Limits) -> TimeLimit {
        match timeout {
            Timeout::Cpu => TimeLimit::Cpu(limits.timeout),
            Timeout::Wall(clock) => TimeLimit::Wall {
                limit: limits.timeout,
                used: clock.used,
                own: clock.own,
                ceiling: clock.ceiling,
            },
        }
    }
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
            Verdict::PromptNotShown { .. } | Verdict::WaitedForEachOther { .. } => {
                "Prompt not shown"
            }
            Verdict::AskedForMoreInput { .. } => "Asked for more input",
            Verdict::TimedOut(_) => "Timed out",
            Verdict::TooMuchOutput(_) => "Too much output",
            Verdict::LimitExceeded { limit, .. } => match limit {
                Limit::Memory => "Memory limit exceeded",
                Limit::Processes => "Process limit exceeded",
                Limit::Disk => "Disk limit exceeded",
            },
            Verdict::KilledBySignal(_) | Verdict::FailedStatus(_) => "Crashed",
            Verdict::WrongExitStatus { .. } => "Wrong exit status",
            Verdict::PresentationError => "Presentation error",
            Verdict::WrongAnswer | Verdict::Rejected(_) => "Wrong answer",
            Verdict::JudgeError(_) => "Judge error",
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
                | Verdict::LimitExceeded { .. }
                | Verdict::KilledBySignal(_)
                | Verdict::FailedStatus(_)
                | Verdict::JudgeError(_)
        )
    }
}

impl fmt::Display for Verdict {
    /// The verdict in one sentence a learner can act on.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::CannotStart(why) => write!(f, "The program could not be started: {why}."),
            Verdict::PromptNotShown {
                input,
                missing,
                read_on_from: Some(read_on),
            } => {
                write!(
                    f,
                    "The program took {}, then waited for more input without writing anything: \
                     {missing}, which comes before {input}, was not written",
                    read_on.taken()
                )?;
                match read_on {
                    ReadOn::ByteOrderMark { mark, .. } => write!(
                        f,
                        ". The input begins with the bytes `{mark}`, which are not UTF-8 but are \
                         the byte order mark of UTF-16: a reader that looks for one (Mono's \
                         `Console.ReadLine`, say) reads the rest of the input as UTF-16, where no \
                         line ends. Read standard input as UTF-8 without looking for a byte order \
                         mark (in C#, `new StreamReader(Console.OpenStandardInput(), new \
                         UTF8Encoding(false), false)`), and take a line that is not UTF-8 as an \
                         invalid answer."
                    ),
                    ReadOn::PastAnswer(_) => f.write_str(
                        ", and no flush would have shown it. It reads more than one answer holds, \
                         as reading a second number from a one-number answer does (Java's \
                         `Scanner.nextInt()`, C's `scanf(\"%d %d\")`): read each answer as a \
                         whole line, then take it apart.",
                    ),
                }
            }
            Verdict::PromptNotShown {
                input,
                missing,
                read_on_from: None,
            } => write!(
                f,
                "The program waited for input while {missing}, which comes before {input}, was \
                 not on screen yet: it was most likely still in the program's output buffer.\n\
                 Flush standard output before reading input: in Rust `io::stdout().flush()`, \
                 in C `fflush(stdout)`, in C++ `std::flush`, in Python `print(..., \
                 flush=True)`, in Java `System.out.flush()`. A program that reads all its \
                 input before it writes anything fails this way too."
            ),
            Verdict::WaitedForEachOther { stopped } => write!(
                f,
                "The program waited for input while the kata's interactor waited for the \
                 program's output: what the program wrote after its last input never reached \
                 the interactor, most likely still in the program's output buffer, so the grader \
                 {}.\n\
                 Flush standard output after each line the interactor must read: in Rust \
                 `io::stdout().flush()`, in C `fflush(stdout)`, in C++ `std::flush`, in Python \
                 `print(..., flush=True)`, in Java `System.out.flush()`.",
                if *stopped {
                    "stopped the program"
                } else {
                    "ended the program's input (`> \\z` below)"
                }
            ),
            Verdict::AskedForMoreInput { then } => write!(
                f,
                "Your program waits for more input than this test gives: after the last input \
                 it should finish, but it waited for another. At end of input (`> \\z` below) \
                 it {then}."
            ),
            Verdict::TimedOut(TimeLimit::Cpu(limit)) => write!(
                f,
                "The program used {} s of CPU time, its time limit, and was stopped. The limit is \
                 set with `--timeout` or in the kata's manifest.",
                seconds(*limit)
            ),
            Verdict::TimedOut(TimeLimit::Wall {
                limit,
                used,
                own,
                ceiling,
            }) => match (ceiling, own) {
                (None, _) => write!(
                    f,
                    "The program spent {} s on the clock, not counting the time it waited for a \
                     CPU, without using its CPU time (it used {:.1} s of the {} s it may use), \
                     and was stopped: it sleeps, or waits for something that does not come.",
                    seconds(*limit),
                    used.as_secs_f64(),
                    seconds(*limit)
                ),
                (Some(ceiling), Some(own)) => write!(
                    f,
                    "The program lasted {} s on the clock, the most a case may, and was stopped: \
                     it waited for a CPU all but {:.1} s of it, and used {:.1} s of the {} s of \
                     CPU time it may use. The machine is too busy to grade on.",
                    seconds(*ceiling),
                    own.as_secs_f64(),
                    used.as_secs_f64(),
                    seconds(*limit)
                ),
                (Some(ceiling), None) => write!(
                    f,
                    "The program waited {} s without using its CPU time (it used {:.1} s of the {} \
                     s it may use), and was stopped: it sleeps, or waits for something that does \
                     not come.",
                    seconds(*ceiling),
                    used.as_secs_f64(),
                    seconds(*limit)
                ),
            },
            Verdict::TooMuchOutput(cap) => {
                write!(
                    f,
                    "The program wrote more than {} and was stopped.",
                    bytes(*cap)
                )
            }
            Verdict::LimitExceeded { limit, bound } => write!(
                f,
                "The program {} and was stopped. The limit is set with `{}` or in the kata's \
                 manifest.",
                exceeded(*limit, *bound),
                match limit {
                    Limit::Memory => "--memory",
                    Limit::Processes => "--processes",
                    Limit::Disk => "--disk",
                }
            ),
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
            Verdict::Rejected(message) if message.is_empty() => {
                f.write_str("The kata's judge rejected the output, without saying why.")
            }
            Verdict::Rejected(message) => f.write_str(message),
            Verdict::JudgeError(_) => f.write_str(
                "This case could not be judged: the kata's own judge failed, which is no fault of \
                 the program's. Tell the kata's author; the grader's report names the judge and \
                 what it said.",
            ),
            Verdict::Passed => f.write_str("Passed."),
        }
    }
}

/// What a program that broke `limit`, of value `bound`, did: "used more than 512 MiB of
/// memory, with the processes it started".
fn exceeded(limit: Limit, bound: u64) -> String {
    let size = || bytes(usize::try_from(bound).unwrap_or(usize::MAX));
    match limit {
        Limit::Memory => format!(
            "used more than {} of memory (the processes it started included)",
            size()
        ),
        Limit::Processes => format!(
            "tried to run more than {bound} processes and threads at once (those it started \
             included)"
        ),
        Limit::Disk => format!("tried to write more than {} to disk", size()),
    }
}

/// The value of `limit` in `limits`.
fn bound(limit: Limit, limits: Limits) -> u64 {
    match limit {
        Limit::Memory => limits.memory,
        Limit::Processes => u64::from(limits.processes),
        Limit::Disk => limits.disk,
    }
}

/// A time in seconds, to the millisecond: `0.3`, `40`.
fn seconds(time: Duration) -> String {
    let milliseconds = time.as_micros().div_ceil(1000);
    let (whole, part) = (milliseconds / 1000, milliseconds % 1000);
    if part == 0 {
        whole.to_string()
    } else {
        format!("{whole}.{part:03}")
            .trim_end_matches('0')
            .to_owned()
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
#[derive(Clone, Debug, PartialEq)]
pub struct Judgement {
    /// The verdict.
    pub verdict: Verdict,
    /// The output compared by content, whatever the verdict.
    pub content: Comparison,
    /// Whether the run is right in content: it ran to its end with the right status, and its
    /// output differs from the expected in presentation at most. A prompt shown late is
    /// presentation too, so a run whose verdict is about its waiting is right in content when
    /// it would be without that.
    pub content_passed: bool,
    /// What the kata's own judge said for the instructor (its `judgemessage.txt`, its standard
    /// error, why it failed), for a case it judged; `None` otherwise.
    pub judge_message: Option<String>,
    /// The fraction of the case's points it earned, where the kata's judge gave one; else all
    /// when it passed and none when it failed.
    pub score: Option<f64>,
}

/// The verdict of `run` on `fixture`, with its output read by `check`. Output that differs
/// only in white space is a presentation error whatever the check says.
#[must_use]
pub fn judge(fixture: &Fixture, run: &Run, limits: Limits, check: &dyn ContentCheck) -> Judgement {
    let judgement = judge_output(fixture, run, limits, compare(fixture, &run.stdout, check));
    match waiting(fixture, run, limits) {
        Some(verdict @ Verdict::PromptNotShown { .. }) => Judgement {
            verdict,
            ..judgement
        },
        Some(verdict) => Judgement {
            verdict,
            content_passed: false,
            ..judgement
        },
        None => judgement,
    }
}

/// The status `run` exited with, or the verdict of a run that did not exit by itself: it could
/// not start, was stopped at a limit, or was killed by a signal.
fn exit_status(run: &Run, limits: Limits) -> Result<i32, Verdict> {
    match &run.outcome {
        Outcome::CannotStart(why) => Err(Verdict::CannotStart(why.clone())),
        Outcome::TimedOut(timeout) => Err(Verdict::TimedOut(TimeLimit::of(*timeout, limits))),
        Outcome::TooMuchOutput => Err(Verdict::TooMuchOutput(limits.max_stdout)),
        Outcome::LimitExceeded(limit) => Err(Verdict::LimitExceeded {
            limit: *limit,
            bound: bound(*limit, limits),
        }),
        Outcome::Signaled(signal) => Err(Verdict::KilledBySignal(*signal)),
        Outcome::Exited(status) => Ok(*status),
    }
}

/// The verdict of `run` on `fixture` by its end and its output alone, `content` its output
/// compared by content.
fn judge_output(fixture: &Fixture, run: &Run, limits: Limits, content: Comparison) -> Judgement {
    let status = match exit_status(run, limits) {
        Ok(status) => status,
        Err(verdict) => return judged(verdict, content),
    };
    let verdict = if status != fixture.exit_status {
        if fixture.exit_status == 0 {
            Verdict::FailedStatus(status)
        } else if matches!(content.finding, Finding::Differs(_)) {
            // A status the case expects to be non-zero (the input ended where the program must
            // say why) follows from what the program wrote: the difference there comes first in
            // the run, and is the fault to name.
            Verdict::WrongAnswer
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
    Judgement {
        content_passed: verdict.content_passed(),
        verdict,
        content,
        judge_message: None,
        score: None,
    }
}

/// The verdict of `run`, a program's run on a case judged by the kata's own program, which
/// decided `validation`; `expected_status` is the status the program must end with, and
/// `interacted` is what became of an interaction, for an interactor's case.
///
/// A program that could not start comes first; then an interactor's rejection, where the
/// interactor ended before the program; then a program and an interactor that waited for each
/// other (whatever the program did once the grader ended its input: flooded, crashed, ran on,
/// as a judge that waits them out would have stopped it on the clock before); then the
/// program's own limits (it ran out of time, wrote too much or used too much); then the judge's
/// failure; then a crash or a wrong status of a program that ended before its interactor did;
/// then the judge's rejection; then how the program ended.
#[must_use]
pub fn judge_validated(
    run: &Run,
    limits: Limits,
    validation: &Validation,
    expected_status: i32,
    interacted: Option<&Interacted>,
) -> Judgement {
    let stalled = interacted.is_some_and(|interacted| interacted.stalled);
    let judge_ended_first = interacted.is_some_and(|interacted| interacted.judge_ended_first);
    let program_ended_first = interacted.is_some_and(|interacted| !interacted.judge_ended_first);
    // Stopped by the grader, or ended otherwise than expected: `None` when it ended as expected.
    let (stopped, ended) = match exit_status(run, limits) {
        Err(crashed @ Verdict::KilledBySignal(_)) => (None, Some(crashed)),
        Err(stopped) => (Some(stopped), None),
        Ok(status) if status == expected_status => (None, None),
        Ok(status) if expected_status == 0 => (None, Some(Verdict::FailedStatus(status))),
        Ok(status) => (
            None,
            Some(Verdict::WrongExitStatus {
                expected: expected_status,
                actual: status,
            }),
        ),
    };
    let verdict = match (stopped, ended, &validation.decision) {
        // An interactor that rejected the program and ended before it: the rejection is the
        // fault, whatever the program did after (went on and on, with its input ended).
        (Some(Verdict::CannotStart(why)), _, _) => Verdict::CannotStart(why),
        (_, _, Decision::Rejected) if judge_ended_first => {
            Verdict::Rejected(validation.team_message.clone())
        }
        // The grader ended the input of a program that waited for its interactor while the
        // interactor waited for it: whatever followed, that is the fault.
        _ if stalled => Verdict::WaitedForEachOther {
            stopped: interacted.is_some_and(|interacted| interacted.joined),
        },
        // Else the program's own limits come before anything its judge made of what it wrote.
        (Some(stopped), _, _) => stopped,
        (_, _, Decision::Failed(why)) => Verdict::JudgeError(why.clone()),
        // A program that crashed before its interactor was done: the crash is its fault.
        (_, Some(crashed), Decision::Rejected) if program_ended_first => crashed,
        (_, _, Decision::Rejected) => Verdict::Rejected(validation.team_message.clone()),
        (_, ended, Decision::Accepted) => ended.unwrap_or(Verdict::Passed),
    };
    let mut judgement = judged(
        verdict,
        Comparison {
            subject: "output",
            input_offsets: Vec::new(),
            finding: Finding::Same(Vec::new()),
        },
    );
    let message = match &judgement.verdict {
        Verdict::JudgeError(why) => Some(why.clone()),
        _ => None,
    };
    judgement.judge_message = [message, Some(validation.judge_message.clone())]
        .into_iter()
        .flatten()
        .filter(|text| !text.is_empty())
        .reduce(|first, second| format!("{first}\n{second}"));
    judgement.score = match judgement.verdict {
        Verdict::Passed => validation.score,
        _ => None,
    };
    judgement
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
            read_on_from: read_on_from(record, transcript, input),
            missing: text_in_words(transcript.stdout().get(missing)?),
        },
        Departure::AskedForMore => Verdict::AskedForMoreInput {
            then: at_end_of_input(run, record.asked_for_more?, limits),
        },
    })
}

/// How a program took an answer and then waited for the next without writing anything, where
/// the transcript has it answer first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadOn {
    /// It read past the end of the answer, in words: it reads more than one answer holds.
    PastAnswer(String),
    /// The answer, in words, began the input with `mark`, the bytes of UTF-16's byte order
    /// mark, which are not UTF-8: a reader that took them for the mark reads the rest as UTF-16.
    ByteOrderMark {
        /// The answer, in words.
        taken: String,
        /// The mark, as a transcript writes it: `\xff\xfe`.
        mark: String,
    },
}

impl ReadOn {
    /// The answer taken, in words.
    #[must_use]
    pub fn taken(&self) -> &str {
        match self {
            ReadOn::PastAnswer(taken) | ReadOn::ByteOrderMark { taken, .. } => taken,
        }
    }
}

/// The byte order marks of UTF-16, little- and big-endian: the first bytes of an input that a
/// reader which looks for a mark takes for one.
const UTF16_MARKS: [&[u8]; 2] = [b"\xff\xfe", b"\xfe\xff"];

/// How the program took the answer before input `input`, when it took it where the transcript
/// asks for it, then waited for `input` without writing anything in between, where the
/// transcript has it answer first. (A program that writes nothing at all until it exits waits
/// at the start for every input: it never took one where it was asked for.)
pub(crate) fn read_on_from(
    record: &Interleaving,
    transcript: &Transcript,
    input: usize,
) -> Option<ReadOn> {
    let previous = input.checked_sub(1)?;
    let offsets = transcript.input_offsets();
    let asked = record.given.get(previous) == offsets.get(previous);
    let waited_again = record.given.get(previous)? == record.given.get(input)?;
    let answer_expected = offsets.get(previous) != offsets.get(input);
    if !(asked && waited_again && answer_expected) {
        return None;
    }
    let answer = transcript.inputs().get(previous)?;
    let taken = input_in_words(answer);
    let mark = UTF16_MARKS
        .iter()
        .find(|mark| previous == 0 && answer.bytes.starts_with(mark));
    Some(match mark {
        Some(mark) => ReadOn::ByteOrderMark {
            taken,
            mark: escape(mark),
        },
        None => ReadOn::PastAnswer(taken),
    })
}

/// An input of a fixture, named in a sentence.
pub(crate) fn input_in_words(input: &Input) -> String {
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
        Outcome::TimedOut(Timeout::Cpu) => {
            format!("used up its {} s of CPU time", seconds(limits.timeout))
        }
        Outcome::TimedOut(Timeout::Wall(clock)) => match (clock.ceiling, clock.own) {
            (None, _) => format!(
                "spent {} s on the clock, not counting the time it waited for a CPU, without \
                 using its CPU time",
                seconds(limits.timeout)
            ),
            (Some(ceiling), Some(own)) => format!(
                "lasted {} s on the clock, waiting for a CPU all but {:.1} s of it",
                seconds(ceiling),
                own.as_secs_f64()
            ),
            (Some(ceiling), None) => {
                format!("waited {} s without using its CPU time", seconds(ceiling))
            }
        },
        Outcome::CannotStart(why) => format!("could not be waited for: {why}"),
        Outcome::LimitExceeded(limit) => {
            return format!(
                "{} and was stopped",
                exceeded(*limit, bound(*limit, limits))
            );
        }
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
            comparison.finding = Finding::Same(vec![content::white_space_difference(
                &fixture.transcript,
                stdout,
            )]);
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
    use runner::process::Clock;

    /// A check that finds what it is told to, whatever the output.
    struct Says(Finding);

    impl ContentCheck for Says {
        fn compare(&self, _: &kata_model::Transcript, _: &[u8]) -> Comparison {
            Comparison {
                subject: "content",
                input_offsets: Vec::new(),
                finding: self.0.clone(),
            }
        }
    }

    fn verdict(check: &Says, stdout: &str) -> Verdict {
        let body = "Q: > 1\nA B\n";
        let fixture = Fixture::of_transcript(body);
        let run = Run {
            outcome: Outcome::Exited(0),
            stdout: stdout.as_bytes().to_vec(),
            stderr: Vec::new(),
            duration: Duration::ZERO,
            cpu_time: None,
            joined: false,
            interleaving: None,
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
            kata_model::Transcript::parse("A: > 1 1\nB: >\nC: > 2\\z\n").expect("valid transcript");
        let named: Vec<String> = transcript.inputs().iter().map(input_in_words).collect();
        assert_eq!(
            named,
            [
                "the input `1 1`",
                "an empty input line",
                "the input `2` and the end of the input"
            ]
        );
        let ended = kata_model::Transcript::parse("A: > \\z\n").expect("valid transcript");
        assert_eq!(input_in_words(&ended.inputs()[0]), "the end of the input");
    }

    #[test]
    fn tells_a_program_that_read_on_from_one_that_wrote_nothing_yet() {
        let transcript =
            kata_model::Transcript::parse("Q: > 1\nNot two!\nQ: > 1 1\nA\n").expect("valid");
        let given = |given: &[usize]| Interleaving {
            given: given.to_vec(),
            asked_for_more: None,
        };
        // Took `1` where asked, then waited again at once: it reads a second number.
        assert_eq!(
            read_on_from(&given(&[3, 3]), &transcript, 1),
            Some(ReadOn::PastAnswer("the input `1`".to_owned()))
        );
        // Wrote nothing before it exits: it never took an answer where it was asked for.
        assert_eq!(read_on_from(&given(&[0, 0]), &transcript, 1), None);
        assert_eq!(read_on_from(&given(&[3, 15]), &transcript, 1), None);
        assert_eq!(read_on_from(&given(&[3, 3]), &transcript, 0), None);
    }

    #[test]
    fn tells_a_reader_that_took_a_byte_order_mark_only_where_the_input_begins_with_one() {
        let given = |given: &[usize]| Interleaving {
            given: given.to_vec(),
            asked_for_more: None,
        };
        for (first, mark) in [("\\xff\\xfe", "\\xff\\xfe"), ("\\xfe\\xffX", "\\xfe\\xff")] {
            let transcript =
                kata_model::Transcript::parse(&format!("Q: > {first}\nBad!\nQ: > 1\nA\n"))
                    .expect("valid");
            assert_eq!(
                read_on_from(&given(&[3, 3]), &transcript, 1),
                Some(ReadOn::ByteOrderMark {
                    taken: format!("the input `{first}`"),
                    mark: mark.to_owned(),
                })
            );
        }
        // Not at the start of the input, a mark is only bytes that are not UTF-8; and
        // `\xc3\x28` is no mark.
        let later =
            kata_model::Transcript::parse("Q: > 1\nBad!\nQ: > \\xff\\xfe\nBad!\nQ: > 1\nA\n")
                .expect("valid");
        assert!(matches!(
            read_on_from(&given(&[3, 11, 11]), &later, 2),
            Some(ReadOn::PastAnswer(_))
        ));
        let inside =
            kata_model::Transcript::parse("Q: > X\\xc3\\x28\nBad!\nQ: > 1\nA\n").expect("valid");
        assert!(matches!(
            read_on_from(&given(&[3, 3]), &inside, 1),
            Some(ReadOn::PastAnswer(_))
        ));
    }

    #[test]
    fn says_what_a_program_did_at_end_of_input() {
        let ended = |outcome: Outcome, stdout: &[u8]| {
            let run = Run {
                outcome,
                stdout: stdout.to_vec(),
                stderr: Vec::new(),
                duration: Duration::ZERO,
                cpu_time: None,
                joined: false,
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
            ended(Outcome::TimedOut(Timeout::Cpu), b"Q: "),
            "wrote nothing more and used up its 10 s of CPU time"
        );
        let clock = |own, ceiling| {
            Outcome::TimedOut(Timeout::Wall(Clock {
                used: Duration::ZERO,
                own,
                ceiling,
            }))
        };
        assert_eq!(
            ended(clock(Some(Duration::from_secs(10)), None), b"Q: "),
            "wrote nothing more and spent 10 s on the clock, not counting the time it waited for \
             a CPU, without using its CPU time"
        );
        assert_eq!(
            ended(
                clock(
                    Some(Duration::from_millis(2500)),
                    Some(Limits::default().ceiling())
                ),
                b"Q: "
            ),
            "wrote nothing more and lasted 100 s on the clock, waiting for a CPU all but 2.5 s \
             of it"
        );
        assert_eq!(
            ended(clock(None, Some(Limits::default().wall())), b"Q: "),
            "wrote nothing more and waited 40 s without using its CPU time"
        );
        assert_eq!(
            ended(Outcome::TooMuchOutput, b"Q: y\ny\n"),
            "wrote more than 1 MiB and was stopped"
        );
    }
}
