//! The Tic-Tac-Toe with AI kata graded by its rules: the reference passes every stage, and each
//! faulty AI fails with feedback that names its fault. The faulty AIs are this test executable
//! run as `<exe> --submission ai-FAULT STAGE`: the kata's own conversation with one thing
//! changed, in a program that starts in a millisecond.

use std::ffi::OsString;
use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use test_support::Trial;
use tictactoe::console::{Console, GAME_MOVE, StageError, run_program};
use tictactoe::{Board, Mark, Position, choose_cell};
use tictactoe_ai::moves::{self, completing};
use tictactoe_ai::play::{Chooser, Command, Player, parse_command};
use tictactoe_ai::{Level, rules};

pub(crate) fn trials() -> Vec<Trial> {
    // Correct solutions in other languages, every stage with every case: over a hundred runs
    // each, so left to `scripts/ai-solutions` (which CI runs) rather than `cargo test`.
    let solutions = [
        test_support::slow(
            test_support::test("ai::solution::reference_passes_every_stage", || {
                passes_every_stage(&[]);
            }),
            "slow: scripts/ai-solutions runs it",
        ),
        test_support::slow(
            test_support::test_with(
                "ai::solution::python_passes_every_stage",
                test_support::toolchain::python,
                |python| {
                    let script = kata().join("solutions/python/tictactoe_ai.py");
                    passes_every_stage(&[python.into(), script.into()]);
                },
            ),
            "slow: scripts/ai-solutions runs it",
        ),
        test_support::slow(
            test_support::test_with(
                "ai::solution::c_passes_every_stage",
                test_support::toolchain::gcc,
                |gcc| {
                    let dir = tempfile::tempdir().expect("a temporary folder");
                    let binary = dir.path().join("tictactoe_ai");
                    let built = std::process::Command::new(gcc)
                        .arg("-O2")
                        .arg("-o")
                        .arg(&binary)
                        .arg(kata().join("solutions/c/tictactoe_ai.c"))
                        .status()
                        .expect("gcc runs");
                    assert!(built.success(), "the C solution builds");
                    passes_every_stage(&[binary.into()]);
                },
            ),
            "slow: scripts/ai-solutions runs it",
        ),
    ];
    let mut trials = Vec::from(solutions);
    trials.extend(test_support::tests!("ai":
        the_reference_passes_stage_2,
        easy_that_always_plays_the_first_empty_cell,
        medium_that_misses_a_win,
        medium_that_misses_a_block,
        hard_that_is_only_medium,
        a_computer_that_overwrites_an_occupied_cell,
        a_game_that_starts_with_o,
        x_wins_while_the_game_goes_on,
        making_move_names_the_wrong_level,
        the_menu_prompt_not_flushed,
    ));
    trials
}

/// Grades `command STAGE` (the reference, without a command) on every case of every stage,
/// and checks each passes.
fn passes_every_stage(command: &[OsString]) {
    let stages = harness::Kata::load(&kata())
        .expect("the kata's manifest")
        .stage_count();
    for stage in 1..=stages {
        let mut more: Vec<OsString> = vec!["--all".into()];
        if !command.is_empty() {
            more.push("--".into());
            more.extend(command.iter().cloned());
            more.push(stage.to_string().into());
        }
        let graded = grade_stage(stage, &more);
        assert_eq!(graded.status, Some(0), "stage {stage}:\n{}", graded.report);
    }
}

/// The kata's folder in the workspace under test.
fn kata() -> PathBuf {
    test_support::manifest_dir()
        .parent()
        .map(|workspace| workspace.join("katas/tictactoe-ai"))
        .expect("the grade package is inside the workspace")
}

/// Grades stage `stage` of the kata with `more` (options, then `--` and a command, if any).
fn grade_stage(stage: u8, more: &[OsString]) -> crate::Graded {
    let kata = kata();
    let mut args: Vec<OsString> = vec![
        "--kata".into(),
        kata.clone().into(),
        stage.to_string().into(),
    ];
    if !more.iter().any(|arg| arg == "--fixtures") {
        args.extend(["--fixtures".into(), kata.join("fixtures").into()]);
    }
    args.extend(more.iter().cloned());
    crate::grade(&args)
}

