//! Every fixture transcript of every kata of the workspace, run against its stage's program as a
//! process, must come out exactly, exit status included: a trial a fixture, named
//! `stageN::<fixture>` for the kata at the workspace's root and `KATA::stageN::<fixture>` for
//! the others. A case judged by a program of its kata (a checker or an interactor, its output
//! random) is graded as `grade` grades it, and passes when its judge accepts every run; its
//! trial starts the kata's judge on every run, so `cargo test` lists it as ignored and
//! `--include-ignored` runs it (as `scripts/guessing-game` does).
//!
//! The program is the stage's reference (a binary of the workspace, or the kata's own command in
//! its folder), or for the root kata the command in `STAGE<N>_CMD` (split as a shell
//! would, run without one; a value that cannot be used is an error, never ignored), given one
//! answer at a time when it waits for one, as `grade` gives them. A fixture is
//! an insta snapshot, so `INSTA_UPDATE=always` or `cargo insta review` rewrites it from what the
//! reference printed, in the fixtures folder found at run time; the comparison is exact, byte
//! for byte, where insta's own would forgive trailing white space and CRLF.

use std::env;
use std::fs;
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use harness::feedback::{self, Paint};
use harness::interleaving::RunShown;
use harness::{Criterion, Grading, PlainText};
use insta::{Comparator, Snapshot};
use kata_model::case_judge::CaseJudge;
use kata_model::fixture::{self, Fixture};
use kata_model::kata::{Kata, Reference};
use runner::process::{self, Limits, Mode, Outcome};
use runner::program::Program;
use runner::sandbox::Sandbox;
use test_support::{Failed, Trial};

use crate::{katas, stages};

/// The program a stage's fixtures run: another program, or the reference.
#[derive(Clone, Debug)]
enum UnderTest {
    /// The command of `STAGE<N>_CMD`: the fixtures are the truth, nothing is written.
    Other(Program),
    /// The stage's reference: a difference may be a fixture to update.
    Reference(Program),
}

/// The environment variable that replaces the reference of stage `stage`.
pub(crate) fn command_variable(stage: u8) -> String {
    format!("STAGE{stage}_CMD")
}

pub(crate) fn trials() -> Vec<Trial> {
    let katas = match katas::all() {
        Ok(katas) => katas,
        Err(error) => {
            let message = error.clone();
            return vec![Trial::test("fixtures::katas", move || Err(message.into()))];
        }
    };
    let mut trials = Vec::new();
    for kata in katas {
        trials.extend(trials_of(kata));
    }
    trials
}

/// The trials of every fixture of `kata`, and of its fixtures folders.
fn trials_of(kata: &'static Kata) -> Vec<Trial> {
    let prefix = katas::prefix(kata);
    let is_root = prefix.is_empty();
    let mut trials = vec![
        Trial::test(format!("{prefix}fixtures::no_stray_files"), move || {
            no_stray_files(kata)
        }),
        Trial::test(
            format!("{prefix}fixtures::every_fixture_has_a_hint"),
            move || every_fixture_has_a_hint(kata),
        ),
    ];
    for stage in &kata.stages {
        let number = stage.number;
        let name = format!("{prefix}stage{number}");
        // The variable is read here, once, the one way: every fixture of the stage runs what it
        // says, or the stage fails with why it cannot be used.
        let variable = command_variable(number);
        let given = if is_root {
            Program::from_variable(&variable, env::var_os(&variable).as_deref())
        } else {
            Ok(None)
        };
        let under_test = match given {
            Ok(Some(program)) => UnderTest::Other(program),
            Ok(None) => match reference(kata, &stage.reference) {
                Ok(program) => UnderTest::Reference(program),
                Err(message) => {
                    trials.push(Trial::test(format!("{name}::reference"), move || {
                        Err(message.into())
                    }));
                    continue;
                }
            },
            Err(error) => {
                let message = error.to_string();
                trials.push(Trial::test(format!("{name}::{variable}"), move || {
                    Err(message.into())
                }));
                continue;
            }
        };
        match kata.fixtures(number) {
            Ok(mut fixtures) => {
                if let Some(folder) = kata.folder() {
                    stage.judges.assign(&mut fixtures, folder);
                }
                let fixtures = Arc::new(fixtures);
                trials.extend((0..fixtures.len()).map(|index| {
                    let (fixtures, under_test) = (Arc::clone(&fixtures), under_test.clone());
                    let trial_name = format!("{name}::{}", fixtures[index].name);
                    if matches!(fixtures[index].judge, CaseJudge::Transcript) {
                        Trial::test(trial_name, move || {
                            check(kata, number, index + 1, &fixtures[index], &under_test)
                        })
                    } else {
                        let trial = Trial::test(trial_name, move || {
                            check_judged(index + 1, &fixtures[index], &under_test)
                        });
                        test_support::slow(trial, JUDGED_IS_SLOW)
                    }
                }));
            }
            Err(error) => {
                let message = error.to_string();
                trials.push(Trial::test(format!("{name}::fixtures"), move || {
                    Err(message.into())
                }));
            }
        }
    }
    trials
}

