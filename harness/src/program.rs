//! Which program a case runs: a reference stage of this workspace, or any command.

use std::env;
use std::ffi::OsString;
use std::fmt;
use std::path::Path;

/// A program to grade, as the argument vector that starts it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    argv: Vec<OsString>,
    /// How the program was named, for messages.
    label: String,
}

/// Why no program could be had.
#[derive(Debug)]
pub struct ProgramError(String);

impl fmt::Display for ProgramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ProgramError {}

/// The environment variable that replaces the reference of stage `stage` in the tests.
#[must_use]
pub fn command_variable(stage: u8) -> String {
    format!("STAGE{stage}_CMD")
}

impl Program {
    /// A command, executed directly (not through a shell).
    #[must_use]
    pub fn command(argv: Vec<OsString>) -> Program {
        let label = argv
            .iter()
            .map(|arg| arg.to_string_lossy())
            .collect::<Vec<_>>()
            .join(" ");
        Program { argv, label }
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
                label: line.to_owned(),
            }),
            _ => Err(ProgramError(format!(
                "`{line}` is not a command line (empty, or a quote left open)"
            ))),
        }
    }

    /// The reference solution of stage `stage`, built by cargo if needed (in the profile this
    /// crate was built in), and found where cargo says it put it.
    ///
    /// # Errors
    ///
    /// When cargo cannot build it.
    pub fn reference(stage: u8) -> Result<Program, ProgramError> {
        let name = format!("stage{stage}");
        let harness = Path::new(env!("CARGO_MANIFEST_DIR"));
        let manifest = harness.parent().unwrap_or(harness).join("Cargo.toml");
        let built = escargot::CargoBuild::new()
            .manifest_path(manifest)
            .package(&name)
            .bin(&name)
            .current_release()
            .run()
            .map_err(|error| ProgramError(format!("cannot build the reference {name}: {error}")))?;
        Ok(Program {
            argv: vec![built.path().as_os_str().to_owned()],
            label: name,
        })
    }

    /// The program the tests of stage `stage` run: the command in `STAGE<N>_CMD` when that is
    /// set, else the reference.
    ///
    /// # Errors
    ///
    /// When the variable holds no command line, or the reference cannot be built.
    pub fn for_tests(stage: u8) -> Result<Program, ProgramError> {
        match env::var(command_variable(stage)) {
            Ok(line) => Program::command_line(&line),
            Err(_) => Program::reference(stage),
        }
    }

    /// The argument vector.
    #[must_use]
    pub fn argv(&self) -> &[OsString] {
        &self.argv
    }

    /// How the program was named: the command line as given, or `stageN`.
    #[must_use]
    pub fn label(&self) -> &str {
        &self.label
    }
}
