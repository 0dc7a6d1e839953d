//! The fault of a wrong game in the game's own terms, read from the whole run rather than from
//! the first line that differs: a grid not shown, a move made for the wrong player, on another
//! cell than its answer names, or where none was asked, a state that is not true, a message
//! missing or extra after an input, a line standing as a grid's row that is no row. The first differing line is still shown, under the explanation.

use harness::content::{Caret, Place, Spot};
use kata_model::transcript::Input;
use tictactoe::{Cell, GameState, Mark};

use super::reading::{Content, Item, Message, Piece, PieceKind, Reading, quoted};
use super::{alignment, conventions};

/// The expected and the run's readings, the items before `index` the same in both, and the
/// inputs of the case with where each is given in the expected output.
pub(crate) struct Run<'a> {
    pub(crate) want: &'a Reading,
    pub(crate) got: &'a Reading,
    pub(crate) index: usize,
    pub(crate) inputs: &'a [Input],
    pub(crate) input_offsets: &'a [usize],
}

/// The fault, explained, and the place to show under it when it is another than the first
/// difference's.
pub(crate) struct Explanation {
    pub(crate) summary: String,
    pub(crate) place: Option<Place>,
}

impl Explanation {
    fn said(summary: String) -> Option<Explanation> {
        Some(Explanation {
            summary,
            place: None,
        })
    }
}

/// The fault at item `run.index`, explained at the level of the game, if the run shows one of
/// the faults this knows.
pub(crate) fn explain(run: &Run<'_>) -> Option<Explanation> {
    let wanted = run.want.items.get(run.index)?;
    let gotten = run.got.items.get(run.index)?;
    let next_wanted = run.want.items.get(run.index + 1).map(|item| &item.content);
    let next_gotten = run.got.items.get(run.index + 1).map(|item| &item.content);
    let previous = last_grid(run.want, run.index);
    let after = run.after_input();
    // A state where the game shows none there: one that is not true is named so, whatever
    // follows it.
    let untrue = match wanted.content {
        Content::Message(Message::State(_)) => None,
        _ => untrue_state(run, gotten),
    };
    match (&wanted.content, &gotten.content) {
        (Content::Grid(_), _) if next_wanted == Some(&gotten.content) => {
            if previous.is_none() && is_empty_grid(&wanted.content) {
                Explanation::said("the empty grid is not shown at the start".to_owned())
            } else {
                Explanation::said(format!("the grid{after} is not shown"))
            }
        }
        (Content::Grid(want_rows), Content::Grid(got_rows)) if want_rows.len() == 3 => {
            if got_rows.len() < 3 {
                return not_a_row(run, wanted);
            }
            let previous = previous?;
            let (expected_cell, expected_mark) = one_move(previous, want_rows)?;
            let (placed_cell, placed) = one_move(previous, got_rows)?;
            if placed == expected_mark {
                // Where an answer placed the mark, its cell is the fault to name: the grid
                // after it is the first the program shows otherwise.
                let answer = run.answer_before_grid()?;
                return Explanation::said(conventions::misplaced(
                    &quoted(&answer.written),
                    Cell::Taken(placed).symbol(),
                    (expected_cell / 3, expected_cell % 3),
                    (placed_cell / 3, placed_cell % 3),
                ));
            }
            // The mark of the move before, when the grid before the last shows it.
            let moved_before = last_grid(run.want, grid_index(run.want, previous)?)
                .and_then(|before| one_move(before, previous))
                .map(|(_, mark)| mark);
            Explanation::said(if moved_before == Some(placed) {
                format!(
                    "{placed} moves twice: the turn does not pass to {expected_mark}, and{after} \
                     {placed} is placed where {expected_mark} should be"
                )
            } else if after.is_empty() {
                format!("{placed} is placed where {expected_mark} should be")
            } else {
                format!(
                    "{}, {placed} is placed where {expected_mark} should be",
                    after.trim_start()
                )
            })
        }
        (Content::Message(message), _) if next_wanted == Some(&gotten.content) => {
            let what = describe_message(run.want, wanted, *message);
            Explanation::said(format!("{what} is missing{after}"))
        }
        (Content::Message(message), Content::Grid(got_rows)) => {
            let previous = previous?;
            one_move(previous, got_rows)?;
            let what = describe_message(run.want, wanted, *message);
            Explanation::said(format!(
                "a move is made{after}, where none was asked: {what} should be shown instead"
            ))
        }
        _ if untrue.is_some() => untrue.map(Explanation::said)?,
        (_, Content::Message(message)) if next_gotten == Some(&wanted.content) => {
            let (kind, text) = message_in_words(run.got, gotten, *message);
            let after = run.after_input_before_extra();
            Explanation::said(format!("there is an extra {kind} `{text}`{after}"))
        }
        (Content::Grid(want_rows), Content::Text(_)) if want_rows.len() == 3 => {
            not_a_row(run, wanted)
        }
        _ => None,
    }
}

