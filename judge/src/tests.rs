//! The reading of the game on small transcripts: what is presentation, what is a fault.

use harness::content::{Caret, Comparison, ContentCheck, Finding, Mismatch, Presentation, Spot};
use kata_model::transcript::Transcript;

use super::TicTacToe;

const STAGE3: &str =
    "Enter cells: > XXXOO__O_\n---------\n| X X X |\n| O O _ |\n| _ O _ |\n---------\nX wins\n";

fn compare(stage: u8, transcript: &str, actual: &str) -> Comparison {
    let transcript = Transcript::parse(transcript).expect("a valid transcript");
    TicTacToe::new(stage).compare(&transcript, actual.as_bytes())
}

fn presentation(stage: u8, transcript: &str, actual: &str) -> Vec<Presentation> {
    match compare(stage, transcript, actual).finding {
        Finding::Same(differences) => differences,
        Finding::Differs(mismatch) => panic!("{actual:?}: {mismatch:?}"),
    }
}

fn summaries(stage: u8, transcript: &str, actual: &str) -> Vec<String> {
    presentation(stage, transcript, actual)
        .into_iter()
        .map(|difference| difference.summary)
        .collect()
}

fn fault(stage: u8, transcript: &str, actual: &str) -> Mismatch {
    match compare(stage, transcript, actual).finding {
        Finding::Differs(mismatch) => *mismatch,
        Finding::Same(differences) => panic!("{actual:?} passes: {differences:?}"),
    }
}

fn stdout(transcript: &str) -> String {
    String::from_utf8(Transcript::parse(transcript).expect("valid").stdout()).expect("UTF-8")
}

#[test]
fn the_expected_output_has_no_difference() {
    assert_eq!(presentation(3, STAGE3, &stdout(STAGE3)), []);
}

#[test]
fn names_each_kind_of_presentation_difference() {
    let right = stdout(STAGE3);
    for (actual, summary) in [
        (
            right.replace("Enter cells: ", "Enter cells:"),
            "the prompt `Enter cells:` is missing the space it should end with",
        ),
        (
            right.replace("Enter cells: ", "Enter cells:\n"),
            "the prompt `Enter cells:\\n` ends with a line break, so the answer is typed on the \
             next line; it should be `Enter cells: `, with the answer on the same line",
        ),
        (
            right.replace("Enter cells: ", ""),
            "the prompt `Enter cells: ` is missing",
        ),
        (
            right.replace("Enter cells: ", "Please enter the cells > "),
            "the prompt reads `Please enter the cells > ` where it should read `Enter cells: `",
        ),
        (
            right.replace("| _ O _ |", "|   O   |"),
            "empty cells are shown as spaces; this kata shows `_`",
        ),
        (
            right.replace("---------", "-----------"),
            "the border is `-----------`, 11 dashes, where it should be `---------`, 9",
        ),
        (
            right.replace("---------\nX", "---------\n\nX"),
            "there is an extra empty line",
        ),
        (
            right.replace('\n', "\r\n"),
            "lines end in CRLF (\\r\\n) where they should end in LF (\\n) alone",
        ),
        (
            right.replace("X wins", "X Wins"),
            "`X Wins` differs in letter case from `X wins`",
        ),
        (
            right.replace("X wins", "X wins!"),
            "a message reads `X wins!` where it should read `X wins`",
        ),
        (
            right.replace("| O O _ |", "|O|O|_|"),
            "grid rows are drawn as `|O|O|_|` where they should be drawn as `| O O _ |`",
        ),
        (
            right.replace("| O O _ |", "| O O _ |  "),
            "a line has trailing white space",
        ),
        (
            right.replace("X wins\n", "X wins"),
            "the output does not end with a newline",
        ),
        (
            right.replace("---------\nX", "X"),
            "a grid's border line `---------` is missing",
        ),
        (
            format!("{right}Enter cells: "),
            "there is an extra prompt, `Enter cells:`",
        ),
    ] {
        assert_eq!(summaries(3, STAGE3, &actual), [summary], "{actual:?}");
    }
}

#[test]
fn counts_only_the_places_that_show_the_same_difference() {
    let right = stdout(STAGE4);
    // The first prompt ends its line, the others are missing: two differences, not one in
    // three places.
    let actual = right
        .replacen("Enter cells: ", "Enter cells:\n", 1)
        .replace("Enter the coordinates: ", "");
    let found: Vec<(String, usize)> = presentation(4, STAGE4, &actual)
        .into_iter()
        .map(|difference| (difference.summary, difference.count))
        .collect();
    assert_eq!(
        found,
        [
            (
                "the prompt `Enter cells:\\n` ends with a line break, so the answer is typed on \
                 the next line; it should be `Enter cells: `, with the answer on the same line"
                    .to_owned(),
                1
            ),
            (
                "the prompt `Enter the coordinates: ` is missing".to_owned(),
                2
            ),
        ]
    );
}

