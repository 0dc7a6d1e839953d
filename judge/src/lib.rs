//! The Tic-Tac-Toe kata's content check, the game checked beside the text: a run's output read
//! by its content (the grids, the messages, the final state), the kata's own rules passed to the
//! harness's judge as a [`ContentCheck`]. A manifest names it `content-check = "tictactoe"`, and
//! the grader builds it in under that name.
//!
//! The expected output and the run's are read alike (`reading`) into the items of the game;
//! the run's lines that change nothing in the game (a grid shown again, a true state) are left
//! out, and a rejection of cells in other words is taken for the one there is (`alignment`).
//! The game is right when the items are the same, in the same order. Then every way the text
//! differs is presentation (`presentation`); otherwise the first item that differs is the
//! fault shown, explained in the game's terms where the run shows a fault it knows
//! (`explanation`), with the first presentation difference before it, and the convention of
//! coordinates the run follows instead of the specification's, if it follows a known one
//! (`conventions`).
//!
//! The Tic-Tac-Toe with AI kata reads its output with the same check
//! ([`TicTacToe::with_reference`]): its grids, states and messages are this kata's, and its
//! menu's `Bad parameters!` and the computer's `Making move level "LEVEL"` are messages too.

mod alignment;
mod conventions;
mod explanation;
mod presentation;
mod reading;

use harness::content::{Caret, Comparison, ContentCheck, Finding, Mismatch, Place, Spot};
use kata_model::transcript::{Input, Transcript};

use explanation::Explanation;
use presentation::Inputs;
use reading::{Content, Item, PieceKind, Reading, quoted};

/// What a reference stage prints given these inputs: how a run that reads coordinates another
/// way is recognised (its grids are the reference's for its answers read that way).
pub type Reference = Box<dyn Fn(&[Input]) -> Vec<u8> + Send + Sync>;

/// The content check of a Tic-Tac-Toe kata, for one stage.
pub struct TicTacToe {
    /// The stage's reference, where the stage reads coordinates.
    reference: Option<Reference>,
}

impl TicTacToe {
    /// The check of the Tic-Tac-Toe kata's stage `stage` (1 to 5); stages 4 and 5 read
    /// coordinates, so a run of theirs may follow another convention.
    #[must_use]
    pub fn new(stage: u8) -> TicTacToe {
        let reference: Option<Reference> = match stage {
            4 => Some(Box::new(|inputs| {
                reference(inputs, |stdin, output| stage4::run(stdin, output))
            })),
            5 => Some(Box::new(|inputs| {
                reference(inputs, |stdin, output| stage5::run(stdin, output))
            })),
            _ => None,
        };
        TicTacToe { reference }
    }

    /// The check of another Tic-Tac-Toe kata's stage, whose coordinates `reference` plays, if
    /// it reads any.
    #[must_use]
    pub fn with_reference(reference: Option<Reference>) -> TicTacToe {
        TicTacToe { reference }
    }
}

/// What the first kata's reference stage `run` prints given `inputs`.
fn reference<E>(inputs: &[Input], run: impl Fn(&[u8], &mut Vec<u8>) -> Result<(), E>) -> Vec<u8> {
    let stdin: Vec<u8> = inputs
        .iter()
        .flat_map(|input| input.bytes.clone())
        .collect();
    let mut output = Vec::new();
    // How the stage ends does not matter here, only the grids it showed before.
    let _ = run(&stdin, &mut output);
    output
}

impl ContentCheck for TicTacToe {
    fn subject(&self) -> &'static str {
        "game"
    }

    fn compare(&self, expected: &Transcript, actual: &[u8]) -> Comparison {
        let want = Reading::of(&expected.stdout());
        // Extra lines that change nothing may come after every item, a grid and a state.
        let enough = want.items.len().saturating_mul(3);
        let read = Reading::up_to(actual, enough, &want.prompt_words());
        let (got, left) = alignment::align(&want, &read);
        let differing = (0..want.items.len().max(got.items.len())).find(|&index| {
            want.items.get(index).map(|item| &item.content)
                != got.items.get(index).map(|item| &item.content)
        });
        let aligned = differing.unwrap_or(want.items.len());
        let expected_inputs = expected.input_offsets();
        let input_offsets = place_inputs(&want, &got, &expected_inputs, aligned);
        let inputs = Inputs {
            expected: &expected_inputs,
            actual: &input_offsets,
        };
        let differences = presentation::with_extras(
            presentation::differences(&want, &got, aligned, &inputs, differing.is_none()),
            &want,
            &left,
            &inputs,
        );
        let finding = match differing {
            None => Finding::Same(presentation::grouped(&differences)),
            Some(index) => {
                let (first, place) = first_fault(&want, &got, index);
                let explained = explanation::explain(&explanation::Run {
                    want: &want,
                    got: &got,
                    index,
                    inputs: expected.inputs(),
                    input_offsets: &expected_inputs,
                });
                let (summary, place, mut notes) = match explained {
                    // At a line of its own: the line that differs first, explained.
                    Some(Explanation {
                        summary,
                        place: Some(place),
                    }) => (summary, place, Vec::new()),
                    Some(Explanation {
                        summary,
                        place: None,
                    }) => (
                        summary,
                        place,
                        vec![format!("The first line that differs: {first}.")],
                    ),
                    None => (first, place, Vec::new()),
                };
                if let Some(reference) = &self.reference {
                    notes.extend(conventions::followed(
                        reference,
                        expected.inputs(),
                        &want,
                        &got,
                    ));
                }
                Finding::Differs(Box::new(Mismatch {
                    summary,
                    place,
                    notes,
                    earlier: presentation::grouped(&differences).into_iter().next(),
                }))
            }
        };
        Comparison {
            subject: self.subject(),
            input_offsets,
            finding,
        }
    }
}

