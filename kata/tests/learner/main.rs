//! The tests of `kata`: the learner's path, end to end, in temporary folders. One test binary, a
//! module per concern:
//!
//! - [`flow`]: every command on projects whose stages are shell scripts, which need no
//!   toolchain: the correct "solution" of stage N is kata's own `kata play N`;
//! - [`author`]: the author's loop on a small kata made in a temporary folder: fixtures
//!   recorded from the reference, and each problem of `kata dev check` named once with its
//!   reason;
//! - [`katas`]: a kata from a folder outside the repository, learned, and its authoring check;
//! - [`setter`]: `kata dev check` on a problem package: the table of its submissions, and
//!   `--submissions` to run some;
//! - [`one_verdict`]: `kata check` gives the verdict `grade` gives, whatever the caller's
//!   environment holds (a Python program: `scripts/kata-languages` runs it);
//! - [`packages`]: `kata dev check` on a problem package of shell scripts: its input validator
//!   on every test input and on the invalid ones;
//! - [`watch`]: `kata watch` as a process, re-checking after a save;
//! - [`languages`]: a project in each language offered, with its real compiler or interpreter
//!   and a correct solution kept as test data (`tests/solutions/`); C runs in every `cargo
//!   test`, the others with `--include-ignored` (`scripts/kata-languages`).
//!
//! Learner-facing texts are reviewed insta snapshots (`tests/snapshots/`).

mod author;
mod flow;
mod katas;
mod languages;
mod one_verdict;
mod packages;
mod setter;
mod watch;

use std::fs;
use std::io::Cursor;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use test_support::Trial;

fn main() -> ExitCode {
    // The trials that take longest start first, so that the short ones fill in beside them.
    let mut trials: Vec<Trial> = Vec::new();
    trials.extend(watch::trials());
    trials.extend(languages::trials());
    trials.extend(flow::trials());
    trials.extend(katas::trials());
    trials.extend(author::trials());
    trials.extend(setter::trials());
    trials.extend(one_verdict::trials());
    trials.extend(packages::trials());
    // The watch trials mostly wait for a save to be noticed, not for a core.
    test_support::run_with(test_support::thorough(trials, THOROUGH), 2)
}

/// The trials that take a twentieth of a second or more of a core, or wait on the clock:
/// `scripts/thorough-tests` runs them, every `cargo test` does not.
const THOROUGH: &[&str] = &[
    "watch::",
    "languages::c",
    "flow::check_all_grades_every_stage_in_a_table",
    "katas::the_authoring_check_passes_a_kata_and_names_a_broken_fixture",
    "katas::a_kata_from_a_folder_is_learned_stage_by_stage",
    "setter::rows_keep_the_packages_order_whatever_ends_first",
    "setter::a_legacy_package_adds_its_included_files_and_only_warns_of_a_score",
    "setter::a_row_a_submission_with_its_expected_and_got_verdicts_case_and_time",
    "setter::an_inferred_time_limit_is_written_to_timelimit_where_asked",
    "setter::the_time_limit_is_inferred_from_every_submission_that_may_not_time_out",
    "packages::submissions_yaml_sets_what_a_submission_must_get_case_by_case",
    "packages::an_invalid_input_no_validator_rejects_fails_the_check",
    "packages::valid_inputs_and_rejected_invalid_ones_pass_the_check",
    "packages::an_input_the_input_validator_rejects_fails_the_check_with_its_message",
    "packages::files_that_are_no_programs_are_ignored_and_said_once",
    "packages::a_project_of_a_package_with_a_driver_is_the_functions_it_calls",
    "packages::invalid_outputs_must_be_rejected_and_valid_ones_accepted",
];

/// What a `kata` command did.
#[derive(Debug)]
struct Ran {
    status: u8,
    out: String,
    err: String,
}

/// Runs `kata ARGS` in-process in `cwd`, with `input` as its standard input, no terminal and no
/// colour.
fn kata(cwd: &Path, args: &[&str], input: &str) -> Ran {
    let context = kata::Context {
        cwd: cwd.to_owned(),
        terminal: false,
        color: false,
        own_streams: false,
    };
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let status = kata::run(
        std::iter::once("kata")
            .chain(args.iter().copied())
            .map(Into::into),
        &context,
        Cursor::new(input.as_bytes().to_vec()),
        &mut out,
        &mut err,
    );
    Ran {
        status,
        out: String::from_utf8(out).expect("UTF-8 output"),
        err: String::from_utf8(err).expect("UTF-8 messages"),
    }
}

/// A temporary folder with a project made by `kata new p --lang LANG` in it.
struct Sandbox {
    /// Kept for its lifetime: the folder goes when the sandbox does.
    _dir: tempfile::TempDir,
    /// The project's folder.
    root: PathBuf,
}

impl Sandbox {
    fn new(lang: &str) -> Sandbox {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let made = kata(dir.path(), &["new", "p", "--lang", lang], "");
        assert_eq!(made.status, 0, "{made:?}");
        let root = dir.path().join("p");
        Sandbox { _dir: dir, root }
    }

    /// Runs `kata ARGS` in the project.
    fn kata(&self, args: &[&str]) -> Ran {
        kata(&self.root, args, "")
    }

    fn path(&self, relative: &str) -> PathBuf {
        self.root.join(relative)
    }

    fn read(&self, relative: &str) -> String {
        fs::read_to_string(self.path(relative)).expect("a file of the project")
    }

    fn write(&self, relative: &str, text: &str) {
        let path = self.path(relative);
        fs::create_dir_all(path.parent().expect("in a folder")).expect("its folder");
        fs::write(path, text).expect("written");
    }

    /// The progress file, read as a table.
    fn progress(&self) -> toml::Table {
        self.read(kata::progress::FILE_NAME)
            .parse()
            .expect("a TOML progress file")
    }
}

/// `kata/tests`, found at run time.
fn tests_dir() -> PathBuf {
    test_support::manifest_dir().join("tests")
}

/// Asserts the snapshot `name` of `tests/snapshots/`.
fn snapshot(name: &str, text: &str) {
    test_support::snapshot(&tests_dir().join("snapshots"), name, text);
}

/// The `kata` executable this test binary was built with, found at run time.
fn kata_executable() -> PathBuf {
    assert_cmd::cargo::cargo_bin("kata")
}

/// The Tic-Tac-Toe kata built into kata, which the projects of these tests follow.
fn tictactoe() -> &'static kata::course::Course {
    static COURSE: std::sync::OnceLock<kata::course::Course> = std::sync::OnceLock::new();
    COURSE.get_or_init(|| {
        let kata =
            grade::katas::named(Path::new(""), Path::new(grade::katas::DEFAULT)).expect("built in");
        kata::course::Course::new(kata).expect("its fixtures")
    })
}
