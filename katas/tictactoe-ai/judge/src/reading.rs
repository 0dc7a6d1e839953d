//! A run's output read as the events of Tic-Tac-Toe with AI games, whatever their presentation:
//! the grids, the computer's `Making move` lines, the states, the messages and the prompts, each
//! with the place of its first byte: what the strategy answers from and the replay follows.
//! Lines that are none of these are kept as they are; whether one is presentation (a greeting)
//! is for the kata's content check to say.

use tictactoe::{GameState, Mark};

/// What a line of the output shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A grid: its nine cells, row by row, `X`, `O` or `_`.
    Grid([char; 9]),
    /// A `Making move level "..."` line, with the level it names, in lower case.
    Level(String),
    /// A state: `X wins`, `O wins`, `Draw`, `Game not finished` or `Impossible`.
    State(GameState),
    /// One of the messages, by its exact text.
    Message(&'static str),
    /// A prompt, by its exact text.
    Prompt(&'static str),
    /// Any other line, as written (trimmed).
    Other(String),
}

impl Event {
    /// The event in words, for a learner.
    #[must_use]
    pub fn in_words(&self) -> String {
        match self {
            Event::Grid(cells) => {
                let rows: Vec<String> = cells
                    .chunks(3)
                    .map(|row| row.iter().collect::<String>())
                    .collect();
                format!("the grid {}", rows.join("/"))
            }
            Event::Level(level) => format!("`Making move level \"{level}\"`"),
            Event::State(state) => format!("`{state}`"),
            Event::Message(message) => format!("`{message}`"),
            Event::Prompt(prompt) => format!("the prompt `{prompt}`"),
            Event::Other(line) => format!("the line `{line}`"),
        }
    }
}

/// An event, and where its line starts in the output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located {
    /// The event.
    pub event: Event,
    /// The offset of its first byte.
    pub offset: usize,
}

const PROMPTS: [&str; 3] = ["Input command:", "Enter the coordinates:", "Enter cells:"];
/// Every state, read by the words its `Display` shows.
const STATES: &[GameState] = &[
    GameState::Wins(Mark::X),
    GameState::Wins(Mark::O),
    GameState::Draw,
    GameState::NotFinished,
    GameState::Impossible,
];
/// Each message, and the words that only it has.
const MESSAGES: &[(&str, &str)] = &[
    ("Bad parameters!", "bad parameters"),
    ("You should enter numbers!", "numbers"),
    ("Coordinates should be from 1 to 3!", "1 to 3"),
    ("This cell is occupied! Choose another one!", "occupied"),
    ("You should enter 9 symbols: X, O or _!", "symbols"),
];

/// The events of `output`, in order.
#[must_use]
pub fn read(output: &[u8]) -> Vec<Located> {
    let text = String::from_utf8_lossy(output);
    let mut events = Vec::new();
    let mut rows: Vec<(usize, [char; 3])> = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let mut rest = line.trim();
        let mut at = start + (line.len() - line.trim_start().len());
        // A prompt is followed, on the same line, by what came after its answer.
        while let Some(prompt) = PROMPTS
            .iter()
            .find(|prompt| starts_with_ignoring_case(rest, prompt))
        {
            flush_rows(&mut rows, &mut events);
            events.push(Located {
                event: Event::Prompt(prompt),
                offset: at,
            });
            let after = rest[prompt.len()..].trim_start();
            at += rest.len() - after.len();
            rest = after;
        }
        if rest.is_empty() || rest.chars().all(|c| c == '-') {
            continue;
        }
        if let Some(row) = row(rest) {
            rows.push((at, row));
            if rows.len() == 3 {
                flush_rows(&mut rows, &mut events);
            }
            continue;
        }
        flush_rows(&mut rows, &mut events);
        events.push(Located {
            event: line_event(rest),
            offset: at,
        });
    }
    flush_rows(&mut rows, &mut events);
    events
}

/// The rows read so far as a grid, if there are three; fewer are lines of their own.
fn flush_rows(rows: &mut Vec<(usize, [char; 3])>, events: &mut Vec<Located>) {
    if rows.len() == 3 {
        let mut cells = ['_'; 9];
        for (index, (_, row)) in rows.iter().enumerate() {
            cells[index * 3..index * 3 + 3].copy_from_slice(row);
        }
        events.push(Located {
            event: Event::Grid(cells),
            offset: rows[0].0,
        });
    } else {
        for &(offset, row) in rows.iter() {
            events.push(Located {
                event: Event::Other(row.iter().collect()),
                offset,
            });
        }
    }
    rows.clear();
}