/// The program of a stage's reference: a binary of the workspace (built when first needed), or
/// the kata's own command line, run in its folder.
fn reference(kata: &Kata, reference: &Reference) -> Result<Program, String> {
    if let Reference::BuiltIn(name) = reference {
        return Ok(Program::labelled(Vec::new(), name.clone()));
    }
    let Reference::Run(line) = reference else {
        return Err(format!("a reference these tests do not run: {reference:?}"));
    };
    let program = Program::command_line(line).map_err(|error| error.to_string())?;
    Ok(program.in_folder(kata.folder().unwrap_or(Path::new("."))))
}

/// Why a case judged by a program of its kata is not run by every `cargo test`.
const JUDGED_IS_SLOW: &str =
    "judged by a program of its kata, started on every run: scripts/guessing-game runs it";

/// The program a trial runs: the one under test, a built-in reference the workspace's binary of
/// that name, built once.
fn program_of(under_test: &UnderTest) -> Result<Program, Failed> {
    Ok(match under_test {
        UnderTest::Other(program) => program.clone(),
        UnderTest::Reference(program) if program.argv().is_empty() => {
            let name = program.label().to_owned();
            let binary = panic::catch_unwind(|| stages::built_in(&name))
                .map_err(|payload| Failed::from(test_support::panic_message(payload.as_ref())))?;
            Program::labelled(vec![binary.into()], name)
        }
        UnderTest::Reference(program) => program.clone(),
    })
}

/// Grades case `number`, judged by a program of its kata, as `grade` does: its judge must
/// accept every run. Its output is random, so there is no transcript to compare or rewrite.
fn check_judged(number: usize, fixture: &Fixture, under_test: &UnderTest) -> Result<(), Failed> {
    let program = program_of(under_test)?;
    let how = Grading {
        check: &PlainText,
        limits: Limits::default(),
        all: true,
        criterion: Criterion::Exact,
        mode: Mode::best(),
    };
    let unconfined = Sandbox::off("the workspace's own tests");
    let mut results = harness::grade(&program, std::slice::from_ref(fixture), how, &unconfined)
        .map_err(|error| Failed::from(format!("the case could not be graded: {error}")))?;
    let Some(result) = results.first_mut() else {
        return Err("the case was not graded".into());
    };
    // Graded alone, it is the first case of its slice; the report names it by its stage's number.
    result.number = number;
    let result = &*result;
    if result.verdict().passed() {
        return Ok(());
    }
    // An interactor's case is reported as it was played: the whole conversation.
    let shown = result.played.as_deref().unwrap_or(fixture);
    let mut message = format!(
        "{} is not accepted for `{}`\n",
        fixture.path.display(),
        program.label()
    );
    message += &feedback::report(result, shown, Paint::default());
    if let Some(said) = report::text::judge_said(result) {
        message += &format!("\n{said}");
    }
    Err(message.into())
}