/// Grades the faulty AI `fault` on stage `stage` (a menu stage), and checks it fails with
/// feedback holding each of `names`. The kata's fixtures are left out, the stage's one fixture
/// the tests' own menu case, so that the cases judged by rules come at once.
fn caught(stage: u8, fault: &str, names: &[&str]) {
    let graded = grade_stage(
        stage,
        &[
            "--fixtures".into(),
            crate::tests_dir().join("fixtures/ai-menu").into(),
            "--".into(),
            crate::this_executable().into(),
            crate::submission::FLAG.into(),
            format!("ai-{fault}").into(),
            stage.to_string().into(),
        ],
    );
    assert_eq!(graded.status, Some(1), "{}{}", graded.report, graded.stderr);
    for name in names {
        assert!(
            graded.report.contains(name),
            "the feedback does not say {name:?}:\n{}",
            graded.report
        );
    }
}

/// Stage 2, the cheapest with cases judged by rules, many-run ones among them: grading every
/// stage, over three hundred runs, is left to `scripts/ai-solutions`.
fn the_reference_passes_stage_2() {
    let graded = grade_stage(2, &["--all".into()]);
    assert_eq!(graded.status, Some(0), "{}", graded.report);
    assert!(
        graded.report.contains("7 passed, 0 failed"),
        "{}",
        graded.report
    );
}

fn easy_that_always_plays_the_first_empty_cell() {
    caught(
        3,
        "easy-first-empty",
        &[
            "easy-first-move-is-random",
            "20 runs: the computer's first move was `1 1` 20 times",
            "not always the same cell",
        ],
    );
}

fn medium_that_misses_a_win() {
    caught(
        4,
        "medium-misses-win",
        &[
            "level \"medium\") played",
            "a player that can complete three in a row must",
            "The grid before the move:",
            "A right move:",
        ],
    );
}

fn medium_that_misses_a_block() {
    caught(
        4,
        "medium-misses-block",
        &[
            "level \"medium\") played",
            "must block a line its opponent could complete next",
            "A right move:",
        ],
    );
}

fn hard_that_is_only_medium() {
    caught(
        5,
        "hard-is-medium",
        &[
            "level \"hard\") played",
            "a move must keep the best outcome a perfect game allows",
            "leads to",
            "The grid before the move:",
            "A right move:",
        ],
    );
}

fn a_computer_that_overwrites_an_occupied_cell() {
    caught(
        3,
        "overwrites",
        &[
            "Wrong answer",
            "a move goes to an empty cell: this one was taken",
        ],
    );
}

fn a_game_that_starts_with_o() {
    caught(
        3,
        "o-first",
        &[
            "Wrong answer",
            "X always moves first and the marks alternate",
        ],
    );
}

fn x_wins_while_the_game_goes_on() {
    caught(
        3,
        "x-wins-early",
        &[
            "Wrong answer",
            "the state `X wins` is shown while the game goes on",
        ],
    );
}

fn making_move_names_the_wrong_level() {
    caught(
        4,
        "wrong-level",
        &[
            "the message `Making move level \"easy\"` is shown where the message `Making move \
             level \"medium\"` is expected",
        ],
    );
}

fn the_menu_prompt_not_flushed() {
    caught(
        3,
        "unflushed-menu-prompt",
        &["Prompt not shown", "`Input command: `"],
    );
}

/// Acts as the faulty AI `fault` (without its `ai-`) at stage `stage`.
pub(crate) fn run(fault: &str, stage: Option<&str>) -> ExitCode {
    let stage: u8 = stage.and_then(|stage| stage.parse().ok()).unwrap_or(3);
    let fault = fault.to_owned();
    run_program("ai-faulty", move |input, output| {
        if fault == "unflushed-menu-prompt" {
            play(&fault, stage, input, Unflushed(io::BufWriter::new(output)))
        } else {
            play(&fault, stage, input, output)
        }
    })
}

/// The levels of stage `stage`.
fn levels(stage: u8) -> &'static [Level] {
    match stage {
        3 => &[Level::Easy],
        4 => &[Level::Easy, Level::Medium],
        _ => &Level::ALL,
    }
}

