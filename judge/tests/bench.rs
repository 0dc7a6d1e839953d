//! What the content check costs in the grader's process, against what a judge costs as a
//! program of its own: the check over every fixture of stage 5, a right output and a wrong
//! game each, beside the harness's fake judge started as a checker on the same cases (the
//! least a program judge costs: a process started, its files written, its output read).
//! Listed as ignored, a measurement and no test:
//!
//! ```text
//! cargo build && cargo test -p tictactoe-judge --test bench -- --ignored --nocapture
//! ```

use std::env;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use harness::Program;
use harness::content::{ContentCheck, Finding};
use harness::validator::{Decision, checker};
use kata_model::Fixture;
use kata_model::case_judge::JudgeProgram;
use kata_model::kata::{self, Kata};
use tictactoe_judge::TicTacToe;

/// The stage whose fixtures are judged: the last, the longest games.
const STAGE: u8 = 5;
/// How many times each way goes over every fixture; the fastest round is the figure.
const ROUNDS: usize = 5;

#[test]
#[ignore = "a measurement: run with --ignored --nocapture"]
fn in_process_against_a_program_a_case() {
    let cwd = env::current_dir().expect("a working folder");
    let root = kata::find(&cwd).expect("the kata's manifest above the package");
    let kata = Kata::load(&root).expect("the kata's manifest");
    let fixtures = kata.fixtures(STAGE).expect("the fixtures of stage 5");
    let check = TicTacToe::new(STAGE);
    let right: Vec<Vec<u8>> = fixtures.iter().map(|f| f.transcript.stdout()).collect();
    // Every X an O and every O an X: a wrong game from the first move, which the check explains
    // (and tries other conventions of coordinates for) before it gives its verdict.
    let wrong: Vec<Vec<u8>> = right.iter().map(|output| swapped(output)).collect();

    let same = |outputs: &[Vec<u8>]| {
        fixtures
            .iter()
            .zip(outputs)
            .filter(|(fixture, output)| {
                let finding = check.compare(&fixture.transcript, output).finding;
                matches!(finding, Finding::Same(_))
            })
            .count()
    };
    let right_time = fastest(|| assert_eq!(same(&right), fixtures.len()));
    let wrong_time = fastest(|| {
        same(&wrong);
    });
    report("in process, a right output", right_time, fixtures.len());
    report("in process, a wrong game", wrong_time, fixtures.len());

    let Some(judge) = fake_judge() else {
        println!("no harness-fake-judge beside this test: `cargo build` first, then run again");
        return;
    };
    let accepted = |fixture: &Fixture, output: &[u8]| {
        let input = fixture.transcript.stdin();
        let validation =
            checker::check(&judge, &input, output, output).expect("the judge's files written");
        validation.decision == Decision::Accepted
    };
    let program_time = fastest(|| {
        let passed = fixtures
            .iter()
            .zip(&right)
            .filter(|(fixture, output)| accepted(fixture, output))
            .count();
        assert_eq!(passed, fixtures.len());
    });
    report("a program, started a case", program_time, fixtures.len());
}

/// The fake judge built beside this test (`target/debug/deps/bench-*` has it in
/// `target/debug/`), as a checker that accepts an output that is the answer.
fn fake_judge() -> Option<JudgeProgram> {
    let test = env::current_exe().ok()?;
    let judge: PathBuf = test.parent()?.parent()?.join("harness-fake-judge");
    judge.is_file().then(|| JudgeProgram {
        program: harness::runs::command(&Program::command(vec![judge.into()])),
        args: vec!["same".to_owned()],
        timeout: harness::validator::DEFAULT_TIMEOUT,
    })
}

/// The fastest of [`ROUNDS`] rounds of `round`.
fn fastest(mut round: impl FnMut()) -> Duration {
    (0..ROUNDS)
        .map(|_| {
            let start = Instant::now();
            round();
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn report(what: &str, time: Duration, cases: usize) {
    let each = time / u32::try_from(cases).unwrap_or(u32::MAX).max(1);
    println!("{what}: {cases} cases in {time:.2?}, {each:.2?} a case");
}

fn swapped(output: &[u8]) -> Vec<u8> {
    output
        .iter()
        .map(|&byte| match byte {
            b'X' => b'O',
            b'O' => b'X',
            other => other,
        })
        .collect()
}
