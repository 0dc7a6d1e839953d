//! The report on a failed case, written for the learner who has to fix the program: what went
//! wrong, the transcript up to the first difference, and the two lines side by side.

use std::fmt::Write as _;

use anstyle::{AnsiColor, Style};

use crate::content::{Caret, Finding, Mismatch, Place, Presentation, Spot};
use crate::diff::visible_whitespace;
use crate::interleaving::RunShown;
use crate::judge::{ReadOn, Verdict};
use crate::results::CaseResult;
use kata_model::fixture::Fixture;
use kata_model::transcript::{RunTranscript, escape, split_input_line};
use runner::process::{Outcome, Run};

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

/// The report on `result`, a case of `fixture`: what went wrong and where, and for a
/// presentation error every kind of difference, each where it is first seen.
/// A case whose files are read only when it runs ([`Fixture::unread`]) is read again here; where
/// it can no longer be, the report says so and shows what it can without them.
#[must_use]
pub fn report(result: &CaseResult, fixture: &Fixture, paint: Paint) -> String {
    match fixture.loaded() {
        Ok(loaded) => report_read(result, &loaded, paint),
        Err(error) => format!(
            "{}(The case's files can no longer be read: {error}.)\n",
            report_read(result, fixture, paint)
        ),
    }
}

/// [`report`] on a case whose files are read.
fn report_read(result: &CaseResult, fixture: &Fixture, paint: Paint) -> String {
    let CaseResult {
        number,
        judgement,
        run,
        command,
        ..
    } = result;
    let verdict = &judgement.verdict;
    let mut text = paint.paint(
        HEADING,
        &format!(
            "{} in test #{number} ({})",
            verdict.title(),
            fixture.shown_name()
        ),
    );
    text.push('\n');
    let expected_stdout = fixture.transcript.stdout();
    let views = Views {
        fixture,
        expected: fixture
            .transcript
            .shown_in_run_at(&expected_stdout, &fixture.transcript.input_offsets()),
        // Where each input was given: as it happened, and only those the program read, when
        // the run was driven one answer at a time; else where the reading of its output places
        // it.
        actual: match &run.interleaving {
            Some(record) => fixture
                .transcript
                .shown_as_given(&run.stdout, &record.given),
            None => fixture
                .transcript
                .shown_in_run_at(&run.stdout, &judgement.content.input_offsets),
        },
        paint,
    };
    let subject = judgement.content.subject;
    match (verdict, &judgement.content.finding) {
        (Verdict::CannotStart(_), _) => {
            let _ = writeln!(text, "{verdict}");
        }
        // Judged by a program of the kata: its words, and the run as it went; there is no one
        // expected transcript to set beside it.
        (Verdict::Rejected(_) | Verdict::JudgeError(_) | Verdict::WaitedForEachOther { .. }, _) => {
            let _ = writeln!(text, "{verdict}");
            text.push_str(&run_excerpt(fixture, run));
        }
        (Verdict::PromptNotShown { .. } | Verdict::AskedForMoreInput { .. }, _) => {
            let _ = writeln!(text, "{verdict}");
            // A program that failed at end of input after asking for more usually says why.
            if matches!(verdict, Verdict::AskedForMoreInput { .. })
                && !matches!(run.outcome, Outcome::Exited(0))
            {
                text.push_str(&stderr_report(&run.stderr));
            }
            text.push_str(&first_difference(
                &fixture.body,
                &run.shown(&fixture.transcript),
                paint,
            ));
        }
        (Verdict::PresentationError, Finding::Same(differences)) => {
            text.push_str(&views.presentation(subject, differences));
            text.push_str(&prompt_never_written(fixture, run, command).unwrap_or_default());
        }
        // Nothing to read a game in: the output is said to be empty, from its first line.
        (Verdict::WrongAnswer, Finding::Differs(_)) if run.stdout.is_empty() => {
            let _ = writeln!(text, "The program wrote nothing at all.");
            text.push_str(&first_difference(
                &fixture.body,
                &run.shown(&fixture.transcript),
                paint,
            ));
        }
        (Verdict::WrongAnswer, Finding::Differs(mismatch)) => {
            let _ = writeln!(text, "The {subject} is wrong: {}.", mismatch.summary);
            match &run.interleaving {
                Some(_) => text.push_str(&read_on(fixture, run, command)),
                None => text.push_str(&views.prompt_absent(&mismatch.place).unwrap_or_default()),
            }
            text.push_str(&views.mismatch(subject, mismatch));
        }
        (_, finding) => {
            let _ = writeln!(text, "{verdict}");
            if matches!(
                verdict,
                Verdict::KilledBySignal(_) | Verdict::FailedStatus(_)
            ) {
                text.push_str(&stderr_report(&run.stderr));
            }
            // A runtime that ran out of the heap the limit grants names its error.
            if matches!(verdict, Verdict::LimitExceeded { .. }) && !run.stderr.is_empty() {
                text.push_str(&stderr_report(&run.stderr));
            }
            if matches!(verdict, Verdict::TooMuchOutput(_)) {
                text.push_str(&flood_report(&run.stdout));
            }
            text.push_str(&kept_back(fixture, run).unwrap_or_default());
            // Up to where the program stopped, or went wrong, what its output shows.
            if let Finding::Differs(mismatch) = finding {
                let _ = writeln!(
                    text,
                    "\nIts {subject} departs from the expected one: {}.",
                    mismatch.summary
                );
                text.push_str(&views.mismatch(subject, mismatch));
            }
        }
    }
    text
}

