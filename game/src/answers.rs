//! Reading the user's answers line by line in bounded memory, whatever the input.
//!
//! An answer is a line without its ending, trimmed of surrounding white space. A line may be of
//! any length, so the reader never keeps one whole: it keeps a shortened form that every answer
//! of this kata reads exactly as it would read the whole line.
//!
//! - A run of white space inside the line becomes one space.
//! - A run of digits loses its leading zeros (keeping one `0` if that is all it holds), and keeps
//!   at most [`MAX_SIGNIFICANT_DIGITS`] significant digits: any longer number is far out of
//!   range, and a run of digits is invalid in a cell string however long it is.
//! - A line still longer than [`MAX_ANSWER_LEN`] bytes after that, or not valid UTF-8, reads as
//!   [`UNREADABLE`], which no question accepts: no valid cell string or pair of coordinates is
//!   that long (two numbers with signs take at most 45 bytes).

use std::io::{self, BufRead};

/// The number of significant digits kept of a run of digits: 20 digits exceed any `i64`.
pub const MAX_SIGNIFICANT_DIGITS: usize = 20;

/// The longest shortened line kept; a longer one reads as [`UNREADABLE`].
pub const MAX_ANSWER_LEN: usize = 64;

/// The answer a line reads as when it is not UTF-8 or too long to be any valid answer: the
/// Unicode replacement character, which neither a cell string nor a coordinate accepts.
pub const UNREADABLE: &str = "\u{FFFD}";

/// The lines of an input, one answer at a time.
#[derive(Debug)]
pub struct Answers<R> {
    input: R,
}

impl<R: BufRead> Answers<R> {
    /// Reads answers from `input`.
    pub fn new(input: R) -> Answers<R> {
        Answers { input }
    }

    /// The next answer, or `None` when the input has ended before any byte of a line. The last
    /// line counts without a final newline.
    ///
    /// # Errors
    ///
    /// An error of the underlying reader (other than an interruption, which is retried).
    pub fn next_answer(&mut self) -> io::Result<Option<String>> {
        let mut line = ShortLine::default();
        let mut read_any = false;
        loop {
            let chunk = match self.input.fill_buf() {
                Ok(chunk) => chunk,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            };
            if chunk.is_empty() {
                return Ok(read_any.then(|| line.finish()));
            }
            read_any = true;
            let newline = chunk.iter().position(|&byte| byte == b'\n');
            let content = &chunk[..newline.unwrap_or(chunk.len())];
            line.push_bytes(content);
            let used = newline.map_or(content.len(), |at| at + 1);
            self.input.consume(used);
            if newline.is_some() {
                return Ok(Some(line.finish()));
            }
        }
    }
}

/// The shortened form of one line, built as its bytes arrive.
#[derive(Debug, Default)]
struct ShortLine {
    text: String,
    unreadable: bool,
    /// White space was seen after some text; it becomes one space if more text follows.
    space_pending: bool,
    /// The digit run the line ends in, if it does.
    digits: Option<DigitRun>,
    /// The bytes of a UTF-8 sequence split between two chunks.
    partial_char: Vec<u8>,
}

#[derive(Debug, Default, Clone, Copy)]
struct DigitRun {
    significant: usize,
    /// The run so far is zeros only, kept as a single `0`.
    zero_kept: bool,
}

impl ShortLine {
    fn push_bytes(&mut self, mut bytes: &[u8]) {
        while !bytes.is_empty() && !self.unreadable {
            if self.partial_char.is_empty() {
                match std::str::from_utf8(bytes) {
                    Ok(text) => {
                        text.chars().for_each(|c| self.push_char(c));
                        return;
                    }
                    Err(error) => {
                        let (valid, rest) = bytes.split_at(error.valid_up_to());
                        // `valid` is UTF-8: `from_utf8` said so.
                        String::from_utf8_lossy(valid)
                            .chars()
                            .for_each(|c| self.push_char(c));
                        if error.error_len().is_some() {
                            self.mark_unreadable();
                            return;
                        }
                        // The chunk ends inside a character: keep its first bytes.
                        self.partial_char.extend_from_slice(rest);
                        return;
                    }
                }
            }
            // Complete the character split between chunks, one byte at a time.
            self.partial_char.push(bytes[0]);
            bytes = &bytes[1..];
            match std::str::from_utf8(&self.partial_char) {
                Ok(text) => {
                    let text = text.to_owned();
                    self.partial_char.clear();
                    text.chars().for_each(|c| self.push_char(c));
                }
                Err(error) if error.error_len().is_some() => self.mark_unreadable(),
                Err(_) => {}
            }
        }
    }

