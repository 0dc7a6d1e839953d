//! One answer at a time: programs that show each prompt before they wait, or do not, in several
//! languages and shapes (a shell around the program, a reading thread that is not the main one,
//! an event loop, a program that reads ahead), each graded, the report a reviewed snapshot.
//! Where the system cannot show when a program waits, or a language is missing, the test is
//! reported as ignored with the reason.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

use harness::Mode;
use test_support::{Trial, test_with, toolchain};

use crate::{
    Graded, args, grade, grade_with_json, snapshot, submission, tests_dir, this_executable,
};

/// The faults of the stage 3 submission that only grading one answer at a time sees through,
/// the options they are graded with, the status `grade` must exit with, and the name of the
/// report's snapshot. Asking for more is graded on every case, to show that a case whose input
/// ends where the program asks (`> \z`) is not one.
const FAULTS: &[(&str, &[&str], i32, &str)] = &[
    (
        "unflushed-prompt",
        &[],
        1,
        "an_unflushed_prompt_is_a_prompt_not_shown",
    ),
    (
        "asks-again",
        &["--all"],
        1,
        "asking_for_one_more_answer_is_asked_for_more_input",
    ),
];

pub(crate) fn trials() -> Vec<Trial> {
    let mut trials: Vec<Trial> = FAULTS
        .iter()
        .map(|&(fault, options, status, name)| {
            test_with(
                format!("waiting::{name}"),
                || interactive(Ok(())),
                move |()| {
                    let graded = grade(&submission(options, fault, &[]));
                    assert_eq!(graded.status, Some(status), "{}", graded.report);
                    snapshot(name, &graded.report);
                },
            )
        })
        .collect();
    trials.extend([
        test_with(
            "waiting::an_unflushed_prompt_fails_stage_2_as_a_prompt_not_shown",
            || interactive(Ok(())),
            |()| {
                let mut words = args(&["2", "--"]);
                words.extend([
                    this_executable().into(),
                    submission::FLAG.into(),
                    "unflushed-prompt-stage2".into(),
                ]);
                let graded = grade(&words);
                assert_eq!(graded.status, Some(1), "{}", graded.report);
                snapshot(
                    "an_unflushed_prompt_fails_stage_2_as_a_prompt_not_shown",
                    &graded.report,
                );
            },
        ),
        test_with(
            "waiting::a_reader_that_took_a_byte_order_mark_is_told_so",
            || interactive(Ok(())),
            |()| {
                let mut words = args(&["2", "--all", "--"]);
                words.extend([
                    this_executable().into(),
                    submission::FLAG.into(),
                    "takes-byte-order-mark".into(),
                ]);
                let graded = grade(&words);
                // The line with bytes that are not UTF-8 inside it passes: only the mark at the
                // start of the input fails, and the feedback names it.
                assert_eq!(graded.status, Some(1), "{}", graded.report);
                assert!(
                    graded
                        .report
                        .contains("invalid-utf8-inside-line-then-valid: Passed"),
                    "{}",
                    graded.report
                );
                assert!(
                    graded.report.contains("the byte order mark of UTF-16"),
                    "{}",
                    graded.report
                );
                snapshot(
                    "a_reader_that_took_a_byte_order_mark_is_told_so",
                    &graded.report,
                );
            },
        ),
        test_with(
            "waiting::a_program_that_reads_in_another_thread_passes",
            || interactive(Ok(())),
            |()| {
                passes_as_submission(
                    "reads-in-thread",
                    "a_program_that_reads_in_another_thread_passes",
                );
            },
        ),
        test_with(
            "waiting::a_program_waiting_in_poll_on_another_pipe_is_not_waiting_for_input",
            || interactive(Ok(())),
            |()| {
                // Stopped on the clock once its own time passes this, eight times as long as a
                // poll-family wait must last to count.
                let graded = grade(&submission(
                    &["--timeout", "0.2"],
                    "polls-another-pipe",
                    &[],
                ));
                // Timed out, and never given its input: its transcript shows none.
                assert_eq!(graded.status, Some(1), "{}", graded.report);
                snapshot(
                    "a_program_waiting_in_poll_on_another_pipe_is_not_waiting_for_input",
                    &graded.report,
                );
            },
        ),
        test_with(
            "waiting::a_program_waiting_in_poll_passes",
            || interactive(Ok(())),
            |()| passes_as_submission("polls-stdin", "a_program_waiting_in_poll_passes"),
        ),
        test_with(
            "waiting::a_program_waiting_in_select_passes",
            || interactive(Ok(())),
            |()| passes_as_submission("selects-stdin", "a_program_waiting_in_select_passes"),
        ),
        test_with(
            "waiting::c_printf_without_fflush_is_a_prompt_not_shown_and_with_it_passes",
            || interactive(toolchain::gcc()),
            c_with_and_without_fflush,
        ),
        test_with(
            "waiting::a_node_program_reading_with_readline_passes",
            || interactive(toolchain::node()),
            |node| {
                let words = [node.clone().into(), "submissions/node/stage2.js".into()];
                graded_passes(
                    2,
                    &words,
                    &[(&node, "node")],
                    "a_node_program_reading_with_readline_passes",
                );
            },
        ),
        test_with(
            "waiting::a_shell_read_loop_passes",
            || interactive(toolchain::sh()),
            |sh| {
                let words = [sh.clone().into(), "submissions/sh/stage2.sh".into()];
                graded_passes(2, &words, &[(&sh, "sh")], "a_shell_read_loop_passes");
            },
        ),
        test_with(
            "waiting::a_python_program_asking_with_input_passes",
            || interactive(toolchain::python()),
            |python| {
                let words = [
                    python.clone().into(),
                    toolchain::PYTHON_WITHOUT_SITE.into(),
                    "submissions/python/stage4_with_input.py".into(),
                ];
                graded_passes(
                    4,
                    &words,
                    &[(&python, "python3")],
                    "a_python_program_asking_with_input_passes",
                );
            },
        ),
        test_with(
            "waiting::a_python_program_run_through_sh_c_passes",
            || interactive(toolchain::python().and_then(|python| Ok((python, toolchain::sh()?)))),
            |(python, sh)| {
                // Two processes: the shell cannot hand itself over to the program, since a
                // command follows it.
                let words = [
                    sh.clone().into(),
                    "-c".into(),
                    "\"$@\"; exit".into(),
                    "sh".into(),
                    python.clone().into(),
                    toolchain::PYTHON_WITHOUT_SITE.into(),
                    "submissions/python/stage2.py".into(),
                ];
                graded_passes(
                    2,
                    &words,
                    &[(&sh, "sh"), (&python, "python3")],
                    "a_python_program_run_through_sh_c_passes",
                );
            },
        ),
        test_with(
            "waiting::a_python_program_that_reads_all_its_input_first_is_a_prompt_not_shown",
            || interactive(toolchain::python()),
            |python| {
                let mut words = args(&["3", "--"]);
                words.extend([
                    python.clone().into(),
                    toolchain::PYTHON_WITHOUT_SITE.into(),
                    "submissions/python/stage3_reads_all_first.py".into(),
                ]);
                let graded = shown(grade(&words), &[(&python, "python3")]);
                assert_eq!(graded.status, Some(1), "{}", graded.report);
                snapshot(
                    "a_python_program_that_reads_all_its_input_first_is_a_prompt_not_shown",
                    &graded.report,
                );
            },
        ),
    ]);
    // An interpreter's start on every case: the dearest of these trials, left to
    // `scripts/grade-languages` (which CI runs) rather than every `cargo test`.
    trials
        .into_iter()
        .map(|trial| {
            if SLOW.contains(&trial.name()) {
                test_support::slow(trial, "slow: scripts/grade-languages runs it")
            } else {
                trial
            }
        })
        .collect()
}

