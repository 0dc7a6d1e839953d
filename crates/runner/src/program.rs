//! Which program a case runs: an argument vector and the folder it runs in, with the name it is
//! reported under.

use std::ffi::{OsStr, OsString};
use std::fmt;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

/// A program to grade, as the argument vector that starts it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    argv: Vec<OsString>,
    /// The folder it runs in; `None` for the folder the grader runs in.
    folder: Option<PathBuf>,
    /// How the program was named, for messages.
    label: String,
}

/// Why no program could be had.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProgramError(String);

impl fmt::Display for ProgramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ProgramError {}

impl Program {
    /// A command, executed directly (not through a shell), named by its words.
    #[must_use]
    pub fn command(argv: Vec<OsString>) -> Program {
        let label = argv
            .iter()
            .map(|arg| arg.to_string_lossy())
            .collect::<Vec<_>>()
            .join(" ");
        Program {
            argv,
            folder: None,
            label,
        }
    }

    /// A command named `label` rather than by its words, such as a program of this workspace
    /// started through a longer command line.
    #[must_use]
    pub fn labelled(argv: Vec<OsString>, label: impl Into<String>) -> Program {
        Program {
            argv,
            folder: None,
            label: label.into(),
        }
    }

    /// The same program started by `executable` in place of its first word (the interpreter a
    /// version manager's shim starts, say), in the same folder, under the same name.
    #[must_use]
    pub fn with_executable(mut self, executable: OsString) -> Program {
        if let Some(first) = self.argv.first_mut() {
            *first = executable;
        }
        self
    }

    /// A command line split into words as a POSIX shell would split it (quotes, backslashes),
    /// without running a shell.
    ///
    /// # Errors
    ///
    /// When the line is empty or its quotes do not close.
    pub fn command_line(line: &str) -> Result<Program, ProgramError> {
        match shlex::split(line) {
            Some(words) if !words.is_empty() => Ok(Program {
                argv: words.into_iter().map(OsString::from).collect(),
                folder: None,
                label: line.to_owned(),
            }),
            _ => Err(ProgramError(format!(
                "`{line}` is not a command line (empty, or a quote left open)"
            ))),
        }
    }

    /// The command line held by the environment variable `name`, read as [`command_line`]
    /// reads one; `None` when the variable is not set. `value` is the variable's value, passed
    /// in so that the one reading of the environment is the caller's.
    ///
    /// # Errors
    ///
    /// When the value is not UTF-8, is empty, or its quotes do not close: a variable that is
    /// set is never silently ignored.
    ///
    /// [`command_line`]: Program::command_line
    pub fn from_variable(
        name: &str,
        value: Option<&OsStr>,
    ) -> Result<Option<Program>, ProgramError> {
        let Some(value) = value else {
            return Ok(None);
        };
        let line = value.to_str().ok_or_else(|| {
            ProgramError(format!(
                "{name} is set but is not UTF-8 text: {}",
                value.to_string_lossy()
            ))
        })?;
        Program::command_line(line)
            .map(Some)
            .map_err(|error| ProgramError(format!("{name}: {error}")))
    }

    /// The same program run in `folder`: a first word that is a relative path (`./stage3`) is
    /// found from there too, as a shell in that folder would find it.
    #[must_use]
    pub fn in_folder(self, folder: impl Into<PathBuf>) -> Program {
        Program {
            folder: Some(folder.into()),
            ..self
        }
    }

    /// The argument vector.
    #[must_use]
    pub fn argv(&self) -> &[OsString] {
        &self.argv
    }

    /// The words of its command, as text.
    #[must_use]
    pub fn words(&self) -> Vec<String> {
        self.argv
            .iter()
            .map(|word| word.to_string_lossy().into_owned())
            .collect()
    }

    /// The folder the program runs in, when it is not the grader's.
    #[must_use]
    pub fn folder(&self) -> Option<&Path> {
        self.folder.as_deref()
    }

    /// The program to execute: the first word, made a path from [`Program::folder`] when it is
    /// a relative path, so that it names the same file whatever folder the grader runs in.
    #[must_use]
    pub fn executable(&self) -> Option<OsString> {
        let first = self.argv.first()?;
        let path = Path::new(first);
        Some(match &self.folder {
            // As a shell finds it: a word with a `/` is a path, any other is looked up on PATH.
            Some(folder) if path.is_relative() && first.as_bytes().contains(&b'/') => {
                folder.join(path).into_os_string()
            }
            _ => first.clone(),
        })
    }

    /// How the program was named: the command line as given, or a name of its own.
    #[must_use]
    pub fn label(&self) -> &str {
        &self.label
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_variable_that_is_set_is_used_or_refused_never_ignored() {
        assert_eq!(Program::from_variable("STAGE1_CMD", None), Ok(None));
        let program = Program::from_variable("STAGE1_CMD", Some(OsStr::new("python3 'a b.py'")))
            .expect("a command line")
            .expect("set");
        assert_eq!(program.argv(), ["python3", "a b.py"]);
        for bad in [&b"\xff"[..], b"", b"   ", b"python3 'open"] {
            let error = Program::from_variable("STAGE1_CMD", Some(OsStr::from_bytes(bad)))
                .expect_err("an unusable value is an error");
            assert!(error.to_string().starts_with("STAGE1_CMD"), "{error}");
        }
    }
}
