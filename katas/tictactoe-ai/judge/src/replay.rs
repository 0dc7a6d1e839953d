//! The reference played again on a run's answers, each computer move the program's own where it
//! is a right one: the transcript a right program would have shown, with the first move of the
//! program's that breaks a rule.

use harness::interleaving::Rendered;
use std::cell::RefCell;
use std::io::{self, BufRead, Read, Write};
use std::rc::Rc;

use kata_model::transcript::{Input, Transcript};
use runner::Interleaving;
use tictactoe::console::Console;
use tictactoe::{Board, Cell, Mark, Position};
use tictactoe_ai::moves::{self, Rule};
use tictactoe_ai::play::{self, Chooser, Command, Player, parse_command};
use tictactoe_ai::{Level, rules};

/// What a stage plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Stage 1: a cell string and one move.
    Setup,
    /// Stage 2: one game, the user against `easy`.
    OneGame,
    /// Stages 3 to 5: the menu, with these levels.
    Menu(&'static [Level]),
}

/// How the program's move broke a rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// A move that is not among those its level allows.
    Rule(Rule),
    /// The mark of the other player.
    WrongMark(Mark),
    /// A mark on a cell that was not empty.
    Occupied,
    /// Not one mark more than the grid before.
    NotOneMove,
}

/// The first move of the program's that breaks a rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// How many grids had been shown before the faulty one (so the faulty one is grid this).
    pub grid: usize,
    /// The grid before the move.
    pub before: Board,
    /// The player to move, and its level.
    pub mover: Mark,
    /// Its level.
    pub level: Level,
    /// The cell it played, where it played one.
    pub played: Option<Position>,
    /// What is wrong.
    pub fault: Fault,
    /// A right move.
    pub right: Position,
}

/// One game the replay played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// Who played X and who O.
    pub players: [Player; 2],
    /// The computer's first move in it, if it made one.
    pub first_computer_move: Option<Position>,
}

/// The replay of one run.
#[derive(Debug)]
pub struct Replay {
    /// The transcript a right program would have shown, in the transcript format.
    pub expected: String,
    /// Its standard output alone.
    pub stdout: Vec<u8>,
    /// The exit status it would have ended with.
    pub exit_status: i32,
    /// The first rule the program broke, if it broke one.
    pub violation: Option<Violation>,
    /// The games played, in order.
    pub games: Vec<Game>,
}

/// The reference of `stage` replayed on `inputs`, following the program's computer moves as
/// `program_grids` (the grids of its output, in order) show them.
#[must_use]
pub fn replay(stage: Stage, inputs: &[Input], program_grids: &[[char; 9]]) -> Replay {
    let output = Rc::new(RefCell::new(Vec::new()));
    let given = Rc::new(RefCell::new(Vec::new()));
    let reader = Scripted {
        inputs: inputs.to_vec(),
        next: 0,
        line: Vec::new(),
        at: 0,
        output: Rc::clone(&output),
        given: Rc::clone(&given),
    };
    let mut follower = Follower {
        grids: program_grids,
        output: Rc::clone(&output),
        violation: None,
        games: Vec::new(),
    };
    let mut console = Console::new(io::BufReader::new(reader), Shared(Rc::clone(&output)));
    let played = match stage {
        Stage::Setup => play::initial_setup(&mut console),
        Stage::OneGame => {
            let players = [Player::User, Player::Computer(Level::Easy)];
            follower.games.push(Game {
                players,
                first_computer_move: None,
            });
            play::game(&mut console, players, &mut follower)
        }
        Stage::Menu(levels) => menu(&mut console, levels, &mut follower),
    };
    let exit_status = i32::from(played.is_err());
    drop(console);
    let stdout = output.borrow().clone();
    let offsets = given.borrow().clone();
    let asked: Vec<String> = inputs[..offsets.len()]
        .iter()
        .map(|input| format!("> {}\n", input.written))
        .collect();
    let record = Interleaving {
        given: offsets,
        asked_for_more: None,
    };
    let expected = Transcript::parse(&asked.concat())
        .map(|inputs| record.transcript(&inputs, &stdout, false))
        .unwrap_or_default();
    Replay {
        expected,
        stdout,
        exit_status,
        violation: follower.violation,
        games: follower.games,
    }
}