/// The last lines of the run as a terminal showed it, for a case judged by a program of the
/// kata.
fn run_excerpt(fixture: &Fixture, run: &Run) -> String {
    if run.joined {
        return "\nThe conversation is not shown: the program and the judge were joined by pipes, \
                as the problem package format's judges join them, and the grader saw none of \
                it.\n"
            .to_owned();
    }
    let shown = run.shown(&fixture.transcript);
    let lines: Vec<&str> = shown.lines().collect();
    let mut text = String::from("\nThe run (`> ` marks the input given):\n");
    let from = lines.len().saturating_sub(CONTEXT_LINES);
    match from {
        0 => {}
        1 => text.push_str("  (1 earlier line not shown)\n"),
        _ => {
            let _ = writeln!(text, "  ({from} earlier lines not shown)");
        }
    }
    for line in &lines[from..] {
        let _ = writeln!(text, "  {}", cut(line));
    }
    if lines.is_empty() {
        text.push_str("  (nothing: the program wrote nothing and was given no input)\n");
    }
    text
}

/// The expected transcript and the run's, to show places in both.
struct Views<'a> {
    fixture: &'a Fixture,
    expected: RunTranscript<'a>,
    actual: RunTranscript<'a>,
    paint: Paint,
}

impl Views<'_> {
    /// Every kind of presentation difference, each with the first place it is seen.
    fn presentation(&self, subject: &str, differences: &[Presentation]) -> String {
        let mut text = format!("The {subject} is right; only the presentation differs");
        if differences.len() == 1 {
            text.push_str(":\n");
        } else {
            let _ = writeln!(text, ", in {} ways:", differences.len());
        }
        for (index, difference) in differences.iter().enumerate() {
            let count = if difference.count > 1 {
                format!(" (in {} places; the first is shown)", difference.count)
            } else {
                String::new()
            };
            let _ = writeln!(
                text,
                "\n{}. {}{count}:",
                index + 1,
                capitalised(&difference.summary)
            );
            text.push_str(&self.lines_at(&difference.place));
        }
        text
    }

    /// What else is known of the first difference in content, and the transcript up to it.
    fn mismatch(&self, subject: &str, mismatch: &Mismatch) -> String {
        let mut text = String::new();
        for note in &mismatch.notes {
            let _ = writeln!(text, "{note}");
        }
        if let Some(earlier) = &mismatch.earlier {
            let line = self
                .actual_line(earlier.place.actual)
                .map_or_else(String::new, |line| format!(" (line {line})"));
            let _ = writeln!(
                text,
                "Before that, the presentation differs too, which alone would be a presentation \
                 error: {}{line}.",
                earlier.summary
            );
        }
        let _ = writeln!(
            text,
            "\nTranscript up to the first difference in the {subject} (`> ` marks the input \
             given):"
        );
        let actual_lines: Vec<&str> = self.actual.text.lines().collect();
        let until = self
            .shown_lines(&mismatch.place)
            .1
            .map_or(actual_lines.len(), |line| line - 1)
            .min(actual_lines.len());
        let shown_from = until.saturating_sub(CONTEXT_LINES);
        match shown_from {
            0 => {}
            1 => text.push_str("  (1 earlier line not shown)\n"),
            _ => {
                let _ = writeln!(text, "  ({shown_from} earlier lines not shown)");
            }
        }
        for line in &actual_lines[shown_from..until] {
            let _ = writeln!(text, "  {}", cut(line));
        }
        text.push_str(&self.lines_at(&mismatch.place));
        text
    }

    /// The expected and the actual line of `place` (or of the first real difference from
    /// there, when they read the same), the column marked, and the input that led there.
    fn lines_at(&self, place: &Place) -> String {
        let expected_lines: Vec<&str> = self.fixture.body.lines().collect();
        let actual_lines: Vec<&str> = self.actual.text.lines().collect();
        let (expected_line, actual_line) = self.shown_lines(place);
        let want = expected_line.and_then(|line| expected_lines.get(line - 1));
        let got = actual_line.and_then(|line| actual_lines.get(line - 1));
        let number = |line: Option<usize>, lines: &[&str]| line.unwrap_or(lines.len() + 1);
        let own_line = actual_line == self.actual_line(place.actual);
        let column = got.map(|got| match (place.caret, place.actual) {
            (Caret::AtActual, Spot::Byte(offset)) if own_line => self.actual.column_of_byte(offset),
            _ => want.map_or(1, |want| first_differing_column(want, got)),
        });
        let mut text = two_lines(
            (number(expected_line, &expected_lines), want.copied()),
            (number(actual_line, &actual_lines), got.copied()),
            column,
            self.paint,
        );
        let before = match actual_line {
            Some(line) if !own_line => self.actual.inputs_shown_before_line(line),
            _ => self.inputs_given_before(place.actual),
        };
        text.push_str(&self.input_in_words(before));
        text
    }

    /// The 1-based lines of `place` in the expected transcript and the run's (`None` past the
    /// end of one): its own lines, unless they read the same, when the first two lines from
    /// there on that differ; a place is where the texts differ, and two equal lines never show
    /// one.
    fn shown_lines(&self, place: &Place) -> (Option<usize>, Option<usize>) {
        let expected_lines: Vec<&str> = self.fixture.body.lines().collect();
        let actual_lines: Vec<&str> = self.actual.text.lines().collect();
        let own = (
            self.expected_line(place.expected),
            self.actual_line(place.actual),
        );
        // Side by side from these lines on, to the first pair that differs.
        let differing = |expected: usize, actual: usize| {
            (0..)
                .map(|step| (expected + step, actual + step))
                .take_while(|&(e, a)| e <= expected_lines.len() || a <= actual_lines.len())
                .find(|&(e, a)| expected_lines.get(e - 1) != actual_lines.get(a - 1))
                .map(|(e, a)| {
                    (
                        (e <= expected_lines.len()).then_some(e),
                        (a <= actual_lines.len()).then_some(a),
                    )
                })
        };
        // The first byte that differs is the first line that differs, where the transcripts
        // show it with its inputs: a prompt never written shows on its input's line.
        if self.is_first_byte_difference(place)
            && let Some(lines) = differing(1, 1)
        {
            return lines;
        }
        let want = own.0.and_then(|line| expected_lines.get(line - 1));
        let got = own.1.and_then(|line| actual_lines.get(line - 1));
        if want.is_none() || want != got {
            return own;
        }
        differing(own.0.unwrap_or(1), own.1.unwrap_or(1))
            .or_else(|| differing(1, 1))
            .unwrap_or(own)
    }

    /// Whether `place` is no more than the first byte at which the outputs differ, on both
    /// sides, as [`first_difference`](crate::content::first_difference) finds it.
    fn is_first_byte_difference(&self, place: &Place) -> bool {
        let expected = self.fixture.transcript.stdout();
        let first = crate::content::first_difference(&expected, self.actual.stdout());
        *place == first && (first.expected, first.actual) != (Spot::End, Spot::End)
    }

    fn expected_line(&self, spot: Spot) -> Option<usize> {
        match spot {
            Spot::Byte(offset) => Some(self.expected.line_of_byte(offset)),
            Spot::Input(index) => self.expected.line_of_input(index),
            Spot::End => None,
        }
    }

    fn actual_line(&self, spot: Spot) -> Option<usize> {
        match spot {
            Spot::Byte(offset) => Some(self.actual.line_of_byte(offset)),
            Spot::Input(index) => self.actual.line_of_input(index),
            Spot::End => None,
        }
    }

    /// Where the expected line shown for `place` asks for an input with a prompt that the
    /// run's output holds nowhere, that prompt named as never written: for a run given its
    /// whole input at once, which ended by itself, so that all it wrote is there.
    fn prompt_absent(&self, place: &Place) -> Option<String> {
        let line = self.shown_lines(place).0?;
        let transcript = &self.fixture.transcript;
        let input = (0..transcript.inputs().len())
            .find(|&index| self.expected.line_of_input(index) == Some(line))?;
        let asked = transcript.inputs().get(input)?;
        let prompt = asked.prompt.trim_ascii();
        let words = prompt.strip_suffix(b":").unwrap_or(prompt).trim_ascii_end();
        (!words.is_empty() && !contains(self.actual.stdout(), words)).then(|| {
            format!(
                "The program never wrote the prompt `{}`, which asks for {}.\n",
                escape(prompt),
                crate::judge::input_in_words(asked)
            )
        })
    }

    /// How many inputs the run's transcript shows before `spot`.
    fn inputs_given_before(&self, spot: Spot) -> usize {
        match spot {
            Spot::Byte(offset) => self.actual.inputs_shown_before(Some(offset)),
            Spot::Input(index) => index,
            Spot::End => self.actual.inputs_shown_before(None),
        }
    }

    /// The input shown last of the first `given`, in words: what the program had been given
    /// when it went wrong (an input it never asked for is never named).
    fn input_in_words(&self, given: usize) -> String {
        let inputs = self.fixture.transcript.inputs();
        if inputs.is_empty() {
            // A case that gives no input: nothing to place the difference after.
            return String::new();
        }
        match given
            .checked_sub(1)
            .and_then(|last| inputs.get(last))
            .map(|input| input.written.as_str())
        {
            None => "before the first input of this case was given\n".to_owned(),
            Some("") => "after an empty input line\n".to_owned(),
            Some("\\z") => "after the input ended\n".to_owned(),
            Some(input) => format!("after the input `{}`\n", cut(input)),
        }
    }
}

