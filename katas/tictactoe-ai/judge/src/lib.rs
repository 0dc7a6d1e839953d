//! The rules of the Tic-Tac-Toe with AI kata, by which its cases against the computer are
//! judged ([`harness::rules`]): the user's answers chosen when the program waits
//! ([`strategy`]), the run's output read as games ([`reading`]), the reference replayed on the
//! same answers, keeping each of the program's computer moves that is right ([`replay`]), and
//! the checks over one run or many.
//!
//! A run is right in content when its games are those the replay shows: every grid the one
//! before plus one mark of the player to move on an empty cell, each computer move one its level
//! allows (any empty cell for `easy`; `medium`'s win, then block; a minimax-best cell for
//! `hard`), the `Making move` lines naming the right level, and each state true and where it
//! belongs. Beyond the computer's moves, the run is read against the replay's transcript by the
//! same content check as the kata's other cases ([`content_check`], the first kata's reading of
//! a game): what it forgives as presentation (a space for an empty cell, a welcome line, a
//! message in other words) a case judged by rules forgives too, and names.
//!
//! A manifest names these rules `rules = "tictactoe-ai"`, and the grader builds them in under
//! that name.

pub mod reading;
pub mod replay;
pub mod strategy;

use std::collections::BTreeMap;

use harness::ContentCheck;
use harness::content::{Caret, Finding, Mismatch, Place, Spot};
use harness::rules::{Answered, Answerer, Rules, RulesCase, RulesJudgement};
use kata_model::transcript::Transcript;
use tictactoe::{Board, GameState, Mark};
use tictactoe_ai::moves::Rule;
use tictactoe_ai::{Level, Player, minimax};
use tictactoe_judge::TicTacToe;

use reading::{Event, Located};
use replay::{Fault, Replay, Stage, Violation};

/// The checks a case may name.
pub const CHECKS: [&str; 3] = ["legal", "first-move-varies", "hard-never-loses"];

/// The rules of one stage of the kata.
#[derive(Clone, Copy, Debug)]
pub struct TicTacToeAi {
    stage: Stage,
}

impl TicTacToeAi {
    /// The rules of stage `stage` (1 to 5; a later one plays as stage 5).
    #[must_use]
    pub fn new(stage: u8) -> TicTacToeAi {
        const EASY: &[Level] = &[Level::Easy];
        const MEDIUM: &[Level] = &[Level::Easy, Level::Medium];
        let stage = match stage {
            0 | 1 => Stage::Setup,
            2 => Stage::OneGame,
            3 => Stage::Menu(EASY),
            4 => Stage::Menu(MEDIUM),
            _ => Stage::Menu(&Level::ALL),
        };
        TicTacToeAi { stage }
    }
}

impl Rules for TicTacToeAi {
    fn subject(&self) -> &'static str {
        "game"
    }

    fn answerer(&self, case: &RulesCase) -> Result<Box<dyn Answerer>, String> {
        let menu = matches!(self.stage, Stage::Menu(_)) || self.stage == Stage::Setup;
        Ok(Box::new(strategy::Strategy::new(
            &case.answers,
            &case.commands,
            menu,
        )?))
    }

    fn knows_check(&self, case: &RulesCase) -> Result<(), String> {
        if CHECKS.contains(&case.check.as_str()) {
            Ok(())
        } else {
            Err(format!(
                "no check `{}` (there are {})",
                case.check,
                CHECKS.join(", ")
            ))
        }
    }

    fn judge(&self, case: &RulesCase, runs: &[Answered]) -> RulesJudgement {
        let judged: Vec<(Replay, Finding)> = runs.iter().map(|run| self.judge_run(run)).collect();
        // The first run that is not right, else the first.
        let wrong = judged
            .iter()
            .zip(runs)
            .position(|(judged, answered)| !is_right(judged, answered));
        let (shown, summary, finding) = match wrong {
            Some(index) => (index, None, judged[index].1.clone()),
            None => match case.check.as_str() {
                "first-move-varies" => first_move_varies(&judged, runs),
                "hard-never-loses" => hard_never_loses(&judged, runs),
                _ => (0, None, judged[0].1.clone()),
            },
        };
        let replay = &judged[shown].0;
        // After a move that breaks a rule the replay plays a right one, and the two runs go
        // apart: how the program then ended is no fault of its own.
        let exit_status = match (&replay.violation, &runs[shown].run.outcome) {
            (Some(_), harness::Outcome::Exited(status)) => *status,
            _ => replay.exit_status,
        };
        let summary = summary.map(|summary| {
            if runs.len() > 1 && wrong.is_some() {
                format!("run {} of {}: {summary}", shown + 1, runs.len())
            } else {
                summary
            }
        });
        RulesJudgement {
            shown,
            expected: replay.expected.clone(),
            exit_status,
            finding,
            summary,
        }
    }

    /// A run that is not right fails the case whatever the others show; so does a loss of
    /// `hard`; and two different first moves are all that `first-move-varies` asks of the runs
    /// that are right (each run's moves are every case's to check, not this one's alone).
    fn decided(&self, case: &RulesCase, runs: &[&Answered]) -> bool {
        let judged: Vec<(Replay, Finding)> = runs.iter().map(|run| self.judge_run(run)).collect();
        if judged
            .iter()
            .zip(runs)
            .any(|(judged, answered)| !is_right(judged, answered))
        {
            return true;
        }
        match case.check.as_str() {
            "first-move-varies" => first_moves(&judged).len() > 1,
            "hard-never-loses" => endings(&judged).1.is_some(),
            _ => false,
        }
    }
}