impl Run<'_> {
    /// The input given right before the item that differs, with nothing of the game between
    /// them in the expected output: the answer whose move that item shows.
    fn answer_before_grid(&self) -> Option<&Input> {
        let start = self.want.item_start(self.index);
        let previous_end = self.index.checked_sub(1).map_or(0, |previous| {
            let last = self.want.items[previous].pieces.end - 1;
            self.want.pieces[last].span.end
        });
        let given = self
            .input_offsets
            .iter()
            .rposition(|&offset| offset <= start)?;
        (self.input_offsets[given] >= previous_end)
            .then(|| self.inputs.get(given))
            .flatten()
    }

    /// `" after the input `...`"`, naming the input last given before the item that differs in
    /// the expected output, or nothing before the first.
    fn after_input(&self) -> String {
        self.after_input_at(self.want.item_start(self.index))
    }

    /// [`Run::after_input`] for an extra line of the run before the item that differs: after
    /// the input that the item answers when the run asked for it before the extra line, else
    /// after the one before.
    fn after_input_before_extra(&self) -> String {
        let asked = self.got.pieces[self.got.gap(self.index)]
            .iter()
            .any(|piece| piece.kind == PieceKind::Prompt);
        let offset = match self.index.checked_sub(1) {
            Some(previous) if !asked => {
                let last = self.want.items[previous].pieces.end - 1;
                self.want.pieces[last].span.end
            }
            None if !asked => 0,
            _ => self.want.item_start(self.index),
        };
        self.after_input_at(offset)
    }

    /// `" after the input `...`"`, naming the input last given at or before `offset` of the
    /// expected output, or nothing before the first.
    fn after_input_at(&self, start: usize) -> String {
        let given = self
            .input_offsets
            .iter()
            .filter(|&&offset| offset <= start)
            .count();
        match given.checked_sub(1).and_then(|last| self.inputs.get(last)) {
            Some(input) if input.written.is_empty() => " after an empty input line".to_owned(),
            Some(input) => format!(" after the input `{}`", quoted(&input.written)),
            None => String::new(),
        }
    }
}

/// A message in words, quoting its text as `reading` has it: "the message `...`".
fn describe_message(reading: &Reading, item: &Item, message: Message) -> String {
    let (kind, text) = message_in_words(reading, item, message);
    format!("the {kind} `{text}`")
}

/// What kind of message `item` is, and its text as `reading` has it.
fn message_in_words(reading: &Reading, item: &Item, message: Message) -> (&'static str, String) {
    let text = quoted(reading.pieces[item.pieces.start].text.trim());
    match message {
        Message::State(_) => ("state", text),
        _ => ("message", text),
    }
}

/// The index of the item that is `grid`, one of `reading`'s.
fn grid_index(reading: &Reading, grid: &Vec<[Cell; 3]>) -> Option<usize> {
    reading
        .items
        .iter()
        .position(|item| matches!(&item.content, Content::Grid(rows) if std::ptr::eq(rows, grid)))
}

/// The last grid before item `index`.
fn last_grid(reading: &Reading, index: usize) -> Option<&Vec<[Cell; 3]>> {
    reading.items[..index]
        .iter()
        .rev()
        .find_map(|item| match &item.content {
            Content::Grid(rows) if rows.len() == 3 => Some(rows),
            _ => None,
        })
}