/// Where the run was most likely given each input whose place the items before `aligned`
/// (which are the same in both) tell: after the run's prompt that stands where the expected
/// one does, or else just before the content that the input led to.
fn place_inputs(want: &Reading, got: &Reading, offsets: &[usize], aligned: usize) -> Vec<usize> {
    let mut placed: Vec<usize> = Vec::new();
    for &offset in offsets {
        let gap = want
            .items
            .iter()
            .take_while(|item| want.pieces[item.pieces.start].span.start < offset)
            .count();
        if gap > aligned {
            break;
        }
        let prompts_before = want.pieces[want.gap(gap)]
            .iter()
            .filter(|piece| piece.kind == PieceKind::Prompt && piece.span.end <= offset)
            .count();
        let got_prompt = prompts_before.checked_sub(1).and_then(|position| {
            got.pieces[got.gap(gap)]
                .iter()
                .filter(|piece| piece.kind == PieceKind::Prompt)
                .nth(position)
        });
        let at = match got_prompt {
            // A prompt that ends its line has the answer on the next.
            Some(prompt) => prompt.span.end + prompt.end.len(),
            None => got.item_start(gap),
        };
        placed.push(at.max(placed.last().copied().unwrap_or(0)));
    }
    placed
}

/// The first difference in content, at item `index`: what it is, and where.
fn first_fault(want: &Reading, got: &Reading, index: usize) -> (String, Place) {
    let spot =
        |reading: &Reading, item: &Item| Spot::Byte(reading.pieces[item.pieces.start].span.start);
    let place = |expected: Spot, actual: Spot| Place {
        expected,
        actual,
        caret: Caret::FirstDifference,
    };
    match (want.items.get(index), got.items.get(index)) {
        (Some(wanted), Some(gotten)) => {
            if let Some(fault) = wrong_cell(want, wanted, got, gotten) {
                return fault;
            }
            (
                format!(
                    "{} is shown where {} is expected",
                    describe(got, gotten),
                    describe(want, wanted)
                ),
                place(spot(want, wanted), spot(got, gotten)),
            )
        }
        (Some(wanted), None) => (
            format!(
                "the output ends where {} is expected",
                describe(want, wanted)
            ),
            place(spot(want, wanted), Spot::End),
        ),
        (None, Some(gotten)) => (
            format!(
                "the output goes on with {} where it should end",
                describe(got, gotten)
            ),
            place(Spot::End, spot(got, gotten)),
        ),
        (None, None) => (String::new(), place(Spot::End, Spot::End)),
    }
}

/// The first wrong cell of two whole grids, in words, with the place of its row and the cell
/// marked.
fn wrong_cell(
    want: &Reading,
    wanted: &Item,
    got: &Reading,
    gotten: &Item,
) -> Option<(String, Place)> {
    let rows = |reading: &Reading, item: &Item| -> Vec<(reading::Row, usize)> {
        reading.pieces[item.pieces.clone()]
            .iter()
            .filter_map(|piece| match &piece.kind {
                PieceKind::Row(row) => Some((*row, piece.span.start)),
                _ => None,
            })
            .collect()
    };
    let (want_rows, got_rows) = (rows(want, wanted), rows(got, gotten));
    if want_rows.len() != 3 || got_rows.len() != 3 {
        return None;
    }
    let wrong: Vec<(usize, usize)> = (0..3)
        .flat_map(|row| (0..3).map(move |column| (row, column)))
        .filter(|&(row, column)| want_rows[row].0.cells[column] != got_rows[row].0.cells[column])
        .collect();
    let &(row, column) = wrong.first()?;
    let more = match wrong.len() - 1 {
        0 => String::new(),
        1 => " (and 1 more cell is wrong)".to_owned(),
        others => format!(" (and {others} more cells are wrong)"),
    };
    Some((
        format!(
            "in the grid, the cell in row {}, column {} is `{}` where it should be `{}`{more}",
            row + 1,
            column + 1,
            got_rows[row].0.cells[column].symbol(),
            want_rows[row].0.cells[column].symbol()
        ),
        Place {
            expected: Spot::Byte(want_rows[row].1),
            actual: Spot::Byte(got_rows[row].0.offsets[column]),
            caret: Caret::AtActual,
        },
    ))
}

/// An item in words, quoting the text of a message or line as `reading` has it.
fn describe(reading: &Reading, item: &Item) -> String {
    let text = quoted(reading.pieces[item.pieces.start].text.trim());
    match &item.content {
        Content::Grid(rows) if rows.len() == 3 => "a grid".to_owned(),
        Content::Grid(rows) => format!(
            "a grid of {} row{}",
            rows.len(),
            if rows.len() == 1 { "" } else { "s" }
        ),
        Content::Message(reading::Message::State(_)) => format!("the state `{text}`"),
        Content::Message(_) => format!("the message `{text}`"),
        Content::Text(_) => format!("the line `{text}`"),
    }
}

#[cfg(test)]
mod tests;