/// Whether a run is right: its content the replay's, its output and exit status too.
fn is_right((replay, finding): &(Replay, Finding), answered: &Answered) -> bool {
    matches!(finding, Finding::Same(_))
        && replay.stdout == answered.run.stdout
        && matches!(answered.run.outcome, harness::Outcome::Exited(status) if status == replay.exit_status)
}

impl TicTacToeAi {
    /// One run replayed, and its content compared with the replay's: the first move that
    /// breaks a rule where it is the first grid the run shows otherwise, else what the kata's
    /// content check finds (a user's move that lands on another cell, a state that is not
    /// true, presentation that differs).
    fn judge_run(&self, answered: &Answered) -> (Replay, Finding) {
        let actual = reading::read(&answered.run.stdout);
        let grids = grids(&actual);
        let replay = replay::replay(self.stage, &answered.inputs, &grids);
        let expected = reading::read(&replay.stdout);
        let first_other_grid = grids
            .iter()
            .zip(self::grids(&expected))
            .position(|(got, want)| *got != want);
        let finding = match &replay.violation {
            Some(violation) if first_other_grid.is_none_or(|other| violation.grid <= other) => {
                Finding::Differs(Box::new(rule_broken(
                    violation,
                    (&expected, &replay.stdout),
                    (&actual, &answered.run.stdout),
                )))
            }
            _ => match Transcript::parse(&replay.expected) {
                Ok(transcript) => {
                    // A run that reads coordinates another way is recognised by replaying its
                    // answers read that way, its computer's moves followed.
                    let stage = self.stage;
                    let check = TicTacToe::with_reference(Some(Box::new(move |inputs| {
                        replay::replay(stage, inputs, &grids).stdout
                    })));
                    check.compare(&transcript, &answered.run.stdout).finding
                }
                Err(_) => compare_events(&expected, &actual),
            },
        };
        (replay, finding)
    }
}

/// The content check of the kata's stage `stage`, for its cases judged by their transcript:
/// the first kata's reading of a game, with the reference of the stage for the conventions of
/// coordinates (the computer's moves, where there are any, the first its level allows).
#[must_use]
pub fn content_check(stage: u8) -> TicTacToe {
    let stage = TicTacToeAi::new(stage).stage;
    TicTacToe::with_reference(Some(Box::new(move |inputs| {
        replay::replay(stage, inputs, &[]).stdout
    })))
}

/// The grids of a reading, in order.
fn grids(events: &[Located]) -> Vec<[char; 9]> {
    events
        .iter()
        .filter_map(|located| match located.event {
            Event::Grid(cells) => Some(cells),
            _ => None,
        })
        .collect()
}

/// The events that are the game: all but prompts, whose presentation the exact text holds.
fn content(events: &[Located]) -> Vec<&Located> {
    events
        .iter()
        .filter(|located| !matches!(located.event, Event::Prompt(_)))
        .collect()
}

/// The grid events' places, in order.
fn grid_offsets(events: &[Located]) -> Vec<usize> {
    events
        .iter()
        .filter(|located| matches!(located.event, Event::Grid(_)))
        .map(|located| located.offset)
        .collect()
}

