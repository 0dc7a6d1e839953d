//! How two readings of the same game differ in presentation: prompts, borders, rows, empty
//! lines, white space, line endings, letter case and wording, each difference in one of these
//! kinds, with the place where it is seen.

use harness::content::{self, Caret, Place, Presentation, Spot};

use super::alignment::{Extra, Left};
use super::reading::{LineEnd, Piece, PieceKind, Reading, Row, quoted};

/// A kind of presentation difference; a report lists each kind once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A prompt worded otherwise.
    Prompt,
    PromptMissing,
    PromptExtra,
    PromptEndsLine,
    PromptSpace,
    EmptyCells,
    Border,
    BlankLines,
    WhiteSpace,
    LineEndings,
    LetterCase,
    Wording,
    RowLayout,
    RepeatedGrid,
    TrueState,
    ExtraLine,
}

/// One presentation difference.
#[derive(Clone, Debug)]
pub(crate) struct Difference {
    kind: Kind,
    summary: String,
    place: Place,
}

/// Where the inputs of a case are: in the expected output, and in the run's as far as placed.
pub(crate) struct Inputs<'a> {
    pub(crate) expected: &'a [usize],
    pub(crate) actual: &'a [usize],
}

impl Inputs<'_> {
    /// The input given right after `offset` of the expected output, if one is.
    fn expected_at(&self, offset: usize) -> Option<usize> {
        self.expected.iter().position(|&at| at == offset)
    }

    /// Where input `index` is shown in the run.
    fn actual_spot(&self, index: usize) -> Spot {
        if index < self.actual.len() {
            Spot::Input(index)
        } else {
            Spot::End
        }
    }
}

/// Every presentation difference of `actual` against `expected`, in order, where their first
/// `aligned` items have the same content: the gaps before each of those items and the one
/// after them, and the items themselves. When the content differs after them (`whole` is
/// false), what the last gap lacks or has too much is left out: a prompt missing before a
/// wrong item, or one too many where the game should have ended, belongs to the fault.
pub(crate) fn differences(
    expected: &Reading,
    actual: &Reading,
    aligned: usize,
    inputs: &Inputs<'_>,
    whole: bool,
) -> Vec<Difference> {
    let mut found = Vec::new();
    for index in 0..=aligned {
        let paired_only = !whole && index == aligned;
        gap(expected, actual, index, inputs, paired_only, &mut found);
        if index < aligned {
            let (want, got) = (&expected.items[index], &actual.items[index]);
            item(
                &expected.pieces[want.pieces.clone()],
                &actual.pieces[got.pieces.clone()],
                &mut found,
            );
        }
    }
    found
}

/// `found` with the extra lines `left` out of the comparison added where they stand in the
/// run's output, `expected` the expected reading.
pub(crate) fn with_extras(
    mut found: Vec<Difference>,
    expected: &Reading,
    left: &[Left],
    inputs: &Inputs<'_>,
) -> Vec<Difference> {
    let position = |spot: Spot| match spot {
        Spot::Byte(offset) => offset,
        Spot::Input(index) => inputs.actual.get(index).copied().unwrap_or(usize::MAX),
        Spot::End => usize::MAX,
    };
    for extra in left {
        let (kind, summary) = match &extra.extra {
            Extra::RepeatedGrid => (
                Kind::RepeatedGrid,
                "the grid is shown again, unchanged".to_owned(),
            ),
            Extra::TrueState(state) => (
                Kind::TrueState,
                format!("there is an extra state line, `{state}`, true where it is shown"),
            ),
            Extra::Line(text) => (
                Kind::ExtraLine,
                format!(
                    "there is an extra line, `{}`, which says nothing of the game",
                    quoted(text)
                ),
            ),
        };
        // Shown beside what the expected output has in its place: what follows the item
        // before it.
        let after_previous = extra.before.checked_sub(1).map_or(0, |previous| {
            let last = &expected.pieces[expected.items[previous].pieces.end - 1];
            last.span.end + last.end.len()
        });
        let expected_spot = if after_previous < expected.len {
            Spot::Byte(after_previous)
        } else {
            Spot::End
        };
        let at = found
            .iter()
            .position(|difference| position(difference.place.actual) > extra.at)
            .unwrap_or(found.len());
        found.insert(
            at,
            at_pieces(kind, summary, expected_spot, Spot::Byte(extra.at)),
        );
    }
    found
}

