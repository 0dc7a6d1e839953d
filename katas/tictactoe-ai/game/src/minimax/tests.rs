//! The minimax table checked against every position of the game: an independent solver
//! written another way (bit masks, a plain search with its own memory) agrees on the value and
//! the best cells of each of the 5,478 positions reachable from the empty grid, whose counts
//! are the published ones; and the best replies every player of the game knows.

use std::collections::HashMap;

use super::*;

/// The eight lines as bit masks of the nine cells, bit 0 the top left.
const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

fn has_line(marks: u16) -> bool {
    LINES.iter().any(|&line| (marks & line).count_ones() == 3)
}

/// A position as two masks: the mover's marks and the other player's.
type Masks = (u16, u16);

/// The value for the mover, in -1 (loss), 0 (draw), 1 (win), by negamax.
fn negamax(mover: u16, other: u16, memory: &mut HashMap<Masks, i8>) -> i8 {
    if let Some(&known) = memory.get(&(mover, other)) {
        return known;
    }
    let value = if has_line(other) {
        -1
    } else if mover | other == 0x1FF {
        0
    } else {
        (0..9)
            .map(|bit| 1u16 << bit)
            .filter(|cell| (mover | other) & cell == 0)
            .map(|cell| -negamax(other, mover | cell, memory))
            .max()
            .unwrap_or(0)
    };
    memory.insert((mover, other), value);
    value
}

/// Every position reachable from the empty grid, by X's and O's masks, with the player to move.
fn reachable() -> Vec<(u16, u16, Mark)> {
    let mut seen = HashMap::new();
    let mut stack = vec![(0u16, 0u16, Mark::X)];
    while let Some((x, o, mover)) = stack.pop() {
        if seen.insert((x, o), mover).is_some() {
            continue;
        }
        if has_line(x) || has_line(o) || x | o == 0x1FF {
            continue;
        }
        for bit in 0..9 {
            let cell = 1u16 << bit;
            if (x | o) & cell == 0 {
                stack.push(match mover {
                    Mark::X => (x | cell, o, Mark::O),
                    Mark::O => (x, o | cell, Mark::X),
                });
            }
        }
    }
    seen.into_iter()
        .map(|((x, o), mover)| (x, o, mover))
        .collect()
}

fn board_of(x: u16, o: u16) -> Board {
    let mut board = Board::empty();
    for (bit, position) in rules::cells().enumerate() {
        if x & (1 << bit) != 0 {
            board.place(position, Mark::X);
        } else if o & (1 << bit) != 0 {
            board.place(position, Mark::O);
        }
    }
    board
}

fn value_of(number: i8) -> Value {
    match number {
        1 => Value::Win,
        0 => Value::Draw,
        _ => Value::Loss,
    }
}

fn board(cells: &str) -> Board {
    cells.parse().expect("a cell string")
}

/// Cells as `row column`, 1-based, as a learner names them.
fn named(cells: &[Position]) -> Vec<String> {
    cells.iter().map(ToString::to_string).collect()
}

#[test]
fn agrees_with_an_independent_solver_on_every_reachable_position() {
    let positions = reachable();
    assert_eq!(
        positions.len(),
        5_478,
        "the positions reachable from the empty grid"
    );
    let mut memory = HashMap::new();
    let mut terminal = [0usize; 3];
    for &(x, o, mover) in &positions {
        let grid = board_of(x, o);
        let (mine, theirs) = match mover {
            Mark::X => (x, o),
            Mark::O => (o, x),
        };
        assert_eq!(
            value(&grid, mover),
            value_of(negamax(mine, theirs, &mut memory)),
            "{grid}"
        );
        let outcome = if has_line(x) {
            Some(0)
        } else if has_line(o) {
            Some(1)
        } else if x | o == 0x1FF {
            Some(2)
        } else {
            None
        };
        if let Some(outcome) = outcome {
            terminal[outcome] += 1;
            assert!(best_cells(&grid, mover).is_empty(), "{grid}");
            continue;
        }
        let expected: Vec<Position> = rules::cells()
            .enumerate()
            .filter(|&(bit, _)| (x | o) & (1 << bit) == 0)
            .filter(|&(bit, _)| {
                let best = (0..9)
                    .filter(|b| (x | o) & (1 << b) == 0)
                    .map(|b| -negamax(theirs, mine | (1 << b), &mut memory))
                    .max();
                Some(-negamax(theirs, mine | (1 << bit), &mut memory)) == best
            })
            .map(|(_, position)| position)
            .collect();
        assert_eq!(best_cells(&grid, mover), expected, "{grid}");
    }
    // X wins, O wins, draws: the published counts of the game's final positions.
    assert_eq!(terminal, [626, 316, 16]);
}

#[test]
fn the_openings_every_player_knows() {
    // Every first move draws.
    assert_eq!(value(&Board::empty(), Mark::X), Value::Draw);
    assert_eq!(best_cells(&Board::empty(), Mark::X).len(), 9);
    // After a corner, only the centre holds the draw.
    assert_eq!(named(&best_cells(&board("X________"), Mark::O)), ["2 2"]);
    // After the centre, any corner does; an edge loses.
    assert_eq!(
        named(&best_cells(&board("____X____"), Mark::O)),
        ["1 1", "1 3", "3 1", "3 3"]
    );
    assert_eq!(
        value_of_move(
            &board("____X____"),
            Position::new(0, 1).expect("a cell"),
            Mark::O
        ),
        Value::Loss
    );
    // After an edge: the centre, the two corners beside it, and the opposite edge.
    assert_eq!(
        named(&best_cells(&board("_X_______"), Mark::O)),
        ["1 1", "1 3", "2 2", "3 2"]
    );
}

#[test]
fn a_win_now_and_a_win_later_are_worth_the_same() {
    // X can win at once (1 3) or set up a fork; both are wins, and both are best.
    let grid = board("XX_OO____");
    assert_eq!(value(&grid, Mark::X), Value::Win);
    assert!(named(&best_cells(&grid, Mark::X)).contains(&"1 3".to_owned()));
    // O must block at 1 3, or lose.
    assert_eq!(named(&best_cells(&board("XX__O____"), Mark::O)), ["1 3"]);
    assert!(best_cells(&board("XXXOO____"), Mark::O).is_empty());
}