/// The first difference between the replay's game and the run's, if any.
fn compare_events(expected: &[Located], actual: &[Located]) -> Finding {
    let (want, got) = (content(expected), content(actual));
    let differs = (0..want.len().max(got.len()))
        .find(|&index| want.get(index).map(|l| &l.event) != got.get(index).map(|l| &l.event));
    let Some(index) = differs else {
        return Finding::Same(Vec::new());
    };
    let spot = |events: &[&Located]| {
        events
            .get(index)
            .map_or(Spot::End, |l| Spot::Byte(l.offset))
    };
    let summary = match (want.get(index), got.get(index)) {
        (Some(want), Some(got)) => format!(
            "the output shows {} where {} should be",
            got.event.in_words(),
            want.event.in_words()
        ),
        (Some(want), None) => format!(
            "the output ends where {} should come",
            want.event.in_words()
        ),
        (None, Some(got)) => format!(
            "the output shows {} after the end of what it should show",
            got.event.in_words()
        ),
        (None, None) => String::new(),
    };
    Finding::Differs(Box::new(Mismatch {
        summary,
        place: Place {
            expected: spot(&want),
            actual: spot(&got),
            caret: Caret::FirstDifference,
        },
        notes: Vec::new(),
        earlier: None,
    }))
}

/// The grid in cell-string form, row by row: `X_O/_X_/___`.
fn grid_words(board: &Board) -> String {
    let cells: String = tictactoe_ai::rules::cells()
        .map(|position| board.cell(position).symbol())
        .collect();
    format!("{}/{}/{}", &cells[0..3], &cells[3..6], &cells[6..9])
}

/// The feedback on the first move that breaks a rule: the move, the grid before it, the rule,
/// and a right move.
fn rule_broken(
    violation: &Violation,
    expected: (&[Located], &[u8]),
    actual: (&[Located], &[u8]),
) -> Mismatch {
    let Violation {
        grid,
        before,
        mover,
        level,
        played,
        fault,
        right,
    } = violation;
    let played_words = played.map_or("a move".to_owned(), |cell| format!("`{cell}`"));
    let rule = match fault {
        Fault::Rule(rule @ Rule::Best(_)) => match played {
            Some(cell) => format!(
                "{}, but `{cell}` leads to {} for {mover}",
                rule.in_words(*level, *mover),
                minimax::value_of_move(before, *cell, *mover).in_words()
            ),
            None => rule.in_words(*level, *mover),
        },
        Fault::Rule(rule) => rule.in_words(*level, *mover),
        Fault::WrongMark(mark) => format!(
            "X always moves first and the marks alternate: this move is {mark}'s, but the grid \
             shows an {} there",
            mark.other()
        ),
        Fault::Occupied => "a move goes to an empty cell: this one was taken".to_owned(),
        Fault::NotOneMove => {
            "the grid after a move is the grid before it plus that one mark".to_owned()
        }
    };
    // The row of the right move, in the grid after the move: where the two differ.
    let at = |(events, output): (&[Located], &[u8])| {
        grid_offsets(events)
            .get(*grid)
            .map_or(Spot::End, |&offset| {
                Spot::Byte(row_offset(output, offset, right.row()))
            })
    };
    Mismatch {
        summary: format!(
            "the computer ({mover}, level \"{level}\") played {played_words}, which breaks a rule: \
             {rule}"
        ),
        place: Place {
            expected: at(expected),
            actual: at(actual),
            caret: Caret::FirstDifference,
        },
        notes: vec![
            format!("The grid before the move: {}.", grid_words(before)),
            format!("A right move: {mover} at `{right}`, as the expected transcript shows."),
        ],
        earlier: None,
    }
}

/// The offset of the line `rows` lines after the one at `offset` in `output`.
fn row_offset(output: &[u8], offset: usize, rows: usize) -> usize {
    let mut at = offset;
    for _ in 0..rows {
        match output
            .get(at..)
            .and_then(|rest| rest.iter().position(|&b| b == b'\n'))
        {
            Some(newline) => at += newline + 1,
            None => return offset,
        }
    }
    at
}

/// The check that the computer's first move varies over the runs.
/// How many runs began with each first move of the computer, by cell.
fn first_moves(judged: &[(Replay, Finding)]) -> BTreeMap<String, usize> {
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for (replay, _) in judged {
        if let Some(first) = replay
            .games
            .first()
            .and_then(|game| game.first_computer_move)
        {
            *counts.entry(first.to_string()).or_default() += 1;
        }
    }
    counts
}

