//! What a learner reads of a stage, checked as rustdoc checks the examples of a crate's
//! documentation: the heading its task starts with, and every example of a run in it (a fenced
//! block in the fixtures' notation, `> ` before what the user types) run against the
//! reference, each that differs named by its file and line; and the stage's fixtures folder,
//! which holds its cases alone, met in an order the author chose.

use harness::interleaving::RunShown;
use harness::runs::{self, Over};
use std::fs;
use std::path::Path;

use harness::{PlainText, Program};
use kata_model::Transcript;
use kata_model::fixture::{self, Fixture};
use kata_model::kata::Stage;
use kata_model::transcript::split_input_line;
use runner::process::{self, Limits, Mode, Outcome};
use runner::sandbox::Sandbox;

use super::problem::{Problem, indented};
use super::references::UNSANDBOXED;
use crate::error::KataError;

/// The most cases a stage may have before the order a learner meets them in matters.
const UNORDERED_CASES: usize = 3;

/// An example of a run in a stage's task.
#[derive(Debug)]
pub struct Example {
    /// The task's 1-based line of the example's first line.
    pub line: usize,
    /// The example as written.
    pub body: String,
    /// The example, read.
    pub transcript: Transcript,
}

/// The problem of the task `text` of `stage`, at `path`, whose first line is not the heading
/// `# Stage N: TITLE`.
#[must_use]
pub fn heading(path: &Path, text: &str, stage: &Stage) -> Option<Problem> {
    let wanted = format!("# Stage {}: {}", stage.number, stage.title);
    (text.lines().next().map(str::trim_end) != Some(wanted.as_str())).then(|| Problem {
        path: path.to_owned(),
        line: Some(1),
        message: format!(
            "a stage's task starts with the heading `{wanted}`, its number and its title in the \
             manifest"
        ),
    })
}

/// The examples of a run in the task `text`, at `path`: each fenced block without a language
/// that holds an input line; and the problem of each that is not a transcript. A block with a
/// language (```` ```text ````) is shown, never run: a part of a run, or a run that differs
/// each time.
#[must_use]
pub fn examples(path: &Path, text: &str) -> (Vec<Example>, Vec<Problem>) {
    let (mut examples, mut problems) = (Vec::new(), Vec::new());
    let mut lines = text.lines().enumerate();
    while let Some((index, line)) = lines.next() {
        let indent = line.len() - line.trim_start().len();
        let Some(fence) = ["```", "~~~"]
            .into_iter()
            .find(|fence| line.trim_start().starts_with(fence))
        else {
            continue;
        };
        let info = line.trim_start().trim_start_matches(fence).trim();
        let mut body = String::new();
        for (_, line) in lines.by_ref() {
            if line.trim_start().starts_with(fence) {
                break;
            }
            // Inside a list item, the block's lines are indented as its fence is.
            body.push_str(line.get(indent..).unwrap_or(line.trim_start()));
            body.push('\n');
        }
        if !info.is_empty() || !body.lines().any(|line| split_input_line(line).is_some()) {
            continue;
        }
        let line = index + 2;
        match Transcript::parse(&body) {
            Ok(transcript) => examples.push(Example {
                line,
                body,
                transcript,
            }),
            Err(error) => problems.push(Problem {
                path: path.to_owned(),
                line: Some(line + error.line - 1),
                message: format!(
                    "this example is not a transcript (fence a block that is not as ```text): {}",
                    error.message
                ),
            }),
        }
    }
    (examples, problems)
}

/// Runs each of `examples` of the task at `path` of `stage` on `program`, its reference; the
/// problem of each whose run differs, at its first line that differs, with the diff. An
/// example's exit status is not written, so it is not compared.
///
/// # Errors
///
/// The grader's own failure to run a program.
pub fn run_examples(
    path: &Path,
    stage: &Stage,
    examples: &[Example],
    program: &Program,
) -> Result<Vec<Problem>, KataError> {
    let limits = stage.limits.over(Limits::default());
    let mut problems = Vec::new();
    for example in examples {
        let run = process::run(
            program,
            &runs::Given(example.transcript.inputs()),
            Mode::best(),
            limits,
            &Sandbox::off(UNSANDBOXED),
        )
        .map_err(|error| KataError::Grader(grade::GradeError::OwnResources(error)))?;
        let message = match run.outcome {
            Outcome::Exited(_) => {
                let actual = run.transcript(&example.transcript);
                let Some(diff) = harness::diff::transcript_diff(&example.body, &actual) else {
                    continue;
                };
                problems.push(Problem {
                    path: path.to_owned(),
                    line: Some(example.line + first_difference(&example.body, &actual)),
                    message: format!(
                        "this example is not what the reference of stage {} does:\n{}",
                        stage.number,
                        indented(&diff)
                    ),
                });
                continue;
            }
            // Said once for the stage, by the check of its cases.
            Outcome::CannotStart(_) => continue,
            _ => {
                let case = Fixture {
                    name: format!("example at line {}", example.line),
                    path: path.to_owned(),
                    exit_status: 0,
                    hint: None,
                    body: example.body.clone(),
                    transcript: example.transcript.clone(),
                    judge: kata_model::case_judge::CaseJudge::Transcript,
                    unread: false,
                };
                harness::judge(&case, &run, limits, &PlainText).verdict
            }
        };
        problems.push(Problem {
            path: path.to_owned(),
            line: Some(example.line),
            message: format!(
                "the reference of stage {} does not end on this example's inputs: {message}",
                stage.number
            ),
        });
    }
    Ok(problems)
}

