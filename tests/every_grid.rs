//! Stage 3 on every one of the 3^9 = 19,683 cell strings prints exactly the prompt, the grid and
//! the state line, where the state comes from an oracle written here by another method (the
//! magic square) than the library's (eight index triples), sharing no code with it.

/// The 3x3 magic square, row by row: every row, column and diagonal sums to 15, and no other
/// three of its distinct numbers from 1 to 9 do.
const MAGIC: [u32; 9] = [2, 7, 6, 9, 5, 1, 4, 3, 8];

/// Whether the cells holding `symbol` include three whose magic numbers sum to 15, which is the
/// case exactly when they include a row, a column or a diagonal.
fn has_line(cells: &[u8; 9], symbol: u8) -> bool {
    let numbers: Vec<u32> = cells
        .iter()
        .zip(MAGIC)
        .filter(|&(&cell, _)| cell == symbol)
        .map(|(_, number)| number)
        .collect();
    (0..numbers.len()).any(|a| {
        (a + 1..numbers.len())
            .any(|b| (b + 1..numbers.len()).any(|c| numbers[a] + numbers[b] + numbers[c] == 15))
    })
}

/// The state line the specification gives for `cells`.
fn oracle(cells: &[u8; 9]) -> &'static str {
    let count = |symbol: u8| cells.iter().filter(|&&cell| cell == symbol).count();
    let (x_line, o_line) = (has_line(cells, b'X'), has_line(cells, b'O'));
    if (x_line && o_line) || count(b'X').abs_diff(count(b'O')) >= 2 {
        "Impossible"
    } else if x_line {
        "X wins"
    } else if o_line {
        "O wins"
    } else if count(b'_') == 0 {
        "Draw"
    } else {
        "Game not finished"
    }
}

/// The five-line grid of `cells`, built here from the specification's description.
fn grid(cells: &[u8; 9]) -> String {
    let mut text = String::from("---------\n");
    for row in cells.chunks(3) {
        text.push('|');
        for &cell in row {
            text.push(' ');
            text.push(char::from(cell));
        }
        text.push_str(" |\n");
    }
    text.push_str("---------\n");
    text
}

/// The cell string number `index` of the 3^9, read as nine base-3 digits.
fn cells_of(mut index: u32) -> [u8; 9] {
    let mut cells = [b'_'; 9];
    for cell in &mut cells {
        *cell = [b'_', b'X', b'O'][(index % 3) as usize];
        index /= 3;
    }
    cells
}

pub(crate) fn trials() -> Vec<test_support::Trial> {
    test_support::tests!("every_grid":
        every_cell_string_gets_its_grid_and_state,
        the_magic_square_sums_to_15_on_exactly_the_eight_lines,
        the_oracle_knows_the_specification_examples,
    )
}

fn every_cell_string_gets_its_grid_and_state() {
    let mut counts = [
        ("X wins", 0_u32),
        ("O wins", 0),
        ("Draw", 0),
        ("Game not finished", 0),
        ("Impossible", 0),
    ];
    for index in 0..3_u32.pow(9) {
        let cells = cells_of(index);
        let text = std::str::from_utf8(&cells).expect("cells are ASCII");
        let input = format!("{text}\n");
        let mut output = Vec::new();
        stage3::run(input.as_bytes(), &mut output)
            .expect("stage 3 ends normally on a valid cell string");
        let output = String::from_utf8(output).expect("stage 3 prints UTF-8");
        let state = oracle(&cells);
        let expected = format!("Enter cells: {}{state}\n", grid(&cells));
        assert_eq!(output, expected, "stage 3 on {text}");
        let slot = counts
            .iter_mut()
            .find(|(name, _)| *name == state)
            .expect("the oracle gives one of the five states");
        slot.1 += 1;
    }
    assert_eq!(
        counts,
        [
            ("X wins", 1038),
            ("O wins", 1038),
            ("Draw", 32),
            ("Game not finished", 6617),
            ("Impossible", 10958),
        ],
        "how many cell strings have each state"
    );
}

/// The magic square's sums of 15 are exactly the eight lines, so the oracle is the rules.
fn the_magic_square_sums_to_15_on_exactly_the_eight_lines() {
    let triples: Vec<[usize; 3]> = (0..9_usize.pow(3))
        .map(|n| [n / 81, n / 9 % 9, n % 9])
        .filter(|&[a, b, c]| a < b && b < c && MAGIC[a] + MAGIC[b] + MAGIC[c] == 15)
        .collect();
    let mut lines = vec![
        [0, 1, 2],
        [3, 4, 5],
        [6, 7, 8],
        [0, 3, 6],
        [1, 4, 7],
        [2, 5, 8],
        [0, 4, 8],
        [2, 4, 6],
    ];
    lines.sort_unstable();
    assert_eq!(triples, lines);
}

/// The oracle agrees with the specification's own examples.
fn the_oracle_knows_the_specification_examples() {
    for (cells, state) in [
        ("XXXOO__O_", "X wins"),
        ("XOXOXOXXO", "X wins"),
        ("XOOOXOXXO", "O wins"),
        ("XOXOOXXXO", "Draw"),
        ("XO_OOX_X_", "Game not finished"),
        ("XO_XO_XOX", "Impossible"),
        ("_O_X__X_X", "Impossible"),
        ("_OOOO_X_X", "Impossible"),
    ] {
        let cells: [u8; 9] = cells.as_bytes().try_into().expect("nine symbols");
        assert_eq!(oracle(&cells), state, "{cells:?}");
    }
}