/// The differences grouped by kind, in the order each kind is first seen: each with the
/// summary and place of its first, and how many there are.
pub(crate) fn grouped(differences: &[Difference]) -> Vec<Presentation> {
    let mut kinds: Vec<Kind> = Vec::new();
    for difference in differences {
        if !kinds.contains(&difference.kind) {
            kinds.push(difference.kind);
        }
    }
    kinds
        .into_iter()
        .filter_map(|kind| {
            let mut of_kind = differences.iter().filter(|d| d.kind == kind);
            let first = of_kind.next()?;
            Some(Presentation {
                summary: first.summary.clone(),
                count: 1 + of_kind.count(),
                place: first.place,
            })
        })
        .collect()
}

/// A difference at the start of two pieces.
fn at_pieces(kind: Kind, summary: String, want: Spot, got: Spot) -> Difference {
    Difference {
        kind,
        summary,
        place: Place {
            expected: want,
            actual: got,
            caret: Caret::FirstDifference,
        },
    }
}

fn start(piece: &Piece) -> Spot {
    Spot::Byte(piece.span.start)
}

/// The differences in the gap before item `index`: prompts, empty lines, lone borders; only
/// between prompts on both sides with `paired_only`.
fn gap(
    expected: &Reading,
    actual: &Reading,
    index: usize,
    inputs: &Inputs<'_>,
    paired_only: bool,
    found: &mut Vec<Difference>,
) {
    let want = &expected.pieces[expected.gap(index)];
    let got = &actual.pieces[actual.gap(index)];
    let next = |reading: &Reading| {
        if index < reading.items.len() {
            Spot::Byte(reading.item_start(index))
        } else {
            Spot::End
        }
    };
    let (want_next, got_next) = (next(expected), next(actual));
    let of_kind = |pieces: &[Piece], kind: &PieceKind| -> Vec<Piece> {
        pieces
            .iter()
            .filter(|piece| piece.kind == *kind)
            .cloned()
            .collect()
    };
    let (want_prompts, got_prompts) = (
        of_kind(want, &PieceKind::Prompt),
        of_kind(got, &PieceKind::Prompt),
    );
    for position in 0..want_prompts.len().max(got_prompts.len()) {
        match (want_prompts.get(position), got_prompts.get(position)) {
            (Some(want), Some(got)) => found.extend(prompt(want, got)),
            _ if paired_only => {}
            (Some(want), None) => {
                let input = inputs.expected_at(want.span.end);
                let got_spot = input.map_or(got_next, |input| inputs.actual_spot(input));
                found.push(at_pieces(
                    Kind::PromptMissing,
                    format!("the prompt `{}` is missing", want.text),
                    start(want),
                    got_spot,
                ));
            }
            (None, Some(got)) => found.push(at_pieces(
                Kind::PromptExtra,
                format!(
                    "there is an extra prompt, `{}`",
                    quoted(got.text.trim_end())
                ),
                want_next,
                start(got),
            )),
            (None, None) => {}
        }
    }
    if paired_only {
        return;
    }
    // A piece missing or too many is shown beside what stands in its place on the other side:
    // the prompt that comes after it there, or else the next item.
    let in_place_of = |piece: &Piece, from: &[Piece], to: &[Piece], after: Spot| {
        let prompts_before = from
            .iter()
            .filter(|other| other.kind == PieceKind::Prompt && other.span.start < piece.span.start)
            .count();
        to.iter()
            .filter(|other| other.kind == PieceKind::Prompt)
            .nth(prompts_before)
            .map_or(after, start)
    };
    for (kind, what, name) in [
        (PieceKind::Blank, Kind::BlankLines, "empty line"),
        (PieceKind::Border, Kind::Border, "border line"),
    ] {
        let (want_pieces, got_pieces) = (of_kind(want, &kind), of_kind(got, &kind));
        if let Some(extra) = got_pieces.get(want_pieces.len()) {
            found.push(at_pieces(
                what,
                format!("there is an extra {name}"),
                in_place_of(extra, got, want, want_next),
                start(extra),
            ));
        } else if let Some(missing) = want_pieces.get(got_pieces.len()) {
            found.push(at_pieces(
                what,
                format!("an {name} is missing"),
                start(missing),
                in_place_of(missing, want, got, got_next),
            ));
        }
    }
}

/// How a prompt the run shows differs from the expected one.
fn prompt(want: &Piece, got: &Piece) -> Option<Difference> {
    let want_ends_line = want.end.ends_line();
    let got_ends_line = got.end.ends_line();
    if want.text == got.text && want_ends_line == got_ends_line {
        return None;
    }
    let (kind, summary) = if got_ends_line && !want_ends_line {
        (
            Kind::PromptEndsLine,
            format!(
                "the prompt `{}\\n` ends with a line break, so the answer is typed on the next \
                 line; it should be `{}`, with the answer on the same line",
                quoted(&got.text),
                want.text
            ),
        )
    } else if got.text.trim_end() == want.text.trim_end() && got.text.len() < want.text.len() {
        (
            Kind::PromptSpace,
            format!(
                "the prompt `{}` is missing the space it should end with",
                quoted(&got.text)
            ),
        )
    } else {
        (Kind::Prompt, wording(&got.text, &want.text))
    };
    Some(at_pieces(kind, summary, start(want), start(got)))
}

