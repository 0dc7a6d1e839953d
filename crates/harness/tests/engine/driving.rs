//! Driving a program one answer at a time: each input is given when the program waits for it,
//! and the transcript shows it where it was given; or its whole input at once.

use harness::interleaving::RunShown;
use harness::{Mode, Verdict};
use test_support::{Trial, test, test_with};

use crate::{fake, fixture, interactive, judged, limits, run_in, verdict_of};

pub(crate) fn trials() -> Vec<Trial> {
    vec![
        test_with(
            "driving::each_answer_is_given_when_the_program_waits_for_it",
            interactive,
            each_answer_when_waited_for,
        ),
        test_with(
            "driving::a_prompt_left_in_a_buffer_is_a_prompt_not_shown",
            interactive,
            prompt_left_in_a_buffer,
        ),
        test_with(
            "driving::waiting_after_the_last_input_is_asking_for_more",
            interactive,
            asking_for_more,
        ),
        test(
            "driving::the_whole_input_at_once_needs_no_waiting",
            whole_input_at_once,
        ),
    ]
}

fn each_answer_when_waited_for(_: Mode) {
    let case = fixture("two-questions");
    let program = fake(&[
        "say", "Name: ", "ask", "echo", "say", "Age: ", "ask", "echo",
    ]);
    let (judgement, run) = judged(&program, &case);
    assert_eq!(judgement.verdict, Verdict::Passed);
    assert_eq!(run.mode(), Mode::Interactive);
    assert_eq!(run.transcript(&case.transcript), case.body);
}

fn prompt_left_in_a_buffer(_: Mode) {
    let verdict = verdict_of(&["buffer", "Name: ", "ask", "echo"], "greeting");
    assert!(
        matches!(&verdict, Verdict::PromptNotShown { input, missing, .. }
            if input.contains("Ann") && missing.contains("Name: ")),
        "{verdict:?}"
    );
}

fn asking_for_more(_: Mode) {
    let verdict = verdict_of(
        &["say", "Name: ", "ask", "echo", "say", "More: ", "ask"],
        "greeting",
    );
    assert!(
        matches!(&verdict, Verdict::AskedForMoreInput { then } if then.contains("status 1")),
        "{verdict:?}"
    );
}

fn whole_input_at_once() {
    let case = fixture("two-questions");
    // Given all at once, a program that reads before it prompts still passes: nothing shows
    // when it read.
    let program = fake(&[
        "ask", "say", "Name: ", "echo", "ask", "say", "Age: ", "echo",
    ]);
    let run = run_in(&program, &case, Mode::WholeInput, limits());
    assert_eq!(run.mode(), Mode::WholeInput);
    let judgement = harness::judge(&case, &run, limits(), &harness::PlainText);
    assert_eq!(judgement.verdict, Verdict::Passed);
}
