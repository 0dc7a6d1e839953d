//! Property tests: whatever the input, arbitrary bytes or plausible answers that make the games
//! progress, every stage ends within seconds without a panic, writes only ASCII lines of the kinds
//! the specification knows, and either does its job (output ending in a newline) or stops at a
//! prompt because the input ended.

use std::panic::{self, AssertUnwindSafe};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::Duration;

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use tictactoe::console::StageError;

/// How long one run may take before it counts as hanging.
const TIMEOUT: Duration = Duration::from_secs(10);

const BORDER: &str = "---------";
const CELLS_PROMPT: &str = "Enter cells: ";
const MOVE_PROMPT: &str = "Enter the coordinates: ";
const CELLS_MESSAGE: &str = "You should enter 9 symbols: X, O or _!";
const MOVE_MESSAGES: [&str; 3] = [
    "You should enter numbers!",
    "Coordinates should be from 1 to 3!",
    "This cell is occupied! Choose another one!",
];
const STAGE1_OUTPUT: &str = "X O X\nO X O\nX X O\n";
const VERDICTS: [&str; 3] = ["X wins", "O wins", "Draw"];
const STATES: [&str; 5] = [
    "X wins",
    "O wins",
    "Draw",
    "Game not finished",
    "Impossible",
];

/// The inputs tried a property: `PROPTEST_CASES`, or 64 in a plain `cargo test`, which stays
/// within seconds; `scripts/exhaustive`, which CI runs, tries 1,024.
fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|cases| cases.parse().ok())
        .unwrap_or(64);
    ProptestConfig {
        cases,
        // A hanging stage costs the whole timeout at every shrinking step: stop shrinking soon.
        max_shrink_time: 30_000,
        ..ProptestConfig::default()
    }
}

/// What a stage returned and what it wrote.
type Run = (Result<(), StageError>, Vec<u8>);

/// Runs `stage` on `input` on a thread of its own, failing if it panics or takes longer than
/// [`TIMEOUT`]; a hanging thread is left behind, and the test fails without waiting for it.
fn run_stage(stage: u8, input: Vec<u8>) -> Result<Run, TestCaseError> {
    let (sender, receiver) = mpsc::channel();
    thread::Builder::new()
        .name(format!("stage{stage}"))
        .spawn(move || {
            let outcome = panic::catch_unwind(AssertUnwindSafe(|| {
                let mut output = Vec::new();
                let result = match stage {
                    1 => stage1::run(&input[..], &mut output),
                    2 => stage2::run(&input[..], &mut output),
                    3 => stage3::run(&input[..], &mut output),
                    4 => stage4::run(&input[..], &mut output),
                    _ => stage5::run(&input[..], &mut output),
                };
                (result, output)
            }));
            // The receiver is gone only if the test stopped waiting; nobody is left to tell.
            let _ = sender
                .send(outcome.map_err(|payload| test_support::panic_message(payload.as_ref())));
        })
        .expect("a thread for the stage starts");
    match receiver.recv_timeout(TIMEOUT) {
        Ok(Ok(run)) => Ok(run),
        Ok(Err(message)) => Err(TestCaseError::fail(format!(
            "stage {stage} panicked: {message}"
        ))),
        Err(RecvTimeoutError::Timeout) => Err(TestCaseError::fail(format!(
            "stage {stage} did not end within {TIMEOUT:?}"
        ))),
        Err(RecvTimeoutError::Disconnected) => Err(TestCaseError::fail(format!(
            "stage {stage}'s thread ended without a result"
        ))),
    }
}

/// `| a b c |` with each of a, b, c one of `X`, `O`, `_`.
fn is_grid_row(line: &str) -> bool {
    let bytes = line.as_bytes();
    bytes.len() == 9
        && bytes[0] == b'|'
        && bytes[8] == b'|'
        && [1, 3, 5, 7].iter().all(|&at| bytes[at] == b' ')
        && [2, 4, 6]
            .iter()
            .all(|&at| matches!(bytes[at], b'X' | b'O' | b'_'))
}

/// The prompts `stage` shows.
fn prompts(stage: u8) -> &'static [&'static str] {
    match stage {
        1 => &[],
        2 | 3 => &[CELLS_PROMPT],
        4 => &[CELLS_PROMPT, MOVE_PROMPT],
        _ => &[MOVE_PROMPT],
    }
}

/// Whether `line` (without its newline) is one `stage` may print: a line of its own, possibly
/// after a prompt, since a prompt is followed by whatever comes after the user's answer.
fn is_known_line(stage: u8, line: &str) -> bool {
    if stage == 1 {
        return STAGE1_OUTPUT.lines().any(|known| known == line);
    }
    let line = prompts(stage)
        .iter()
        .find_map(|prompt| line.strip_prefix(prompt))
        .unwrap_or(line);
    if line == BORDER || is_grid_row(line) {
        return true;
    }
    match stage {
        2 => line == CELLS_MESSAGE,
        3 => line == CELLS_MESSAGE || STATES.contains(&line),
        4 => line == CELLS_MESSAGE || MOVE_MESSAGES.contains(&line),
        _ => MOVE_MESSAGES.contains(&line) || VERDICTS.contains(&line),
    }
}