#[test]
fn counts_each_kind_once_in_the_order_first_seen() {
    let actual = stdout(STAGE3)
        .replace("Enter cells: ", "")
        .replace('_', " ")
        .replace("---------", "---------------");
    let differences = presentation(3, STAGE3, &actual);
    let kinds: Vec<(&str, usize)> = differences
        .iter()
        .map(|difference| (difference.summary.as_str(), difference.count))
        .collect();
    assert_eq!(
        kinds,
        [
            ("the prompt `Enter cells: ` is missing", 1),
            (
                "the border is `---------------`, 15 dashes, where it should be `---------`, 9",
                2
            ),
            ("empty cells are shown as spaces; this kata shows `_`", 2),
        ]
    );
}

#[test]
fn a_wrong_game_is_a_fault_however_it_is_presented() {
    let right = stdout(STAGE3);
    let wrong_state = fault(3, STAGE3, &right.replace("X wins", "O wins"));
    assert_eq!(
        wrong_state.summary,
        "the state `O wins` is shown where the state `X wins` is expected"
    );
    assert!(wrong_state.earlier.is_none());
    let masked = fault(
        3,
        STAGE3,
        &right
            .replace("Enter cells: ", "Enter cells:")
            .replace("X wins", "O wins"),
    );
    assert_eq!(
        masked.earlier.map(|earlier| earlier.summary).as_deref(),
        Some("the prompt `Enter cells:` is missing the space it should end with")
    );
    assert_eq!(
        fault(3, STAGE3, &right.replace("| O O _ |", "| O O O |")).summary,
        "in the grid, the cell in row 2, column 3 is `O` where it should be `_`"
    );
    assert_eq!(
        fault(3, STAGE3, &right.replace("| O O _ |", "| O   O |")).summary,
        "in the grid, the cell in row 2, column 2 is `_` where it should be `O` (and 1 more \
         cell is wrong)"
    );
    assert_eq!(
        fault(3, STAGE3, &right.replace("X wins\n", "")).summary,
        "the output ends where the state `X wins` is expected"
    );
    assert_eq!(
        fault(3, STAGE3, &right.replace("X wins", "X wins\nDraw")).summary,
        "the output goes on with the state `Draw` where it should end"
    );
    assert_eq!(
        fault(3, STAGE3, &right.replace("X wins", "Xwins0")).summary,
        "the line `Xwins0` is shown where the state `X wins` is expected"
    );
    assert_eq!(
        fault(3, STAGE3, &right.replace("X wins", "\x1b[2JPassed")).summary,
        "the line `\\u{1b}[2JPassed` is shown where the state `X wins` is expected",
        "a quote never acts on a terminal"
    );
}

const STAGE5: &str = "---------\n| _ _ _ |\n| _ _ _ |\n| _ _ _ |\n---------\n\
    Enter the coordinates: > 1 1\n---------\n| X _ _ |\n| _ _ _ |\n| _ _ _ |\n---------\n\
    Enter the coordinates: > 1 3\n---------\n| X _ O |\n| _ _ _ |\n| _ _ _ |\n---------\n\
    Enter the coordinates: > \\z\n";

#[test]
fn names_the_convention_of_coordinates_a_run_follows() {
    let old_coordinates = "---------\n| _ _ _ |\n| _ _ _ |\n| _ _ _ |\n---------\n\
        Enter the coordinates: ---------\n| _ _ _ |\n| _ _ _ |\n| X _ _ |\n---------\n\
        Enter the coordinates: ---------\n| O _ _ |\n| _ _ _ |\n| X _ _ |\n---------\n\
        Enter the coordinates: ";
    let cartesian = fault(5, STAGE5, old_coordinates);
    assert_eq!(
        cartesian.summary,
        "the user's answer `1 1` should put X in the top-left cell (row 1, column 1); the \
         program put it in the bottom-left cell (row 3, column 1)"
    );
    assert_eq!(
        cartesian.notes[0],
        "The first line that differs: in the grid, the cell in row 1, column 1 is `_` where it \
         should be `X` (and 1 more cell is wrong)."
    );
    assert!(
        cartesian.notes[1].starts_with(
            "Every move of the run fits the course's old coordinates: `x y`, the column first"
        ),
        "{:?}",
        cartesian.notes
    );
    let swapped = "---------\n| _ _ _ |\n| _ _ _ |\n| _ _ _ |\n---------\n\
        Enter the coordinates: ---------\n| X _ _ |\n| _ _ _ |\n| _ _ _ |\n---------\n\
        Enter the coordinates: ---------\n| X _ _ |\n| _ _ _ |\n| O _ _ |\n---------\n\
        Enter the coordinates: ";
    assert!(fault(5, STAGE5, swapped).notes[1].contains("`column row`"));
    // The first move fits the old coordinates, the second none: no convention is named.
    let just_wrong = old_coordinates.replace("| O _ _ |", "| _ O _ |");
    assert_eq!(fault(5, STAGE5, &just_wrong).notes.len(), 1);
}

