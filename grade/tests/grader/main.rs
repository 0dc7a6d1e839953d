//! The tests of `grade`: the grader run as a process on submissions kept as test data, against
//! fixtures of its own (`tests/fixtures/`), so the kata's fixtures can grow without touching
//! them. Reports are reviewed insta snapshots (`tests/snapshots/`).
//!
//! This executable is also the faulty submissions: run as `<exe> --submission FAULT`, it is a
//! stage 3 (or stage 5) program with that fault ([`submission`]). Programs in other languages
//! are in `tests/submissions/`; [`waiting`] grades them one answer at a time.

mod ai;
mod class;
mod cluster;
mod confinement;
mod environment;
mod feedback;
mod formats;
mod hostile;
mod hostility;
mod html;
mod java;
mod katas;
mod options;
mod outliving;
mod packages;
mod platform;
mod points;
mod shards;
mod submission;
mod verdicts;
mod waiting;

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{ExitCode, Output};
use std::time::Duration;

use test_support::Trial;

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().collect();
    if args.get(1).is_some_and(|flag| flag == submission::FLAG) {
        let given = Path::new(args.get(2).map_or("".as_ref(), OsString::as_os_str));
        let arg = args.get(3).map(|arg| arg.to_string_lossy().into_owned());
        let fault = fault_of(given);
        if let Some(fault) = fault.strip_prefix("ai-") {
            return ai::run(fault, arg.as_deref());
        }
        return submission::run(&fault, arg.as_deref());
    }
    // The longest first, so that the others fill the cores around them: the JVM, then the
    // trials that wait on the clock (a hanging submission, a grader killed mid-class), then
    // those that grade the most runs.
    let mut trials: Vec<Trial> = java::trials();
    trials.extend(hostility::trials());
    trials.extend(outliving::trials());
    trials.extend(ai::trials());
    trials.extend(waiting::trials());
    trials.extend(verdicts::trials());
    trials.extend(feedback::trials());
    trials.extend(options::trials());
    trials.extend(class::trials());
    trials.extend(environment::trials());
    trials.extend(formats::trials());
    trials.extend(points::trials());
    trials.extend(shards::trials());
    trials.extend(cluster::trials());
    trials.extend(platform::trials());
    trials.extend(html::trials());
    trials.extend(katas::trials());
    trials.extend(packages::trials());
    trials.extend(confinement::trials());
    // Most trials wait for the grader and the programs it runs, not for a core.
    test_support::run_with(test_support::thorough(trials, THOROUGH), 3)
}

/// The trials that take a twentieth of a second or more of a core (timed one at a time; the
/// grader's own trials from four hundredths, as the binary runs the most processes), or wait on
/// the clock: `scripts/thorough-tests` runs them, every `cargo test` does not.
const THOROUGH: &[&str] = &[
    "outliving::",
    "hostile::one_hanging_submission_does_not_stall_a_class",
    "hostile::joining_the_graders_group_is_refused_and_the_case_killed",
    "hostile::a_fifo_planted_at_the_json_destination_neither_blocks_nor_loses_the_results",
    "shards::a_class_of_40_in_4_shards_merges_into_the_results_of_one_run",
    "shards::merge_refuses_parts_graded_otherwise_naming_what_differs",
    "class::without_a_command_each_project_is_graded_with_its_own_kata_toml",
    "class::a_submission_reads_its_own_folder_and_no_other",
    "formats::a_class_in_every_format_writes_every_file_each_valid_against_its_schema",
    "formats::the_gradebook_reads_as_a_row_a_submission_whatever_the_folders_are_named",
    "packages::the_limits_are_the_packages_else_the_formats_and_said",
    "katas::a_kata_from_a_folder_grades_its_reference_and_other_programs",
    "waiting::a_program_waiting_in_poll_on_another_pipe_is_not_waiting_for_input",
    "waiting::c_printf_without_fflush_is_a_prompt_not_shown_and_with_it_passes",
    "waiting::a_program_waiting_in_select_passes",
    "waiting::a_shell_read_loop_passes",
    "verdicts::endless_output_is_too_much_output",
    "verdicts::hangs_times_out_and_leaves_nothing_running",
    "verdicts::hangs-in-child_times_out_and_leaves_nothing_running",
    "verdicts::asking_again_forever_at_end_of_input_is_too_much_output",
    "options::outside_a_workspace_grade_grades_the_kata_built_in",
    "options::without_fixtures_grade_uses_those_of_its_workspace_found_at_run_time",
    "options::content_passes_a_program_that_plays_right_but_presents_differently",
    "confinement::a_memory_eater_is_a_memory_limit_exceeded",
    "ai::easy_that_always_plays_the_first_empty_cell",
    "ai::a_cartesian_player_is_told_where_its_mark_landed",
    "ai::a_count_of_moves_kept_between_games_is_a_state_that_is_not_true",
    "ai::a_space_for_an_empty_cell_is_presentation",
    "ai::a_welcome_line_is_presentation",
    "ai::the_reference_passes_stage_2",
    "packages::build_and_run_scripts_run_in_their_own_folder",
    "packages::a_package_is_graded_by_its_default_validation_within_its_float_tolerance",
    "packages::a_scoring_package_gives_its_groups_points",
    "shards::merge_writes_to_standard_output_only_what_no_format_sends_elsewhere",
    "shards::results_files_are_made_as_the_umask_says",
    "waiting::a_program_that_reads_in_another_thread_passes",
    "class::a_class_is_graded_folder_by_folder",
    "confinement::small_files_beyond_the_disk_limit_are_a_disk_limit_exceeded",
    "confinement::a_fork_bomb_is_a_process_limit_exceeded_and_leaves_nothing",
];

