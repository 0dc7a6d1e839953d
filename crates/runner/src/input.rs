//! What a program is given: each input, the text it reads as, and the record of where in the
//! program's output each input was given when it was given one answer at a time.

/// One input given to a program: a line of a transcript, or an answer given when it asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    /// The text after the marker, as written (escapes kept).
    pub written: String,
    /// The output on the same line before the marker: the prompt that asked for this input.
    pub prompt: Vec<u8>,
    /// The bytes the program reads for it, newline included unless it ends the input.
    pub bytes: Vec<u8>,
    /// Whether the input ends after it without a newline (`\z`).
    pub ends_input: bool,
}

/// Where a program was given its inputs, as the run went.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Interleaving {
    /// For each input given, in order: how many bytes the program had written to standard output
    /// when it was given.
    pub given: Vec<usize>,
    /// How many bytes it had written when it waited in a read for input after the last one,
    /// if it did: it was then given the end of the input.
    pub asked_for_more: Option<usize>,
}

/// Bytes a program was given or wrote as text, as [`visible`](crate::visible) shows whatever it
/// writes: what a terminal would act on or hide is written `\u{…}`, a byte that is not UTF-8
/// `\xHH`; and, for a transcript, a carriage return is `\r` and a `>` followed by a
/// space or ending a line, which would read as an input marker, is `\x3e`.
#[must_use]
pub fn escape(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        let mut chars = chunk.valid().chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\r' => text.push_str("\\r"),
                '>' if matches!(chars.peek(), Some(' ' | '\n') | None) => text.push_str("\\x3e"),
                c => crate::visible::push_visible(&mut text, c),
            }
        }
        for byte in chunk.invalid() {
            text.push_str(&format!("\\x{byte:02x}"));
        }
    }
    text
}
