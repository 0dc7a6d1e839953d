//! The stages as processes, where transcripts cannot look: the line on standard error and the
//! exit status when input ends, a closed standard output, prompts shown before each read, a
//! stage 1 that never waits for input; and how `STAGE<N>_CMD` is read.

use std::io::{Read, Write};
use std::os::unix::ffi::OsStrExt;
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use predicates::prelude::*;
use test_support::{Trial, within};

use crate::fixtures::command_variable;
use crate::stages::binary;

/// The longest any one process of these tests may take before the test fails instead of
/// hanging.
const WATCHDOG: Duration = Duration::from_secs(20);

pub(crate) fn trials() -> Vec<Trial> {
    test_support::tests!("process":
        input_that_ends_at_the_first_prompt_gives_status_1_and_one_line_on_stderr,
        input_that_ends_before_stage_4_has_its_move_names_the_move,
        a_finished_job_exits_0_with_nothing_on_stderr,
        stage_1_does_not_wait_for_input,
        a_closed_stdout_ends_each_stage_quietly_with_status_141,
        every_prompt_is_on_screen_before_the_program_reads,
        an_unusable_stage_command_is_an_error_never_the_reference,
        a_failing_fixture_is_reported_with_its_own_number,
    )
}

/// A command for `stage`'s binary that a watchdog stops.
fn stage(stage: u8) -> assert_cmd::Command {
    let mut command = assert_cmd::Command::new(binary(stage));
    command.timeout(WATCHDOG);
    command
}

/// Each reading stage, with input that ends at its first prompt and the message it gives.
const INPUT_ENDS_AT_FIRST_PROMPT: [(u8, &str); 4] = [
    (2, "stage2: input ended before the cells were entered\n"),
    (3, "stage3: input ended before the cells were entered\n"),
    (4, "stage4: input ended before the cells were entered\n"),
    (5, "stage5: input ended before the game was over\n"),
];

fn input_that_ends_at_the_first_prompt_gives_status_1_and_one_line_on_stderr() {
    for (number, message) in INPUT_ENDS_AT_FIRST_PROMPT {
        stage(number)
            .assert()
            .code(1)
            .stdout(
                predicate::str::ends_with("Enter cells: ")
                    .or(predicate::str::ends_with("Enter the coordinates: ")),
            )
            .stderr(predicate::eq(message));
    }
}

fn input_that_ends_before_stage_4_has_its_move_names_the_move() {
    stage(4)
        .write_stdin("_XXOO_OX_\n3 1\n")
        .assert()
        .code(1)
        .stderr(predicate::eq(
            "stage4: input ended before a move was made\n",
        ));
}

/// Input that takes each stage to the end of its job.
const FULL_SESSIONS: [(u8, &str); 5] = [
    (1, ""),
    (2, "O_OXXO_XX\n"),
    (3, "XO_XO_XOX\n"),
    (4, "_XXOO_OX_\n1 1\n"),
    (5, "1 1\n2 1\n1 2\n2 2\n1 3\n"),
];

fn a_finished_job_exits_0_with_nothing_on_stderr() {
    for (number, input) in FULL_SESSIONS {
        stage(number)
            .write_stdin(input)
            .assert()
            .success()
            .stderr(predicate::str::is_empty());
    }
}

/// A terminal that never sends anything: stdin stays open, and stage 1 must end all the same.
/// (`Child::wait` would close stdin first, so the pipe is taken out of the child and kept.)
fn stage_1_does_not_wait_for_input() {
    let mut child = Command::new(binary(1))
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .expect("stage 1 starts");
    let stdin = child.stdin.take().expect("piped stdin");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("the child can be waited for") {
            break status;
        }
        if started.elapsed() > Duration::from_secs(5) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("stage 1 was still running after 5 s with its input open: it waits for input");
        }
        thread::sleep(Duration::from_millis(5));
    };
    drop(stdin);
    assert!(status.success(), "{status}");
}

fn a_closed_stdout_ends_each_stage_quietly_with_status_141() {
    for (number, input) in FULL_SESSIONS {
        // Found before the watchdog starts: the first look builds the binaries.
        let stage = binary(number);
        let output = within(WATCHDOG, "a stage with a closed stdout", move || {
            let (reader, writer) = std::io::pipe().expect("a pipe");
            drop(reader);
            let mut child = Command::new(stage)
                .stdin(Stdio::piped())
                .stdout(writer)
                .stderr(Stdio::piped())
                .spawn()
                .expect("the stage starts");
            let mut stdin = child.stdin.take().expect("piped stdin");
            // The stage may be gone before it reads: a failed write here is expected.
            let _ = stdin.write_all(input.as_bytes());
            drop(stdin);
            child.wait_with_output().expect("the stage ends")
        });
        assert_eq!(output.status.code(), Some(141), "stage {number}");
        assert_eq!(
            String::from_utf8_lossy(&output.stderr),
            "",
            "stage {number} must be quiet"
        );
    }
}