    fn push_char(&mut self, c: char) {
        if self.unreadable {
            return;
        }
        if c.is_whitespace() {
            self.digits = None;
            self.space_pending = !self.text.is_empty();
            return;
        }
        if self.space_pending {
            self.space_pending = false;
            self.append(' ');
        }
        if !c.is_ascii_digit() {
            self.digits = None;
            self.append(c);
            return;
        }
        let mut run = self.digits.unwrap_or_default();
        if run.significant == 0 {
            if c == '0' {
                if !run.zero_kept {
                    run.zero_kept = true;
                    self.append('0');
                }
                self.digits = Some(run);
                return;
            }
            if run.zero_kept {
                run.zero_kept = false;
                self.text.pop();
            }
        }
        if run.significant < MAX_SIGNIFICANT_DIGITS {
            run.significant += 1;
            self.append(c);
        }
        self.digits = Some(run);
    }

    fn append(&mut self, c: char) {
        if self.text.len() + c.len_utf8() > MAX_ANSWER_LEN {
            self.mark_unreadable();
        } else {
            self.text.push(c);
        }
    }

    fn mark_unreadable(&mut self) {
        self.unreadable = true;
        self.text = String::new();
        self.partial_char = Vec::new();
    }

    fn finish(self) -> String {
        if self.unreadable || !self.partial_char.is_empty() {
            UNREADABLE.to_owned()
        } else {
            self.text
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Board, MoveError, choose_cell};
    use proptest::prelude::*;

    fn answers_of(input: &[u8]) -> Vec<String> {
        let mut answers = Answers::new(input);
        std::iter::from_fn(|| answers.next_answer().expect("reading a slice cannot fail")).collect()
    }

    #[test]
    fn splits_and_trims_lines() {
        assert_eq!(answers_of(b""), Vec::<String>::new());
        assert_eq!(answers_of(b"\n"), [""]);
        assert_eq!(answers_of(b"  a b \r\nc"), ["a b", "c"]);
        assert_eq!(answers_of(b"1\t\t 1\n\n"), ["1 1", ""]);
    }

    #[test]
    fn shortens_digit_runs_but_keeps_their_meaning() {
        assert_eq!(answers_of(b"+0003 -000\n007x0\n"), ["+3 -0", "7x0"]);
        let long = format!("{} 1", "9".repeat(1000));
        assert_eq!(
            answers_of(long.as_bytes()),
            [format!("{} 1", "9".repeat(20))]
        );
    }

    #[test]
    fn invalid_utf8_and_overlong_lines_are_unreadable() {
        assert_eq!(answers_of(b"\xff 1\nX"), [UNREADABLE, "X"]);
        assert_eq!(answers_of(b"\xe2\x82"), [UNREADABLE]);
        assert_eq!(answers_of("X".repeat(65).as_bytes()), [UNREADABLE]);
        assert_eq!(answers_of("\u{3000}1\u{a0}2".as_bytes()), ["1 2"]);
    }

    #[test]
    fn a_character_split_across_reads_is_decoded() {
        let input = "\u{3000}1 \u{20ac}".as_bytes();
        // A one-byte buffer splits every multi-byte character.
        let mut answers = Answers::new(io::BufReader::with_capacity(1, input));
        assert_eq!(
            answers.next_answer().expect("slice").as_deref(),
            Some("1 \u{20ac}")
        );
    }

    /// How each question classifies an answer: the result the shortened line must preserve.
    fn verdicts(answer: &str) -> (bool, Result<(usize, usize), MoveError>) {
        let cells_valid = answer.parse::<Board>().is_ok();
        let board: Board = "XO_______".parse().expect("valid cell string");
        let coordinates = choose_cell(&board, answer).map(|p| (p.row(), p.column()));
        (cells_valid, coordinates)
    }

    fn whole_line_answer(line: &[u8]) -> String {
        String::from_utf8(line.to_vec())
            .map_or_else(|_| UNREADABLE.to_owned(), |s| s.trim().to_owned())
    }

    proptest! {
        /// Every question reads the shortened line as it reads the whole trimmed line.
        #[test]
        fn shortening_keeps_every_verdict(
            parts in prop::collection::vec(
                prop_oneof![
                    "[XO_]{1,10}", "[0-9]{1,40}", "0{1,80}[0-3]?", "[+-]", "[ \t\r\u{3000}]{1,70}",
                    "[a-z0\u{661}]{1,3}", Just("\u{FFFD}".to_owned()),
                ],
                0..8,
            ),
            invalid_utf8 in prop::bool::weighted(0.05),
        ) {
            let mut line = parts.concat().into_bytes();
            if invalid_utf8 {
                line.push(0xff);
            }
            let shortened = Answers::new(&line[..]).next_answer().expect("slice");
            let expected = verdicts(&whole_line_answer(&line));
            let shortened = shortened.unwrap_or_default();
            prop_assert!(shortened.len() <= MAX_ANSWER_LEN.max(UNREADABLE.len()));
            prop_assert_eq!(verdicts(&shortened), expected);
        }
    }
}
