//! An output read as the game: each line split into the prompts it starts with and one piece
//! of content, and the pieces grouped into what the game is made of (grids, messages, and
//! lines that are neither).
//!
//! What is read as what, and so what the content check forgives:
//!
//! - A **prompt** is text at the start of a line whose first word is one that asks for input
//!   (`enter`, `input`, `type`, `please`, `make`, `give`, `choose`, `your`, `next`), up to and
//!   with the first `:`, `>` or `?` and the blanks after it, or else the rest of the line.
//!   A prompt never takes in what follows it on its line when that is content: a prompt
//!   written with the words of an expected prompt but without its punctuation ends where
//!   those words end (`Enter the coordinates Coordinates should be from 1 to 3!`), and one
//!   without punctuation ends before a border, a row or a state (`Enter cells ---------`).
//!   Prompts are presentation: their wording, and whether they are there at all.
//! - A **border** is a line of at least three dashes, spaces between them allowed.
//! - A **row** is three cells, `X`, `O` or `_` (a space where the cells stand at fixed places,
//!   and `x` and `o` in lower case, are read too): between pipes however spaced (`| X O _ |`,
//!   `|X O _|`, `|X|O|_|`), or without pipes (`X O X`, as in stage 1).
//! - A **message** is recognised by its words, whatever its case, punctuation and spacing:
//!   the five states exactly (`X wins`, `O wins`, `Draw`, `Game not finished`, `Impossible`),
//!   the computer's `Making move level "LEVEL"` by its words and its level, the five other
//!   messages by the word only each has (`symbols`, `numbers`, `occupied`, `1 to 3`, and the
//!   menu's `parameters`).
//! - A **grid** is up to three rows in a row, with the border before and after them if there
//!   is one, and empty lines among them.
//!
//! Any other line is content that no expected output has, so it never matches.

use std::ops::Range;

use tictactoe::{Cell, GameState, Mark};

/// Text a program wrote, as a summary quotes it: safe and visible on a terminal, as
/// [`visible`] shows everything a submission controls.
pub(crate) fn quoted(text: &str) -> String {
    visible::visible(text.as_bytes())
}

/// The words that start a prompt.
const PROMPT_WORDS: &[&str] = &[
    "enter", "input", "type", "please", "make", "give", "choose", "your", "next",
];

/// An output, read.
#[derive(Clone, Debug)]
pub(crate) struct Reading {
    /// Every piece, in order.
    pub(crate) pieces: Vec<Piece>,
    /// The content, in order: every piece but prompts, empty lines and lone borders belongs
    /// to exactly one item.
    pub(crate) items: Vec<Item>,
    /// The length of the output.
    pub(crate) len: usize,
}

/// A piece of a line: a prompt, or what follows the prompts.
#[derive(Clone, Debug)]
pub(crate) struct Piece {
    /// What it is.
    pub(crate) kind: PieceKind,
    /// Where it is in the output, line ending left out.
    pub(crate) span: Range<usize>,
    /// Its text.
    pub(crate) text: String,
    /// What comes after it.
    pub(crate) end: LineEnd,
}

/// What follows a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LineEnd {
    /// More of the same line.
    SameLine,
    /// `\n`.
    Newline,
    /// `\r\n`.
    CrNewline,
    /// The end of the output, without a newline.
    EndOfOutput,
}

impl LineEnd {
    /// Whether the piece ends its line.
    pub(crate) fn ends_line(self) -> bool {
        matches!(self, LineEnd::Newline | LineEnd::CrNewline)
    }

    /// How many bytes the line ending takes.
    pub(crate) fn len(self) -> usize {
        match self {
            LineEnd::SameLine | LineEnd::EndOfOutput => 0,
            LineEnd::Newline => 1,
            LineEnd::CrNewline => 2,
        }
    }
}

/// What a piece is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum PieceKind {
    Prompt,
    Blank,
    Border,
    Row(Row),
    Message(Message),
    Text,
}