/// The 0-based index of the first line where `actual` departs from `expected`.
#[must_use]
pub fn first_difference(expected: &str, actual: &str) -> usize {
    let mut got = actual.lines();
    expected
        .lines()
        .take_while(|line| got.next() == Some(line))
        .count()
}

/// The problem of each file in `dir`, a stage's fixtures folder, that is not part of a case.
#[must_use]
pub fn stray_files(dir: &Path) -> Vec<Problem> {
    let Ok(entries) = fs::read_dir(dir) else {
        // The folder's own problem is told by the reading of its fixtures.
        return Vec::new();
    };
    let mut stray: Vec<_> = entries
        .filter_map(|entry| Some(entry.ok()?.path()))
        .filter(|path| !is_case_file(path))
        .collect();
    stray.sort();
    stray
        .into_iter()
        .map(|path| {
            let pending = path.to_string_lossy().ends_with(".snap.new");
            Problem {
                message: if pending {
                    "a pending snapshot, not a fixture: read it, then put it in place of its \
                     `.snap` or delete it"
                } else {
                    "not a fixture: a stage's fixtures folder holds its cases alone \
                     (`NAME.snap`, or `NAME.in` with its `.ans` and `.hint`)"
                }
                .to_owned(),
                path,
                line: None,
            }
        })
        .collect()
}

/// Whether `file` is part of a case: a transcript, an input, or the answer or hint of an input
/// beside it.
fn is_case_file(file: &Path) -> bool {
    let Some(extension) = file.extension() else {
        return false;
    };
    if !file.is_file() {
        return false;
    }
    if extension == fixture::EXTENSION || extension == fixture::INPUT_EXTENSION {
        return true;
    }
    (extension == fixture::ANSWER_EXTENSION || extension == fixture::HINT_EXTENSION)
        && file.with_extension(fixture::INPUT_EXTENSION).is_file()
}

/// The warning for `stage` of the manifest at `manifest` when it has more than a few `cases`
/// and no `order`: a learner would meet them by their file names, an edge case first as likely
/// as the basic one.
#[must_use]
pub fn unordered(manifest: &Path, stage: &Stage, cases: &[Fixture]) -> Option<Problem> {
    let first = cases.first()?;
    (stage.order.is_empty() && cases.len() > UNORDERED_CASES).then(|| Problem {
        path: manifest.to_owned(),
        line: Some(stage.reference_line),
        message: format!(
            "stage {} has {} cases and no `order`: a learner meets them by their file names, \
             `{}` first; name the cases to meet first, the basic ones before the edge cases \
             (`order = [\"...\"]`)",
            stage.number,
            cases.len(),
            first.name
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_example_is_a_plain_fenced_block_with_an_input_line() {
        let task = "# Stage 1: Greet\n\n```\nName: > Ann\nHi, Ann!\n```\n\n```text\nName: > \
                    Bob\n```\n\n```\nHi, Bob!\n```\n\n1. In a list:\n\n   ~~~\n   Name: >\n   \
                    Hi!\n   ~~~\n\n```\nName: > \\q\n```\n";
        let (examples, problems) = examples(Path::new("README.md"), task);
        let found: Vec<(usize, &str)> = examples
            .iter()
            .map(|example| (example.line, example.body.as_str()))
            .collect();
        assert_eq!(
            found,
            [(4, "Name: > Ann\nHi, Ann!\n"), (19, "Name: >\nHi!\n")]
        );
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert_eq!(problems[0].line, Some(24), "{}", problems[0]);
    }

    #[test]
    fn the_first_line_that_differs_is_counted_from_zero() {
        assert_eq!(first_difference("a\nb\n", "a\nc\n"), 1);
        assert_eq!(first_difference("a\n", "a\nb\n"), 1);
        assert_eq!(first_difference("x\n", "a\n"), 0);
    }
}