/// A grid row, `| X O _ |` however spaced, with or without its pipes; an empty cell may be a
/// space where the cells stand one space apart (`| X   O |`, `|       |`), as the course's
/// own stage texts show it.
fn row(line: &str) -> Option<[char; 3]> {
    let cells: Vec<char> = line
        .chars()
        .filter(|&c| c != '|' && !c.is_whitespace())
        .map(|c| c.to_ascii_uppercase())
        .collect();
    match cells.as_slice() {
        &[a, b, c] if cells.iter().all(|c| matches!(c, 'X' | 'O' | '_')) => Some([a, b, c]),
        _ => spaced_row(line),
    }
}

/// A row between pipes whose empty cells are spaces, read where the cells stand: the inside
/// is seven characters, a cell at every other one (`" X   O "`).
fn spaced_row(line: &str) -> Option<[char; 3]> {
    let inside = line.trim().strip_prefix('|')?.strip_suffix('|')?.as_bytes();
    let places = [1, 3, 5];
    let separated =
        inside.len() == 7 && (0..inside.len()).all(|at| places.contains(&at) || inside[at] == b' ');
    if !separated {
        return None;
    }
    let cell = |at: usize| match inside[at].to_ascii_uppercase() {
        b' ' | b'_' => Some('_'),
        b'X' => Some('X'),
        b'O' => Some('O'),
        _ => None,
    };
    Some([cell(1)?, cell(3)?, cell(5)?])
}

/// What a line that is no prompt and no grid row shows.
fn line_event(line: &str) -> Event {
    let lower = line.to_lowercase();
    if let Some(rest) = lower.strip_prefix("making move level") {
        let level = rest.trim().trim_matches(|c: char| c == '"' || c == '\'');
        return Event::Level(level.to_owned());
    }
    let words: String = lower
        .trim_end_matches(['.', '!'])
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    if let Some(&state) = STATES
        .iter()
        .find(|state| state.to_string().to_lowercase() == words)
    {
        return Event::State(state);
    }
    if let Some((message, _)) = MESSAGES.iter().find(|(_, words)| lower.contains(words)) {
        return Event::Message(message);
    }
    Event::Other(line.to_owned())
}

fn starts_with_ignoring_case(text: &str, prefix: &str) -> bool {
    text.get(..prefix.len())
        .is_some_and(|start| start.eq_ignore_ascii_case(prefix))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn events(output: &str) -> Vec<Event> {
        read(output.as_bytes())
            .into_iter()
            .map(|located| located.event)
            .collect()
    }

    #[test]
    fn reads_a_game_however_presented() {
        let exact = "Input command: ---------\n| _ _ _ |\n| _ X _ |\n| _ _ _ |\n---------\n\
                     Making move level \"easy\"\nX wins\nInput command: ";
        let loose = "input command:\n|_ _ _|\n|_ x _|\n|_ _ _|\n\nmaking move level easy\n\
                     x wins!\nInput command: ";
        let read = events(exact);
        assert_eq!(
            read,
            [
                Event::Prompt("Input command:"),
                Event::Grid(['_', '_', '_', '_', 'X', '_', '_', '_', '_']),
                Event::Level("easy".to_owned()),
                Event::State(GameState::Wins(Mark::X)),
                Event::Prompt("Input command:"),
            ]
        );
        assert_eq!(events(loose), read);
        assert_eq!(read_offsets(exact), [0, 25, 65, 90, 97]);
        let spaced = exact.replace("_ _ _", "     ").replace("_ X _", "  X  ");
        assert_eq!(events(&spaced), read, "{spaced}");
    }

    fn read_offsets(output: &str) -> Vec<usize> {
        read(output.as_bytes()).iter().map(|l| l.offset).collect()
    }

    #[test]
    fn messages_by_their_words_and_anything_else_as_it_is() {
        assert_eq!(
            events("Enter the coordinates: This cell is occupied!\nHello\n"),
            [
                Event::Prompt("Enter the coordinates:"),
                Event::Message("This cell is occupied! Choose another one!"),
                Event::Other("Hello".to_owned()),
            ]
        );
        assert_eq!(events("X won\n"), [Event::Other("X won".to_owned())]);
    }
}