impl PieceKind {
    /// Whether the piece is part of an item's content: a row, a message or another line.
    fn is_content(&self) -> bool {
        matches!(
            self,
            PieceKind::Row(_) | PieceKind::Message(_) | PieceKind::Text
        )
    }
}

/// A grid row as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Row {
    /// The cells, left to right.
    pub(crate) cells: [Cell; 3],
    /// Each cell's symbol as written: `X`, `O`, `_`, a space, `x` or `o`.
    pub(crate) symbols: [char; 3],
    /// Where each symbol is in the output.
    pub(crate) offsets: [usize; 3],
}

/// A message of the game, whatever its wording.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Message {
    /// A cell string that is not 9 of `X`, `O` and `_`.
    Cells,
    /// Rule 1 of the coordinates.
    NotNumbers,
    /// Rule 2.
    OutOfRange,
    /// Rule 3.
    Occupied,
    /// The state of a grid, or a game's end.
    State(GameState),
    /// A menu command refused (`Bad parameters!`).
    BadParameters,
    /// The line before a computer's move, `Making move level "LEVEL"`.
    MakingMove(Level),
}

/// The level a computer's move is announced with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Level {
    Easy,
    Medium,
    Hard,
}

/// One thing of the game's content, and the pieces it is made of.
#[derive(Clone, Debug)]
pub(crate) struct Item {
    /// What it says.
    pub(crate) content: Content,
    /// Its pieces: a grid's borders, rows and the empty lines among them; a message's line.
    pub(crate) pieces: Range<usize>,
}

/// What an item says: equal contents are the same game, however they are written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Content {
    /// A grid, row by row (three rows, unless the grid is broken).
    Grid(Vec<[Cell; 3]>),
    /// A message.
    Message(Message),
    /// A line that is neither, without its white space.
    Text(String),
}

impl Reading {
    /// Reads `output`, an expected output or one to be read alone.
    pub(crate) fn of(output: &[u8]) -> Reading {
        Reading::up_to(output, usize::MAX, &[])
    }

    /// The words of the prompts this reading shows, without their punctuation, each once:
    /// what a run's prompt may be written with, its punctuation left out.
    pub(crate) fn prompt_words(&self) -> Vec<String> {
        let mut words: Vec<String> = Vec::new();
        for piece in &self.pieces {
            let text = piece
                .text
                .trim()
                .trim_end_matches([':', '>', '?'])
                .trim_end();
            if piece.kind == PieceKind::Prompt
                && !text.is_empty()
                && !words.iter().any(|w| w == text)
            {
                words.push(text.to_owned());
            }
        }
        words
    }

    /// Reads `output` as far as it takes to have more than `items` items, whole: what a
    /// comparison with an output of `items` items needs, however long the output (a program
    /// that floods its output, say). A prompt written with the words of one of `prompts` ends
    /// where those words end, with or without its punctuation.
    pub(crate) fn up_to(output: &[u8], items: usize, prompts: &[String]) -> Reading {
        // A grid has three rows at most, any other item one line: this many lines of content
        // hold more than `items` items.
        let enough = items.saturating_add(1).saturating_mul(3);
        let mut pieces: Vec<Piece> = Vec::new();
        let mut content_lines = 0;
        let mut start = 0;
        while start < output.len() && content_lines < enough {
            let (content_end, end, next) = match output[start..].iter().position(|&b| b == b'\n') {
                Some(at) if at > 0 && output[start + at - 1] == b'\r' => {
                    (start + at - 1, LineEnd::CrNewline, start + at + 1)
                }
                Some(at) => (start + at, LineEnd::Newline, start + at + 1),
                None => (output.len(), LineEnd::EndOfOutput, output.len()),
            };
            read_line(output, start..content_end, end, prompts, &mut pieces);
            content_lines +=
                usize::from(pieces.last().is_some_and(|piece| piece.kind.is_content()));
            start = next;
        }
        let items = group(&pieces);
        Reading {
            pieces,
            items,
            len: output.len(),
        }
    }