/// Where the program took an answer and waited for the next without writing anything, what it
/// did, in a line: it never wrote the prompt of the next answer, or it read more than one
/// answer holds and took the next as the rest.
fn read_on(fixture: &Fixture, run: &Run, command: &[String]) -> String {
    let transcript = &fixture.transcript;
    let Some(record) = &run.interleaving else {
        return String::new();
    };
    (1..record.given.len())
        .find_map(|input| {
            let taken = crate::judge::read_on_from(record, transcript, input)?;
            let next = transcript
                .inputs()
                .get(input)
                .map(crate::judge::input_in_words)?;
            if let Some(prompt) = prompt_missing(fixture, run, input) {
                return Some(format!(
                    "The program took {}, then waited for {next} without writing its prompt \
                     `{prompt}` first: that prompt is missing from its output.\n{}",
                    taken.taken(),
                    readline_advice(command),
                ));
            }
            Some(format!(
                "The program took {}, then waited for more input without writing anything, \
                 and was given {next} there: {}.\n",
                taken.taken(),
                match taken {
                    ReadOn::PastAnswer(_) => "it reads more than one answer holds",
                    ReadOn::ByteOrderMark { .. } => {
                        "its reader took the input's first bytes for UTF-16's byte order mark"
                    }
                }
            ))
        })
        .unwrap_or_default()
}

