//! The report on a failed case names the first real difference: the coffee machine's order
//! (`coffee-order`), whose prompts end with a space, played by programs that each get one thing
//! wrong, and each whole report reviewed as a snapshot.

use std::time::Duration;

use harness::feedback::{self, Paint};
use harness::{CaseResult, Limits, Mode, PlainText, Program};
use test_support::{Trial, test_with};

use crate::{fake, fixture, interactive, limits, run_in};

pub(crate) fn trials() -> Vec<Trial> {
    [
        (
            "feedback::the_first_prompt_without_its_space_is_named_on_its_line",
            first_prompt_without_its_space as fn(Mode),
        ),
        (
            "feedback::a_middle_prompt_without_its_space_is_named_alone_on_its_line",
            middle_prompt_without_its_space,
        ),
        (
            "feedback::the_last_prompt_without_its_space_is_named_on_its_line",
            last_prompt_without_its_space,
        ),
        (
            "feedback::a_prompt_with_one_space_too_many_is_named_on_its_line",
            prompt_with_a_space_too_many,
        ),
        (
            "feedback::a_prompt_never_written_is_named_as_missing",
            prompt_never_written,
        ),
        (
            "feedback::a_prompt_never_written_by_php_gets_its_readline_advice",
            prompt_never_written_by_php,
        ),
        (
            "feedback::a_prompt_never_written_is_named_in_a_run_given_its_whole_input",
            prompt_never_written_given_the_whole_input,
        ),
        (
            "feedback::a_program_that_timed_out_before_reading_is_shown_no_input",
            timed_out_before_reading,
        ),
        (
            "feedback::output_kept_back_in_a_buffer_when_stopped_is_explained",
            buffered_when_stopped,
        ),
    ]
    .into_iter()
    .map(|(name, body)| test_with(name, interactive, body))
    .collect()
}

/// The prompts of the coffee machine's order, each with the space it ends with.
const PROMPTS: [&str; 3] = [
    "Write how many cups of coffee you will need: ",
    "Write action (buy, fill, take): ",
    "What do you want to buy? 1 - espresso, 2 - latte: ",
];