    /// This reading with the items at `left_out` (indices, in order) left out, their pieces
    /// too: the pieces around them stay where they were.
    pub(crate) fn without(&self, left_out: &[usize]) -> Reading {
        if left_out.is_empty() {
            return self.clone();
        }
        let mut pieces = Vec::new();
        let mut items = Vec::new();
        let mut next = 0;
        for (index, item) in self.items.iter().enumerate() {
            pieces.extend_from_slice(&self.pieces[next..item.pieces.start]);
            if !left_out.contains(&index) {
                let start = pieces.len();
                pieces.extend_from_slice(&self.pieces[item.pieces.clone()]);
                items.push(Item {
                    content: item.content.clone(),
                    pieces: start..pieces.len(),
                });
            }
            next = item.pieces.end;
        }
        pieces.extend_from_slice(&self.pieces[next..]);
        Reading {
            pieces,
            items,
            len: self.len,
        }
    }

    /// The pieces between item `index - 1` and item `index`: the prompts, empty lines and
    /// lone borders before it (after the last item, for `index == items.len()`).
    pub(crate) fn gap(&self, index: usize) -> Range<usize> {
        let start = index
            .checked_sub(1)
            .and_then(|before| self.items.get(before))
            .map_or(0, |item| item.pieces.end);
        let end = self
            .items
            .get(index)
            .map_or(self.pieces.len(), |item| item.pieces.start);
        start..end
    }

    /// Where item `index` starts in the output, or the output's end when there is none.
    pub(crate) fn item_start(&self, index: usize) -> usize {
        self.items
            .get(index)
            .map_or(self.len, |item| self.pieces[item.pieces.start].span.start)
    }

    /// The grids, in order.
    pub(crate) fn grids(&self) -> Vec<&Vec<[Cell; 3]>> {
        self.items
            .iter()
            .filter_map(|item| match &item.content {
                Content::Grid(rows) => Some(rows),
                Content::Message(_) | Content::Text(_) => None,
            })
            .collect()
    }
}

/// Reads the line at `range` (line ending left out) into pieces, `prompts` the words of the
/// prompts expected.
fn read_line(
    output: &[u8],
    range: Range<usize>,
    end: LineEnd,
    prompts: &[String],
    pieces: &mut Vec<Piece>,
) {
    let piece = |kind: PieceKind, span: Range<usize>, text: &str, end: LineEnd| Piece {
        kind,
        span,
        text: text.to_owned(),
        end,
    };
    let Ok(line) = std::str::from_utf8(&output[range.clone()]) else {
        let text = String::from_utf8_lossy(&output[range.clone()]).into_owned();
        pieces.push(piece(PieceKind::Text, range, &text, end));
        return;
    };
    let mut at = 0;
    while let Some(length) = prompt_length(&line[at..], prompts) {
        let piece_end = if at + length == line.len() {
            end
        } else {
            LineEnd::SameLine
        };
        let span = range.start + at..range.start + at + length;
        pieces.push(piece(
            PieceKind::Prompt,
            span,
            &line[at..at + length],
            piece_end,
        ));
        at += length;
    }
    let rest = &line[at..];
    if rest.is_empty() && at > 0 {
        return;
    }
    let start = range.start + at;
    let kind = if rest.trim().is_empty() {
        PieceKind::Blank
    } else if is_border(rest) {
        PieceKind::Border
    } else if let Some(row) = row(rest, start) {
        PieceKind::Row(row)
    } else if let Some(message) = message(rest) {
        PieceKind::Message(message)
    } else {
        PieceKind::Text
    };
    pieces.push(piece(kind, start..range.end, rest, end));
}

