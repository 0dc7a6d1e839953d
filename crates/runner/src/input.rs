//! What a program is given: each input, and the record of where in the program's output each
//! input was given when it was given one answer at a time.

/// One input given to a program: the bytes it reads, and whether its input ends after them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    /// The bytes the program reads for it, newline included unless it ends the input.
    pub bytes: Vec<u8>,
    /// Whether the input ends after it, with or without bytes of its own.
    pub ends_input: bool,
}

impl Input {
    /// `line` as typed at the keyboard: the line and its newline.
    #[must_use]
    pub fn line(line: &str) -> Input {
        Input {
            bytes: format!("{line}\n").into_bytes(),
            ends_input: false,
        }
    }

    /// The end of the input, given as an input.
    #[must_use]
    pub fn end() -> Input {
        Input {
            bytes: Vec::new(),
            ends_input: true,
        }
    }
}

/// Inputs to give a program in order, read where its caller keeps them: a transcript's are
/// given without a copy, however many lines a case's input has.
pub trait Inputs {
    /// How many there are.
    fn count(&self) -> usize;
    /// The bytes the program reads for input `index`.
    fn bytes(&self, index: usize) -> &[u8];
    /// Whether the input ends after input `index`.
    fn ends_input(&self, index: usize) -> bool;
}

/// No input at all: the program's input ends at once.
pub struct NoInput;

impl Inputs for NoInput {
    fn count(&self) -> usize {
        0
    }

    fn bytes(&self, _: usize) -> &[u8] {
        &[]
    }

    fn ends_input(&self, _: usize) -> bool {
        true
    }
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