/// How the prompt `got` is worded otherwise than `want`: what it lacks or has too much, where
/// that is all.
fn wording(got: &str, want: &str) -> String {
    let common = |a: &mut dyn Iterator<Item = (char, char)>| a.take_while(|(x, y)| x == y).count();
    let prefix = common(&mut got.chars().zip(want.chars()));
    let (got_rest, want_rest): (Vec<char>, Vec<char>) = (
        got.chars().skip(prefix).collect(),
        want.chars().skip(prefix).collect(),
    );
    let suffix = common(
        &mut got_rest
            .iter()
            .rev()
            .copied()
            .zip(want_rest.iter().rev().copied()),
    );
    let middle = |rest: &[char]| -> String { rest[..rest.len() - suffix].iter().collect() };
    let (got_middle, want_middle) = (middle(&got_rest), middle(&want_rest));
    let got = quoted(got);
    match (got_middle.trim().is_empty(), want_middle.trim().is_empty()) {
        (true, false) if got_middle.is_empty() => format!(
            "the prompt `{got}` is missing the `{}` of `{want}`",
            want_middle.trim()
        ),
        (false, true) if want_middle.is_empty() => format!(
            "the prompt `{got}` has `{}` that `{want}` has not",
            quoted(got_middle.trim())
        ),
        _ => format!("the prompt reads `{got}` where it should read `{want}`"),
    }
}

/// The differences within an item whose content is right.
fn item(want: &[Piece], got: &[Piece], found: &mut Vec<Difference>) {
    let is_border = |piece: &&Piece| piece.kind == PieceKind::Border;
    let rows = |pieces: &[Piece]| -> Vec<Piece> {
        pieces
            .iter()
            .filter(|piece| matches!(piece.kind, PieceKind::Row(_)))
            .cloned()
            .collect()
    };
    let (want_rows, got_rows) = (rows(want), rows(got));
    if want_rows.is_empty() {
        // A message, or a line that is neither: one piece each.
        if let (Some(want), Some(got)) = (want.first(), got.first()) {
            found.extend(text(want, got, || {
                (
                    Kind::Wording,
                    format!(
                        "a message reads `{}` where it should read `{}`",
                        quoted(got.text.trim()),
                        want.text
                    ),
                )
            }));
            found.extend(line_end(want, got));
        }
        return;
    }
    let top = |pieces: &[Piece]| pieces.first().filter(is_border).cloned();
    let bottom = |pieces: &[Piece]| {
        pieces
            .last()
            .filter(|piece| pieces.len() > 1 && is_border(piece))
            .cloned()
    };
    border(top(want), top(got), (&want_rows[0], &got_rows[0]), found);
    for (want_row, got_row) in want_rows.iter().zip(&got_rows) {
        row(want_row, got_row, found);
    }
    // Empty lines among the rows: the expected line shown beside the first is the row that
    // should come there.
    if let Some(first) = got.iter().find(|piece| piece.kind == PieceKind::Blank) {
        let rows_before = got_rows
            .iter()
            .filter(|row| row.span.start < first.span.start)
            .count();
        let instead = want_rows
            .get(rows_before)
            .map_or(Spot::Byte(want[want.len() - 1].span.start), start);
        found.push(at_pieces(
            Kind::BlankLines,
            "there is an extra empty line".to_owned(),
            instead,
            start(first),
        ));
    }
    let (want_last, got_last) = (
        &want_rows[want_rows.len() - 1],
        &got_rows[got_rows.len() - 1],
    );
    border(bottom(want), bottom(got), (want_last, got_last), found);
}

/// How a grid's border line differs, `beside` giving a row next to it on each side, where a
/// missing border is shown.
fn border(
    want: Option<Piece>,
    got: Option<Piece>,
    beside: (&Piece, &Piece),
    found: &mut Vec<Difference>,
) {
    let dashes = |piece: &Piece| piece.text.matches('-').count();
    match (want, got) {
        (Some(want), Some(got)) => {
            found.extend(text(&want, &got, || {
                (
                    Kind::Border,
                    format!(
                        "the border is `{}`, {} dashes, where it should be `{}`, {}",
                        quoted(got.text.trim()),
                        dashes(&got),
                        want.text,
                        dashes(&want)
                    ),
                )
            }));
            found.extend(line_end(&want, &got));
        }
        (Some(want), None) => found.push(at_pieces(
            Kind::Border,
            format!("a grid's border line `{}` is missing", want.text),
            start(&want),
            start(beside.1),
        )),
        (None, Some(got)) => found.push(at_pieces(
            Kind::Border,
            format!(
                "a grid has a border line, `{}`, where it should have none",
                quoted(got.text.trim())
            ),
            start(beside.0),
            start(&got),
        )),
        (None, None) => {}
    }
}