fn is_empty_grid(content: &Content) -> bool {
    matches!(content, Content::Grid(rows)
        if rows.len() == 3 && rows.iter().flatten().all(|cell| *cell == Cell::Empty))
}

/// The one cell that `after` fills in `before`, and the mark it takes, when that is all that
/// differs between them.
fn one_move(before: &[[Cell; 3]], after: &[[Cell; 3]]) -> Option<(usize, Mark)> {
    if after.len() != 3 {
        return None;
    }
    let mut changed = before
        .iter()
        .flatten()
        .zip(after.iter().flatten())
        .enumerate()
        .filter(|(_, (was, is))| was != is);
    match (changed.next(), changed.next()) {
        (Some((cell, (Cell::Empty, Cell::Taken(mark)))), None) => Some((cell, *mark)),
        _ => None,
    }
}

/// A grid of the run whose rows include a line that is no row, where the expected grid has
/// that row: which row, what it shows, and what it should show, at that line.
fn not_a_row(run: &Run<'_>, wanted: &Item) -> Option<Explanation> {
    let want_rows: Vec<_> = run.want.pieces[wanted.pieces.clone()]
        .iter()
        .filter(|piece| matches!(piece.kind, PieceKind::Row(_)))
        .collect();
    // The lines of the run from the item on, borders and empty lines aside: the grid's rows
    // and the line among them.
    let from = run.got.items[run.index].pieces.start;
    let lines: Vec<&Piece> = run.got.pieces[from..]
        .iter()
        .filter(|piece| !matches!(piece.kind, PieceKind::Blank | PieceKind::Border))
        .take(3)
        .collect();
    // Three lines of which at least one is a row: a grid whose other rows are drawn wrong (a
    // digit `0` for the letter `O`, say), each named, the first at its line.
    let is_row = |piece: &&&Piece| matches!(piece.kind, PieceKind::Row(_));
    let is_text = |piece: &&Piece| piece.kind == PieceKind::Text;
    if want_rows.len() != 3 || lines.len() != 3 || !lines.iter().any(|line| is_row(&line)) {
        return None;
    }
    let bad: Vec<usize> = (0..3).filter(|&row| is_text(&lines[row])).collect();
    let (&first, others) = bad.split_first()?;
    let also: String = others
        .iter()
        .map(|&row| {
            format!(
                "; row {} is `{}`, where it should be `{}`",
                row + 1,
                quoted(lines[row].text.trim()),
                want_rows[row].text
            )
        })
        .collect();
    let bad = first;
    Some(Explanation {
        summary: format!(
            "row {} of the grid is `{}`, which is not a grid row: it should be `{}`{also}",
            bad + 1,
            quoted(lines[bad].text.trim()),
            want_rows[bad].text
        ),
        place: Some(Place {
            expected: Spot::Byte(want_rows[bad].span.start),
            actual: Spot::Byte(lines[bad].span.start),
            caret: Caret::FirstDifference,
        }),
    })
}

/// A state the run shows that is not true of the last grid it showed, in words: a game said
/// to end when it goes on, or the wrong end of a game.
fn untrue_state(run: &Run<'_>, gotten: &Item) -> Option<String> {
    let Content::Message(Message::State(shown)) = gotten.content else {
        return None;
    };
    let grid = last_grid(run.got, run.index)?;
    let truth = alignment::state_of(grid)?;
    if truth == shown {
        return None;
    }
    let text = quoted(run.got.pieces[gotten.pieces.start].text.trim());
    let cells: Vec<String> = grid
        .iter()
        .map(|row| row.iter().map(|cell| cell.symbol()).collect())
        .collect();
    let cells = cells.join("/");
    Some(if truth == GameState::NotFinished {
        format!(
            "the state `{text}` is shown while the game goes on: the grid before it, \
             {cells}, has no three in a row and an empty cell"
        )
    } else {
        format!("the state `{text}` is shown where the grid before it, {cells}, is `{truth}`")
    })
}
