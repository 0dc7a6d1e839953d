//! The content check against the exact one, on every fixture of every kata that names a
//! content check (the two Tic-Tac-Toe katas): the expected output has no difference; a wrong
//! game, however it is presented, is a wrong answer; a right game presented otherwise is a
//! presentation error, in both katas alike; and a difference in white space alone, line breaks
//! included, is never a wrong answer.
//!
//! The outputs are made from each fixture's expected output by editing its text, found here by
//! the canonical forms of the specification, independently of the content check's own reading.

use std::sync::{Arc, OnceLock};
use std::time::Duration;

use harness::content::{ContentCheck, Finding};
use harness::judge::Judgement;
use harness::{Verdict, judge};
use kata_model::fixture::Fixture;
use kata_model::kata::Kata;
use proptest::prelude::*;
use proptest::sample::Index;
use runner::process::{Limits, Outcome, Run};
use test_support::Trial;

const PROMPTS: [&str; 3] = [
    "Enter cells: ",
    "Enter the coordinates: ",
    "Input command: ",
];
const MESSAGES: [&str; 10] = [
    "You should enter 9 symbols: X, O or _!",
    "You should enter numbers!",
    "Coordinates should be from 1 to 3!",
    "This cell is occupied! Choose another one!",
    "X wins",
    "O wins",
    "Draw",
    "Game not finished",
    "Impossible",
    "Bad parameters!",
];

/// A fixture of a kata with a content check.
struct Case {
    kata: &'static Kata,
    stage: u8,
    fixture: Fixture,
}

impl Case {
    /// The content check the kata's manifest names, for the fixture's stage.
    fn check(&self) -> Box<dyn ContentCheck> {
        grade::katas::content_check(self.kata, self.stage).expect("the grader has the check")
    }
}

/// Every fixture of every stage of every kata that names a content check, read once.
fn all_fixtures() -> Arc<Vec<Case>> {
    static FIXTURES: OnceLock<Arc<Vec<Case>>> = OnceLock::new();
    Arc::clone(FIXTURES.get_or_init(|| {
        let katas = crate::katas::all()
            .as_ref()
            .expect("the katas are readable");
        Arc::new(
            katas
                .iter()
                .filter(|kata| kata.content_check.is_some())
                .flat_map(|kata| {
                    kata.stages.iter().flat_map(move |stage| {
                        kata.fixtures(stage.number)
                            .expect("the fixtures are readable")
                            .into_iter()
                            .map(move |fixture| Case {
                                kata,
                                stage: stage.number,
                                fixture,
                            })
                    })
                })
                .collect(),
        )
    }))
}

pub(crate) fn trials() -> Vec<Trial> {
    vec![
        test_support::test(
            "content::every_expected_output_reads_as_itself",
            every_expected_output_reads_as_itself,
        ),
        test_support::test(
            "content::a_wrong_game_is_a_wrong_answer_however_presented",
            a_wrong_game_is_a_wrong_answer,
        ),
        test_support::test(
            "content::a_right_game_presented_otherwise_is_a_presentation_error",
            a_right_game_presented_otherwise,
        ),
        test_support::test(
            "content::white_space_alone_is_never_a_wrong_answer",
            white_space_alone,
        ),
        test_support::test(
            "content::the_output_never_ends_where_it_shows_the_message_expected",
            the_output_never_ends_where_it_shows_the_message,
        ),
        test_support::test(
            "content::no_feedback_on_any_fixture_says_the_output_ends_before_it_does",
            no_feedback_says_the_output_ends_before_it_does,
        ),
    ]
}

fn every_expected_output_reads_as_itself() {
    let cases = all_fixtures();
    assert!(
        cases
            .iter()
            .any(|case| case.kata.name != crate::katas::root().name),
        "the AI kata's fixtures are read too"
    );
    for case in cases.iter() {
        let fixture = &case.fixture;
        let expected = fixture.transcript.stdout();
        let comparison = case.check().compare(&fixture.transcript, &expected);
        assert_eq!(
            comparison.finding,
            Finding::Same(Vec::new()),
            "{}",
            fixture.path.display()
        );
        assert_eq!(
            comparison.input_offsets,
            fixture.transcript.input_offsets(),
            "{}",
            fixture.path.display()
        );
    }
}

