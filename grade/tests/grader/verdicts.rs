//! Every verdict, each on a submission made to get it: the verdict and the whole report, a
//! reviewed snapshot.

use std::process::Command;

use test_support::{Trial, test, test_with, toolchain};

use crate::{args, grade, snapshot, submission};

/// Each fault and the name of the snapshot of its report.
const VERDICTS: &[(&str, &str)] = &[
    ("wrong-cell", "a_wrong_cell_is_a_wrong_answer"),
    (
        "missing-exclamation",
        "a_missing_exclamation_mark_is_a_wrong_answer",
    ),
    ("trailing-space", "a_trailing_space_is_a_presentation_error"),
    ("crlf-output", "crlf_output_is_a_presentation_error"),
    (
        "space-for-empty-cell",
        "a_space_for_an_empty_cell_is_a_presentation_error",
    ),
    (
        "status-0-at-end-of-input",
        "status_0_where_1_is_expected_is_a_wrong_exit_status",
    ),
    ("exit-status-3", "exit_status_3_is_a_crash"),
    ("prints-nothing", "printing_nothing_is_a_wrong_answer"),
    (
        "never-reads-stdin",
        "never_reading_stdin_is_a_wrong_answer_not_a_grader_error",
    ),
    ("endless-output", "endless_output_is_too_much_output"),
    ("killed-by-signal", "death_by_a_signal_is_a_crash"),
];

pub(crate) fn trials() -> Vec<Trial> {
    let mut trials: Vec<Trial> = VERDICTS
        .iter()
        .map(|&(fault, name)| {
            test(format!("verdicts::{name}"), move || {
                let graded = grade(&submission(&[], fault, &[]));
                assert_eq!(graded.status, Some(1), "{}", graded.report);
                snapshot(name, &graded.report);
            })
        })
        .collect();
    trials.extend([
        test("verdicts::a_missing_program_cannot_start", || {
            let graded = grade(&args(&["3", "--", "submissions/no-such-program"]));
            assert_eq!(graded.status, Some(1), "{}", graded.report);
            snapshot("a_missing_program_cannot_start", &graded.report);
        }),
        test("verdicts::the_correct_submission_passes", || {
            let graded = grade(&submission(&[], "correct", &[]));
            assert_eq!(graded.status, Some(0), "{}", graded.report);
            assert!(
                graded.report.ends_with("5 passed, 0 failed\n"),
                "{}",
                graded.report
            );
        }),
    ]);
    trials.extend(["hangs", "hangs-in-child"].map(|fault| {
        test(
            format!("verdicts::{fault}_times_out_and_leaves_nothing_running"),
            move || hanging(fault),
        )
    }));
    trials.extend((1..=5).map(|stage| {
        test_with(
            format!("verdicts::a_correct_program_in_python_passes_stage_{stage}"),
            toolchain::python(),
            move |python| {
                let mut words = args(&[&stage.to_string(), "--all", "--"]);
                words.push(python.into());
                words.push(format!("submissions/python/stage{stage}.py").into());
                let graded = grade(&words);
                assert_eq!(graded.status, Some(0), "stage {stage}: {}", graded.report);
                assert!(
                    graded.report.ends_with(" passed, 0 failed\n"),
                    "{}",
                    graded.report
                );
            },
        )
    }));
    trials
}

/// A hanging fault times out at the limit and leaves no process behind: the sleeper that
/// `hangs-in-child` starts is tagged with a marker unique to this test.
fn hanging(fault: &str) {
    let marker = format!("grade-test-{fault}-{}", std::process::id());
    let graded = grade(&submission(&["--timeout", "0.3"], fault, &[&marker]));
    assert_eq!(graded.status, Some(1), "{fault}: {}", graded.report);
    assert!(
        graded.report.contains(
            "Timed out in test #1 (draw-full-grid)\nThe program ran past the time limit of 0.3 s and was stopped.\n"
        ),
        "{fault}: {}",
        graded.report
    );
    let left = Command::new("pgrep")
        .args(["-f", &marker])
        .output()
        .expect("pgrep runs");
    assert!(
        left.stdout.is_empty(),
        "processes left running: {}",
        String::from_utf8_lossy(&left.stdout)
    );
}