fn first_move_varies(
    judged: &[(Replay, Finding)],
    runs: &[Answered],
) -> (usize, Option<String>, Finding) {
    let counts = first_moves(judged);
    let shown: Vec<String> = counts
        .iter()
        .map(|(cell, count)| format!("`{cell}` {count} times"))
        .collect();
    let summary = format!(
        "{} runs: the computer's first move was {}",
        runs.len(),
        shown.join(", ")
    );
    if counts.len() > 1 || runs.len() < 2 {
        return (0, Some(summary), judged[0].1.clone());
    }
    // The first computer move of the run shown, the same in both.
    let first_move = |output: &[u8]| {
        reading::read(output)
            .iter()
            .find(|located| matches!(located.event, Event::Level(_)))
            .map_or(Spot::End, |located| Spot::Byte(located.offset))
    };
    let finding = Finding::Differs(Box::new(Mismatch {
        summary: format!(
            "{summary}: a move chosen at random is not always the same cell (for a uniform \
             choice, twenty alike has a chance below 10^-17); seed the generator from the clock \
             or the system, never with a constant, and choose among every cell the level allows"
        ),
        place: Place {
            expected: first_move(&judged[0].0.stdout),
            actual: first_move(&runs[0].run.stdout),
            caret: Caret::FirstDifference,
        },
        notes: Vec::new(),
        earlier: None,
    }));
    (0, Some(summary), finding)
}

/// A game that `hard` lost: its run, the mark `hard` played, and how the game ended.
type Loss = (usize, Mark, GameState);

/// How many games of the runs ended in each state, and the first game that `hard` lost.
fn endings(judged: &[(Replay, Finding)]) -> (BTreeMap<String, usize>, Option<Loss>) {
    let mut results: BTreeMap<String, usize> = BTreeMap::new();
    let mut loss = None;
    for (index, (replay, _)) in judged.iter().enumerate() {
        let states: Vec<GameState> = reading::read(&replay.stdout)
            .into_iter()
            .filter_map(|located| match located.event {
                Event::State(state) => Some(state),
                _ => None,
            })
            .collect();
        for (game, state) in replay.games.iter().zip(states) {
            *results.entry(state.to_string()).or_default() += 1;
            let loser = match state {
                GameState::Wins(winner) => Some(winner.other()),
                _ => None,
            };
            if let Some(loser) = loser
                && game.players[usize::from(loser == Mark::O)] == Player::Computer(Level::Hard)
            {
                loss.get_or_insert((index, loser, state));
            }
        }
    }
    (results, loss)
}

