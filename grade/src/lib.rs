//! Grades a program, in any language, against the fixture transcripts of one stage, with
//! feedback a learner can act on; or grades a whole class of submissions at once.
//!
//! [`run`] is the whole command: it parses the arguments ([`options`]), finds the kata
//! ([`katas`]: a folder given, the workspace's, or one built in), resolves both once into the
//! stage's plan ([`planning`]: its cases and their judges, limits, weights and what no case may
//! read), grades with the harness's engine ([`harness::plan::StagePlan::grade`]) and writes its
//! reports (the [`report`] crate), composed in `grading`; `class_grading` grades a whole class on
//! the same plan, whose submissions [`class`] finds, [`outputs`] says where each format goes,
//! [`project`] reads a learner's `kata.toml`, and [`reference`](mod@reference) runs the
//! reference stages built in. A kata's own content check or rules, which judge its cases beside
//! or instead of the text, are the kata's crates, linked in by name in [`katas`]. Every failure
//! is a [`GradeError`] with its exit status.

pub mod class;
mod class_grading;
mod command_line;
pub mod error;
mod graded;
mod grading;
pub mod katas;
pub mod merge;
pub mod options;
pub mod outputs;
pub mod planning;
pub mod platform;
pub mod project;
pub mod reference;
pub mod shard;

use std::ffi::OsString;
use std::io::Write;

use clap::Parser;
use harness::feedback::Paint;

pub use command_line::command_line_error;
pub use error::{EXIT_FAILED, EXIT_INTERNAL, EXIT_PASSED, EXIT_USAGE, GradeError};
pub use options::Options;

/// The whole `grade` command: parses `args` (the program's name first), grades, and writes
/// the report to `out` and any error to `err`; returns the exit status.
pub fn run(
    args: impl IntoIterator<Item = OsString>,
    paint: Paint,
    out: &mut impl Write,
    err: &mut impl Write,
) -> u8 {
    let args: Vec<OsString> = args.into_iter().collect();
    if args.get(1).is_some_and(|word| word == "merge") {
        return merge::run(&args[1..], out, err);
    }
    if args.get(1).is_some_and(|word| word == "platform") {
        return platform::run(&args[1..], out, err);
    }
    let options = match Options::try_parse_from(&args) {
        Ok(options) => options,
        Err(error) => return command_line_error(&error, out, err),
    };
    let mut report = report::Report::new(&mut *out);
    let graded = grading::grade_as_asked(&options, ends_with_separator(&args), paint, &mut report);
    // Grading and the JSON went on without the report; only now is its failure told. A reader
    // that went away (`| head -1`) is no failure to tell.
    let graded = match (graded, report.finish()) {
        (Ok(_), Some(error)) if error.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(report_error(error))
        }
        (graded, _) => graded,
    };
    match graded {
        Ok(status) => status,
        Err(error) => {
            // The report goes to `out`; the reason it stopped to `err`, after what was written.
            let _ = out.flush();
            let _ = writeln!(err, "grade: {error}");
            error.exit_status()
        }
    }
}

/// Whether `--` ends the arguments: `grade 3 --` names an empty command, which is a mistake
/// (a shell variable that was empty, say), never a request to grade the reference.
fn ends_with_separator(args: &[OsString]) -> bool {
    args.last().is_some_and(|last| last == "--")
}

fn report_error(error: std::io::Error) -> GradeError {
    GradeError::Output {
        what: "the report".to_owned(),
        error,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `grade` in-process on `args` and returns the status, the report and the errors.
    fn grade_in_process(args: &[&str]) -> (u8, String, String) {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let status = run(
            std::iter::once("grade")
                .chain(args.iter().copied())
                .map(OsString::from),
            Paint::default(),
            &mut out,
            &mut err,
        );
        let text = |bytes: Vec<u8>| String::from_utf8(bytes).expect("UTF-8");
        (status, text(out), text(err))
    }

    #[test]
    fn usage_errors_go_to_err_with_status_2_and_help_to_out_with_status_0() {
        let (status, out, err) = grade_in_process(&["6"]);
        assert_eq!((status, out.as_str()), (EXIT_USAGE, ""));
        let kata = katas::choose(None).expect("the workspace's kata");
        let no_stage = format!("{} has no stage 6: its stages are 1 to 5", kata.title);
        assert!(err.contains(&no_stage), "{err}");
        let (status, out, err) = grade_in_process(&["3", "--"]);
        assert_eq!((status, out.as_str()), (EXIT_USAGE, ""));
        assert!(err.starts_with("grade: nothing follows `--`"), "{err}");
        let (status, out, err) = grade_in_process(&["--help"]);
        assert_eq!((status, err.as_str()), (EXIT_PASSED, ""));
        assert!(out.contains("Usage: grade"), "{out}");
    }
}
