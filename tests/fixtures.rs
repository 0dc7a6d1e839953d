//! The fixtures as snapshot tests: every transcript of every stage, run against the stage's
//! program as a process, must come out exactly, exit status included.
//!
//! The program is the reference stage, or the command in `STAGE<N>_CMD` (split as a shell
//! would, run without one). A fixture is an insta snapshot, so `INSTA_UPDATE=always` or
//! `cargo insta review` rewrites it from what the program printed; the comparison is exact,
//! byte for byte, where insta's own would forgive trailing white space and CRLF.

use std::collections::HashMap;
use std::fs;
use std::panic::{self, AssertUnwindSafe};
use std::path::Path;
use std::sync::{Mutex, OnceLock};

use harness::feedback::{self, Paint};
use harness::fixture::{self, Fixture};
use harness::process::{self, Limits, Outcome};
use harness::program::{Program, command_variable};
use insta::{Comparator, Snapshot};
use libtest_mimic::{Arguments, Failed, Trial};

fn main() -> std::process::ExitCode {
    let arguments = Arguments::from_args();
    // A failing comparison panics inside insta; each trial reports its own failure, so the
    // default hook's message and backtrace would only repeat it.
    panic::set_hook(Box::new(|_| {}));
    let root = fixture::workspace_fixtures();
    let mut trials = vec![Trial::test("fixtures::no_stray_files", {
        let root = root.clone();
        move || no_stray_files(&root)
    })];
    for stage in 1..=5 {
        match fixture::load_stage(&root, stage) {
            Ok(fixtures) => trials.extend(fixtures.into_iter().map(|fixture| {
                Trial::test(format!("stage{stage}::{}", fixture.name), move || {
                    check(stage, &fixture)
                })
            })),
            Err(error) => trials.push(Trial::test(format!("stage{stage}::fixtures"), move || {
                Err(error.to_string().into())
            })),
        }
    }
    libtest_mimic::run(&arguments, trials).exit_code()
}

/// The program under test for a stage, built or looked up once for all its fixtures.
fn program(stage: u8) -> Result<Program, Failed> {
    static PROGRAMS: OnceLock<Mutex<HashMap<u8, Result<Program, String>>>> = OnceLock::new();
    let programs = PROGRAMS.get_or_init(Mutex::default);
    let mut programs = programs
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    programs
        .entry(stage)
        .or_insert_with(|| Program::for_tests(stage).map_err(|error| error.to_string()))
        .clone()
        .map_err(Failed::from)
}

/// Runs one fixture and compares its transcript and exit status with the program's.
fn check(stage: u8, fixture: &Fixture) -> Result<(), Failed> {
    let program = program(stage)?;
    let limits = Limits::default();
    let run = process::run(program.argv(), &fixture.transcript.stdin(), limits);
    let verdict = harness::judge(fixture, &run, limits);
    let actual = fixture.transcript.of_run(&run.stdout);
    let grading_another_program = std::env::var_os(command_variable(stage)).is_some();
    // The same feedback as the grader gives, then the whole diff.
    let failure = || {
        let mut message = format!(
            "{} does not match `{}`\n",
            fixture.path.display(),
            program.label()
        );
        message += &feedback::report(1, fixture, &run, &verdict, Paint::default());
        if let Some(diff) = harness::diff::transcript_diff(&fixture.body, &actual) {
            message += &format!("\nThe whole transcript:\n{diff}");
        }
        if !grading_another_program {
            message +=
                "If the reference is right, rerun with INSTA_UPDATE=always and review `git diff`.";
        }
        Failed::from(message)
    };
    let status = match run.outcome {
        // Grading another program, the fixtures are the truth and nothing is written: the
        // grader's verdict decides.
        Outcome::Exited(status) if !grading_another_program => status,
        _ => {
            return if verdict.passed() {
                Ok(())
            } else {
                Err(failure())
            };
        }
    };
    let same_status = status == fixture.exit_status;

    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(fixture.path.parent().unwrap_or(Path::new(".")));
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    if status != 0 {
        settings.set_info(&StatusInfo {
            exit_status: status,
        });
    }
    settings.set_comparator(Box::new(ExactTranscript { same_status }));
    // insta writes the new snapshot when allowed; the panic it ends with becomes this
    // fixture's failure.
    let compared = panic::catch_unwind(AssertUnwindSafe(|| {
        settings.bind(|| {
            insta::assert_snapshot!(
                fixture.name.as_str(),
                actual.strip_suffix('\n').unwrap_or(&actual)
            )
        });
    }));
    match compared {
        Ok(()) => Ok(()),
        Err(_) => Err(failure()),
    }
}

/// The header's declaration of a non-zero exit status.
#[derive(serde::Serialize)]
struct StatusInfo {
    exit_status: i32,
}

/// Matches a fixture only when the transcript is the same to the byte and so is the status.
struct ExactTranscript {
    same_status: bool,
}

impl Comparator for ExactTranscript {
    fn matches(&self, reference: &Snapshot, test: &Snapshot) -> bool {
        self.same_status
            && reference
                .as_text()
                .zip(test.as_text())
                .is_some_and(|(reference, test)| reference.matches_fully(test))
    }

    fn dyn_clone(&self) -> Box<dyn Comparator> {
        Box::new(ExactTranscript {
            same_status: self.same_status,
        })
    }
}

/// Nothing in `fixtures/` that no test reads: no pending snapshot, no file in a wrong place.
fn no_stray_files(root: &Path) -> Result<(), Failed> {
    let mut stray = Vec::new();
    for entry in fs::read_dir(root).map_err(|e| e.to_string())? {
        let path = entry.map_err(|e| e.to_string())?.path();
        let name = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let is_stage = (1..=5).any(|stage| name == format!("stage{stage}"));
        if is_stage && path.is_dir() {
            for entry in fs::read_dir(&path).map_err(|e| e.to_string())? {
                let file = entry.map_err(|e| e.to_string())?.path();
                if file
                    .extension()
                    .is_none_or(|extension| extension != fixture::EXTENSION)
                {
                    stray.push(file);
                }
            }
        } else if name != "README.md" {
            stray.push(path);
        }
    }
    if stray.is_empty() {
        return Ok(());
    }
    let list: Vec<String> = stray
        .iter()
        .map(|path| format!("  {}", path.display()))
        .collect();
    Err(format!(
        "files in fixtures/ that are not fixtures (a pending `.snap.new` is reviewed, then accepted or deleted):\n{}",
        list.join("\n")
    )
    .into())
}