/// How a grid row with the right cells differs.
fn row(want: &Piece, got: &Piece, found: &mut Vec<Difference>) {
    let PieceKind::Row(Row {
        symbols, offsets, ..
    }) = &got.kind
    else {
        return;
    };
    let here =
        |kind: Kind, summary: &str| at_pieces(kind, summary.to_owned(), start(want), start(got));
    if symbols.contains(&' ') {
        found.push(here(
            Kind::EmptyCells,
            "empty cells are shown as spaces; this kata shows `_`",
        ));
    }
    if symbols.iter().any(char::is_ascii_lowercase) {
        found.push(here(
            Kind::LetterCase,
            "marks are written in lower case, `x` and `o`, where they should be `X` and `O`",
        ));
    }
    // The row as written, each cell in its place written as the specification writes it: what
    // is left to differ is the drawing of the row.
    let mut redrawn = got.text.clone().into_bytes();
    for (symbol, offset) in symbols.iter().zip(offsets) {
        let written = match symbol.to_ascii_uppercase() {
            ' ' => b'_',
            // Symbols are ASCII: the reading accepts no other.
            symbol => u8::try_from(symbol).unwrap_or(b'?'),
        };
        redrawn[offset - got.span.start] = written;
    }
    let redrawn = Piece {
        text: String::from_utf8_lossy(&redrawn).into_owned(),
        ..got.clone()
    };
    found.extend(text(want, &redrawn, || {
        (
            Kind::RowLayout,
            format!(
                "grid rows are drawn as `{}` where they should be drawn as `{}`",
                quoted(got.text.trim()),
                want.text
            ),
        )
    }));
    found.extend(line_end(want, got));
}

/// How the text of two pieces with the same content differs: in white space, in letter case,
/// or else as `otherwise` says (in wording, in the drawing of a row).
fn text(
    want: &Piece,
    got: &Piece,
    otherwise: impl FnOnce() -> (Kind, String),
) -> Option<Difference> {
    let (want_text, got_text) = (want.text.as_str(), got.text.as_str());
    if want_text == got_text {
        return None;
    }
    let squeezed = |text: &str| -> String { text.chars().filter(|c| !c.is_whitespace()).collect() };
    let (kind, summary) = if squeezed(want_text) == squeezed(got_text) {
        (
            Kind::WhiteSpace,
            content::describe_white_space(want_text, got_text).to_owned(),
        )
    } else if squeezed(want_text).to_lowercase() == squeezed(got_text).to_lowercase() {
        (
            Kind::LetterCase,
            format!(
                "`{}` differs in letter case from `{want_text}`",
                quoted(got_text.trim())
            ),
        )
    } else {
        otherwise()
    };
    if kind == Kind::WhiteSpace {
        // The mark goes where the white space differs, whatever else of the line is written
        // otherwise (a mark in lower case, a space for an empty cell).
        let at = want_text
            .bytes()
            .zip(got_text.bytes())
            .take_while(|(a, b)| a == b)
            .count();
        return Some(Difference {
            kind,
            summary,
            place: Place {
                expected: start(want),
                actual: Spot::Byte(got.span.start + at),
                caret: Caret::AtActual,
            },
        });
    }
    Some(at_pieces(kind, summary, start(want), start(got)))
}

/// How the end of a line of content differs.
fn line_end(want: &Piece, got: &Piece) -> Option<Difference> {
    let (kind, summary) = match (want.end, got.end) {
        (LineEnd::Newline, LineEnd::CrNewline) => (
            Kind::LineEndings,
            "lines end in CRLF (\\r\\n) where they should end in LF (\\n) alone",
        ),
        (LineEnd::Newline | LineEnd::CrNewline, LineEnd::EndOfOutput) => {
            (Kind::WhiteSpace, "the output does not end with a newline")
        }
        (LineEnd::EndOfOutput, LineEnd::Newline | LineEnd::CrNewline) => (
            Kind::WhiteSpace,
            "the output ends with a newline where it should not",
        ),
        _ => return None,
    };
    Some(at_pieces(kind, summary.to_owned(), start(want), start(got)))
}
