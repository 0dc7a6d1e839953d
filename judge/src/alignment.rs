//! Which of a run's items stand for which expected ones. Two kinds of line change nothing of
//! the game a player sees, and are left out of the comparison as presentation: a grid shown
//! again unchanged, and a state that is true of the last grid shown. The one rejection a
//! cell-string prompt has is recognised whatever its words. Anything else that is extra, or
//! untrue, is a different game.

use std::str::FromStr;

use tictactoe::{Board, Cell, GameState};

use super::reading::{Content, Item, Message, Reading};

/// A line of the run that changes nothing in the game, left out of the comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Extra {
    /// The last grid shown, shown again unchanged.
    RepeatedGrid,
    /// A state, true of the last grid shown.
    TrueState(GameState),
}

/// An extra line of the run: what it is, where it starts in the run's output, and the
/// expected item it comes before (the number of expected items, at the end).
#[derive(Clone, Copy, Debug)]
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
            let Some(extra) = extra(&item.content, last_grid).filter(|_| followed) else {
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

/// What `content` is when it changes nothing in the game after `last_grid`, the last grid shown.
fn extra(content: &Content, last_grid: Option<&Vec<[Cell; 3]>>) -> Option<Extra> {
    let last_grid = last_grid?;
    match content {
        Content::Grid(rows) if rows == last_grid => Some(Extra::RepeatedGrid),
        Content::Message(Message::State(state)) if state_of(last_grid) == Some(*state) => {
            Some(Extra::TrueState(*state))
        }
        _ => None,
    }
}

/// The state of a whole grid.
fn state_of(rows: &[[Cell; 3]]) -> Option<GameState> {
    if rows.len() != 3 {
        return None;
    }
    let cells: String = rows.iter().flatten().map(|cell| cell.symbol()).collect();
    Board::from_str(&cells)
        .ok()
        .map(|board| GameState::of(&board))
}