/// The length of the prompt that `text` starts with, if it starts with one, `prompts` the
/// words of the prompts expected.
fn prompt_length(text: &str, prompts: &[String]) -> Option<usize> {
    let words = text.trim_start_matches([' ', '\t']);
    let lead = text.len() - words.len();
    let first_word = &words[..words.bytes().take_while(u8::is_ascii_alphabetic).count()];
    if !PROMPT_WORDS
        .iter()
        .any(|word| word.eq_ignore_ascii_case(first_word))
    {
        return None;
    }
    let with_blanks = |end: usize| {
        let blanks = text[end..].len() - text[end..].trim_start_matches([' ', '\t']).len();
        end + blanks
    };
    let punctuated = words.find([':', '>', '?']).map(|at| lead + at + 1);
    // The words of an expected prompt, without the punctuation that would end them here.
    let known = prompts.iter().find_map(|prompt| {
        let after = lead + prompt.len();
        let starts = words
            .get(..prompt.len())
            .is_some_and(|start| start.eq_ignore_ascii_case(prompt))
            && !text[after..].starts_with(|c: char| c.is_ascii_alphanumeric());
        starts.then_some(after)
    });
    let is_content =
        |rest: &str| is_border(rest) || row(rest, 0).is_some() || message(rest).is_some();
    // A rejection in the learner's words may begin as a prompt does, `Please enter 9 symbols:
    // X, O or _!`: read whole it is a message, and what follows its colon is no content of its
    // own, as what follows a prompt on its line would be. (Without a colon, `Please enter 9
    // symbols!` may as well be a prompt on a line of its own, and is read as one.)
    let own_message = known.is_none()
        && message(text).is_some()
        && punctuated.is_some_and(|at| {
            let rest = text[at..].trim();
            !rest.is_empty() && !is_content(rest)
        });
    if own_message {
        return None;
    }
    if let Some(next) = known
        .map(with_blanks)
        .filter(|&next| !text[next..].starts_with([':', '>', '?']) && is_content(&text[next..]))
    {
        return Some(next);
    }
    let end = punctuated.unwrap_or(text.len());
    // Without punctuation, the prompt stops before a border, a row or a state on its line.
    let content_from = (lead + first_word.len()..end)
        .filter(|&at| {
            text.is_char_boundary(at)
                && text[..at].ends_with([' ', '\t'])
                && !text[at..].starts_with([' ', '\t'])
        })
        .find(|&at| {
            let rest = &text[at..];
            is_border(rest)
                || row(rest, 0).is_some()
                || matches!(message(rest), Some(Message::State(_)))
        });
    Some(content_from.unwrap_or_else(|| with_blanks(end)))
}

fn is_border(text: &str) -> bool {
    text.trim().chars().all(|c| c == '-' || c == ' ') && text.matches('-').count() >= 3
}

/// A cell's symbol as the content check reads it (a space is read only where cells stand at
/// fixed places).
fn cell_of(symbol: char) -> Option<Cell> {
    match symbol {
        'X' | 'x' => Some(Cell::Taken(Mark::X)),
        'O' | 'o' => Some(Cell::Taken(Mark::O)),
        '_' | ' ' => Some(Cell::Empty),
        _ => None,
    }
}

/// `text`, at `start` in the output, read as a grid row.
fn row(text: &str, start: usize) -> Option<Row> {
    if text
        .chars()
        .any(|c| !c.is_whitespace() && c != '|' && cell_of(c).is_none())
    {
        return None;
    }
    let lead = text.len() - text.trim_start().len();
    let body = text.trim();
    let piped = body.len() >= 2 && body.starts_with('|') && body.ends_with('|');
    let (interior, interior_at) = if piped {
        (&body[1..body.len() - 1], start + lead + 1)
    } else if body.contains('|') {
        return None;
    } else {
        (body, start + lead)
    };
    let symbols: Vec<(usize, char)> = if interior.contains('|') {
        // `|X|O|_|`: one symbol, or none for an empty cell, between each two pipes.
        let mut symbols = Vec::new();
        let mut part_at = 0;
        for part in interior.split('|') {
            let trimmed = part.trim();
            let symbol_at = part_at + part.len() - part.trim_start().len();
            match trimmed.chars().next() {
                None => symbols.push((part_at, ' ')),
                Some(symbol) if trimmed.len() == 1 => symbols.push((symbol_at, symbol)),
                Some(_) => return None,
            }
            part_at += part.len() + 1;
        }
        symbols
    } else {
        let marks: Vec<(usize, char)> = interior
            .char_indices()
            .filter(|(_, c)| !c.is_whitespace())
            .collect();
        if marks.len() == 3 || !piped {
            marks
        } else {
            fixed_places(interior)?
        }
    };
    if symbols.len() != 3 || symbols.iter().any(|&(_, symbol)| cell_of(symbol).is_none()) {
        return None;
    }
    let cell = |index: usize| cell_of(symbols[index].1).unwrap_or_default();
    Some(Row {
        cells: [cell(0), cell(1), cell(2)],
        symbols: [symbols[0].1, symbols[1].1, symbols[2].1],
        offsets: [0, 1, 2].map(|index| interior_at + symbols[index].0),
    })
}

