//! Every possible game of Tic-Tac-Toe, all 255,168 of them, played through stage 5 ends with the
//! right verdict right after its deciding move: the winner is checked here, independently of the
//! library, and one extra move after the end is never read.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

const BORDER: &str = "---------";
const PROMPT: &str = "Enter the coordinates: ";

/// How the games ended, counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Totals {
    x_wins: u32,
    o_wins: u32,
    draws: u32,
}

impl Totals {
    fn add(self, other: Totals) -> Totals {
        Totals {
            x_wins: self.x_wins + other.x_wins,
            o_wins: self.o_wins + other.o_wins,
            draws: self.draws + other.draws,
        }
    }

    fn games(self) -> u32 {
        self.x_wins + self.o_wins + self.draws
    }
}

/// Whether the move at (`row`, `column`) completed the row, the column or a diagonal through
/// that cell for the mark it put there: the only lines a move can make.
fn completes_line(grid: &[[u8; 3]; 3], row: usize, column: usize) -> bool {
    let mark = grid[row][column];
    let whole_row = (0..3).all(|c| grid[row][c] == mark);
    let whole_column = (0..3).all(|r| grid[r][column] == mark);
    let main_diagonal = row == column && (0..3).all(|i| grid[i][i] == mark);
    let anti_diagonal = row + column == 2 && (0..3).all(|i| grid[i][2 - i] == mark);
    whole_row || whole_column || main_diagonal || anti_diagonal
}

/// The grid as the specification draws it, five lines.
fn draw(grid: &[[u8; 3]; 3], into: &mut String) {
    into.push_str(BORDER);
    into.push('\n');
    for row in grid {
        into.push('|');
        for &cell in row {
            into.push(' ');
            into.push(char::from(cell));
        }
        into.push_str(" |\n");
    }
    into.push_str(BORDER);
    into.push('\n');
}

/// A game in progress: its moves so far (0-based row and column), its grid, and, built up
/// move by move as the search goes (games share their openings), the input that plays it and
/// the transcript stage 5 must print for it so far.
struct Game {
    moves: Vec<(usize, usize)>,
    grid: [[u8; 3]; 3],
    input: String,
    expected: String,
    /// The lengths of `input` and `expected` before each move, to undo it.
    before: Vec<(usize, usize)>,
}

impl Game {
    fn new() -> Game {
        let grid = [[b'_'; 3]; 3];
        let mut expected = String::with_capacity(1024);
        draw(&grid, &mut expected);
        Game {
            moves: Vec::with_capacity(9),
            grid,
            input: String::with_capacity(64),
            expected,
            before: Vec::with_capacity(9),
        }
    }

    fn mark_to_play(&self) -> u8 {
        if self.moves.len().is_multiple_of(2) {
            b'X'
        } else {
            b'O'
        }
    }

    /// Plays the move and says whether it ended the game with a line.
    fn play(&mut self, row: usize, column: usize) -> bool {
        self.before.push((self.input.len(), self.expected.len()));
        self.grid[row][column] = self.mark_to_play();
        self.moves.push((row, column));
        self.input
            .push(char::from(b'1' + u8::try_from(row).unwrap_or(0)));
        self.input.push(' ');
        self.input
            .push(char::from(b'1' + u8::try_from(column).unwrap_or(0)));
        self.input.push('\n');
        self.expected.push_str(PROMPT);
        draw(&self.grid, &mut self.expected);
        completes_line(&self.grid, row, column)
    }

    fn undo(&mut self) {
        let (row, column) = self.moves.pop().expect("a move to undo");
        self.grid[row][column] = b'_';
        let (input, expected) = self.before.pop().expect("the lengths before the move");
        self.input.truncate(input);
        self.expected.truncate(expected);
    }
}