/// The fake program's steps for the order, each prompt as `prompts` writes it, and `end` after
/// the last answer instead of the last line.
fn order(prompts: [&str; 3], end: &[&'static str]) -> Vec<String> {
    let mut steps = vec!["say", prompts[0], "ask"];
    steps.extend([
        "say",
        "For 25 cups of coffee you will need:\\n5000 ml of water\\n",
    ]);
    steps.extend(["say", prompts[1], "ask", "say", prompts[2], "ask"]);
    steps.extend(end);
    steps.into_iter().map(str::to_owned).collect()
}

/// The right end of the order.
const BOUGHT: [&str; 2] = ["say", "Bought an espresso\\n"];

/// The whole report on `steps`, the fake program run as `command` says (its words as the
/// grader keeps them), on the coffee machine's order within `limits`, one answer at a time.
fn report(steps: &[String], command: &[&str], limits: Limits) -> String {
    report_in(Mode::Interactive, steps, command, limits)
}

/// [`report`], the input given in `mode`.
fn report_in(mode: Mode, steps: &[String], command: &[&str], limits: Limits) -> String {
    let case = fixture("coffee-order");
    let steps: Vec<&str> = steps.iter().map(String::as_str).collect();
    let program: Program = fake(&steps);
    let run = run_in(&program, &case, mode, limits);
    let judgement = harness::judge(&case, &run, limits, &PlainText);
    let result = CaseResult {
        number: 1,
        judgement,
        run,
        played: None,
        command: command.iter().map(|&word| word.to_owned()).collect(),
    };
    let report = feedback::report(&result, &case, Paint::default());
    if let Some(fault) = test_support::false_difference(&report) {
        panic!("{fault} in:\n{report}");
    }
    report
}

/// The report of a run in Python, the language of the programs these faults were seen in.
fn python_report(steps: &[String]) -> String {
    report(steps, &["python3", "coffee.py"], limits())
}

#[track_caller]
fn snapshot(name: &str, report: &str) {
    test_support::snapshot(
        &test_support::manifest_dir().join("tests/engine/reports"),
        name,
        report,
    );
}

fn first_prompt_without_its_space(_: Mode) {
    let text = python_report(&order(
        [PROMPTS[0].trim_end(), PROMPTS[1], PROMPTS[2]],
        &BOUGHT,
    ));
    snapshot("the_first_prompt_without_its_space", &text);
}

fn middle_prompt_without_its_space(_: Mode) {
    let text = python_report(&order(
        [PROMPTS[0], PROMPTS[1].trim_end(), PROMPTS[2]],
        &BOUGHT,
    ));
    // Named alone: never glued to the prompt after it, and no runtime is blamed.
    assert!(
        !text.contains("take):What") && !text.contains("PHP"),
        "{text}"
    );
    snapshot("a_middle_prompt_without_its_space", &text);
}

fn last_prompt_without_its_space(_: Mode) {
    let text = python_report(&order(
        [PROMPTS[0], PROMPTS[1], PROMPTS[2].trim_end()],
        &BOUGHT,
    ));
    snapshot("the_last_prompt_without_its_space", &text);
}

fn prompt_with_a_space_too_many(_: Mode) {
    let spaced = format!("{}  ", PROMPTS[1].trim_end());
    let text = python_report(&order([PROMPTS[0], &spaced, PROMPTS[2]], &BOUGHT));
    snapshot("a_prompt_with_a_space_too_many", &text);
}

fn prompt_never_written(_: Mode) {
    let text = python_report(&order([PROMPTS[0], PROMPTS[1], ""], &BOUGHT));
    assert!(!text.contains("more than one answer holds"), "{text}");
    snapshot("a_prompt_never_written", &text);
}

fn prompt_never_written_by_php(_: Mode) {
    let steps = order([PROMPTS[0], PROMPTS[1], ""], &BOUGHT);
    let php = report(&steps, &["php", "coffee.php"], limits());
    let python = python_report(&steps);
    let advice = "PHP's `readline($prompt)` writes its prompt only on a terminal";
    assert!(php.contains(advice) && !python.contains(advice), "{php}");
    // The advice is all that differs.
    let without: String = php
        .lines()
        .filter(|line| !line.contains(advice))
        .map(|line| format!("{line}\n"))
        .collect();
    assert_eq!(without, python);
}

fn prompt_never_written_given_the_whole_input(_: Mode) {
    let steps = order([PROMPTS[0], PROMPTS[1], ""], &BOUGHT);
    let text = report_in(
        Mode::WholeInput,
        &steps,
        &["python3", "coffee.py"],
        limits(),
    );
    snapshot("a_prompt_never_written_given_the_whole_input", &text);
}

/// Limits under which a program that sleeps is stopped on the clock soon.
fn soon() -> Limits {
    Limits {
        timeout: Duration::from_millis(50),
        ..limits()
    }
}

fn timed_out_before_reading(_: Mode) {
    let steps: Vec<String> = ["say", PROMPTS[0], "sleep", "60000"]
        .map(str::to_owned)
        .to_vec();
    let text = report(&steps, &["python3", "coffee.py"], soon());
    // The answer it never read is the expected transcript's alone.
    assert!(
        text.lines()
            .filter(|line| line.contains("> 25"))
            .all(|line| line.starts_with("Expected line ")),
        "{text}"
    );
    snapshot("timed_out_before_reading", &text);
}

fn buffered_when_stopped(_: Mode) {
    // The last line printed into a buffer, never flushed: lost when the program is stopped.
    let steps = order(
        PROMPTS,
        &["buffer", "Bought an espresso\\n", "sleep", "60000"],
    );
    let text = report(&steps, &["python3", "coffee.py"], soon());
    assert!(text.contains("kept back in the program's buffer"), "{text}");
    snapshot("output_kept_back_in_a_buffer", &text);
}