/// Runs `stage` on `input` and checks everything this file promises about the run.
fn check(stage: u8, input: Vec<u8>) -> Result<(), TestCaseError> {
    let (result, output) = run_stage(stage, input)?;
    prop_assert!(output.is_ascii(), "stage {stage} wrote non-ASCII");
    let output = String::from_utf8(output).expect("ASCII is UTF-8");
    // Every whole line; what follows the last newline (a prompt, or nothing) is checked below.
    let (lines, tail) = match output.rsplit_once('\n') {
        Some((lines, tail)) => (lines.split('\n').collect(), tail),
        None => (Vec::new(), output.as_str()),
    };
    for line in lines {
        prop_assert!(
            is_known_line(stage, line),
            "stage {stage} wrote the unknown line {line:?} in:\n{output}"
        );
    }
    let borders = output.lines().filter(|line| line.ends_with(BORDER)).count();
    let last_line = output.lines().last().unwrap_or("");
    match result {
        Ok(()) => {
            prop_assert!(
                output.ends_with('\n'),
                "stage {stage} ended without a newline:\n{output}"
            );
            match stage {
                1 => prop_assert_eq!(output.as_str(), STAGE1_OUTPUT),
                2 => prop_assert!(
                    borders == 2 && last_line == BORDER,
                    "stage 2 must end with its one grid:\n{output}"
                ),
                3 => prop_assert!(
                    borders == 2 && STATES.contains(&last_line),
                    "stage 3 must end with its grid and a state:\n{output}"
                ),
                4 => prop_assert!(
                    borders == 4 && last_line == BORDER,
                    "stage 4 must end with its second grid:\n{output}"
                ),
                _ => prop_assert!(
                    VERDICTS.contains(&last_line),
                    "stage 5 must end with a verdict:\n{output}"
                ),
            }
        }
        Err(StageError::InputEnded(question)) => {
            prop_assert!(stage != 1, "stage 1 reads nothing, yet its input ended");
            prop_assert_eq!(
                tail,
                question.prompt,
                "stage {} must stop at the prompt it asked:\n{}",
                stage,
                output
            );
            prop_assert!(prompts(stage).contains(&tail));
        }
        Err(error) => {
            return Err(TestCaseError::fail(format!(
                "stage {stage} failed with {error:?}, but reading a slice and writing a Vec \
                 cannot fail"
            )));
        }
    }
    Ok(())
}

pub(crate) fn trials() -> Vec<test_support::Trial> {
    test_support::tests!("arbitrary_input": stage1_on_any_bytes, stage2_on_any_bytes, stage2_on_plausible_input, stage3_on_any_bytes, stage3_on_plausible_input, stage4_on_any_bytes, stage4_on_plausible_input, stage5_on_any_bytes, stage5_on_plausible_input)
}

/// Any bytes at all.
fn any_bytes() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(any::<u8>(), 0..4096)
}

/// One line a user might type, without its ending: mostly answers that some question takes.
fn plausible_line() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        3 => "[XO_]{9}".prop_map(String::into_bytes),
        1 => "[XO_xo0 ]{7,10}".prop_map(String::into_bytes),
        6 => "[1-3] [1-3]".prop_map(String::into_bytes),
        3 => "[0-4] [0-4]".prop_map(String::into_bytes),
        1 => "[ \t]{0,2}[+-]?0{0,2}[1-3][ \t]{1,3}[+-]?[1-3][ \t]{0,2}".prop_map(String::into_bytes),
        1 => "[a-z0-9 .+-]{0,12}".prop_map(String::into_bytes),
        1 => prop::collection::vec(any::<u8>(), 0..16),
        1 => Just(Vec::new()),
    ]
}

/// Up to `max_lines` lines of [`plausible_line`], each ending in LF or CRLF, the last one
/// perhaps in neither.
fn plausible_input(max_lines: usize) -> impl Strategy<Value = Vec<u8>> {
    (
        prop::collection::vec((plausible_line(), any::<bool>()), 0..max_lines),
        any::<bool>(),
    )
        .prop_map(|(lines, last_ends)| {
            let count = lines.len();
            let mut input = Vec::new();
            for (index, (line, crlf)) in lines.into_iter().enumerate() {
                input.extend_from_slice(&line);
                if index + 1 < count || last_ends {
                    input.extend_from_slice(if crlf { b"\r\n" } else { b"\n" });
                }
            }
            input
        })
}

proptest! {
    #![proptest_config(config())]

    fn stage1_on_any_bytes(input in any_bytes()) {
        check(1, input)?;
    }

    fn stage2_on_any_bytes(input in any_bytes()) {
        check(2, input)?;
    }

    fn stage2_on_plausible_input(input in plausible_input(40)) {
        check(2, input)?;
    }

    fn stage3_on_any_bytes(input in any_bytes()) {
        check(3, input)?;
    }

    fn stage3_on_plausible_input(input in plausible_input(40)) {
        check(3, input)?;
    }

    fn stage4_on_any_bytes(input in any_bytes()) {
        check(4, input)?;
    }

    fn stage4_on_plausible_input(input in plausible_input(40)) {
        check(4, input)?;
    }

    fn stage5_on_any_bytes(input in any_bytes()) {
        check(5, input)?;
    }

    /// A whole game takes more answers than the other stages: give it more lines.
    fn stage5_on_plausible_input(input in plausible_input(150)) {
        check(5, input)?;
    }
}
