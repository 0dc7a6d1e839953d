//! Which of a run's items stand for which expected ones. Three kinds of line change nothing of
//! the game a player sees, and are left out of the comparison as presentation: a grid shown
//! again unchanged, a state that is true of the last grid shown, and a line that says nothing
//! of the game (a welcome line, say: no grid row or border, no word of a message or a state, and what
//! follows it what is expected there). The one
//! rejection a cell-string prompt has is recognised whatever its words. Anything else that is
//! extra, or untrue, is a different game.

use std::str::FromStr;

use tictactoe::{Board, Cell, GameState};

use super::reading::{Content, Item, Message, Reading, normalized};

/// A line of the run that changes nothing in the game, left out of the comparison.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Extra {
    /// The last grid shown, shown again unchanged.
    RepeatedGrid,
    /// A state, true of the last grid shown.
    TrueState(GameState),
    /// A line that says nothing of the game, as written (trimmed).
    Line(String),
}

/// Words of the game's messages and states: a line with one of them says something of the game,
/// however garbled, and is never left out as saying nothing.
const GAME_WORDS: &[&str] = &[
    "symbol",
    "number",
    "occupied",
    "1to3",
    "1and3",
    "parameter",
    "win",
    "draw",
    "impossible",
    "finished",
    "making",
    "level",
];

/// An extra line of the run: what it is, where it starts in the run's output, and the
/// expected item it comes before (the number of expected items, at the end).
#[derive(Clone, Debug)]
pub(crate) struct Left {
    pub(crate) extra: Extra,
    pub(crate) at: usize,
    pub(crate) before: usize,
}

/// The run's reading `got` with its extra lines left out, and those lines.
pub(crate) fn align(want: &Reading, got: &Reading) -> (Reading, Vec<Left>) {
    let mut left: Vec<(usize, Left)> = Vec::new();
    let mut recognised: Vec<usize> = Vec::new();
    let mut last_grid: Option<&Vec<[Cell; 3]>> = None;
    let (mut wanted, mut gotten) = (0, 0);
    while let Some(item) = got.items.get(gotten) {
        let expected = want.items.get(wanted).map(|item| &item.content);
        let same = expected == Some(&item.content);
        let rejection =
            !same && expected == Some(&Content::Message(Message::Cells)) && is_rejection(item);
        if rejection {
            recognised.push(gotten);
        } else if !same {
            // An extra line is left out only where something follows it, or where the game
            // should have ended: an output that ends on it ends where the game goes on.
            let followed = expected.is_none() || gotten + 1 < got.items.len();
            let text = got.pieces[item.pieces.start].text.trim();
            let Some(extra) = extra(&item.content, text, last_grid).filter(|extra| {
                followed && (!matches!(extra, Extra::Line(_)) || is_extra(got, gotten, expected))
            }) else {
                break;
            };
            left.push((
                gotten,
                Left {
                    extra,
                    at: got.pieces[item.pieces.start].span.start,
                    before: wanted,
                },
            ));
            gotten += 1;
            continue;
        }
        if let Content::Grid(rows) = &item.content {
            last_grid = Some(rows);
        }
        wanted += 1;
        gotten += 1;
    }
    let left_out: Vec<usize> = left.iter().map(|&(index, _)| index).collect();
    let mut aligned = got.without(&left_out);
    for index in recognised {
        let kept = index - left_out.iter().filter(|&&out| out < index).count();
        aligned.items[kept].content = Content::Message(Message::Cells);
    }
    (aligned, left.into_iter().map(|(_, left)| left).collect())
}

/// Whether `item` rejects an answer: a line that is no grid and no state. At a prompt that has
/// one kind of rejection, it is that one, whatever its words.
fn is_rejection(item: &Item) -> bool {
    matches!(
        item.content,
        Content::Text(_)
            | Content::Message(Message::NotNumbers | Message::OutOfRange | Message::Occupied)
    )
}

/// Whether the line that says nothing of the game at item `index` of `got` is extra: what
/// follows it (past any more such lines) is what is `expected` there, or the game should have
/// ended. A line that stands in place of an expected item (`Invalid input` for a message) is
/// a different game.
fn is_extra(got: &Reading, index: usize, expected: Option<&Content>) -> bool {
    let next = got.items[index + 1..].iter().find(|item| {
        let text = got.pieces[item.pieces.start].text.trim();
        !matches!(item.content, Content::Text(_)) || !says_nothing_of_the_game(text)
    });
    expected.is_none() || next.map(|item| &item.content) == expected
}

/// What `content`, written `text`, is when it changes nothing in the game after `last_grid`,
/// the last grid shown.
fn extra(content: &Content, text: &str, last_grid: Option<&Vec<[Cell; 3]>>) -> Option<Extra> {
    match content {
        Content::Text(_) if says_nothing_of_the_game(text) => Some(Extra::Line(text.to_owned())),
        Content::Grid(rows) if Some(rows) == last_grid => Some(Extra::RepeatedGrid),
        Content::Message(Message::State(state))
            if last_grid.and_then(|grid| state_of(grid)) == Some(*state) =>
        {
            Some(Extra::TrueState(*state))
        }
        _ => None,
    }
}

/// Whether a line that is neither a grid nor a message says nothing of the game: it has words
/// (three letters in a row), no pipe of a grid row, and no word of a message or a state.
fn says_nothing_of_the_game(text: &str) -> bool {
    let has_words = text
        .as_bytes()
        .windows(3)
        .any(|three| three.iter().all(u8::is_ascii_alphabetic));
    let words = normalized(text);
    has_words
        && !text.contains('|')
        && !text.contains("---")
        && !GAME_WORDS.iter().any(|word| words.contains(word))
}

/// The state of a whole grid.
pub(crate) fn state_of(rows: &[[Cell; 3]]) -> Option<GameState> {
    if rows.len() != 3 {
        return None;
    }
    let cells: String = rows.iter().flatten().map(|cell| cell.symbol()).collect();
    Board::from_str(&cells)
        .ok()
        .map(|board| GameState::of(&board))
}