#[test]
fn places_each_input_after_the_prompt_the_run_shows_for_it() {
    let right = stdout(STAGE3);
    let placed = |actual: &str| compare(3, STAGE3, actual).input_offsets;
    assert_eq!(placed(&right), [13]);
    assert_eq!(
        placed(&right.replace("Enter cells: ", "Cells? ")),
        [0],
        "Not a prompt"
    );
    assert_eq!(
        placed(&right.replace("Enter cells: ", "Enter cells:\n")),
        [13]
    );
    assert_eq!(placed(&right.replace("Enter cells: ", "")), [0]);
    assert_eq!(placed(""), [0]);
}

const STAGE4: &str = "Enter cells: > X_X_O____\n---------\n| X _ X |\n| _ O _ |\n| _ _ _ |\n\
    ---------\nEnter the coordinates: > 4 1\nCoordinates should be from 1 to 3!\n\
    Enter the coordinates: > 1 2\n---------\n| X X X |\n| _ O _ |\n| _ _ _ |\n---------\n";

#[test]
fn a_prompt_without_its_colon_never_takes_in_what_follows_it() {
    let right = stdout(STAGE4);
    // Each prompt written without its colon: the message after the second is still read.
    let without_colons = right.replace(": ", " ");
    assert_eq!(
        summaries(4, STAGE4, &without_colons),
        ["the prompt `Enter cells ` is missing the `:` of `Enter cells: `"],
        "{without_colons:?}"
    );
    assert_eq!(presentation(4, STAGE4, &without_colons)[0].count, 3);
    // A prompt of other words without punctuation stops before a border.
    assert_eq!(
        summaries(
            3,
            STAGE3,
            &stdout(STAGE3).replace("Enter cells: ", "Give me cells ")
        ),
        ["the prompt reads `Give me cells ` where it should read `Enter cells: `"]
    );
    // And before a message in the words of the expected prompt.
    let rejected = "Enter cells: > XXXOO__O\nYou should enter 9 symbols: X, O or _!\n\
        Enter cells: > \\z\n";
    let actual = "Enter cells You should enter 9 symbols: X, O or _!\nEnter cells ";
    assert_eq!(presentation(3, rejected, actual)[0].count, 2);
}

#[test]
fn a_grid_shown_again_and_a_true_state_are_presentation() {
    let right = stdout(STAGE5);
    let grid_after = |grid: &str| format!("{grid}Game not finished\n");
    let first = "---------\n| X _ _ |\n| _ _ _ |\n| _ _ _ |\n---------\n";
    let second = "---------\n| X _ O |\n| _ _ _ |\n| _ _ _ |\n---------\n";
    let with_states = right
        .replace(first, &grid_after(first))
        .replace(second, &grid_after(second));
    let found = presentation(5, STAGE5, &with_states);
    assert_eq!(
        found
            .iter()
            .map(|difference| (difference.summary.as_str(), difference.count))
            .collect::<Vec<_>>(),
        [(
            "there is an extra state line, `Game not finished`, true where it is shown",
            2
        )]
    );
    let shown_again = stdout(STAGE4).replace(
        "Coordinates should be from 1 to 3!\n",
        "Coordinates should be from 1 to 3!\n---------\n| X _ X |\n| _ O _ |\n| _ _ _ |\n---------\n",
    );
    assert_eq!(
        summaries(4, STAGE4, &shown_again),
        ["the grid is shown again, unchanged"]
    );
}

