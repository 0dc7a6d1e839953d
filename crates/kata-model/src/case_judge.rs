//! How a case is judged, as data: by its transcript, by the problem package format's default
//! output validation, or by a program of the kata's (a checker after the run, an interactor
//! beside it), named by its command. The judge runs those programs; this only says which.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use crate::package::DefaultFlags;

/// What a kata's program that judges cases does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Run after the learner's program, on its output.
    Checker,
    /// Run beside it, answering it.
    Interactor,
}

impl Role {
    /// Its name: `checker`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Role::Checker => "checker",
            Role::Interactor => "interactor",
        }
    }
}

/// A judge's deadline for a case where its kata gives none.
pub const JUDGE_TIMEOUT: Duration = Duration::from_secs(10);

/// A program of a kata's, as the kata names it: its words, the folder it runs in, and how
/// messages name it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Command {
    /// The argument vector: the program, then its own arguments.
    pub argv: Vec<OsString>,
    /// The folder it runs in; `None` for the folder the grader runs in.
    pub folder: Option<PathBuf>,
    /// How it is named: the command line as written, or a name of its own.
    pub label: String,
}

impl Command {
    /// `line` split into words as a POSIX shell would split it (quotes, backslashes), run in
    /// `folder`; `None` when the line is empty or a quote is left open.
    #[must_use]
    pub fn line(line: &str, folder: &Path) -> Option<Command> {
        let words = shlex::split(line).filter(|words| !words.is_empty())?;
        Some(Command {
            argv: words.into_iter().map(OsString::from).collect(),
            folder: Some(folder.to_owned()),
            label: line.to_owned(),
        })
    }
}

/// A program of a kata that judges cases: its command, and the arguments it is given after the
/// three files.
#[derive(Clone, Debug, PartialEq)]
pub struct JudgeProgram {
    /// The command, with the kata's folder as its working folder.
    pub program: Command,
    /// The arguments after `INPUT ANSWER FEEDBACK_DIR`.
    pub args: Vec<String>,
    /// How long it may run for one case (beside the learner's program, for an interactor).
    pub timeout: Duration,
}

impl JudgeProgram {
    /// How the report names it: "the kata's checker `python3 judge/check.py`".
    #[must_use]
    pub fn named(&self, role: Role) -> String {
        format!("the kata's {} `{}`", role.name(), self.program.label)
    }
}

/// How a case is judged.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum CaseJudge {
    /// By its transcript: the exact text, and the kata's content check beside it.
    #[default]
    Transcript,
    /// By the kata's checker, after the program has run on the case's input.
    Checker(Arc<JudgeProgram>),
    /// By the problem package format's default output validation, in the grader: the output's
    /// tokens against the answer's, with these flags.
    Tokens(DefaultFlags),
    /// By the kata's interactor, which gives the program its input; `runs` times.
    Interactor {
        /// The interactor.
        judge: Arc<JudgeProgram>,
        /// How many times the case is played, each run judged.
        runs: usize,
        /// Whether the interactor is joined to the program by pipes, as a problem package's
        /// judges join its validator, rather than relayed by the grader a line at a time when
        /// the program waits for it (a kata's one answer at a time, its conversation recorded).
        joined: bool,
    },
}