/// The trials of programs in other languages that `cargo test` leaves to a script.
const SLOW: [&str; 4] = [
    "waiting::a_node_program_reading_with_readline_passes",
    "waiting::a_python_program_asking_with_input_passes",
    "waiting::a_python_program_run_through_sh_c_passes",
    "waiting::a_python_program_that_reads_all_its_input_first_is_a_prompt_not_shown",
];

/// `tool`, if this system also shows when a program waits for input.
pub(crate) fn interactive<T>(tool: Result<T, String>) -> Result<T, String> {
    Mode::interactive().map_err(|why| {
        format!("skipped: this system cannot show when a program waits for input ({why})")
    })?;
    tool
}

/// `graded` with each path in `paths` shown as the name beside it, as a report would show it
/// on any machine.
fn shown(mut graded: Graded, paths: &[(&Path, &str)]) -> Graded {
    for (path, name) in paths {
        graded.report = graded.report.replace(&*path.to_string_lossy(), name);
    }
    graded
}

/// Grades `command` on every case of `stage` and checks that it passes them all, each given
/// its input one answer at a time, and the report.
pub(crate) fn graded_passes(stage: u8, command: &[OsString], paths: &[(&Path, &str)], name: &str) {
    let mut words = args(&[&stage.to_string(), "--all", "--"]);
    words.extend_from_slice(command);
    let (graded, results) = grade_with_json(&words);
    let graded = shown(graded, paths);
    assert_eq!(graded.status, Some(0), "{}", graded.report);
    snapshot(name, &graded.report);
    assert_eq!(results["mode"], "interactive");
    for case in results["tests"].as_array().expect("a list of cases") {
        assert_eq!(case["mode"], "interactive", "{case}");
    }
}

/// The stage 3 submission with `fault` passes every case, given its input one answer at a time.
fn passes_as_submission(fault: &str, name: &str) {
    let program = [
        this_executable().into(),
        submission::FLAG.into(),
        fault.into(),
    ];
    graded_passes(3, &program, &[], name);
}

/// The C stage 2 built into a temporary folder: without `fflush` (`--no-flush`), nothing is
/// on screen when it waits; with it, it passes.
fn c_with_and_without_fflush(gcc: PathBuf) {
    let built = tempfile::tempdir().expect("a temporary folder");
    let binary = built.path().join("stage2");
    let compiled = Command::new(&gcc)
        .current_dir(tests_dir())
        .args(["-O2", "-o"])
        .arg(&binary)
        .arg("submissions/c/stage2.c")
        .status()
        .expect("gcc runs");
    assert!(compiled.success(), "gcc: {compiled}");
    let folder = built.path();
    let mut words = args(&["2", "--"]);
    words.extend([binary.clone().into(), "--no-flush".into()]);
    let graded = shown(grade(&words), &[(folder, "<build>")]);
    assert_eq!(graded.status, Some(1), "{}", graded.report);
    snapshot(
        "c_printf_without_fflush_is_a_prompt_not_shown",
        &graded.report,
    );
    graded_passes(
        2,
        &[binary.into()],
        &[(folder, "<build>")],
        "a_c_program_with_fflush_passes",
    );
}
