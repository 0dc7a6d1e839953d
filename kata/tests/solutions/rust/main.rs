//! Every stage of the Tic-Tac-Toe kata in Rust, standard library only, correct on every
//! fixture. Test data for kata's tests: copied into a project's stage N with __STAGE__ replaced
//! by N.

use std::io::{self, BufRead, Read, Write};
use std::process::ExitCode;

const STAGE: u8 = __STAGE__;
const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// The input ended at a prompt, before this happened.
struct InputEnded(&'static str);

struct Game<R> {
    input: R,
    cells: [u8; 9],
}

impl<R: BufRead> Game<R> {
    /// The next line without its ending, trimmed; `None` at the end of the input. A line is
    /// kept to 4 KiB, and one that is not UTF-8 becomes an answer no question accepts.
    fn read_line(&mut self) -> Option<String> {
        let mut line = Vec::new();
        let read = (&mut self.input)
            .take(4096)
            .read_until(b'\n', &mut line)
            .ok()?;
        if read == 0 {
            return None;
        }
        if line.last() != Some(&b'\n') && read == 4096 {
            let mut rest = Vec::new();
            let _ = self.input.read_until(b'\n', &mut rest);
        }
        Some(
            String::from_utf8(line)
                .map_or_else(|_| "\u{fffd}".to_owned(), |text| text.trim().to_owned()),
        )
    }

    fn ask(&mut self, prompt: &str, awaited: &'static str) -> Result<String, InputEnded> {
        print!("{prompt}");
        let _ = io::stdout().flush();
        self.read_line().ok_or(InputEnded(awaited))
    }

    fn grid(&self) -> String {
        let mut text = String::from("---------\n");
        for row in self.cells.chunks(3) {
            text += &format!(
                "| {} {} {} |\n",
                row[0] as char, row[1] as char, row[2] as char
            );
        }
        text + "---------\n"
    }

    fn wins(&self, mark: u8) -> bool {
        LINES
            .iter()
            .any(|line| line.iter().all(|&index| self.cells[index] == mark))
    }

    fn count(&self, mark: u8) -> usize {
        self.cells.iter().filter(|&&cell| cell == mark).count()
    }

    fn ask_cells(&mut self) -> Result<(), InputEnded> {
        loop {
            let answer = self.ask("Enter cells: ", "the cells were entered")?;
            if answer.len() == 9 && answer.bytes().all(|byte| b"XO_".contains(&byte)) {
                self.cells.copy_from_slice(answer.as_bytes());
                return Ok(());
            }
            println!("You should enter 9 symbols: X, O or _!");
        }
    }

    fn ask_move(&mut self, awaited: &'static str) -> Result<usize, InputEnded> {
        loop {
            let answer = self.ask("Enter the coordinates: ", awaited)?;
            let words: Vec<&str> = answer.split_whitespace().collect();
            let coordinates: Vec<Option<Option<usize>>> =
                words.iter().map(|word| coordinate(word)).collect();
            match coordinates.as_slice() {
                [Some(row), Some(column)] => match (row, column) {
                    (Some(row), Some(column)) if self.cells[row * 3 + column] == b'_' => {
                        return Ok(row * 3 + column);
                    }
                    (Some(_), Some(_)) => println!("This cell is occupied! Choose another one!"),
                    _ => println!("Coordinates should be from 1 to 3!"),
                },
                _ => println!("You should enter numbers!"),
            }
        }
    }

    fn run(&mut self) -> Result<(), InputEnded> {
        match STAGE {
            1 => print!("X O X\nO X O\nX X O\n"),
            2..=4 => {
                self.ask_cells()?;
                print!("{}", self.grid());
                if STAGE == 3 {
                    let (x_wins, o_wins) = (self.wins(b'X'), self.wins(b'O'));
                    let state =
                        if (x_wins && o_wins) || self.count(b'X').abs_diff(self.count(b'O')) >= 2 {
                            "Impossible"
                        } else if x_wins {
                            "X wins"
                        } else if o_wins {
                            "O wins"
                        } else if self.count(b'_') == 0 {
                            "Draw"
                        } else {
                            "Game not finished"
                        };
                    println!("{state}");
                } else if STAGE == 4 {
                    let cell = self.ask_move("a move was made")?;
                    self.cells[cell] = b'X';
                    print!("{}", self.grid());
                }
            }
            _ => {
                let mut mark = b'X';
                print!("{}", self.grid());
                loop {
                    let cell = self.ask_move("the game was over")?;
                    self.cells[cell] = mark;
                    print!("{}", self.grid());
                    if self.wins(mark) {
                        println!("{} wins", mark as char);
                        break;
                    }
                    if self.count(b'_') == 0 {
                        println!("Draw");
                        break;
                    }
                    mark = if mark == b'X' { b'O' } else { b'X' };
                }
            }
        }
        Ok(())
    }
}

/// A coordinate word: `None` when not an integer, `Some(None)` when outside 1 to 3, else its
/// 0-based index.
fn coordinate(word: &str) -> Option<Option<usize>> {
    let digits = word.strip_prefix(['+', '-']).unwrap_or(word);
    if digits.is_empty() || !digits.bytes().all(|byte| byte.is_ascii_digit()) {
        return None;
    }
    let value = digits.trim_start_matches('0');
    Some(match value {
        "1" | "2" | "3" if !word.starts_with('-') => Some(usize::from(value.as_bytes()[0] - b'1')),
        _ => None,
    })
}

fn main() -> ExitCode {
    let mut game = Game {
        input: io::stdin().lock(),
        cells: *b"_________",
    };
    match game.run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(InputEnded(awaited)) => {
            eprintln!("stage{STAGE}: input ended before {awaited}");
            ExitCode::FAILURE
        }
    }
}