/// The check that `hard` never loses, whichever side it plays.
fn hard_never_loses(
    judged: &[(Replay, Finding)],
    runs: &[Answered],
) -> (usize, Option<String>, Finding) {
    let (results, loss) = endings(judged);
    let shown: Vec<String> = results
        .iter()
        .map(|(state, count)| format!("`{state}` {count} times"))
        .collect();
    let summary = format!("{} runs: {}", runs.len(), shown.join(", "));
    match loss {
        None => (0, Some(summary), judged[0].1.clone()),
        Some((index, loser, state)) => {
            let finding = Finding::Differs(Box::new(Mismatch {
                summary: format!(
                    "{summary}; in run {}, `hard` played {loser} and lost (`{state}`): a player \
                     that always takes a minimax-best cell never loses",
                    index + 1
                ),
                place: Place {
                    expected: Spot::End,
                    actual: Spot::End,
                    caret: Caret::FirstDifference,
                },
                notes: Vec::new(),
                earlier: None,
            }));
            (index, Some(summary), finding)
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use kata_model::transcript::Input;
    use runner::{Interleaving, Outcome, Run};

    use super::*;

    /// The grid of `rows`, as the kata shows it.
    fn grid(rows: [&str; 3]) -> String {
        format!(
            "---------\n| {} |\n| {} |\n| {} |\n---------\n",
            rows[0], rows[1], rows[2]
        )
    }

    /// A run of stage 3 given `start easy easy`, then `exit`, that wrote `game`.
    fn easy_easy(game: &str) -> Answered {
        let game = format!("{game}Input command: ");
        answered(
            &[("Input command: ", "start easy easy"), (&game, "exit")],
            "",
        )
    }

    /// A run that wrote each piece of output, then read its answer, and ended writing `end`.
    fn answered(conversation: &[(&str, &str)], end: &str) -> Answered {
        let mut stdout = String::new();
        let mut given = Vec::new();
        let mut inputs = Vec::new();
        for (output, answer) in conversation {
            stdout.push_str(output);
            given.push(stdout.len());
            inputs.push(Input {
                written: (*answer).to_owned(),
                prompt: Vec::new(),
                bytes: format!("{answer}\n").into_bytes(),
                ends_input: false,
            });
        }
        stdout.push_str(end);
        Answered {
            run: Run {
                outcome: Outcome::Exited(0),
                joined: false,
                interleaving: Some(Interleaving {
                    given,
                    asked_for_more: None,
                }),
                stdout: stdout.into_bytes(),
                stderr: Vec::new(),
                duration: Duration::ZERO,
                cpu_time: None,
            },
            inputs,
        }
    }

    /// A case of stage 3 whose user plays X against `easy`.
    fn user_easy() -> RulesCase {
        RulesCase {
            name: "user-against-easy".to_owned(),
            path: "rules/stage3.toml".into(),
            hint: "hint".to_owned(),
            commands: vec!["start user easy".to_owned()],
            answers: "first-empty".to_owned(),
            runs: 1,
            check: "legal".to_owned(),
        }
    }

    /// A move of the user's: the answer, the grid the program shows after it, and the grid
    /// after the computer's answer, if the game goes on.
    type Move<'a> = (&'a str, [&'a str; 3], Option<[&'a str; 3]>);

    /// A game of `start user easy` that ends in `state`, its grids' rows written by `draw`.
    fn user_game(moves: &[Move<'_>], state: &str, draw: fn(&str) -> String) -> Answered {
        let grid = |rows: [&str; 3]| {
            let rows: String = rows.iter().map(|cells| draw(cells)).collect();
            format!("---------\n{rows}---------\n")
        };
        let mut conversation = vec![("Input command: ".to_owned(), "start user easy")];
        let mut shown = format!("{}Enter the coordinates: ", grid(["_ _ _"; 3]));
        for &(answer, x, o) in moves {
            conversation.push((shown, answer));
            shown = grid(x);
            if let Some(o) = o {
                shown.push_str(&format!(
                    "Making move level \"easy\"\n{}Enter the coordinates: ",
                    grid(o)
                ));
            }
        }
        shown.push_str(&format!("{state}\nInput command: "));
        conversation.push((shown, "exit"));
        let conversation: Vec<(&str, &str)> = conversation
            .iter()
            .map(|(output, answer)| (output.as_str(), *answer))
            .collect();
        answered(&conversation, "")
    }

    /// X takes the left column while O answers in the middle column.
    const LEFT_COLUMN: &[Move<'static>] = &[
        (
            "1 1",
            ["X _ _", "_ _ _", "_ _ _"],
            Some(["X O _", "_ _ _", "_ _ _"]),
        ),
        (
            "2 1",
            ["X O _", "X _ _", "_ _ _"],
            Some(["X O _", "X O _", "_ _ _"]),
        ),
        ("3 1", ["X O _", "X O _", "X _ _"], None),
    ];

    fn row(cells: &str) -> String {
        format!("| {cells} |\n")
    }

    fn judged_user(moves: &[Move<'_>], draw: fn(&str) -> String) -> RulesJudgement {
        TicTacToeAi::new(3).judge(&user_easy(), &[user_game(moves, "X wins", draw)])
    }

    #[test]
    fn a_space_for_an_empty_cell_is_presentation_in_a_case_judged_by_rules() {
        assert_eq!(
            judged_user(LEFT_COLUMN, row).finding,
            Finding::Same(Vec::new())
        );
        let spaced = judged_user(LEFT_COLUMN, |cells| row(&cells.replace('_', " ")));
        let Finding::Same(differences) = spaced.finding else {
            panic!("the game is right: {:?}", spaced.finding)
        };
        let summaries: Vec<&str> = differences.iter().map(|d| d.summary.as_str()).collect();
        assert_eq!(
            summaries,
            ["empty cells are shown as spaces; this kata shows `_`"]
        );
    }

    #[test]
    fn a_message_without_its_exclamation_mark_is_presentation_as_in_the_first_kata() {
        let transcript = Transcript::parse(
            "Input command: > start user user\n---------\n| _ _ _ |\n| _ _ _ |\n| _ _ _ |\n\
             ---------\nEnter the coordinates: > one one\nYou should enter numbers!\n\
             Enter the coordinates: > \\z\n",
        )
        .expect("a valid transcript");
        let stdout = String::from_utf8(transcript.stdout()).expect("UTF-8");
        let reworded = stdout.replace("numbers!", "numbers");
        let finding = content_check(3)
            .compare(&transcript, reworded.as_bytes())
            .finding;
        let Finding::Same(differences) = finding else {
            panic!("the game is right: {finding:?}")
        };
        assert_eq!(
            differences[0].summary,
            "a message reads `You should enter numbers` where it should read `You should enter \
             numbers!`"
        );
    }

    #[test]
    fn a_user_s_move_on_another_cell_is_named_before_the_computer_s_next() {
        // The program reads `1 1` as the bottom-left cell, `2 1` as the bottom-middle.
        let cartesian: &[Move<'_>] = &[
            (
                "1 1",
                ["_ _ _", "_ _ _", "X _ _"],
                Some(["O _ _", "_ _ _", "X _ _"]),
            ),
            (
                "2 1",
                ["O _ _", "_ _ _", "X X _"],
                Some(["O _ _", "O _ _", "X X _"]),
            ),
            ("3 1", ["O _ _", "O _ _", "X X X"], None),
        ];
        let judgement = judged_user(cartesian, row);
        let Finding::Differs(mismatch) = judgement.finding else {
            panic!("the game is wrong: {:?}", judgement.finding)
        };
        assert_eq!(
            mismatch.summary,
            "the user's answer `1 1` should put X in the top-left cell (row 1, column 1); the \
             program put it in the bottom-left cell (row 3, column 1)"
        );
        assert!(
            mismatch.notes[1]
                .starts_with("Every move of the run fits the course's old coordinates"),
            "{:?}",
            mismatch.notes
        );
    }

    /// X takes the top row while O plays the middle row's first two cells.
    fn moves(second_o: [&str; 3], level: &str, state: &str) -> String {
        let level = format!("Making move level \"{level}\"\n");
        [
            grid(["_ _ _", "_ _ _", "_ _ _"]),
            level.clone(),
            grid(["X _ _", "_ _ _", "_ _ _"]),
            level.clone(),
            grid(["X _ _", "O _ _", "_ _ _"]),
            level.clone(),
            grid(["X X _", "O _ _", "_ _ _"]),
            level.clone(),
            grid(second_o),
            level.clone(),
            grid(["X X X", "O O _", "_ _ _"]),
            format!("{state}\n"),
        ]
        .concat()
    }

    fn judged(game: &str) -> RulesJudgement {
        let case = RulesCase {
            name: "easy-against-easy".to_owned(),
            path: "rules/stage3.toml".into(),
            hint: "hint".to_owned(),
            commands: vec!["start easy easy".to_owned()],
            answers: "first-empty".to_owned(),
            runs: 1,
            check: "legal".to_owned(),
        };
        TicTacToeAi::new(3).judge(&case, &[easy_easy(game)])
    }

    fn summary(judgement: &RulesJudgement) -> String {
        match &judgement.finding {
            Finding::Differs(mismatch) => mismatch.summary.clone(),
            Finding::Same(_) => panic!("no fault found in {}", judgement.expected),
        }
    }

    #[test]
    fn a_right_game_is_its_own_expected_transcript() {
        let game = moves(["X X _", "O O _", "_ _ _"], "easy", "X wins");
        let judgement = judged(&game);
        assert_eq!(judgement.finding, Finding::Same(Vec::new()));
        assert_eq!(
            judgement.expected,
            format!("Input command: > start easy easy\n{game}Input command: > exit\n")
        );
    }

    #[test]
    fn names_a_mark_on_a_taken_cell_a_wrong_level_and_a_wrong_state() {
        let overwrite = judged(&moves(["O X _", "O _ _", "_ _ _"], "easy", "X wins"));
        assert!(
            summary(&overwrite).starts_with(
                "the computer (O, level \"easy\") played `1 1`, which breaks a rule: a move goes \
                 to an empty cell"
            ),
            "{}",
            summary(&overwrite)
        );
        let level = judged(&moves(["X X _", "O O _", "_ _ _"], "medium", "X wins"));
        assert_eq!(
            summary(&level),
            "the message `Making move level \"medium\"` is shown where the message `Making move \
             level \"easy\"` is expected"
        );
        let state = judged(&moves(["X X _", "O O _", "_ _ _"], "easy", "Draw"));
        assert_eq!(
            summary(&state),
            "the state `Draw` is shown where the state `X wins` is expected"
        );
    }
}