/// Runs fixture `number` of `stage` and compares its transcript and exit status with the
/// program's.
fn check(
    kata: &Kata,
    stage: u8,
    number: usize,
    fixture: &Fixture,
    under_test: &UnderTest,
) -> Result<(), Failed> {
    let program = program_of(under_test)?;
    let check = grade::katas::content_check(kata, stage).map_err(|error| error.to_string())?;
    let limits = Limits::default();
    // As `grade` does: one answer at a time where the system shows when a program waits.
    let mode = Mode::best();
    // The tests run the workspace's own programs, or the one the tester names: unconfined.
    let unconfined = Sandbox::off("the workspace's own tests");
    let run = process::run(
        &program,
        &harness::runs::Given(fixture.transcript.inputs()),
        mode,
        limits,
        &unconfined,
    )
    .map_err(|error| Failed::from(format!("the stage could not be run: {error}")))?;
    let judgement = harness::judge(fixture, &run, limits, check.as_ref());
    let actual = run.transcript(&fixture.transcript);
    let result = harness::CaseResult {
        number,
        judgement,
        run,
        played: None,
        command: program.words(),
    };
    let (run, judgement) = (&result.run, &result.judgement);
    // The same feedback as the grader gives, then the whole diff.
    let failure = || {
        let mut message = format!(
            "{} does not match `{}`\n",
            fixture.path.display(),
            program.label()
        );
        message += &feedback::report(&result, fixture, Paint::default());
        // The transcript a rewritten fixture would hold: each input where it was given.
        if let Some(diff) = harness::diff::transcript_diff(&fixture.body, &actual) {
            message += &format!("\nThe whole transcript:\n{diff}");
        }
        if matches!(under_test, UnderTest::Reference(_)) {
            message +=
                "If the reference is right, rerun with INSTA_UPDATE=always and review `git diff`.";
        }
        Failed::from(message)
    };
    let status = match (&run.outcome, under_test) {
        (Outcome::Exited(status), UnderTest::Reference(_)) => *status,
        // Grading another program, or a reference that did not even exit: the grader's
        // verdict decides, and nothing is written.
        _ => {
            return if judgement.verdict.passed() {
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
    if let Some(hint) = &fixture.hint {
        settings.set_description(hint);
    }
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
            );
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

/// Nothing among a kata's fixtures that no test reads: in each stage's folder only cases (no
/// pending snapshot): transcripts, and inputs with the answer and hint of each beside it; beside
/// the stages' folders nothing but a README.
fn no_stray_files(kata: &Kata) -> Result<(), Failed> {
    let stage_dirs: Vec<PathBuf> = kata.all_fixtures_dirs();
    let mut parents: Vec<&Path> = stage_dirs.iter().filter_map(|dir| dir.parent()).collect();
    parents.sort();
    parents.dedup();
    let mut stray = Vec::new();
    for dir in &stage_dirs {
        for entry in fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))? {
            let file = entry.map_err(|e| e.to_string())?.path();
            if !is_case_file(&file) {
                stray.push(file);
            }
        }
    }
    for parent in parents {
        // The kata's own folder holds everything else of the kata.
        if Some(parent) == kata.folder() {
            continue;
        }
        for entry in fs::read_dir(parent).map_err(|e| e.to_string())? {
            let path = entry.map_err(|e| e.to_string())?.path();
            if !stage_dirs.contains(&path)
                && path.file_name().is_none_or(|name| name != "README.md")
            {
                stray.push(path);
            }
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
        "files among the fixtures that are not fixtures (a pending `.snap.new` is reviewed, then accepted or deleted):\n{}",
        list.join("\n")
    )
    .into())
}

/// Whether `file` is part of a case: a transcript, an input, or the answer or hint of an input
/// beside it.
fn is_case_file(file: &Path) -> bool {
    let Some(extension) = file.extension() else {
        return false;
    };
    if extension == fixture::EXTENSION || extension == fixture::INPUT_EXTENSION {
        return true;
    }
    (extension == fixture::ANSWER_EXTENSION || extension == fixture::HINT_EXTENSION)
        && file.with_extension(fixture::INPUT_EXTENSION).is_file()
}

/// Every fixture gives a learner a hint: a transcript's header's `description`, one line, or
/// the `NAME.hint` beside an input `NAME.in`.
fn every_fixture_has_a_hint(kata: &Kata) -> Result<(), Failed> {
    let mut missing = Vec::new();
    for stage in &kata.stages {
        for fixture in kata
            .fixtures(stage.number)
            .map_err(|error| error.to_string())?
        {
            if fixture
                .hint
                .as_deref()
                .is_none_or(|hint| hint.trim().is_empty())
            {
                missing.push(format!("  {}", fixture.path.display()));
            }
        }
    }
    if missing.is_empty() {
        return Ok(());
    }
    Err(format!(
        "fixtures without a hint (a `description:` line in a transcript's header, see \
         fixtures/README.md, or a NAME.hint beside an input NAME.in):\n{}",
        missing.join("\n")
    )
    .into())
}