#[test]
fn an_untrue_or_unfollowed_extra_line_is_a_different_game() {
    let right = stdout(STAGE5);
    let first = "---------\n| X _ _ |\n| _ _ _ |\n| _ _ _ |\n---------\n";
    let untrue = fault(
        5,
        STAGE5,
        &right.replace(first, &format!("{first}X wins\n")),
    );
    assert_eq!(
        untrue.summary,
        "the state `X wins` is shown while the game goes on: the grid before it, X__/___/___, \
         has no three in a row and an empty cell"
    );
    assert_eq!(
        untrue.notes,
        ["The first line that differs: the state `X wins` is shown where a grid is expected."]
    );
    // The grid shown again where the next move's grid should be, with nothing after it.
    let stopped = right.replace("| X _ O |", "| X _ _ |");
    assert_eq!(
        fault(5, STAGE5, &stopped).summary,
        "in the grid, the cell in row 1, column 3 is `_` where it should be `O`"
    );
}

#[test]
fn a_line_that_says_nothing_of_the_game_is_presentation_where_it_is_extra() {
    let right = stdout(STAGE5);
    let welcome = format!("Welcome to Tic-Tac-Toe!\n{right}");
    assert_eq!(
        summaries(5, STAGE5, &welcome),
        ["there is an extra line, `Welcome to Tic-Tac-Toe!`, which says nothing of the game"]
    );
    // In place of a message, a line is the message in other words, or another message.
    let instead = stdout(STAGE4).replace("Coordinates should be from 1 to 3!", "Try again");
    assert_eq!(
        fault(4, STAGE4, &instead).summary,
        "the line `Try again` is shown where the message `Coordinates should be from 1 to 3!` \
         is expected"
    );
    // A line with a word of the game's messages says something of the game.
    let lie = format!("Nobody wins today\n{right}");
    assert!(
        fault(5, STAGE5, &lie)
            .summary
            .contains("`Nobody wins today`")
    );
}

#[test]
fn a_state_that_is_not_true_is_named_with_the_grid_it_follows() {
    let right = stdout(STAGE5);
    // The game ends after the first move, as a program whose count of moves was not reset
    // would end it.
    let first = "---------\n| X _ _ |\n| _ _ _ |\n| _ _ _ |\n---------\n";
    let end = right.find(first).expect("the first move's grid") + first.len();
    let ended = fault(5, STAGE5, &format!("{}Draw\n", &right[..end]));
    assert_eq!(
        ended.summary,
        "the state `Draw` is shown while the game goes on: the grid before it, X__/___/___, has \
         no three in a row and an empty cell"
    );
}

#[test]
fn the_ai_kata_s_messages_are_read_by_their_words() {
    let menu = "Input command: > start\nBad parameters!\nInput command: > exit\n";
    assert_eq!(
        summaries(3, menu, "Input command: Bad parameters\nInput command: "),
        ["a message reads `Bad parameters` where it should read `Bad parameters!`"]
    );
    let level = "Making move level \"easy\"\n";
    assert_eq!(
        summaries(3, level, "making move level 'easy'\n"),
        [
            "a message reads `making move level 'easy'` where it should read `Making move \
             level \"easy\"`"
        ]
    );
    assert_eq!(
        fault(3, level, "Making move level \"medium\"\n").summary,
        "the message `Making move level \"medium\"` is shown where the message `Making move \
         level \"easy\"` is expected"
    );
}

#[test]
fn the_one_rejection_of_a_cell_string_is_recognised_whatever_its_words() {
    let rejected = "Enter cells: > XXXOO__O\nYou should enter 9 symbols: X, O or _!\n\
        Enter cells: > \\z\n";
    assert_eq!(
        summaries(3, rejected, "Enter cells: invalid value!\nEnter cells: "),
        [
            "a message reads `invalid value!` where it should read `You should enter 9 symbols: \
             X, O or _!`"
        ]
    );
    // A rejection that begins with a word prompts begin with, a colon inside it, is still a
    // rejection: never an extra prompt and a message of its last words.
    assert_eq!(
        summaries(
            3,
            rejected,
            "Enter cells: Please enter 9 symbols: X, O or _!\nEnter cells: "
        ),
        [
            "a message reads `Please enter 9 symbols: X, O or _!` where it should read `You \
             should enter 9 symbols: X, O or _!`"
        ]
    );
    // Where coordinates are rejected, three kinds of rejection are told apart by their words.
    let wrong = stdout(STAGE4).replace("Coordinates should be from 1 to 3!", "Invalid input");
    assert_eq!(
        fault(4, STAGE4, &wrong).summary,
        "the line `Invalid input` is shown where the message `Coordinates should be from 1 to 3!` \
         is expected"
    );
}

