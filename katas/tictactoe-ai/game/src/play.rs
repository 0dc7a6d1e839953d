//! The conversation of the five stages: a cell string and one move (stage 1), a whole game
//! between two players, each the user or the computer at a level (stage 2 on), and the menu
//! that starts games (stages 3 to 5).

use std::fmt;
use std::io::{BufRead, Write};

use tictactoe::console::{CELLS, Console, GAME_MOVE, MOVE, Question, StageError};
use tictactoe::{Board, GameState, Mark, choose_cell};

use crate::level::Level;
use crate::moves;
use crate::rules::{self, to_move};

/// How the computer picks its move among those its level allows.
pub trait Chooser {
    /// The move of `level` for `mover` on `board`, a game not over; `None` only for a grid
    /// without an empty cell.
    fn choose(&mut self, level: Level, board: &Board, mover: Mark) -> Option<tictactoe::Position>;
}

impl Chooser for fastrand::Rng {
    /// At random among the moves the level allows.
    fn choose(&mut self, level: Level, board: &Board, mover: Mark) -> Option<tictactoe::Position> {
        moves::choose(level, board, mover, self)
    }
}

/// The menu's prompt. The input ending here ends the program as `exit` does.
pub const COMMAND: Question = Question {
    prompt: "Input command: ",
    awaited: "a command was given",
};

/// One side of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// The person at the keyboard, asked for each move.
    User,
    /// The computer, at a level.
    Computer(Level),
}

/// A command of the menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// A game from the empty grid, the first player X and the second O.
    Start([Player; 2]),
    /// The end of the program.
    Exit,
}

/// A command the menu does not take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BadParameters;

impl fmt::Display for BadParameters {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Bad parameters!")
    }
}

/// Reads a menu command (`start P1 P2` or `exit`, words exactly as written, in lower case),
/// each player `user` or one of `levels`.
///
/// # Errors
///
/// [`BadParameters`] for anything else: a word missing, extra, unknown or in another case.
pub fn parse_command(answer: &str, levels: &[Level]) -> Result<Command, BadParameters> {
    let player = |word: &str| match word {
        "user" => Some(Player::User),
        _ => word
            .parse::<Level>()
            .ok()
            .filter(|level| levels.contains(level))
            .map(Player::Computer),
    };
    let words: Vec<&str> = answer.split_whitespace().collect();
    match words.as_slice() {
        ["exit"] => Ok(Command::Exit),
        ["start", first, second] => match (player(first), player(second)) {
            (Some(first), Some(second)) => Ok(Command::Start([first, second])),
            _ => Err(BadParameters),
        },
        _ => Err(BadParameters),
    }
}

/// Stage 1: asks for a cell string, prints its grid and, if the game can go on, asks for one
/// move of the player to move, prints the grid again and the state after it; else the state.
///
/// # Errors
///
/// [`StageError::InputEnded`] when the input ends at a prompt, or an I/O error.
pub fn initial_setup<R: BufRead, W: Write>(console: &mut Console<R, W>) -> Result<(), StageError> {
    let mut board: Board = console.ask_until(CELLS, str::parse)?;
    console.show(board)?;
    let (GameState::NotFinished, Some(mover)) = (rules::state(&board), to_move(&board)) else {
        return console.say(rules::state(&board));
    };
    let position = console.ask_until(MOVE, |answer| choose_cell(&board, answer))?;
    board.place(position, mover);
    console.show(board)?;
    console.say(rules::state(&board))
}

/// A whole game from the empty grid, `players[0]` playing X and `players[1]` O: the empty
/// grid, then each move (the user's by the prompt and the three rules, the computer's after
/// its `Making move` line, at random among its level's moves, as `chooser` picks) and its grid, then the result.
///
/// # Errors
///
/// [`StageError::InputEnded`] when the input ends at the user's prompt, or an I/O error.
pub fn game<R: BufRead, W: Write>(
    console: &mut Console<R, W>,
    players: [Player; 2],
    chooser: &mut dyn Chooser,
) -> Result<(), StageError> {
    let mut board = Board::empty();
    console.show(board)?;
    let mut mover = Mark::X;
    loop {
        let player = players[usize::from(mover == Mark::O)];
        let position = match player {
            Player::User => console.ask_until(GAME_MOVE, |answer| choose_cell(&board, answer))?,
            Player::Computer(level) => {
                console.say(level.announcement())?;
                // A game not over has an empty cell, and every level has a move there.
                match chooser.choose(level, &board, mover) {
                    Some(position) => position,
                    None => break,
                }
            }
        };
        board.place(position, mover);
        console.show(board)?;
        if rules::state(&board).is_over() {
            break;
        }
        mover = mover.other();
    }
    console.say(rules::state(&board))
}

