//! What every stage does at its edges: asking, re-asking, and how it ends.
//!
//! A stage is a function from a reader and a writer to `Result<(), StageError>`. Every way it
//! can fail is a [`StageError`], whose message and exit status are decided here and nowhere
//! else; [`run_program`] turns a stage into a process.

use std::fmt::{self, Display};
use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use crate::answers::Answers;

/// A prompt and what the program was waiting for, for the message when input ends there.
#[derive(Clone, Copy, Debug)]
pub struct Question {
    /// The text shown, ending in one space.
    pub prompt: &'static str,
    /// What had not happened yet if the input ends at this prompt: "the cells were entered".
    pub awaited: &'static str,
}

/// The prompt for a cell string.
pub const CELLS: Question = Question {
    prompt: "Enter cells: ",
    awaited: "the cells were entered",
};

/// The prompt for a move that is the whole point of the program (stage 4).
pub const MOVE: Question = Question {
    prompt: "Enter the coordinates: ",
    awaited: "a move was made",
};

/// The prompt for each move of a whole game (stage 5).
pub const GAME_MOVE: Question = Question {
    prompt: "Enter the coordinates: ",
    awaited: "the game was over",
};

/// Why a stage stopped before its job was done.
#[derive(Debug)]
pub enum StageError {
    /// The input ended at a prompt.
    InputEnded(Question),
    /// Standard input could not be read.
    Read(io::Error),
    /// Standard output could not be written; a closed pipe is one such case.
    Write(io::Error),
}

/// The exit status of a stage that did its job.
pub const EXIT_DONE: u8 = 0;
/// The exit status when input ended early, or reading or writing failed.
pub const EXIT_FAILED: u8 = 1;
/// The exit status when standard output was closed: the one a shell reports for a program that
/// SIGPIPE ended, so pipelines see what they would see from most programs.
pub const EXIT_OUTPUT_CLOSED: u8 = 141;

impl StageError {
    /// The process's exit status for this error.
    #[must_use]
    pub fn exit_status(&self) -> u8 {
        match self {
            StageError::Write(error) if error.kind() == io::ErrorKind::BrokenPipe => {
                EXIT_OUTPUT_CLOSED
            }
            _ => EXIT_FAILED,
        }
    }

    /// Whether the error deserves a line on standard error. A closed output ends the program
    /// quietly, since whoever closed it is not listening any more.
    #[must_use]
    pub fn is_reported(&self) -> bool {
        self.exit_status() != EXIT_OUTPUT_CLOSED
    }
}

impl Display for StageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StageError::InputEnded(question) => {
                write!(f, "input ended before {}", question.awaited)
            }
            StageError::Read(error) => write!(f, "cannot read the input: {error}"),
            StageError::Write(error) => write!(f, "cannot write the output: {error}"),
        }
    }
}

impl std::error::Error for StageError {}

/// A stage's conversation with its user.
#[derive(Debug)]
pub struct Console<R, W> {
    answers: Answers<R>,
    output: W,
}

impl<R: BufRead, W: Write> Console<R, W> {
    /// A console reading answers from `input` and writing to `output`.
    pub fn new(input: R, output: W) -> Console<R, W> {
        Console {
            answers: Answers::new(input),
            output,
        }
    }

    /// Writes `text` as it is; every text a stage shows ends in a newline already, or is a prompt.
    ///
    /// # Errors
    ///
    /// [`StageError::Write`] when the output cannot take it.
    pub fn show(&mut self, text: impl Display) -> Result<(), StageError> {
        write!(self.output, "{text}").map_err(StageError::Write)
    }

    /// Writes `text` and a newline.
    ///
    /// # Errors
    ///
    /// [`StageError::Write`] when the output cannot take it.
    pub fn say(&mut self, text: impl Display) -> Result<(), StageError> {
        writeln!(self.output, "{text}").map_err(StageError::Write)
    }

    /// Asks `question` until `accept` takes the answer, showing each refusal's message.
    ///
    /// # Errors
    ///
    /// [`StageError::InputEnded`] when the input ends first, or an I/O error.
    pub fn ask_until<T, E: Display>(
        &mut self,
        question: Question,
        mut accept: impl FnMut(&str) -> Result<T, E>,
    ) -> Result<T, StageError> {
        loop {
            self.show(question.prompt)?;
            // The prompt must be on screen before the program waits for the answer.
            self.output.flush().map_err(StageError::Write)?;
            let answer = self
                .answers
                .next_answer()
                .map_err(StageError::Read)?
                .ok_or(StageError::InputEnded(question))?;
            match accept(&answer) {
                Ok(value) => return Ok(value),
                Err(refusal) => self.say(refusal)?,
            }
        }
    }

    /// Flushes what was written: a stage ends with this, so that a failing write is an error.
    ///
    /// # Errors
    ///
    /// [`StageError::Write`] when the output cannot take it.
    pub fn finish(mut self) -> Result<(), StageError> {
        self.output.flush().map_err(StageError::Write)
    }
}

/// Runs `stage` on the process's standard streams and turns its result into the exit status,
/// with one line on standard error, starting with `program`, when it failed.
pub fn run_program<F>(program: &str, stage: F) -> ExitCode
where
    F: FnOnce(io::StdinLock<'static>, io::StdoutLock<'static>) -> Result<(), StageError>,
{
    match stage(io::stdin().lock(), io::stdout().lock()) {
        Ok(()) => ExitCode::from(EXIT_DONE),
        Err(error) => {
            if error.is_reported() {
                // Nothing is left to tell if standard error is closed too.
                let _ = writeln!(io::stderr(), "{program}: {error}");
            }
            ExitCode::from(error.exit_status())
        }
    }
}