/// The prompt of input `input` (0-based, past the first), as the transcript writes it, when it
/// is all the transcript shows between the input before and this one and the run never wrote
/// it once it had that input before: a prompt missing, not text written late or an answer
/// read on. `None` otherwise.
fn prompt_missing(fixture: &Fixture, run: &Run, input: usize) -> Option<String> {
    let transcript = &fixture.transcript;
    let offsets = transcript.input_offsets();
    let expected = transcript.stdout();
    let between = expected.get(*offsets.get(input.checked_sub(1)?)?..*offsets.get(input)?)?;
    let prompt = &transcript.inputs().get(input)?.prompt;
    let words = prompt.trim_ascii();
    let given = *run.interleaving.as_ref()?.given.get(input - 1)?;
    let after = run.stdout.get(given..)?;
    (between == prompt.as_slice() && !words.is_empty() && !contains(after, words))
        .then(|| escape(words))
}

/// Whether `text` holds `part` anywhere.
fn contains(text: &[u8], part: &[u8]) -> bool {
    text.windows(part.len()).any(|window| window == part)
}

/// What to know when the run, given one answer at a time, waited for an input whose prompt it
/// never wrote: the prompt is named, alone, as the transcript has it on its line; and where the
/// program runs on PHP, whose `readline($prompt)` writes its prompt only on a terminal, how to
/// write it. `None` when every prompt it waited after was written.
fn prompt_never_written(fixture: &Fixture, run: &Run, command: &[String]) -> Option<String> {
    let record = run.interleaving.as_ref()?;
    let (input, prompt) = fixture
        .transcript
        .inputs()
        .iter()
        .take(record.given.len())
        .find_map(|input| {
            // Its words, however it is spaced or punctuated: a prompt written otherwise
            // (without its colon, say) is another difference, not one never written.
            let prompt = input.prompt.trim_ascii();
            let words = prompt.strip_suffix(b":").unwrap_or(prompt).trim_ascii_end();
            (!words.is_empty() && !contains(&run.stdout, words)).then_some((input, prompt))
        })?;
    let mut text = format!(
        "\nThe program waited for {} without ever writing its prompt `{}`.\n",
        crate::judge::input_in_words(input),
        escape(prompt)
    );
    text.push_str(readline_advice(command));
    Some(text)
}