/// The fault a submission is asked for: a fault's name, or, in a class, a folder named after
/// its fault or holding its name in a file `fault`.
fn fault_of(given: &Path) -> String {
    match std::fs::read_to_string(given.join("fault")) {
        Ok(fault) => fault.trim().to_owned(),
        Err(_) => given
            .file_name()
            .unwrap_or(given.as_os_str())
            .to_string_lossy()
            .into_owned(),
    }
}

/// The longest a `grade` run of these tests may take before the test fails instead of hanging.
const WATCHDOG: Duration = Duration::from_secs(20);

/// `grade/tests`, found at run time.
fn tests_dir() -> PathBuf {
    test_support::manifest_dir().join("tests")
}

/// This executable, which is the faulty submissions.
fn this_executable() -> PathBuf {
    std::env::current_exe().expect("the test executable knows its path")
}

/// The arguments that grade the stage 3 submission with `fault`:
/// `3 OPTIONS -- <this executable> --submission FAULT MORE`.
fn submission(options: &[&str], fault: &str, more: &[&str]) -> Vec<OsString> {
    stage_submission(3, options, fault, more)
}

/// [`submission`] for the submission of stage `stage` with `fault`.
fn stage_submission(stage: u8, options: &[&str], fault: &str, more: &[&str]) -> Vec<OsString> {
    let mut words = args(&[&stage.to_string()]);
    words.extend(args(options));
    words.extend([
        "--".into(),
        this_executable().into(),
        submission::FLAG.into(),
        fault.into(),
    ]);
    words.extend(args(more));
    words
}

/// A finished `grade` run.
struct Graded {
    status: Option<i32>,
    /// Standard output, with this executable's path shown as `submission`.
    report: String,
    stderr: String,
}

/// Runs `grade` with `args` in `tests/`, under a watchdog. Unless `args` name other fixtures,
/// it grades against this test's own (`--fixtures fixtures`).
fn grade(args: &[OsString]) -> Graded {
    let mut command = assert_cmd::Command::new(assert_cmd::cargo::cargo_bin("grade"));
    // Python's buffering is the program's own, whatever the environment says.
    command
        .current_dir(tests_dir())
        .env_remove("NO_COLOR")
        .env_remove("PYTHONUNBUFFERED")
        .timeout(WATCHDOG);
    if !args.iter().any(|arg| arg == "--fixtures") {
        command.args(["--fixtures", "fixtures"]);
    }
    let Output {
        status,
        stdout,
        stderr,
    } = command
        .args(args)
        .output()
        .expect("grade runs within the watchdog");
    let exe = this_executable().display().to_string();
    Graded {
        status: status.code(),
        report: String::from_utf8(stdout)
            .expect("the report is UTF-8")
            .replace(&exe, "submission"),
        stderr: String::from_utf8(stderr).expect("messages are UTF-8"),
    }
}

/// Runs `grade` with `args` as [`grade`] does, with `--json FILE` added after the stage, and
/// returns the run and the results it wrote.
fn grade_with_json(args: &[OsString]) -> (Graded, serde_json::Value) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let json = dir.path().join("results.json");
    let mut words = args.to_vec();
    words.splice(1..1, [OsString::from("--json"), json.clone().into()]);
    let graded = grade(&words);
    let text = std::fs::read_to_string(&json).expect("the results are written");
    (graded, results_json(&text))
}

/// The results JSON `text` as `--json` wrote it (one program's or a class's), having checked it
/// against the schema the reference documents (`docs/src/reference/results.schema.json`).
fn results_json(text: &str) -> serde_json::Value {
    let document: serde_json::Value =
        serde_json::from_str(text).unwrap_or_else(|error| panic!("not JSON ({error}): {text}"));
    let errors = departures_from_the_results_schema(&document);
    assert!(
        errors.is_empty(),
        "the results depart from their schema: {errors:#?}\n{document:#}"
    );
    document
}

/// Where `document` departs from the results' schema: nothing when it is valid.
fn departures_from_the_results_schema(document: &serde_json::Value) -> Vec<String> {
    static SCHEMA: std::sync::OnceLock<jsonschema::Validator> = std::sync::OnceLock::new();
    let validator = SCHEMA.get_or_init(|| {
        let path = results_schema();
        let schema = std::fs::read_to_string(&path)
            .unwrap_or_else(|error| panic!("{}: {error}", path.display()));
        let schema = serde_json::from_str(&schema).expect("the schema is JSON");
        jsonschema::validator_for(&schema).expect("a valid schema")
    });
    validator
        .iter_errors(document)
        .map(|error| format!("{error} at {}", error.instance_path()))
        .collect()
}

/// The schema of the results JSON, in the book's reference.
fn results_schema() -> PathBuf {
    test_support::manifest_dir()
        .parent()
        .expect("the grader is in the workspace")
        .join("docs/src/reference/results.schema.json")
}

/// `words` as arguments.
fn args(words: &[&str]) -> Vec<OsString> {
    words.iter().map(OsString::from).collect()
}

/// Asserts the snapshot `name` of `tests/snapshots/`.
fn snapshot(name: &str, text: &str) {
    test_support::snapshot(&tests_dir().join("snapshots"), name, text);
}

/// The stages of the Tic-Tac-Toe kata built into the grader, whose fixtures and submissions
/// these tests keep.
fn tictactoe_stages() -> std::ops::RangeInclusive<u8> {
    let kata =
        grade::katas::named(Path::new(""), Path::new(grade::katas::DEFAULT)).expect("built in");
    1..=kata.stage_count()
}