fn play(fault: &str, stage: u8, input: impl BufRead, output: impl Write) -> Result<(), StageError> {
    let mut console = Console::new(input, output);
    let mut chooser = Faulty {
        fault: fault.to_owned(),
        random: fastrand::Rng::new(),
        overwritten: false,
    };
    if stage == 2 {
        game(
            &mut console,
            [Player::User, Player::Computer(Level::Easy)],
            &mut chooser,
        )?;
        return console.finish();
    }
    loop {
        match console.ask_until(tictactoe_ai::play::COMMAND, |answer| {
            parse_command(answer, levels(stage))
        }) {
            Ok(Command::Start(players)) => game(&mut console, players, &mut chooser)?,
            Ok(Command::Exit) | Err(StageError::InputEnded(_)) => return console.finish(),
            Err(error) => return Err(error),
        }
    }
}

/// A game as the kata plays it, but for the faults in how it is shown.
fn game<R: BufRead, W: Write>(
    console: &mut Console<R, W>,
    players: [Player; 2],
    chooser: &mut Faulty,
) -> Result<(), StageError> {
    // The faults of how a game is shown are in games with the computer only, which the kata's
    // rules judge (its fixtures, games of two people, would show them first otherwise).
    let with_computer = players.iter().any(|player| *player != Player::User);
    let fault = if with_computer {
        chooser.fault.clone()
    } else {
        String::new()
    };
    let mut board = Board::empty();
    console.show(board)?;
    // The first player places O where the fault has it so.
    let mut mover = if fault == "o-first" { Mark::O } else { Mark::X };
    let mut turn = 0;
    loop {
        let position = match players[turn % 2] {
            Player::User => console.ask_until(GAME_MOVE, |answer| choose_cell(&board, answer))?,
            Player::Computer(level) => {
                let named = if fault == "wrong-level" {
                    Level::Easy
                } else {
                    level
                };
                console.say(named.announcement())?;
                match chooser.choose(level, &board, mover) {
                    Some(position) => position,
                    None => break,
                }
            }
        };
        board.place(position, mover);
        console.show(board)?;
        turn += 1;
        if fault == "x-wins-early" && turn == 3 {
            console.say("X wins")?;
        }
        if board.has_line(Mark::X) || board.has_line(Mark::O) || board.is_full() {
            break;
        }
        mover = mover.other();
    }
    let state = if board.has_line(Mark::X) {
        "X wins"
    } else if board.has_line(Mark::O) {
        "O wins"
    } else {
        "Draw"
    };
    console.say(state)
}

/// The computer's moves, each fault where it has one.
struct Faulty {
    fault: String,
    random: fastrand::Rng,
    overwritten: bool,
}

impl Chooser for Faulty {
    fn choose(&mut self, level: Level, board: &Board, mover: Mark) -> Option<Position> {
        let empty = rules::empty_cells(board);
        let random = |rng: &mut fastrand::Rng, cells: Vec<Position>| rng.choice(cells);
        match (self.fault.as_str(), level) {
            ("easy-first-empty", Level::Easy) => empty.first().copied(),
            ("medium-misses-win", Level::Medium) => {
                let blocks = completing(board, mover.other());
                random(
                    &mut self.random,
                    if blocks.is_empty() { empty } else { blocks },
                )
            }
            ("medium-misses-block", Level::Medium) => {
                let wins = completing(board, mover);
                random(&mut self.random, if wins.is_empty() { empty } else { wins })
            }
            ("hard-is-medium", Level::Hard) => {
                moves::choose(Level::Medium, board, mover, &mut self.random)
            }
            ("overwrites", _) if !self.overwritten && empty.len() < 9 => {
                self.overwritten = true;
                rules::cells().find(|cell| !empty.contains(cell))
            }
            _ => moves::choose(level, board, mover, &mut self.random),
        }
    }
}

/// An output whose flushes do nothing: a prompt stays in its buffer until a newline or the end.
struct Unflushed<W: Write>(io::BufWriter<W>);

impl<W: Write> Write for Unflushed<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let written = self.0.write(bytes)?;
        if bytes.contains(&b'\n') {
            self.0.flush()?;
        }
        Ok(written)
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}