/// What to know of a prompt never written, for a program run by `command`: for one run on PHP,
/// whose `readline($prompt)` writes its prompt only on a terminal, how to write it; else
/// nothing, since no other runtime's reason is known.
fn readline_advice(command: &[String]) -> &'static str {
    if runs_on(command, "php") {
        "PHP's `readline($prompt)` writes its prompt only on a terminal, never on a pipe as here: \
         write the prompt first (`echo`), then read the line (`readline()` or `fgets(STDIN)`).\n"
    } else {
        ""
    }
}

/// Whether `command` runs on `runtime`: one of its words is the runtime's program, by its file
/// name, perhaps with its version after it (`php8.2`), as a shell's `-c` line names it too.
fn runs_on(command: &[String], runtime: &str) -> bool {
    command
        .iter()
        .flat_map(|word| word.split_whitespace())
        .filter_map(|word| word.rsplit('/').next())
        .any(|name| {
            name.strip_prefix(runtime)
                .is_some_and(|version| version.chars().all(|c| c.is_ascii_digit() || c == '.'))
        })
}

/// Why output that stops early may have been kept back, when the run's end says so: it was
/// stopped while its output ended mid-line at a multiple of a buffer's size, or, given one
/// answer at a time, it was stopped while it computed (not while it waited for input) having
/// written nothing since it read its last answer, where the expected output goes on. `None`
/// otherwise.
fn kept_back(fixture: &Fixture, run: &Run) -> Option<String> {
    const ADVICE: &str = "the output may have been kept back in the program's buffer, and lost \
                          when it was stopped: flush standard output after each prompt and each \
                          line it must show (in Python `print(..., flush=True)`, in C \
                          `fflush(stdout)`, in Java `System.out.flush()`).\n";
    let stopped = matches!(
        run.outcome,
        Outcome::TimedOut(..) | Outcome::Signaled(_) | Outcome::LimitExceeded(_)
    );
    let stdout = &run.stdout;
    if !stopped {
        return None;
    }
    if !stdout.is_empty() && stdout.len().is_multiple_of(BUFFER_SIZE) && !stdout.ends_with(b"\n") {
        return Some(format!(
            "\nIts output ends in the middle of a line, after {} bytes, a multiple of {BUFFER_SIZE} \
             (the size of a common output buffer): {ADVICE}",
            stdout.len()
        ));
    }
    let record = run.interleaving.as_ref()?;
    if !matches!(run.outcome, Outcome::TimedOut(..)) || record.asked_for_more.is_some() {
        return None;
    }
    let expected = fixture.transcript.stdout();
    let read = record.given.len();
    let last_place = *fixture
        .transcript
        .input_offsets()
        .get(read.checked_sub(1)?)?;
    let written_since = stdout.len() - record.given.last().copied().unwrap_or(0);
    if written_since > 0 || expected.len() <= last_place {
        return None;
    }
    // A program stopped before it read anything may as well have computed all along.
    let last = fixture.transcript.inputs().get(read.checked_sub(1)?)?;
    Some(format!(
        "\nIt was not waiting for input when it was stopped, and nothing it wrote after it read \
         {} reached the grader, where the expected output goes on: {ADVICE}",
        crate::judge::input_in_words(last)
    ))
}

/// The size of the output buffer of many runtimes (C's stdio on a pipe, Python's), or a
/// divisor of it: output cut at a multiple of it was most likely written a buffer at a time.
const BUFFER_SIZE: usize = 4096;

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// What the program wrote on standard error: the lines that name the error, if it names one
/// in a way a language's runtime does, then the last lines.
fn stderr_report(stderr: &[u8]) -> String {
    // Whatever a program writes is shown as it is, and safe: escape codes and carriage
    // returns cannot redraw the report.
    let stderr = visible::visible(stderr);
    let lines: Vec<&str> = stderr.lines().collect();
    if lines.is_empty() {
        return "It wrote nothing on standard error.\n".to_owned();
    }
    let naming = error_lines(&lines);
    let mut text = String::new();
    if !naming.is_empty() {
        text.push_str("The error it names:\n");
        for &index in &naming {
            let _ = writeln!(text, "  | {}", cut(lines[index]));
        }
    }
    let tail_from = lines.len().saturating_sub(STDERR_LINES);
    if (tail_from..lines.len()).any(|index| !naming.contains(&index)) {
        text.push_str("Its last lines on standard error:\n");
        for line in &lines[tail_from..] {
            let _ = writeln!(text, "  | {}", cut(line));
        }
    }
    text
}

