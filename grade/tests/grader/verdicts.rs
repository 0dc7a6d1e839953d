//! Every verdict, each on a submission made to get it: the verdict and the whole report, a
//! reviewed snapshot.

use test_support::{Trial, test, test_with, toolchain};

use crate::{args, grade, snapshot, stage_submission, submission};

/// Each fault, the stage of its submission, and the name of the snapshot of its report.
const VERDICTS: &[(&str, u8, &str)] = &[
    ("wrong-cell", 3, "a_wrong_cell_is_a_wrong_answer"),
    (
        "missing-exclamation",
        3,
        "a_missing_exclamation_mark_is_a_presentation_error",
    ),
    (
        "trailing-space",
        3,
        "a_trailing_space_is_a_presentation_error",
    ),
    ("crlf-output", 3, "crlf_output_is_a_presentation_error"),
    (
        "space-for-empty-cell",
        3,
        "a_space_for_an_empty_cell_is_a_presentation_error",
    ),
    (
        "prompt-without-space",
        3,
        "a_prompt_without_its_space_is_a_presentation_error",
    ),
    (
        "prompt-on-its-own-line",
        3,
        "a_prompt_on_a_line_of_its_own_is_a_presentation_error",
    ),
    ("no-prompts", 3, "no_prompts_at_all_is_a_presentation_error"),
    ("long-border", 3, "a_longer_border_is_a_presentation_error"),
    (
        "capital-wins",
        3,
        "a_state_in_other_letter_case_is_a_presentation_error",
    ),
    (
        "blank-line-before-prompt",
        5,
        "blank_lines_between_grids_are_a_presentation_error",
    ),
    (
        "wrong-winner-after-prompt-without-space",
        3,
        "a_wrong_winner_after_a_presentation_difference_is_a_wrong_answer",
    ),
    (
        "old-coordinates",
        5,
        "the_old_cartesian_coordinates_are_named",
    ),
    (
        "status-0-at-end-of-input",
        3,
        "status_0_where_1_is_expected_is_a_wrong_exit_status",
    ),
    ("exit-status-3", 3, "exit_status_3_is_a_crash"),
    ("prints-nothing", 3, "printing_nothing_is_a_wrong_answer"),
    (
        "never-reads-stdin",
        3,
        "never_reading_stdin_is_a_wrong_answer_not_a_grader_error",
    ),
    ("endless-output", 3, "endless_output_is_too_much_output"),
    (
        "asks-again-at-end-of-input",
        3,
        "asking_again_forever_at_end_of_input_is_too_much_output",
    ),
    ("killed-by-signal", 3, "death_by_a_signal_is_a_crash"),
];

/// The fault whose presentation difference comes in every case, before the wrong winner of
/// the cases X wins: it is graded with `--content`, so that grading runs on to the first of
/// those.
const MASKED: &str = "wrong-winner-after-prompt-without-space";

pub(crate) fn trials() -> Vec<Trial> {
    let mut trials: Vec<Trial> = VERDICTS
        .iter()
        .map(|&(fault, stage, name)| {
            test(format!("verdicts::{name}"), move || {
                let options: &[&str] = if fault == MASKED { &["--content"] } else { &[] };
                let graded = grade(&stage_submission(stage, options, fault, &[]));
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
                graded
                    .report
                    .ends_with("5 passed, 0 failed: 5 of 5 exact, 5 of 5 content\n"),
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
    // An interpreter's start on every case, a second of CPU between the stages: left to
    // `scripts/grade-languages` (which CI runs).
    trials.extend(crate::tictactoe_stages().map(|stage| {
        let trial = test_with(
            format!("verdicts::a_correct_program_in_python_passes_stage_{stage}"),
            toolchain::python,
            move |python| {
                let mut words = args(&[&stage.to_string(), "--all", "--"]);
                words.push(python.into());
                words.push(toolchain::PYTHON_WITHOUT_SITE.into());
                words.push(format!("submissions/python/stage{stage}.py").into());
                let graded = grade(&words);
                assert_eq!(graded.status, Some(0), "stage {stage}: {}", graded.report);
                assert_every_case_exactly_right(&graded.report);
            },
        );
        test_support::slow(trial, "slow: scripts/grade-languages runs it")
    }));
    trials
}

/// Asserts that a report's last line says every case is exactly right, and so right in
/// content too.
pub(crate) fn assert_every_case_exactly_right(report: &str) {
    let last = report.lines().last().unwrap_or_default();
    let (counts, scores) = last.split_once(": ").unwrap_or_default();
    let cases = counts
        .strip_suffix(" passed, 0 failed")
        .unwrap_or_else(|| panic!("a case failed: {report}"));
    assert_eq!(
        scores,
        format!("{cases} of {cases} exact, {cases} of {cases} content"),
        "{report}"
    );
}

/// A hanging fault is stopped on the clock, once its own time passes its limit, and leaves no
/// process behind: the sleeper that `hangs-in-child` starts is tagged with a marker unique to
/// this test.
fn hanging(fault: &str) {
    let marker = format!("grade-test-{fault}-{}", std::process::id());
    let graded = grade(&submission(&["--timeout", "0.05"], fault, &[&marker]));
    assert_eq!(graded.status, Some(1), "{fault}: {}", graded.report);
    assert!(
        graded.report.contains(
            "Timed out in test #1 (draw-full-grid)\nThe program spent 0.05 s on the clock, not \
             counting the time it waited for a CPU, without using its CPU time (it used 0.0 s of \
             the 0.05 s it may use), and was stopped: it sleeps, or waits for something that \
             does not come.\n"
        ),
        "{fault}: {}",
        graded.report
    );
    crate::hostility::nothing_left(&marker);
}