/// The menu of stages 3 to 5: prompts for a command until `exit` or the end of the input,
/// playing each game it starts; `Bad parameters!` for anything else, a player's level included
/// when it is not among `levels`.
///
/// # Errors
///
/// [`StageError::InputEnded`] when the input ends inside a game, or an I/O error.
pub fn menu<R: BufRead, W: Write>(
    console: &mut Console<R, W>,
    levels: &[Level],
    chooser: &mut dyn Chooser,
) -> Result<(), StageError> {
    loop {
        match console.ask_until(COMMAND, |answer| parse_command(answer, levels)) {
            Ok(Command::Start(players)) => game(console, players, chooser)?,
            Ok(Command::Exit) | Err(StageError::InputEnded(_)) => return Ok(()),
            Err(error) => return Err(error),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GRID_EMPTY: &str = "---------\n| _ _ _ |\n| _ _ _ |\n| _ _ _ |\n---------\n";

    fn transcript(
        input: &str,
        play: impl FnOnce(&mut Console<&[u8], &mut Vec<u8>>) -> Result<(), StageError>,
    ) -> (String, Result<(), StageError>) {
        let mut output = Vec::new();
        let mut console = Console::new(input.as_bytes(), &mut output);
        let result = play(&mut console);
        (String::from_utf8(output).expect("UTF-8"), result)
    }

    #[test]
    fn the_menu_takes_exactly_its_words() {
        let levels = [Level::Easy];
        assert_eq!(parse_command("exit", &levels), Ok(Command::Exit));
        assert_eq!(
            parse_command("start user easy", &levels),
            Ok(Command::Start([
                Player::User,
                Player::Computer(Level::Easy)
            ]))
        );
        for refused in [
            "",
            "start",
            "start easy",
            "exit now",
            "Exit",
            "start EASY user",
            "start easy easy easy",
            "start medium user",
            "start user hard",
            "begin easy easy",
        ] {
            assert_eq!(
                parse_command(refused, &levels),
                Err(BadParameters),
                "{refused:?}"
            );
        }
        assert!(parse_command("start hard medium", &Level::ALL).is_ok());
    }

    #[test]
    fn stage_one_plays_the_move_of_the_player_to_move() {
        let setup = |input: &str| {
            let mut output = Vec::new();
            let mut console = Console::new(input.as_bytes(), &mut output);
            initial_setup(&mut console).expect("a whole stage 1");
            String::from_utf8(output).expect("UTF-8")
        };
        let text = setup("_XXOO_OX_\n1 1\n");
        assert!(
            text.ends_with("| X X X |\n| O O _ |\n| O X _ |\n---------\nX wins\n"),
            "{text}"
        );
        let text = setup("X________\n2 2\n");
        assert!(
            text.ends_with("| _ O _ |\n| _ _ _ |\n---------\nGame not finished\n"),
            "{text}"
        );
        let text = setup("O________\n");
        assert!(text.ends_with("---------\nImpossible\n"), "{text}");
    }

    #[test]
    fn a_seeded_game_is_pinned_and_legal() {
        let mut random = fastrand::Rng::with_seed(3);
        let players = [
            Player::Computer(Level::Hard),
            Player::Computer(Level::Medium),
        ];
        let (text, result) = transcript("", |console| game(console, players, &mut random));
        assert!(result.is_ok());
        // Reviewed: hard's first move may be anywhere (all draw); medium, with nothing to win or
        // block, plays at random; then hard makes two threats, medium blocks one, hard wins.
        let expected = [
            GRID_EMPTY,
            "Making move level \"hard\"\n",
            "---------\n| _ _ _ |\n| _ _ X |\n| _ _ _ |\n---------\n",
            "Making move level \"medium\"\n",
            "---------\n| _ _ O |\n| _ _ X |\n| _ _ _ |\n---------\n",
            "Making move level \"hard\"\n",
            "---------\n| _ X O |\n| _ _ X |\n| _ _ _ |\n---------\n",
            "Making move level \"medium\"\n",
            "---------\n| _ X O |\n| _ _ X |\n| _ _ O |\n---------\n",
            "Making move level \"hard\"\n",
            "---------\n| _ X O |\n| _ X X |\n| _ _ O |\n---------\n",
            "Making move level \"medium\"\n",
            "---------\n| _ X O |\n| _ X X |\n| _ O O |\n---------\n",
            "Making move level \"hard\"\n",
            "---------\n| _ X O |\n| X X X |\n| _ O O |\n---------\n",
            "X wins\n",
        ];
        assert_eq!(text, expected.concat());
    }

    #[test]
    fn the_end_of_input_at_the_menu_is_exit_but_inside_a_game_an_error() {
        let mut random = fastrand::Rng::with_seed(1);
        let (text, result) = transcript("start\n", |console| {
            menu(console, &[Level::Easy], &mut random)
        });
        assert!(result.is_ok());
        assert_eq!(text, "Input command: Bad parameters!\nInput command: ");
        let (_, result) = transcript("start user easy\n", |console| {
            menu(console, &[Level::Easy], &mut random)
        });
        assert!(matches!(result, Err(StageError::InputEnded(_))));
    }
}