/// The three cells of the inside of a row in which some are spaces: read where the cells stand
/// when they are one space apart (`" X   O "`, `"X   O"`, `"X O"`).
fn fixed_places(interior: &str) -> Option<Vec<(usize, char)>> {
    let places: &[usize] = match interior.len() {
        7 => &[1, 3, 5],
        5 => &[0, 2, 4],
        3 => &[0, 1, 2],
        _ => return None,
    };
    let bytes = interior.as_bytes();
    let separated = (0..bytes.len()).all(|at| places.contains(&at) || bytes[at] == b' ');
    separated.then(|| {
        places
            .iter()
            .map(|&at| (at, char::from(bytes[at])))
            .collect()
    })
}

/// The message `text` says, by its words.
fn message(text: &str) -> Option<Message> {
    let words = normalized(text);
    let state = match words.as_str() {
        "xwins" => Some(GameState::Wins(Mark::X)),
        "owins" => Some(GameState::Wins(Mark::O)),
        "draw" => Some(GameState::Draw),
        "gamenotfinished" => Some(GameState::NotFinished),
        "impossible" => Some(GameState::Impossible),
        _ => None,
    };
    if let Some(state) = state {
        return Some(Message::State(state));
    }
    if let Some(level) = words.strip_prefix("makingmovelevel") {
        return match level {
            "easy" => Some(Message::MakingMove(Level::Easy)),
            "medium" => Some(Message::MakingMove(Level::Medium)),
            "hard" => Some(Message::MakingMove(Level::Hard)),
            _ => None,
        };
    }
    let mut recognised = [
        (Message::Cells, &["symbol"][..]),
        (Message::NotNumbers, &["number"]),
        (Message::OutOfRange, &["1to3", "1and3"]),
        (Message::Occupied, &["occupied"]),
        (Message::BadParameters, &["parameter"]),
    ]
    .into_iter()
    .filter(|(_, keys)| keys.iter().any(|key| words.contains(key)))
    .map(|(message, _)| message);
    match (recognised.next(), recognised.next()) {
        (Some(message), None) => Some(message),
        _ => None,
    }
}

