//! The Tic-Tac-Toe with AI kata graded by its rules: the reference passes every stage, and each
//! faulty AI fails with feedback that names its fault. The faulty AIs are this test executable
//! run as `<exe> --submission ai-FAULT STAGE`: the kata's own conversation with one thing
//! changed, in a program that starts in a millisecond.

use std::ffi::OsString;
use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};
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
        a_space_for_an_empty_cell_is_presentation,
        a_welcome_line_is_presentation,
        a_cartesian_player_is_told_where_its_mark_landed,
        a_count_of_moves_kept_between_games_is_a_state_that_is_not_true,
    ));
    trials.push(test_support::slow(
        test_support::test(
            "ai::a_space_for_an_empty_cell_passes_every_stage_of_both_katas_by_content",
            a_space_for_an_empty_cell_passes_every_stage_of_both_katas_by_content,
        ),
        "slow: scripts/ai-solutions runs it",
    ));
    trials
}

/// Grades `command STAGE` (the reference, without a command) on every case of every stage,
/// and checks each passes.
fn passes_every_stage(command: &[OsString]) {
    let stages = kata_model::Kata::load(&kata())
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

/// Grades the faulty AI `fault` on stage `stage` with `options`, against `fixtures`, a folder
/// of the tests' own fixtures, and the stage's cases judged by rules.
fn graded(stage: u8, fault: &str, fixtures: &str, options: &[&str]) -> crate::Graded {
    let mut more: Vec<OsString> = vec![
        "--fixtures".into(),
        // Relative to the folder the grader runs in, as the report shows it.
        Path::new("fixtures").join(fixtures).into(),
    ];
    more.extend(options.iter().map(OsString::from));
    more.extend([
        "--".into(),
        crate::this_executable().into(),
        crate::submission::FLAG.into(),
        format!("ai-{fault}").into(),
        stage.to_string().into(),
    ]);
    grade_stage(stage, &more)
}

/// Grades the faulty AI `fault` on stage `stage` (a menu stage), and checks it fails with
/// feedback holding each of `names`. The kata's fixtures are left out, the stage's one fixture
/// the tests' own menu case, so that the cases judged by rules come at once.
fn caught(stage: u8, fault: &str, names: &[&str]) {
    let graded = graded(stage, fault, "ai-menu", &[]);
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

/// A program right in all but its empty cells, shown as spaces: a presentation error that
/// names the symbol, in a case judged by rules as in one judged by its transcript, and every
/// case of the stage passed by content. The report is on runs whose computer is seeded.
fn a_space_for_an_empty_cell_is_presentation() {
    let exact = graded(3, "seeded-space-for-empty", "ai-menu", &[]);
    assert_eq!(exact.status, Some(1), "{}", exact.report);
    assert!(
        exact.report.contains(": Presentation error\n")
            && exact.report.contains("this kata shows `_`"),
        "{}",
        exact.report
    );
    crate::snapshot(
        "ai_a_space_for_an_empty_cell_is_a_presentation_error",
        &exact.report,
    );
    let content = graded(
        3,
        "space-for-empty",
        "ai-user-game",
        &["--content", "--all"],
    );
    assert_eq!(content.status, Some(0), "{}", content.report);
}

/// A line of greeting before the menu: a presentation error, and a right game.
fn a_welcome_line_is_presentation() {
    let exact = graded(3, "welcome-line", "ai-menu", &[]);
    assert_eq!(exact.status, Some(1), "{}", exact.report);
    crate::snapshot("ai_a_welcome_line_is_a_presentation_error", &exact.report);
    let content = graded(3, "welcome-line", "ai-user-game", &["--content"]);
    assert_eq!(content.status, Some(0), "{}", content.report);
}

/// A program that reads `1 1` as the bottom-left cell: the first failing case names the answer
/// and the cell the mark landed on, in a game of two people as against the computer. Where the
/// cell the user's answer lands on is one the computer took, the feedback is rightly about the
/// refusal instead: the computer is seeded, but the kata's answers are empty cells chosen at
/// random, so that happens in about one run in thirty, and the trial grades again, up to three
/// times, for a run where it does not.
fn a_cartesian_player_is_told_where_its_mark_landed() {
    let two_people = graded(3, "cartesian", "ai-user-game", &[]);
    assert_eq!(two_people.status, Some(1), "{}", two_people.report);
    crate::snapshot(
        "ai_a_cartesian_player_is_told_where_its_mark_landed",
        &two_people.report,
    );
    let mut against_the_computer = graded(3, "seeded-cartesian", "ai-menu", &[]);
    for _ in 1..3 {
        if !against_the_computer
            .report
            .contains("`This cell is occupied! Choose another one!` is shown where")
        {
            break;
        }
        against_the_computer = graded(3, "seeded-cartesian", "ai-menu", &[]);
    }
    for said in [
        "#3 user-against-easy: Wrong answer",
        "The game is wrong: the user's answer `",
        "; the program put it in the ",
        "Every move of the run fits the course's old coordinates",
    ] {
        assert!(
            against_the_computer.report.contains(said),
            "the feedback does not say {said:?}:\n{}",
            against_the_computer.report
        );
    }
}

/// A count of moves not reset between games: the second game ends as a draw too early, said as
/// a state that is not true, as the same fault in a case of one game is.
fn a_count_of_moves_kept_between_games_is_a_state_that_is_not_true() {
    let graded = graded(3, "seeded-stale-counter", "ai-menu", &[]);
    assert_eq!(graded.status, Some(1), "{}", graded.report);
    assert!(
        graded
            .report
            .contains("the state `Draw` is shown while the game goes on"),
        "{}",
        graded.report
    );
    crate::snapshot(
        "ai_a_count_of_moves_kept_between_games_is_named",
        &graded.report,
    );
}

/// A program right in all but its empty cells passes every case of every stage by content, in
/// both Tic-Tac-Toe katas, the AI kata's cases judged by rules included, and fails each stage
/// exactly with a presentation error that names the symbol (but the first kata's stage 1, whose
/// one grid is full).
fn a_space_for_an_empty_cell_passes_every_stage_of_both_katas_by_content() {
    let named = |graded: &crate::Graded, stage: u8| {
        assert_eq!(graded.status, Some(1), "stage {stage}:\n{}", graded.report);
        assert!(
            graded.report.contains(": Presentation error\n")
                && graded.report.contains("this kata shows `_`"),
            "stage {stage}:\n{}",
            graded.report
        );
    };
    let stages = kata_model::Kata::load(&kata())
        .expect("the kata's manifest")
        .stage_count();
    for stage in 1..=stages {
        let program: Vec<OsString> = vec![
            "--".into(),
            crate::this_executable().into(),
            crate::submission::FLAG.into(),
            "ai-space-for-empty".into(),
            stage.to_string().into(),
        ];
        let by_content = [&["--content".into(), "--all".into()][..], &program].concat();
        let graded = grade_stage(stage, &by_content);
        assert_eq!(graded.status, Some(0), "stage {stage}:\n{}", graded.report);
        named(&grade_stage(stage, &program), stage);
    }
    // The first kata's own fixtures, from the folder the grader runs in (`grade/tests`).
    let fixtures = "../../fixtures";
    for stage in crate::tictactoe_stages() {
        let program = |options: &[&str]| {
            let options = [options, &["--fixtures", fixtures]].concat();
            crate::grade(&crate::stage_submission(
                stage,
                &options,
                "space-for-empty-cell-at",
                &[&stage.to_string()],
            ))
        };
        let graded = program(&["--content", "--all"]);
        assert_eq!(graded.status, Some(0), "stage {stage}:\n{}", graded.report);
        if stage > 1 {
            named(&program(&[]), stage);
        }
    }
}

/// Acts as the faulty AI `fault` (without its `ai-`) at stage `stage`. A fault named
/// `seeded-FAULT` is FAULT with the computer's generator seeded with a constant, so that a
/// case's runs, and the report on them, are the same each time.
pub(crate) fn run(fault: &str, stage: Option<&str>) -> ExitCode {
    let stage: u8 = stage.and_then(|stage| stage.parse().ok()).unwrap_or(3);
    let (fault, random) = match fault.strip_prefix("seeded-") {
        Some(fault) => (fault.to_owned(), fastrand::Rng::with_seed(25)),
        None => (fault.to_owned(), fastrand::Rng::new()),
    };
    run_program("ai-faulty", move |input, output| {
        let chooser = Faulty {
            fault: fault.clone(),
            random,
            overwritten: false,
            moves: 0,
        };
        match fault.as_str() {
            "unflushed-menu-prompt" => {
                play(chooser, stage, input, Unflushed(io::BufWriter::new(output)))
            }
            "space-for-empty" => play(chooser, stage, input, SpacedCells::new(output)),
            _ => play(chooser, stage, input, output),
        }
    })
}

/// The faults of every game, the user's against the user too: they are in how the program
/// reads an answer or counts its moves, not in the computer's play.
const IN_EVERY_GAME: [&str; 2] = ["cartesian", "stale-counter"];

/// The levels of stage `stage`.
fn levels(stage: u8) -> &'static [Level] {
    match stage {
        3 => &[Level::Easy],
        4 => &[Level::Easy, Level::Medium],
        _ => &Level::ALL,
    }
}

fn play(
    mut chooser: Faulty,
    stage: u8,
    input: impl BufRead,
    output: impl Write,
) -> Result<(), StageError> {
    let mut console = Console::new(input, output);
    if chooser.fault == "welcome-line" {
        console.say("Welcome to Tic-Tac-Toe!")?;
    }
    if stage == 1 {
        tictactoe_ai::play::initial_setup(&mut console)?;
        return console.finish();
    }
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
    let fault = if with_computer || IN_EVERY_GAME.contains(&chooser.fault.as_str()) {
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
            Player::User if fault == "cartesian" => {
                console.ask_until(GAME_MOVE, |answer| choose_cell(&board, &cartesian(answer)))?
            }
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
        chooser.moves += 1;
        if fault == "x-wins-early" && turn == 3 {
            console.say("X wins")?;
        }
        // A count of moves kept from the game before: the grid is full, for this program, when
        // nine moves were made since it started.
        let full = if fault == "stale-counter" {
            chooser.moves >= 9
        } else {
            board.is_full()
        };
        if board.has_line(Mark::X) || board.has_line(Mark::O) || full {
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

/// The computer's moves, each fault where it has one, and the moves made in the run.
struct Faulty {
    fault: String,
    random: fastrand::Rng,
    overwritten: bool,
    moves: usize,
}

/// An answer `x y` read as the course's coordinates before 2021 (the column, then the row from
/// the bottom), turned into the specification's `row column`.
fn cartesian(answer: &str) -> String {
    let numbers: Vec<u8> = answer
        .split_whitespace()
        .filter_map(|word| word.parse().ok())
        .collect();
    match numbers[..] {
        [x @ 1..=3, y @ 1..=3] => format!("{} {x}", 4 - y),
        _ => answer.to_owned(),
    }
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

/// An output whose grid rows show an empty cell as a space (`| X   O |`): each whole line is
/// written changed, a prompt as it is when it is flushed.
struct SpacedCells<W: Write> {
    inner: W,
    line: Vec<u8>,
}

impl<W: Write> SpacedCells<W> {
    fn new(inner: W) -> Self {
        SpacedCells {
            inner,
            line: Vec::new(),
        }
    }
}

impl<W: Write> Write for SpacedCells<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        for &byte in bytes {
            self.line.push(byte);
            if byte == b'\n' {
                if self.line.starts_with(b"| ") && self.line.ends_with(b" |\n") {
                    for cell in &mut self.line {
                        if *cell == b'_' {
                            *cell = b' ';
                        }
                    }
                }
                self.inner.write_all(&self.line)?;
                self.line.clear();
            }
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.write_all(&self.line)?;
        self.line.clear();
        self.inner.flush()
    }
}