/// The menu, as [`play::menu`] plays it, with each game's players kept.
fn menu<R: BufRead, W: Write>(
    console: &mut Console<R, W>,
    levels: &[Level],
    follower: &mut Follower<'_>,
) -> Result<(), tictactoe::console::StageError> {
    loop {
        match console.ask_until(play::COMMAND, |answer| parse_command(answer, levels)) {
            Ok(Command::Start(players)) => {
                follower.games.push(Game {
                    players,
                    first_computer_move: None,
                });
                play::game(console, players, follower)?;
            }
            Ok(Command::Exit) | Err(tictactoe::console::StageError::InputEnded(_)) => {
                return Ok(());
            }
            Err(error) => return Err(error),
        }
    }
}

/// Plays the program's move where it is a right one, else a right move, noting the first
/// fault.
struct Follower<'a> {
    grids: &'a [[char; 9]],
    output: Rc<RefCell<Vec<u8>>>,
    violation: Option<Violation>,
    games: Vec<Game>,
}

impl Chooser for Follower<'_> {
    fn choose(&mut self, level: Level, board: &Board, mover: Mark) -> Option<Position> {
        let (allowed, rule) = moves::allowed(level, board, mover);
        let right = *allowed.first()?;
        // Every grid the replay shows is one of the program's, in the same order.
        let shown = count_grids(&self.output.borrow());
        let chosen = match (self.violation.is_some(), self.grids.get(shown)) {
            (false, Some(grid)) => {
                let (played, fault) = judge_move(board, grid, mover, &allowed, rule);
                match fault {
                    None => played.unwrap_or(right),
                    Some(fault) => {
                        self.violation = Some(Violation {
                            grid: shown,
                            before: *board,
                            mover,
                            level,
                            played,
                            fault,
                            right,
                        });
                        right
                    }
                }
            }
            _ => right,
        };
        if let Some(game) = self.games.last_mut() {
            game.first_computer_move.get_or_insert(chosen);
        }
        Some(chosen)
    }
}

/// The cell the program played going from `board` to `grid`, and what is wrong with it.
fn judge_move(
    board: &Board,
    grid: &[char; 9],
    mover: Mark,
    allowed: &[Position],
    rule: Rule,
) -> (Option<Position>, Option<Fault>) {
    let changed: Vec<(Position, Cell, char)> = rules::cells()
        .zip(grid)
        .map(|(position, &symbol)| (position, board.cell(position), symbol))
        .filter(|&(_, cell, symbol)| cell.symbol() != symbol)
        .collect();
    let &[(position, before, symbol)] = changed.as_slice() else {
        return (None, Some(Fault::NotOneMove));
    };
    let fault = if before != Cell::Empty {
        Some(Fault::Occupied)
    } else if symbol != Cell::Taken(mover).symbol() {
        Some(Fault::WrongMark(mover))
    } else if !allowed.contains(&position) {
        Some(Fault::Rule(rule))
    } else {
        None
    };
    (Some(position), fault)
}

/// How many grids `output`, exactly as the reference writes it, shows: a grid's top border is
/// the one border followed by a row (a prompt may stand before it on its line).
fn count_grids(output: &[u8]) -> usize {
    output
        .windows(GRID_TOP.len())
        .filter(|window| *window == GRID_TOP)
        .count()
}

/// The top border of a grid and the start of its first row.
const GRID_TOP: &[u8] = b"---------\n|";

/// The inputs of a run, line by line, noting how much had been written when each was read.
struct Scripted {
    inputs: Vec<Input>,
    next: usize,
    line: Vec<u8>,
    at: usize,
    output: Rc<RefCell<Vec<u8>>>,
    given: Rc<RefCell<Vec<usize>>>,
}

impl Read for Scripted {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        if self.at == self.line.len() {
            let Some(input) = self.inputs.get(self.next) else {
                return Ok(0);
            };
            self.given.borrow_mut().push(self.output.borrow().len());
            self.next += 1;
            self.line.clone_from(&input.bytes);
            self.at = 0;
            if self.line.is_empty() {
                // The end of the input (`> \z`), the last input there is.
                return Ok(0);
            }
        }
        let count = buffer.len().min(self.line.len() - self.at);
        buffer[..count].copy_from_slice(&self.line[self.at..self.at + count]);
        self.at += count;
        Ok(count)
    }
}

/// An output shared with the follower, which counts its grids.
struct Shared(Rc<RefCell<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}