/// The verdict on a run of fixture `index` that wrote `stdout` and exited as expected.
fn verdict(index: usize, stdout: &str) -> (Verdict, String) {
    let (judged, path) = judged(index, stdout);
    (judged.verdict, path)
}

/// The judgement of a run of fixture `index` that wrote `stdout` and exited as expected.
fn judged(index: usize, stdout: &str) -> (Judgement, String) {
    let fixtures = all_fixtures();
    let case = &fixtures[index];
    let fixture = &case.fixture;
    let run = Run {
        outcome: Outcome::Exited(fixture.exit_status),
        stdout: stdout.as_bytes().to_vec(),
        stderr: Vec::new(),
        duration: Duration::ZERO,
        cpu_time: None,
        joined: false,
        interleaving: None,
    };
    let judged = judge(fixture, &run, Limits::default(), case.check().as_ref());
    (judged, fixture.path.display().to_string())
}

/// The letters and digits of `text` in lower case: a message however it is written.
fn squeezed(text: &str) -> String {
    text.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

fn expected_output(index: usize) -> String {
    let fixtures = all_fixtures();
    String::from_utf8(fixtures[index].fixture.transcript.stdout()).expect("fixtures are UTF-8")
}

/// The places of the cells in a line of output that is a grid row as the specification
/// writes it (`| X O _ |`, or `X O X` in stage 1).
fn cells_of(line: &str) -> Option<[usize; 3]> {
    let line = line.strip_suffix('\n').unwrap_or(line);
    let is_symbol = |at: usize| matches!(line.as_bytes().get(at), Some(b'X' | b'O' | b'_'));
    if line.len() == 9 && line.starts_with("| ") && line.ends_with(" |") {
        [2, 4, 6]
            .iter()
            .all(|&at| is_symbol(at))
            .then_some([2, 4, 6])
    } else if line.len() == 5 && line.as_bytes()[1] == b' ' && line.as_bytes()[3] == b' ' {
        [0, 2, 4]
            .iter()
            .all(|&at| is_symbol(at))
            .then_some([0, 2, 4])
    } else {
        None
    }
}

/// The message a line of output ends with, after its prompts, and where it starts.
fn message_of(line: &str) -> Option<(usize, usize)> {
    let text = line.strip_suffix('\n').unwrap_or(line);
    let mut rest = text;
    while let Some(prompt) = PROMPTS.iter().find(|prompt| rest.starts_with(*prompt)) {
        rest = &rest[prompt.len()..];
    }
    MESSAGES
        .iter()
        .position(|message| *message == rest)
        .map(|message| (message, text.len() - rest.len()))
}

/// A change to the game an output shows.
#[derive(Clone, Debug)]
enum GameChange {
    /// A cell of a grid row becomes another of `X`, `O`, `_`.
    Cell {
        row: Index,
        column: usize,
        other: usize,
    },
    /// A message becomes another.
    Message { line: Index, other: Index },
    /// A grid row or a message is left out.
    Delete { line: Index },
    /// A message is added after a line.
    Insert { after: Index, message: Index },
}

fn game_change() -> impl Strategy<Value = GameChange> {
    prop_oneof![
        4 => (any::<Index>(), 0..3usize, 0..2usize)
            .prop_map(|(row, column, other)| GameChange::Cell { row, column, other }),
        2 => (any::<Index>(), any::<Index>())
            .prop_map(|(line, other)| GameChange::Message { line, other }),
        1 => any::<Index>().prop_map(|line| GameChange::Delete { line }),
        1 => (any::<Index>(), any::<Index>())
            .prop_map(|(after, message)| GameChange::Insert { after, message }),
    ]
}

/// `output` with `change` made; a change that has no line to work on adds a message instead.
fn change_game(output: &str, change: &GameChange) -> String {
    let mut lines: Vec<String> = output.split_inclusive('\n').map(str::to_owned).collect();
    let rows: Vec<usize> = (0..lines.len())
        .filter(|&at| cells_of(&lines[at]).is_some())
        .collect();
    let messages: Vec<usize> = (0..lines.len())
        .filter(|&at| message_of(&lines[at]).is_some())
        .collect();
    let content: Vec<usize> = (0..lines.len())
        .filter(|&at| rows.contains(&at) || messages.contains(&at))
        .collect();
    match change {
        GameChange::Cell { row, column, other } if !rows.is_empty() => {
            let line = &mut lines[rows[row.index(rows.len())]];
            let at = cells_of(line).map_or(0, |cells| cells[*column]);
            let symbols: Vec<char> = "XO_"
                .chars()
                .filter(|&symbol| !line[at..].starts_with(symbol))
                .collect();
            line.replace_range(at..=at, &symbols[*other].to_string());
        }
        GameChange::Message { line, other } if !messages.is_empty() => {
            let line = &mut lines[messages[line.index(messages.len())]];
            if let Some((message, start)) = message_of(line) {
                let others: Vec<&str> = MESSAGES
                    .iter()
                    .enumerate()
                    .filter(|&(index, _)| index != message)
                    .map(|(_, text)| *text)
                    .collect();
                let end = start + MESSAGES[message].len();
                line.replace_range(start..end, others[other.index(others.len())]);
            }
        }
        GameChange::Delete { line } if !content.is_empty() => {
            delete_line(&mut lines, content[line.index(content.len())]);
        }
        GameChange::Cell { row: at, .. }
        | GameChange::Message { line: at, .. }
        | GameChange::Delete { line: at }
        | GameChange::Insert { after: at, .. } => {
            let message = match change {
                GameChange::Insert { message, .. } => MESSAGES[message.index(MESSAGES.len())],
                _ => "Draw",
            };
            let at = at.index(lines.len() + 1);
            lines.insert(at, format!("{message}\n"));
        }
    }
    lines.concat()
}

/// Whether `change` changes the game `output` shows, by the rules of presentation: a state
/// added where it is true of the last grid changes nothing, and neither does the rejection of
/// a cell string said in the words of another rejection (at a cell-string prompt there is only
/// one kind).
fn changes_the_game(output: &str, change: &GameChange) -> bool {
    let lines: Vec<&str> = output.split_inclusive('\n').collect();
    match change {
        GameChange::Insert { after, message } => {
            let at = after.index(lines.len() + 1);
            let message = message.index(MESSAGES.len());
            let rows: Vec<&str> = lines[..at]
                .iter()
                .copied()
                .filter(|line| cells_of(line).is_some())
                .collect();
            let last_grid: String = rows[rows.len().saturating_sub(3)..]
                .iter()
                .flat_map(|line| {
                    let cells = cells_of(line).unwrap_or_default();
                    cells.map(|at| char::from(line.as_bytes()[at]))
                })
                .collect();
            let true_state = last_grid.parse::<tictactoe::Board>().is_ok_and(|board| {
                tictactoe::GameState::of(&board).to_string() == MESSAGES[message]
            });
            !true_state
        }
        GameChange::Message { line, other } => {
            let messages: Vec<usize> = lines
                .iter()
                .filter_map(|line| message_of(line).map(|(message, _)| message))
                .collect();
            match messages.get(line.index(messages.len().max(1))) {
                // The cell string's rejection becomes another rejection: the first of the
                // others (0 left out) to the third.
                Some(0) => other.index(MESSAGES.len() - 1) >= 3,
                _ => true,
            }
        }
        GameChange::Cell { .. } | GameChange::Delete { .. } => true,
    }
}

/// The lines of `output`, with the state of each grid after it (`states`, true there), and the
/// last grid shown again after each rejection of coordinates (`again`, unchanged there).
fn with_extra_lines(output: &str, states: bool, again: bool) -> Vec<String> {
    let mut lines = Vec::new();
    let mut rows: Vec<&str> = Vec::new();
    let mut last_grid = String::new();
    for line in output.split_inclusive('\n') {
        lines.push(line.to_owned());
        let bordered = line == "---------\n" && rows.len() == 3;
        if cells_of(line).is_some() {
            rows.push(line);
        } else if !bordered {
            rows.clear();
        }
        let unbordered = rows.len() == 3 && !line.starts_with('|');
        if bordered || unbordered {
            let cells: String = rows
                .iter()
                .flat_map(|row| {
                    let at = cells_of(row).unwrap_or_default();
                    at.map(|at| char::from(row.as_bytes()[at]))
                })
                .collect();
            last_grid = if bordered {
                format!("---------\n{}---------\n", rows.concat())
            } else {
                rows.concat()
            };
            rows.clear();
            if states && let Ok(board) = cells.parse::<tictactoe::Board>() {
                lines.push(format!("{}\n", tictactoe::GameState::of(&board)));
            }
        }
        if again
            && !last_grid.is_empty()
            && message_of(line).is_some_and(|(message, _)| (1..=3).contains(&message))
        {
            lines.push(last_grid.clone());
        }
    }
    lines
}

/// Whether the feedback on a run of fixture `index` that wrote `output` is true where it says
/// that the output ends where a message or a grid is expected: the output must show that
/// message, or grid rows, fewer times than the expected output does, where expected or
/// anywhere else, else the transcript it shows would go on with them.
fn never_ends_before_it_shows(index: usize, output: &str) -> Result<(), String> {
    let (judged, path) = judged(index, output);
    let Finding::Differs(mismatch) = &judged.content.finding else {
        return Ok(());
    };
    let Some(expected_item) = mismatch.summary.strip_prefix("the output ends where ") else {
        return Ok(());
    };
    let shown: Box<dyn Fn(&str) -> usize> = if expected_item.starts_with("a grid") {
        // Grid rows, however their empty cells are drawn.
        Box::new(|text: &str| {
            text.lines()
                .filter(|line| line.trim_start().starts_with('|') || cells_of(line).is_some())
                .count()
        })
    } else {
        let message = expected_item
            .split('`')
            .nth(1)
            .map(squeezed)
            .unwrap_or_default();
        Box::new(move |text: &str| {
            text.lines()
                .filter(|line| squeezed(line).contains(&message))
                .count()
        })
    };
    if shown(output) < shown(&expected_output(index)) {
        Ok(())
    } else {
        Err(format!("{path}: {}\n{output}", mismatch.summary))
    }
}

/// No feedback on any fixture says the output ends before the transcript it shows does: each
/// fixture's output presented in each way alone and with its prompts' punctuation left out,
/// and with each line of its game taken out, as it is and without that punctuation.
fn no_feedback_says_the_output_ends_before_it_does() {
    let without_punctuation = 1 << 9;
    let masks: Vec<u32> = (0..PRESENTATIONS)
        .map(|bit| 1 << bit)
        .chain((0..PRESENTATIONS).map(|bit| (1 << bit) | without_punctuation))
        .chain([0])
        .collect();
    for index in 0..all_fixtures().len() {
        let expected = expected_output(index);
        let lines: Vec<String> = expected.split_inclusive('\n').map(str::to_owned).collect();
        let deletions = (0..lines.len())
            .filter(|&at| cells_of(&lines[at]).is_some() || message_of(&lines[at]).is_some())
            .map(|at| {
                let mut deleted = lines.clone();
                delete_line(&mut deleted, at);
                deleted.concat()
            });
        // Every way to present the whole output; its punctuation alone where a line is out.
        let presented =
            masks
                .iter()
                .map(|&mask| present(&expected, mask))
                .chain(deletions.flat_map(|output| {
                    [0, without_punctuation].map(|mask| present(&output, mask))
                }));
        for output in presented {
            if let Err(claim) = never_ends_before_it_shows(index, &output) {
                panic!("{claim}");
            }
        }
    }
}

/// Takes line `at`, a grid row or a message, out of `lines`.
fn delete_line(lines: &mut Vec<String>, at: usize) {
    match message_of(&lines[at]) {
        // A message after a prompt goes; the prompt stays, as the program asked.
        Some((_, start)) if start > 0 => lines[at] = lines[at][..start].to_owned(),
        _ => {
            lines.remove(at);
        }
    }
}

/// Ways to present the same game otherwise, each one bit of a mask: what learners' programs
/// do.
const PRESENTATIONS: u32 = 12;
/// The bits of [`present`] that add lines: true states and grids shown again.
const EXTRA_LINES: u32 = 0b11 << 10;

fn present(output: &str, mask: u32) -> String {
    let on = |bit: u32| mask & (1 << bit) != 0;
    let mut lines = with_extra_lines(output, on(10), on(11));
    for line in &mut lines {
        if on(0)
            && let Some(cells) = cells_of(line)
        {
            for at in cells {
                if &line[at..=at] == "_" {
                    line.replace_range(at..=at, " ");
                }
            }
        }
        // The states, the messages from the fifth on, in lower case.
        if on(1)
            && let Some((message, start)) = message_of(line)
            && message >= 4
        {
            let lower = line[start..].to_lowercase();
            line.replace_range(start.., &lower);
        }
    }
    let mut text = lines.concat();
    for prompt in PROMPTS {
        if on(2) {
            text = text.replace(prompt, "");
        } else if on(3) {
            text = text.replace(prompt, &format!("{}\n", prompt.trim_end()));
        } else if on(4) {
            text = text.replace(prompt, prompt.trim_end());
        } else if on(9) {
            // Without its colon, as `print("Enter cells", end=" ")` writes it.
            text = text.replace(prompt, &prompt.replace(':', ""));
        }
    }
    if on(5) {
        text = text.replace("---------", "-------------");
    }
    if on(6) {
        text = text.replace("---------\n", "---------\n\n");
    }
    if on(7) {
        text = text.replace('\n', "  \n");
    }
    if on(8) {
        text = text.replace('\n', "\r\n");
    }
    text
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 256,
        ..ProptestConfig::default()
    }
}