/// The lines of standard error that name the error, in order: Rust's panic message, Java's
/// exception line (and its cause), the last line of Python's traceback, or else the first
/// line that starts with the name of an error.
fn error_lines(lines: &[&str]) -> Vec<usize> {
    let mut found = Vec::new();
    if let Some(panic) = lines
        .iter()
        .position(|line| line.starts_with("thread '") && line.contains("' panicked at "))
    {
        found.push(panic);
        // Since Rust 1.73 the message follows on a line of its own.
        if lines[panic].ends_with(':') && panic + 1 < lines.len() {
            found.push(panic + 1);
        }
    }
    for start in ["Exception in thread ", "Caused by: "] {
        found.extend(lines.iter().position(|line| line.starts_with(start)));
    }
    if let Some(traceback) = lines
        .iter()
        .rposition(|line| line.starts_with("Traceback (most recent call last):"))
    {
        found.extend(
            lines[traceback + 1..]
                .iter()
                .position(|line| !line.is_empty() && !line.starts_with(char::is_whitespace))
                .map(|index| traceback + 1 + index),
        );
    }
    if found.is_empty() {
        found.extend(lines.iter().position(|line| names_an_error(line)));
    }
    found.sort_unstable();
    found
}

/// Whether `line` starts with the name of an error or exception (`EOFError: ...`,
/// `java.util.NoSuchElementException`), as most runtimes write one.
fn names_an_error(line: &str) -> bool {
    let name = line.split(':').next().unwrap_or_default();
    !name.is_empty()
        && !name.contains(char::is_whitespace)
        && (name.ends_with("Error") || name.ends_with("Exception"))
}

/// How many bytes at the end of the output are searched for a repeated block: a block of up
/// to half as many is found.
const FLOOD_WINDOW: usize = 64 << 10;
/// How many lines of a repeated block are shown.
const FLOOD_LINES: usize = 6;

/// What a program that wrote too much was writing over and over, if it was.
fn flood_report(stdout: &[u8]) -> String {
    let Some((block, times)) = repeated_block(stdout) else {
        return String::new();
    };
    let lines: Vec<&[u8]> = block.split_inclusive(|&b| b == b'\n').collect();
    let what = match lines.len() {
        _ if !block.ends_with(b"\n") => "text".to_owned(),
        1 => "line".to_owned(),
        count => format!("{count} lines"),
    };
    let mut text = format!(
        "It was writing the same {what} over and over ({times} times in a row) when it was \
         stopped:\n"
    );
    for line in lines.iter().take(FLOOD_LINES) {
        let line = line.strip_suffix(b"\n").unwrap_or(line);
        let _ = writeln!(text, "  | {}", cut(&escape(line)));
    }
    if lines.len() > FLOOD_LINES {
        let _ = writeln!(text, "  | ... ({} more lines)", lines.len() - FLOOD_LINES);
    }
    text
}

/// The shortest block that `output` ends by repeating at least twice (starting at a line's
/// start where it can), and how many whole times it repeats.
fn repeated_block(output: &[u8]) -> Option<(&[u8], usize)> {
    let window = &output[output.len().saturating_sub(FLOOD_WINDOW)..];
    // The shortest period of the window, from its prefix function (Knuth-Morris-Pratt).
    let mut prefix = vec![0; window.len()];
    for index in 1..window.len() {
        let mut length = prefix[index - 1];
        while length > 0 && window[index] != window[length] {
            length = prefix[length - 1];
        }
        if window[index] == window[length] {
            length += 1;
        }
        prefix[index] = length;
    }
    let period = window.len() - prefix.last().copied()?;
    if period * 2 > window.len() {
        return None;
    }
    let mut start = output.len() - window.len();
    while start > 0 && output[start - 1] == output[start - 1 + period] {
        start -= 1;
    }
    let line_start = (start..start + period)
        .find(|&at| at == 0 || output[at - 1] == b'\n')
        .filter(|&at| at + 2 * period <= output.len())
        .unwrap_or(start);
    Some((
        &output[line_start..line_start + period],
        (output.len() - line_start) / period,
    ))
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
    let (want, got) = (
        expected_lines.get(at).copied(),
        actual_lines.get(at).copied(),
    );
    let column = want
        .zip(got)
        .map(|(want, got)| first_differing_column(want, got));
    text.push_str(&two_lines((at + 1, want), (at + 1, got), column, paint));
    match actual_lines[..at]
        .iter()
        .rev()
        .find_map(|line| split_input_line(line).map(|(_, input)| input))
    {
        Some(input) => {
            let _ = writeln!(text, "after the input `{}`", cut(input));
        }
        // Unless the case gives no input at all, when there is nothing to place it before.
        None if expected_lines
            .iter()
            .any(|line| split_input_line(line).is_some()) =>
        {
            text.push_str("before the first input of this case was given\n");
        }
        None => {}
    }
    text
}