/// The letters and digits of `text`, in lower case: what is left when case, punctuation and
/// white space are forgiven.
pub(crate) fn normalized(text: &str) -> String {
    text.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// Groups pieces into items.
fn group(pieces: &[Piece]) -> Vec<Item> {
    let mut items = Vec::new();
    let mut index = 0;
    while index < pieces.len() {
        let item = match &pieces[index].kind {
            PieceKind::Prompt | PieceKind::Blank => None,
            PieceKind::Border => next_filled(pieces, index + 1)
                .filter(|&next| matches!(pieces[next].kind, PieceKind::Row(_)))
                .map(|first_row| grid(pieces, index, first_row)),
            PieceKind::Row(_) => Some(grid(pieces, index, index)),
            PieceKind::Message(message) => Some(Item {
                content: Content::Message(*message),
                pieces: index..index + 1,
            }),
            PieceKind::Text => Some(Item {
                content: Content::Text(
                    pieces[index]
                        .text
                        .chars()
                        .filter(|c| !c.is_whitespace())
                        .collect(),
                ),
                pieces: index..index + 1,
            }),
        };
        match item {
            Some(item) => {
                index = item.pieces.end;
                items.push(item);
            }
            None => index += 1,
        }
    }
    items
}

/// The first piece at or after `from` that is not an empty line.
fn next_filled(pieces: &[Piece], from: usize) -> Option<usize> {
    (from..pieces.len()).find(|&index| pieces[index].kind != PieceKind::Blank)
}

/// The grid that starts at piece `start` (its top border, or its first row), its rows from
/// `first_row`: up to three rows, empty lines among them, and the border after them. A border
/// after the rows of a grid without a top border is the next grid's when rows follow it.
fn grid(pieces: &[Piece], start: usize, first_row: usize) -> Item {
    let mut rows = Vec::new();
    let mut end = first_row;
    let mut index = first_row;
    while index < pieces.len() && rows.len() < 3 {
        match &pieces[index].kind {
            PieceKind::Row(row) => {
                rows.push(row.cells);
                end = index + 1;
            }
            PieceKind::Blank => {}
            _ => break,
        }
        index += 1;
    }
    if let Some(border) =
        next_filled(pieces, end).filter(|&next| pieces[next].kind == PieceKind::Border)
    {
        let opens_next = next_filled(pieces, border + 1)
            .is_some_and(|next| matches!(pieces[next].kind, PieceKind::Row(_)));
        if start < first_row || !opens_next {
            end = border + 1;
        }
    }
    Item {
        content: Content::Grid(rows),
        pieces: start..end,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn contents(output: &str) -> Vec<Content> {
        Reading::of(output.as_bytes())
            .items
            .into_iter()
            .map(|item| item.content)
            .collect()
    }

    const X: Cell = Cell::Taken(Mark::X);
    const O: Cell = Cell::Taken(Mark::O);
    const E: Cell = Cell::Empty;

    #[test]
    fn reads_grids_however_they_are_drawn() {
        let canonical =
            contents("Enter cells: ---------\n| X O _ |\n| _ _ _ |\n| O X X |\n---------\nDraw\n");
        let grid = Content::Grid(vec![[X, O, E], [E, E, E], [O, X, X]]);
        assert_eq!(
            canonical,
            [
                grid.clone(),
                Content::Message(Message::State(GameState::Draw))
            ]
        );
        for drawn in [
            "-----------\n| X O   |\n|       |\n| O X X |\n-----------\n",
            "|X O _|\n\n|_ _ _|\n|O X X|\n",
            "|X|O| |\n|_|_|_|\n|o|x|x|\n",
            "X O _\n_ _ _\nO X X\n",
            "  | X O _ |  \r\n| _ _ _ |\r\n| O X X |\r\n",
        ] {
            assert_eq!(contents(drawn), std::slice::from_ref(&grid), "{drawn:?}");
        }
        assert_eq!(
            contents("| X O |\n"),
            [Content::Text("|XO|".to_owned())],
            "two cells and no places to tell where the third is"
        );
        assert_eq!(
            contents("---------\n| X X X |\n---------\n"),
            [Content::Grid(vec![[X, X, X]])],
            "a grid of one row is a grid, and a wrong one"
        );
    }

    #[test]
    fn recognises_messages_by_their_words_and_prompts_by_their_first_word() {
        let read = |text: &str| contents(text);
        let message = |message: Message| vec![Content::Message(message)];
        assert_eq!(
            read("o WINS!\n"),
            message(Message::State(GameState::Wins(Mark::O)))
        );
        assert_eq!(
            read("Game not finished.\n"),
            message(Message::State(GameState::NotFinished))
        );
        assert_eq!(
            read("Enter the coordinates: This cell is occupied!\n"),
            message(Message::Occupied)
        );
        assert_eq!(
            read("Enter coordinates:\nyou should enter numbers\n"),
            message(Message::NotNumbers)
        );
        assert_eq!(
            read("Coordinates should be between 1 and 3\n"),
            message(Message::OutOfRange)
        );
        assert_eq!(read("Please enter 9 symbols!\n"), [], "a prompt");
        assert_eq!(
            read("You should enter numbers from 1 to 3\n"),
            [Content::Text("Youshouldenternumbersfrom1to3".to_owned())],
            "two messages at once are neither"
        );
        assert_eq!(read("X won\n"), [Content::Text("Xwon".to_owned())]);
        assert_eq!(read("Enter cells: Enter cells: "), []);
    }
}
