//! The stages as processes, where transcripts cannot look: the line on standard error and the
//! exit status when input ends, a closed standard output, and prompts shown before each read.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use harness::Program;
use predicates::prelude::*;

/// The reference binary of a stage, built by cargo once per test binary and stage.
fn binary(stage: u8) -> PathBuf {
    let program = Program::reference(stage).expect("the reference stage builds");
    PathBuf::from(&program.argv()[0])
}

/// Each reading stage, with input that ends at its first prompt and the message it gives.
const INPUT_ENDS_AT_FIRST_PROMPT: [(u8, &str); 4] = [
    (2, "stage2: input ended before the cells were entered\n"),
    (3, "stage3: input ended before the cells were entered\n"),
    (4, "stage4: input ended before the cells were entered\n"),
    (5, "stage5: input ended before the game was over\n"),
];

#[test]
fn input_that_ends_at_the_first_prompt_gives_status_1_and_one_line_on_stderr() {
    for (stage, message) in INPUT_ENDS_AT_FIRST_PROMPT {
        assert_cmd::Command::new(binary(stage))
            .assert()
            .code(1)
            .stdout(
                predicate::str::ends_with("Enter cells: ")
                    .or(predicate::str::ends_with("Enter the coordinates: ")),
            )
            .stderr(predicate::eq(message));
    }
}

#[test]
fn input_that_ends_before_stage_4_has_its_move_names_the_move() {
    assert_cmd::Command::new(binary(4))
        .write_stdin("_XXOO_OX_\n3 1\n")
        .assert()
        .code(1)
        .stderr(predicate::eq(
            "stage4: input ended before a move was made\n",
        ));
}

#[test]
fn a_finished_job_exits_0_with_nothing_on_stderr() {
    for (stage, input) in [
        (1, ""),
        (2, "O_OXXO_XX\n"),
        (3, "XO_XO_XOX\n"),
        (4, "_XXOO_OX_\n1 1\n"),
        (5, "1 1\n2 1\n1 2\n2 2\n1 3\n"),
    ] {
        assert_cmd::Command::new(binary(stage))
            .write_stdin(input)
            .assert()
            .success()
            .stderr(predicate::str::is_empty());
    }
}

#[test]
fn stage_1_does_not_wait_for_input() {
    // A terminal that never sends anything: stdin stays open while stage 1 runs.
    let mut child = Command::new(binary(1))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("stage 1 starts");
    let status = wait_at_most(Duration::from_secs(10), move || child.wait().expect("wait"));
    assert!(status.success());
}

#[test]
fn a_closed_stdout_ends_each_stage_quietly_with_status_141() {
    let full_sessions = [
        (1, ""),
        (2, "O_OXXO_XX\n"),
        (3, "XO_XO_XOX\n"),
        (4, "_XXOO_OX_\n1 1\n"),
        (5, "1 1\n2 1\n1 2\n2 2\n1 3\n"),
    ];
    for (stage, input) in full_sessions {
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let mut child = Command::new(binary(stage))
            .stdin(Stdio::piped())
            .stdout(writer)
            .stderr(Stdio::piped())
            .spawn()
            .expect("the stage starts");
        let mut stdin = child.stdin.take().expect("piped stdin");
        // The stage may be gone before it reads: a failed write here is expected.
        let _ = stdin.write_all(input.as_bytes());
        drop(stdin);
        let output = child.wait_with_output().expect("the stage ends");
        assert_eq!(output.status.code(), Some(141), "stage {stage}");
        assert_eq!(
            String::from_utf8_lossy(&output.stderr),
            "",
            "stage {stage} must be quiet"
        );
    }
}

/// Runs the stage with a stdin that is fed only after the prompt has arrived, as a person at a
/// terminal would: if a prompt were not flushed before the read, this would wait forever.
fn answer_after_each_prompt(stage: u8, prompt_then_answer: &[(&str, &str)]) -> String {
    let mut child = Command::new(binary(stage))
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
    let seen = wait_at_most(Duration::from_secs(10), move || {
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
    child.wait().expect("wait");
    String::from_utf8(seen).expect("ASCII output")
}

#[test]
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

/// Runs `work` on a thread and fails the test if it takes longer than `limit`.
fn wait_at_most<T: Send + 'static>(
    limit: Duration,
    work: impl FnOnce() -> T + Send + 'static,
) -> T {
    let (done, result) = mpsc::channel();
    thread::spawn(move || {
        let _ = done.send(work());
    });
    result
        .recv_timeout(limit)
        .expect("the program answered in time")
}
