// Stage 5 of the Tic-Tac-Toe kata in Rust, reading each answer with read_line.
use std::io::{self, Write};
use std::process::ExitCode;

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6],
];

fn show(cells: &[char; 9]) {
    println!("---------");
    for row in cells.chunks(3) {
        println!("| {} {} {} |", row[0], row[1], row[2]);
    }
    println!("---------");
}

fn is_number(word: &str) -> bool {
    let digits = word.strip_prefix(['+', '-']).unwrap_or(word);
    !digits.is_empty() && digits.bytes().all(|byte| byte.is_ascii_digit())
}

fn one_to_three(word: &str) -> Option<usize> {
    match word.strip_prefix('+').unwrap_or(word).trim_start_matches('0') {
        "1" => Some(1),
        "2" => Some(2),
        "3" => Some(3),
        _ => None,
    }
}

fn main() -> ExitCode {
    let mut cells = ['_'; 9];
    let mut mark = 'X';
    show(&cells);
    loop {
        print!("Enter the coordinates: ");
        let _ = io::stdout().flush();
        let mut line = String::new();
        if io::stdin().read_line(&mut line).unwrap_or(0) == 0 {
            eprintln!("stage5: input ended before the game was over");
            return ExitCode::FAILURE;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.len() != 2 || !words.iter().all(|word| is_number(word)) {
            println!("You should enter numbers!");
            continue;
        }
        let (Some(row), Some(column)) = (one_to_three(words[0]), one_to_three(words[1])) else {
            println!("Coordinates should be from 1 to 3!");
            continue;
        };
        let index = (row - 1) * 3 + column - 1;
        if cells[index] != '_' {
            println!("This cell is occupied! Choose another one!");
            continue;
        }
        cells[index] = mark;
        show(&cells);
        if LINES.iter().any(|line| line.iter().all(|&i| cells[i] == mark)) {
            println!("{mark} wins");
            return ExitCode::SUCCESS;
        }
        if !cells.contains(&'_') {
            println!("Draw");
            return ExitCode::SUCCESS;
        }
        mark = if mark == 'X' { 'O' } else { 'X' };
    }
}