/// Plays every continuation of `game` to its end, checks each ended game through stage 5 and
/// counts the verdicts.
fn explore(game: &mut Game, totals: &mut Totals) {
    for cell in 0..9 {
        let (row, column) = (cell / 3, cell % 3);
        if game.grid[row][column] != b'_' {
            continue;
        }
        let mover = game.mark_to_play();
        let won = game.play(row, column);
        if won {
            check(game, if mover == b'X' { "X wins" } else { "O wins" });
            if mover == b'X' {
                totals.x_wins += 1;
            } else {
                totals.o_wins += 1;
            }
        } else if game.moves.len() == 9 {
            check(game, "Draw");
            totals.draws += 1;
        } else {
            explore(game, totals);
        }
        game.undo();
    }
}

/// Runs the ended `game` through stage 5, with one more move after its last, and checks the
/// output against the transcript the game must give, built here; when it differs, says how.
fn check(game: &Game, verdict: &str) {
    // Never read: the game is over before it.
    let input = format!("{}1 1\n", game.input);
    let mut output = Vec::with_capacity(game.expected.len() + 16);
    let result = stage5::run(input.as_bytes(), &mut output);
    let ends_right = output
        .strip_suffix(b"\n")
        .is_some_and(|rest| rest.ends_with(verdict.as_bytes()));
    if result.is_ok()
        && ends_right
        && output.len() == game.expected.len() + verdict.len() + 1
        && output.starts_with(game.expected.as_bytes())
    {
        return;
    }
    let output = String::from_utf8_lossy(&output);
    assert!(
        result.is_ok(),
        "stage 5 failed with {result:?} on {input:?}; it printed:\n{output}"
    );
    assert_eq!(
        output.lines().last(),
        Some(verdict),
        "the last line on {input:?}"
    );
    let moves = game.moves.len();
    assert_eq!(
        // A grid after a move starts on the prompt's line.
        output.lines().filter(|line| line.ends_with(BORDER)).count(),
        2 * (moves + 1),
        "border lines (two per grid) on {input:?}"
    );
    assert_eq!(
        output.matches(PROMPT).count(),
        moves,
        "prompts on {input:?}"
    );
    assert_eq!(
        output,
        format!("{}{verdict}\n", game.expected),
        "the transcript on {input:?}"
    );
}

/// The games' trial, a second of CPU time: left to `scripts/exhaustive`, which CI runs, so that
/// `cargo test` stays within seconds.
pub(crate) fn trials() -> Vec<test_support::Trial> {
    test_support::tests!("every_game": every_game_ends_with_its_verdict_right_after_the_deciding_move)
        .into_iter()
        .map(|trial| test_support::slow(trial, "slow: scripts/exhaustive runs it"))
        .collect()
}

fn every_game_ends_with_its_verdict_right_after_the_deciding_move() {
    // The 72 openings of two moves, shared out among two threads as they come free.
    let openings: Vec<(usize, usize)> = (0..9)
        .flat_map(|first| {
            (0..9)
                .filter(move |&second| second != first)
                .map(move |second| (first, second))
        })
        .collect();
    let next = AtomicUsize::new(0);
    let totals = thread::scope(|scope| {
        let workers: Vec<_> = (0..2)
            .map(|_| {
                scope.spawn(|| {
                    let mut totals = Totals::default();
                    let mut game = Game::new();
                    while let Some(&(first, second)) =
                        openings.get(next.fetch_add(1, Ordering::Relaxed))
                    {
                        // Two moves never make a line nor fill the grid.
                        assert!(!game.play(first / 3, first % 3));
                        assert!(!game.play(second / 3, second % 3));
                        explore(&mut game, &mut totals);
                        game.undo();
                        game.undo();
                    }
                    totals
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|worker| worker.join().expect("a worker failed a check"))
            .fold(Totals::default(), Totals::add)
    });
    assert_eq!(
        totals,
        Totals {
            x_wins: 131_184,
            o_wins: 77_904,
            draws: 46_080,
        }
    );
    assert_eq!(totals.games(), 255_168);
}