/// The expected line and the actual one, each with its number in its transcript, white space made
/// visible, or what stands where a transcript has no such line; then a caret under the actual
/// line at `column`, if given.
fn two_lines(
    (expected_number, want): (usize, Option<&str>),
    (actual_number, got): (usize, Option<&str>),
    column: Option<usize>,
    paint: Paint,
) -> String {
    let (expected_label, actual_label) = (
        format!("Expected line {expected_number}: "),
        format!("Actual line {actual_number}: "),
    );
    let width = expected_label.len().max(actual_label.len());
    let show = |line: Option<&str>, missing: &str| match line {
        Some(line) => cut(&visible_whitespace(&format!("{line}\n"))),
        None => missing.to_owned(),
    };
    let mut text = String::new();
    let _ = writeln!(
        text,
        "{expected_label:width$}{}",
        paint.paint(EXPECTED, &show(want, "(nothing: the transcript ends here)"))
    );
    let _ = writeln!(
        text,
        "{actual_label:width$}{}",
        paint.paint(ACTUAL, &show(got, "(nothing: the output ends here)"))
    );
    let Some((column, got)) = column.zip(got) else {
        return text;
    };
    let length = got.chars().count();
    // An empty line is shown in words, with nothing to point at.
    if length == 0 {
        return text;
    }
    if column <= length {
        let _ = writeln!(
            text,
            "{:width$}^ column {column}",
            "",
            width = width + column - 1
        );
        return text;
    }
    // A caret past the end would point at nothing: the line's end is the difference, in words.
    let rest = want
        .and_then(|want| want.strip_prefix(got))
        .filter(|rest| !rest.is_empty());
    let ends = format!("{:width$}the line ends after column {length}", "");
    match rest {
        Some(rest) if rest.trim_start_matches(' ').is_empty() => {
            let spaces = if rest.len() == 1 {
                "one more space".to_owned()
            } else {
                format!("{} more spaces", rest.len())
            };
            let _ = writeln!(text, "{ends}, where the expected line has {spaces}");
        }
        Some(rest) => {
            let _ = writeln!(
                text,
                "{ends}, where the expected line goes on with `{}`",
                cut(&visible_whitespace(&format!("{rest}\n")))
            );
        }
        None if want != Some(got) => {
            let _ = writeln!(text, "{ends}");
        }
        None => {}
    }
    text
}