/// Runs the stage with a stdin that is fed only after the prompt has arrived, as a person at a
/// terminal would: if a prompt were not flushed before the read, this would wait, and the
/// watchdog would fail the test.
fn answer_after_each_prompt(number: u8, prompt_then_answer: &[(&str, &str)]) -> String {
    let mut child = Command::new(binary(number))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the stage starts");
    let mut stdin = child.stdin.take().expect("piped stdin");
    let mut stdout = child.stdout.take().expect("piped stdout");
    let steps: Vec<(String, String)> = prompt_then_answer
        .iter()
        .map(|&(p, a)| (p.to_owned(), a.to_owned()))
        .collect();
    let seen = within(WATCHDOG, "a stage answered prompt by prompt", move || {
        let mut seen = Vec::new();
        let mut buffer = [0; 256];
        for (prompt, answer) in steps {
            while !seen.ends_with(prompt.as_bytes()) {
                let read = stdout.read(&mut buffer).expect("read stdout");
                assert!(read > 0, "the program ended before showing {prompt:?}");
                seen.extend_from_slice(&buffer[..read]);
            }
            stdin.write_all(answer.as_bytes()).expect("write stdin");
        }
        drop(stdin);
        stdout.read_to_end(&mut seen).expect("read the rest");
        seen
    });
    let _ = child.kill();
    child.wait().expect("wait");
    String::from_utf8(seen).expect("ASCII output")
}

fn every_prompt_is_on_screen_before_the_program_reads() {
    let stage4 = answer_after_each_prompt(
        4,
        &[
            ("Enter cells: ", "_XXOO_OX_\n"),
            ("Enter the coordinates: ", "1 1\n"),
        ],
    );
    assert!(
        stage4.ends_with("| X X X |\n| O O _ |\n| O X _ |\n---------\n"),
        "{stage4}"
    );
    let stage5 = answer_after_each_prompt(
        5,
        &[
            ("Enter the coordinates: ", "2 2\n"),
            ("Enter the coordinates: ", "2 2\n"),
            (
                "This cell is occupied! Choose another one!\nEnter the coordinates: ",
                "1 1\n",
            ),
        ],
    );
    assert!(
        stage5.ends_with("| O _ _ |\n| _ X _ |\n| _ _ _ |\n---------\nEnter the coordinates: "),
        "{stage5}"
    );
}

/// `STAGE1_CMD` set to a value that is not a command line (not UTF-8, or empty) makes the
/// fixtures of stage 1 fail with the reason, rather than quietly test the reference. This
/// test binary is run again, on stage 1's fixtures alone, with the variable set.
fn an_unusable_stage_command_is_an_error_never_the_reference() {
    let variable = command_variable(1);
    for (value, message) in [
        (
            &b"\xff python3"[..],
            "STAGE1_CMD is set but is not UTF-8 text: \u{fffd} python3",
        ),
        (
            b"",
            "STAGE1_CMD: `` is not a command line (empty, or a quote left open)",
        ),
    ] {
        let (passed, text) =
            these_tests_with(&variable, std::ffi::OsStr::from_bytes(value), &["stage1::"]);
        assert!(!passed, "{text}");
        assert!(text.contains(message), "{text}");
        let trial = format!("test stage1::{variable} ");
        assert!(
            text.lines()
                .any(|line| line.starts_with(&trial) && line.ends_with("... FAILED")),
            "{text}"
        );
        assert!(!text.contains("stage1::prints-fixed-full-grid"), "{text}");
    }
}

/// Runs this test binary again with `variable` set to `value`, on the trials `filter` selects;
/// returns whether they passed and what they printed.
fn these_tests_with(variable: &str, value: &std::ffi::OsStr, filter: &[&str]) -> (bool, String) {
    let output = assert_cmd::Command::new(std::env::current_exe().expect("own path"))
        .env(variable, value)
        .args(filter)
        .timeout(WATCHDOG)
        .output()
        .expect("the tests run");
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

/// A fixture that fails is named with its own number in its stage, as `grade` numbers it: the
/// last fixture of stage 3 is run against a program that prints nothing (`true`).
fn a_failing_fixture_is_reported_with_its_own_number() {
    let fixtures = crate::katas::root().fixtures(3).expect("stage 3");
    let (number, last) = (fixtures.len(), &fixtures[fixtures.len() - 1]);
    let (passed, text) = these_tests_with(
        &command_variable(3),
        std::ffi::OsStr::new("true"),
        &["--exact", &format!("stage3::{}", last.name)],
    );
    assert!(!passed, "{text}");
    assert!(
        text.contains(&format!("Wrong answer in test #{number} ({})", last.name)),
        "{text}"
    );
}