#[test]
fn explains_a_wrong_game_in_the_game_s_terms_above_its_first_difference() {
    let right = stdout(STAGE5);
    let empty = "---------\n| _ _ _ |\n| _ _ _ |\n| _ _ _ |\n---------\n";
    let no_empty_grid = fault(5, STAGE5, right.strip_prefix(empty).expect("starts empty"));
    assert_eq!(
        no_empty_grid.summary,
        "the empty grid is not shown at the start"
    );
    assert_eq!(
        no_empty_grid.notes,
        [
            "The first line that differs: in the grid, the cell in row 1, column 1 is `X` where it \
          should be `_`."
        ]
    );
    assert_eq!(
        fault(5, STAGE5, &right.replace("| X _ O |", "| X _ X |")).summary,
        "X moves twice: the turn does not pass to O, and after the input `1 3` X is placed where O \
         should be"
    );
    let right = stdout(STAGE4);
    // One move, by X: placing O is no turn that failed to pass.
    assert_eq!(
        fault(4, STAGE4, &right.replace("| X X X |", "| X O X |")).summary,
        "after the input `1 2`, O is placed where X should be"
    );
    let moved = right.replace(
        "Coordinates should be from 1 to 3!\n",
        "---------\n| X _ X |\n| _ O _ |\n| X _ _ |\n---------\n",
    );
    assert_eq!(
        fault(4, STAGE4, &moved).summary,
        "a move is made after the input `4 1`, where none was asked: the message `Coordinates \
         should be from 1 to 3!` should be shown instead"
    );
    assert_eq!(
        fault(
            4,
            STAGE4,
            &right.replace("Coordinates should be from 1 to 3!\n", "")
        )
        .summary,
        "the message `Coordinates should be from 1 to 3!` is missing after the input `4 1`"
    );
    assert_eq!(
        fault(
            4,
            STAGE4,
            &right.replace(
                "Enter the coordinates: -",
                "Enter the coordinates: Occupied!\n-"
            )
        )
        .summary,
        "there is an extra message `Occupied!` after the input `1 2`"
    );
    for (row, drawn) in [(1, "| X X |"), (2, "| _ O _ _ |"), (3, "_ _")] {
        let broken = fault(
            4,
            STAGE4,
            &right.replace(["| X X X |", "| _ O _ |", "| _ _ _ |"][row - 1], drawn),
        );
        assert_eq!(
            broken.summary,
            format!(
                "row {row} of the grid is `{drawn}`, which is not a grid row: it should be `{}`",
                ["| X X X |", "| _ O _ |", "| _ _ _ |"][row - 1]
            )
        );
        assert!(broken.notes.is_empty());
    }
}

#[test]
fn marks_trailing_white_space_where_it_is_in_a_row_written_otherwise_too() {
    let right = stdout(STAGE3);
    let actual = right.replace("| O O _ |", "| o o _ | ");
    let found = presentation(3, STAGE3, &actual);
    let trailing = found
        .iter()
        .find(|difference| difference.summary == "a line has trailing white space")
        .expect("the trailing space is named");
    let row = actual.find("| o o _ | ").expect("the row is there");
    assert_eq!(trailing.place.actual, Spot::Byte(row + 9));
    assert_eq!(trailing.place.caret, Caret::AtActual);
}

#[test]
fn a_digit_for_a_letter_is_named_on_its_row_however_many_rows_have_it() {
    let cells = "Enter cells: > O_OXXO_XX\n---------\n| O _ O |\n| X X O |\n| _ X X |\n---------\n";
    let right = stdout(cells);
    let row_2 = fault(2, cells, &right.replace("| X X O |", "| X X 0 |"));
    assert_eq!(
        row_2.summary,
        "row 2 of the grid is `| X X 0 |`, which is not a grid row: it should be `| X X O |`"
    );
    let line_2 = right.find("| X X O |").expect("row 2");
    assert_eq!(row_2.place.actual, Spot::Byte(line_2));
    let every_o = right.replace('O', "0");
    assert_eq!(
        fault(2, cells, &every_o).summary,
        "row 1 of the grid is `| 0 _ 0 |`, which is not a grid row: it should be `| O _ O |`; row \
         2 is `| X X 0 |`, where it should be `| X X O |`"
    );
    let bare = "X O X\nO X O\nX X O\n";
    let row_3 = fault(1, bare, "X O X\nO X O\nX X 0\n");
    assert_eq!(
        row_3.summary,
        "row 3 of the grid is `X X 0`, which is not a grid row: it should be `X X O`"
    );
}