/// The 1-based column of the first character in which `got` differs from `want`.
fn first_differing_column(want: &str, got: &str) -> usize {
    want.chars()
        .zip(got.chars())
        .take_while(|(a, b)| a == b)
        .count()
        + 1
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
    fn names_the_error_in_each_runtime_s_words() {
        let java = "Exception in thread \"main\" java.util.NoSuchElementException: No line found\n\
                    \tat java.base/java.util.Scanner.nextLine(Scanner.java:1660)\n\
                    \tat Main.main(Main.java:9)\n";
        let python = "Traceback (most recent call last):\n  File \"a.py\", line 3, in <module>\n\
                      \x20   s = input()\nEOFError: EOF when reading a line\n";
        let rust = "thread 'main' panicked at src/main.rs:4:38:\ncalled `Option::unwrap()` on \
                    a `None` value\nnote: run with `RUST_BACKTRACE=1` environment variable to \
                    display a backtrace\n";
        let node = "/a.js:2\n  x.y();\n    ^\n\nTypeError: Cannot read properties of \
                    undefined\n    at Object.<anonymous> (/a.js:2:5)\n";
        let named = |stderr: &str| {
            let lines: Vec<&str> = stderr.lines().collect();
            error_lines(&lines)
                .into_iter()
                .map(|index| lines[index].to_owned())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            named(java),
            ["Exception in thread \"main\" java.util.NoSuchElementException: No line found"]
        );
        assert_eq!(named(python), ["EOFError: EOF when reading a line"]);
        assert_eq!(
            named(rust),
            [
                "thread 'main' panicked at src/main.rs:4:38:",
                "called `Option::unwrap()` on a `None` value"
            ]
        );
        assert_eq!(
            named(node),
            ["TypeError: Cannot read properties of undefined"]
        );
        assert!(named("something went wrong\n").is_empty());
        // The tail is left out when it only repeats the error's lines.
        assert_eq!(
            stderr_report(b"EOFError: EOF when reading a line\n"),
            "The error it names:\n  | EOFError: EOF when reading a line\n"
        );
    }

    /// A case of two answers and a run of it that wrote `stdout`, was given its answers at
    /// `given` and ended as `outcome` says.
    fn stopped(
        stdout: &[u8],
        given: &[usize],
        asked_for_more: Option<usize>,
        outcome: Outcome,
    ) -> (Fixture, Run) {
        let body = "Q: > 1\nA\nQ: > 2\nB\n";
        let fixture = Fixture::of_transcript(body);
        let run = Run {
            outcome,
            stdout: stdout.to_vec(),
            stderr: Vec::new(),
            duration: std::time::Duration::ZERO,
            cpu_time: None,
            joined: false,
            interleaving: Some(runner::Interleaving {
                given: given.to_vec(),
                asked_for_more,
            }),
        };
        (fixture, run)
    }

    #[test]
    fn output_kept_back_is_told_only_where_the_run_s_end_says_so() {
        let timed_out = || Outcome::TimedOut(crate::Timeout::Cpu);
        let kept = |(fixture, run): (Fixture, Run)| kept_back(&fixture, &run);
        // Nothing written since its last answer, not waiting, and the transcript goes on.
        assert!(kept(stopped(b"Q: A\nQ: ", &[3, 8], None, timed_out())).is_some());
        // Waiting for input, having written it all; or having written after its answer.
        assert!(kept(stopped(b"Q: A\nQ: ", &[3, 8], Some(8), timed_out())).is_none());
        assert!(kept(stopped(b"Q: A\nQ: B", &[3, 8], None, timed_out())).is_none());
        // Stopped before it read anything: it may have computed all along.
        assert!(kept(stopped(b"", &[], None, timed_out())).is_none());
        // Ended by itself: what it wrote is all it wrote.
        assert!(kept(stopped(b"Q: A\nQ: ", &[3, 8], None, Outcome::Exited(0))).is_none());
        // Cut mid-line at a multiple of a buffer's size when killed.
        let cut = [&b"Q: "[..], &b"A".repeat(8189)].concat();
        let said = kept(stopped(&cut, &[3], None, Outcome::Signaled(9))).expect("kept back");
        assert!(said.contains("after 8192 bytes"), "{said}");
        assert!(kept(stopped(&cut[..8000], &[3], None, Outcome::Signaled(9))).is_none());
    }

    #[test]
    fn advice_about_a_runtime_is_for_a_program_run_on_it() {
        let words = |line: &str| line.split(' ').map(str::to_owned).collect::<Vec<_>>();
        assert!(runs_on(&words("php stage1.php"), "php"));
        assert!(runs_on(&words("/usr/bin/php8.2 -f stage1.php"), "php"));
        assert!(runs_on(
            &["sh".into(), "-c".into(), "php a.php".into()],
            "php"
        ));
        assert!(!runs_on(&words("python3 stage1.php.py"), "php"));
        assert!(!runs_on(&words("./phpunit"), "php"));
        assert!(readline_advice(&words("python3 a.py")).is_empty());
    }

    #[test]
    fn finds_the_block_a_flood_repeats() {
        let flood = [&b"Enter cells: "[..], &b"Bad!\nEnter cells: ".repeat(1000)].concat();
        assert_eq!(
            repeated_block(&flood),
            Some((&b"Enter cells: Bad!\n"[..], 1000))
        );
        assert_eq!(repeated_block(&b"y\n".repeat(10)), Some((&b"y\n"[..], 10)));
        assert_eq!(repeated_block(b"abcdef"), None);
        assert_eq!(repeated_block(b""), None);
        assert_eq!(
            flood_report(&b"ab".repeat(5)),
            "It was writing the same text over and over (5 times in a row) when it was \
             stopped:\n  | ab\n"
        );
    }
}
