//! Every verdict a run can get, judged through the plain-text content check: the first rule
//! broken decides it.

use harness::Verdict;
use test_support::Trial;

use crate::{fake, fixture, judged, verdict_of};

pub(crate) fn trials() -> Vec<Trial> {
    test_support::tests!("verdicts":
        the_right_output_passes,
        another_line_is_a_wrong_answer,
        white_space_alone_is_a_presentation_error,
        the_exit_status_is_part_of_the_answer,
        a_non_zero_status_where_none_was_expected_is_a_crash,
        a_program_that_cannot_start_is_named_with_the_reason,
        a_script_that_is_not_there_cannot_start,
    )
}

fn the_right_output_passes() {
    assert_eq!(
        verdict_of(&["say", "Name: ", "ask", "echo"], "greeting"),
        Verdict::Passed
    );
    assert_eq!(verdict_of(&[], "quick-exit"), Verdict::Passed);
}

fn another_line_is_a_wrong_answer() {
    let (judgement, _) = judged(
        &fake(&["say", "Name: ", "ask", "say", "hello\\n"]),
        &fixture("greeting"),
    );
    assert_eq!(judgement.verdict, Verdict::WrongAnswer);
    assert!(!judgement.content_passed);
}

fn white_space_alone_is_a_presentation_error() {
    assert_eq!(
        verdict_of(&["say", "Name: ", "ask", "say", "got Ann  \\n"], "greeting"),
        Verdict::PresentationError
    );
}

fn the_exit_status_is_part_of_the_answer() {
    assert_eq!(
        verdict_of(&["say", "bye\\n", "exit", "2"], "goodbye-with-status-2"),
        Verdict::Passed
    );
    assert_eq!(
        verdict_of(&["say", "bye\\n", "exit", "0"], "goodbye-with-status-2"),
        Verdict::WrongExitStatus {
            expected: 2,
            actual: 0
        }
    );
    // Where the text departs too, that comes first in the run: the status follows from it.
    assert_eq!(
        verdict_of(&["say", "hello\\n", "exit", "0"], "goodbye-with-status-2"),
        Verdict::WrongAnswer
    );
}

fn a_non_zero_status_where_none_was_expected_is_a_crash() {
    let verdict = verdict_of(&["say", "Name: ", "ask", "exit", "3"], "greeting");
    assert_eq!(verdict, Verdict::FailedStatus(3));
    assert_eq!(verdict.title(), "Crashed");
}

fn a_program_that_cannot_start_is_named_with_the_reason() {
    let program = harness::Program::command(vec!["/no/such/program".into()]);
    let (judgement, _) = judged(&program, &fixture("greeting"));
    assert!(
        matches!(&judgement.verdict, Verdict::CannotStart(why) if why.contains("/no/such/program")),
        "{:?}",
        judgement.verdict
    );
}

/// An interpreter that starts but finds no script says so and ends: the program never started,
/// and the reason is the interpreter's own line, whole.
fn a_script_that_is_not_there_cannot_start() {
    let program = harness::Program::command(vec!["sh".into(), "no-such-script.sh".into()]);
    let (judgement, _) = judged(&program, &fixture("greeting"));
    let Verdict::CannotStart(why) = &judgement.verdict else {
        panic!("{:?}", judgement.verdict)
    };
    assert!(
        why.starts_with("`no-such-script.sh` is not there; the program said: ")
            && why.contains("no-such-script.sh: "),
        "{why}"
    );
    // A script that is there and fails is a crash, as ever.
    let failing = harness::Program::command(vec!["sh".into(), "-c".into(), "exit 4".into()]);
    let (judgement, _) = judged(&failing, &fixture("greeting"));
    assert_eq!(judgement.verdict, Verdict::FailedStatus(4));
}