fn fixture_index() -> impl Strategy<Value = usize> {
    let count = all_fixtures().len();
    0..count
}

proptest! {
    #![proptest_config(config())]

    fn a_wrong_game_is_a_wrong_answer(
        index in fixture_index(),
        change in game_change(),
        mask in 0..(1u32 << PRESENTATIONS),
    ) {
        let expected = expected_output(index);
        prop_assume!(changes_the_game(&expected, &change));
        // Lines that change nothing could stand in for a line the change took out.
        let mask = mask & !EXTRA_LINES;
        let output = present(&change_game(&expected, &change), mask);
        let (verdict, path) = verdict(index, &output);
        prop_assert_eq!(verdict, Verdict::WrongAnswer, "{} with {:?}:\n{}", path, change, output);
    }

    fn a_right_game_presented_otherwise(
        index in fixture_index(),
        mask in 1..(1u32 << PRESENTATIONS),
    ) {
        let expected = expected_output(index);
        let output = present(&expected, mask);
        let (verdict, path) = verdict(index, &output);
        let wanted = if output == expected { Verdict::Passed } else { Verdict::PresentationError };
        prop_assert_eq!(verdict, wanted, "{}:\n{}", path, output);
    }

    fn the_output_never_ends_where_it_shows_the_message(
        index in fixture_index(),
        change in prop::option::of(game_change()),
        mask in 0..(1u32 << PRESENTATIONS),
    ) {
        let expected = expected_output(index);
        let changed = change
            .as_ref()
            .map_or_else(|| expected.clone(), |change| change_game(&expected, change));
        let output = present(&changed, mask);
        if let Err(claim) = never_ends_before_it_shows(index, &output) {
            prop_assert!(false, "{:?}: {}", change, claim);
        }
    }

    fn white_space_alone(
        index in fixture_index(),
        edits in prop::collection::vec((any::<Index>(), 0..5usize), 1..6),
    ) {
        let mut output = expected_output(index);
        for (at, edit) in &edits {
            let at = at.index(output.len() + 1);
            let at = (at..=output.len()).find(|&at| output.is_char_boundary(at)).unwrap_or(output.len());
            match edit {
                0 => output.insert(at, ' '),
                1 => output.insert(at, '\n'),
                2 => output.insert(at, '\t'),
                3 => output.insert_str(at, "\r\n"),
                _ => {
                    if let Some(blank) = output[at..].find(char::is_whitespace) {
                        output.remove(at + blank);
                    }
                }
            }
        }
        let (verdict, path) = verdict(index, &output);
        prop_assert!(
            verdict.content_passed(),
            "{} with {:?}: {:?}\n{}",
            path,
            edits,
            verdict,
            output
        );
    }
}
