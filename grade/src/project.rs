//! A learner's project, as `kata new` makes it: a folder whose `kata.toml` says how each stage is
//! built and run. `kata` checks a project with it, and `grade --class` without a command grades
//! a class of projects, each with its own commands.
//!
//! ```toml
//! lang = "python"
//!
//! [stage1]
//! build = "python3 -m py_compile stage1/main.py"
//! run = "python3 stage1/main.py"
//! ```
//!
//! `kata` names the kata the project is for (the name of a kata built in, or its folder; the
//! default kata built in when it is left out). Every stage from `[stage1]` on, one table a stage of
//! the kata, has `run` and, optionally, `build`.
//! Each is a command line split into words as a shell would split it (quotes and backslashes
//! work) but run without a shell (`sh -c '...'` for one), with the project's folder as the
//! working folder.

use std::env;
use std::ffi::OsString;
use std::fmt;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use harness::Program;
use kata_model::fixture;
use runner::process::{self, Limits, Outcome, Timeout};
use runner::sandbox::Sandbox;
use serde::Deserialize;

/// The name of a project's file.
pub const FILE_NAME: &str = "kata.toml";

/// The longest a build may take on the clock, not counting the time it waits for a CPU, and the
/// most CPU time it may use: a first `cargo build` or `javac` takes seconds, and a build that
/// waits this long is stuck (on a lock, say). A machine too busy to give it a CPU only stops it
/// at [`Limits::CEILING_FACTOR`] times this on the clock (or [`Limits::WALL_FACTOR`] times, where
/// that waiting cannot be read).
pub const BUILD_TIMEOUT: Duration = Duration::from_secs(300);

/// The most a build may write on each of its outputs before it is stopped.
const BUILD_OUTPUT: usize = 8 << 20;

/// How one stage is built and run, as `kata.toml` gives them.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct StageCommands {
    /// The command line that runs the stage.
    pub run: String,
    /// The command line that builds it, if it needs building.
    #[serde(default)]
    pub build: Option<String>,
}

/// The keys of `kata.toml` besides the stages' tables.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ProjectKeys {
    lang: Option<String>,
    kata: Option<String>,
}

/// A project: its folder and its commands.
#[derive(Clone, Debug)]
pub struct Project {
    /// The folder that holds `kata.toml`.
    pub root: PathBuf,
    /// The language `kata new` wrote the starters in, if `kata.toml` says.
    pub lang: Option<String>,
    /// The kata the project is for, as `kata.toml` names it: the name of a kata built in, or
    /// its folder (from the project's folder, if relative); `None` for the default kata.
    pub kata: Option<String>,
    /// The commands of stage 1, 2, and so on.
    stages: Vec<StageCommands>,
}

/// Why a project cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProjectError {
    /// `kata.toml` cannot be read, or is not a project file: where, and why.
    File {
        /// The file.
        path: PathBuf,
        /// What is wrong, with the line where the TOML reader names one.
        message: String,
    },
    /// The project has no table for a stage of its kata.
    NoStage {
        /// The stage.
        stage: u8,
        /// How many stages the project has.
        count: usize,
    },
    /// A stage's command line cannot be split into words.
    Command {
        /// The stage.
        stage: u8,
        /// `run` or `build`.
        key: &'static str,
        /// The line as written.
        line: String,
    },
    /// The program of a stage's `run` is not there to start.
    CannotStart {
        /// The stage.
        stage: u8,
        /// The command line.
        line: String,
        /// Why, in words.
        why: String,
    },
}

impl fmt::Display for ProjectError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProjectError::File { path, message } => write!(f, "{}: {message}", path.display()),
            ProjectError::NoStage { stage, count } => write!(
                f,
                "{FILE_NAME} has no [stage{stage}]: its stages are [stage1] to [stage{count}]"
            ),
            ProjectError::Command { stage, key, line } => write!(
                f,
                "`{key}` of [stage{stage}] in {FILE_NAME} is not a command line (empty, or a \
                 quote left open): `{line}`"
            ),
            ProjectError::CannotStart { stage, why, .. } => {
                write!(f, "stage {stage} cannot start: {why}")
            }
        }
    }
}

impl std::error::Error for ProjectError {}

/// A build that did not succeed: the command, what happened, and what it wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuildFailure {
    /// The command line, as `kata.toml` gives it.
    pub command: String,
    /// What happened, as the end of a sentence: "exited with status 1".
    pub why: String,
    /// What it wrote: standard error, then standard output.
    pub output: String,
}

impl fmt::Display for BuildFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` {}", self.command, self.why)
    }
}

impl Project {
    /// The nearest folder at or above `start` that has a `kata.toml`.
    #[must_use]
    pub fn find(start: &Path) -> Option<PathBuf> {
        start
            .ancestors()
            .find(|dir| dir.join(FILE_NAME).is_file())
            .map(Path::to_path_buf)
    }

    /// The project in `root`, from its `kata.toml`.
    ///
    /// # Errors
    ///
    /// When the file cannot be read or is not a project file.
    pub fn load(root: &Path) -> Result<Project, ProjectError> {
        let path = root.join(FILE_NAME);
        let text = fixture::read_capped(&path).map_err(|message| ProjectError::File {
            path: path.clone(),
            message,
        })?;
        Project::parse(root, &text)
    }

    /// The project in `root` whose `kata.toml` says `text`.
    ///
    /// # Errors
    ///
    /// When `text` is not a project file: what is wrong, and where.
    pub fn parse(root: &Path, text: &str) -> Result<Project, ProjectError> {
        let path = root.join(FILE_NAME);
        let broken = |message: String| ProjectError::File {
            path: path.clone(),
            message,
        };
        let mut table: toml::Table = toml::from_str(text)
            .map_err(|error: toml::de::Error| broken(error.to_string().trim_end().to_owned()))?;
        let mut stages = Vec::new();
        while let Some(value) = table.remove(&format!("stage{}", stages.len() + 1)) {
            let number = stages.len() + 1;
            let commands: StageCommands = value.try_into().map_err(|error: toml::de::Error| {
                broken(format!("[stage{number}]: {}", error.message().trim_end()))
            })?;
            stages.push(commands);
        }
        if let Some(stray) = table.keys().find(|key| key.starts_with("stage")) {
            return Err(broken(format!(
                "[{stray}] follows no [stage{}]: the stages are numbered from 1, one table each",
                stages.len() + 1
            )));
        }
        if stages.is_empty() {
            return Err(broken(
                "no [stage1]: each stage has a table with its `run` command".to_owned(),
            ));
        }
        let keys: ProjectKeys = toml::Value::Table(table)
            .try_into()
            .map_err(|error: toml::de::Error| broken(error.message().trim_end().to_owned()))?;
        let project = Project {
            root: root.to_owned(),
            lang: keys.lang,
            kata: keys.kata,
            stages,
        };
        for stage in project.stage_numbers() {
            let commands = project.commands(stage)?;
            project.words(stage, "run", &commands.run)?;
            if let Some(build) = &commands.build {
                project.words(stage, "build", build)?;
            }
        }
        Ok(project)
    }

    /// The kata the project is for: the one its `kata.toml` names, else the default kata.
    ///
    /// # Errors
    ///
    /// When the kata named is neither a folder with a manifest nor a kata built in.
    pub fn load_kata(&self) -> Result<kata_model::Kata, crate::error::GradeError> {
        let named = self.kata.as_deref().unwrap_or(crate::katas::DEFAULT);
        crate::katas::named(&self.root, Path::new(named))
    }

    /// The numbers of the stages the project has tables for: 1, 2, and so on.
    pub fn stage_numbers(&self) -> impl Iterator<Item = u8> + use<> {
        1..=u8::try_from(self.stages.len()).unwrap_or(u8::MAX)
    }

    /// The commands of stage `stage`, from 1.
    ///
    /// # Errors
    ///
    /// When the project has no table for that stage.
    pub fn commands(&self, stage: u8) -> Result<&StageCommands, ProjectError> {
        usize::from(stage)
            .checked_sub(1)
            .and_then(|index| self.stages.get(index))
            .ok_or(ProjectError::NoStage {
                stage,
                count: self.stages.len(),
            })
    }

    /// Builds stage `stage` with its `build` command, if it has one.
    ///
    /// # Errors
    ///
    /// When the build cannot start, fails, or runs past [`BUILD_TIMEOUT`].
    pub fn build(&self, stage: u8) -> Result<(), BuildFailure> {
        // A stage the project lacks has nothing to build: its program says why it cannot run.
        let Some(line) = self
            .commands(stage)
            .ok()
            .and_then(|commands| commands.build.as_ref())
        else {
            return Ok(());
        };
        let failure = |why: String, run: &process::Run| BuildFailure {
            command: line.clone(),
            why,
            output: [&run.stderr, &run.stdout]
                .iter()
                .map(|bytes| String::from_utf8_lossy(bytes))
                .collect(),
        };
        let words = self
            .words(stage, "build", line)
            .map_err(|error| BuildFailure {
                command: line.clone(),
                why: "is not a command line".to_owned(),
                output: error.to_string(),
            })?;
        let limits = Limits {
            timeout: BUILD_TIMEOUT,
            max_stdout: BUILD_OUTPUT,
            stderr_tail: BUILD_OUTPUT,
            ..Limits::UNBOUNDED
        };
        // A build reads nothing: its input is closed at once. It is the learner's own build,
        // writing where it must (`target/`, `build/`): not sandboxed.
        let run = process::run(
            &words.clone().in_folder(&self.root),
            &runner::NoInput,
            process::Mode::WholeInput,
            limits,
            &Sandbox::off("a build writes where it must"),
        )
        .map_err(|error| BuildFailure {
            command: line.clone(),
            why: format!("could not be run, the grader having run out of resources: {error}"),
            output: String::new(),
        })?;
        match &run.outcome {
            Outcome::Exited(0) => Ok(()),
            Outcome::Exited(status @ (126 | 127)) => Err(failure(
                format!(
                    "could not be started (status {status}): is `{}` installed, and on PATH?",
                    words.argv()[0].to_string_lossy()
                ),
                &run,
            )),
            Outcome::Exited(status) => Err(failure(format!("exited with status {status}"), &run)),
            Outcome::Signaled(signal) => Err(failure(
                format!(
                    "was killed by signal {signal} ({})",
                    harness::judge::signal_name(*signal)
                ),
                &run,
            )),
            Outcome::TimedOut(timeout) => Err(failure(
                match timeout {
                    Timeout::Cpu => format!(
                        "used {} s of CPU time and was stopped",
                        BUILD_TIMEOUT.as_secs()
                    ),
                    Timeout::Wall(clock) => match clock.ceiling {
                        None => format!(
                            "did not finish within {} s, not counting the time it waited for a \
                             CPU, and was stopped",
                            BUILD_TIMEOUT.as_secs()
                        ),
                        Some(ceiling) => format!(
                            "did not finish within {} s and was stopped",
                            ceiling.as_secs()
                        ),
                    },
                },
                &run,
            )),
            Outcome::TooMuchOutput => Err(failure(
                format!("wrote more than {} MiB and was stopped", BUILD_OUTPUT >> 20),
                &run,
            )),
            Outcome::CannotStart(why) => Err(failure(format!("could not be started: {why}"), &run)),
            // A build is not limited; a file too large for the system ends it this way.
            Outcome::LimitExceeded(_) => Err(failure(
                "wrote a file larger than this system allows and was stopped".to_owned(),
                &run,
            )),
        }
    }

    /// The program of stage `stage`: its `run` command in the project's folder, named by the
    /// command line as written.
    ///
    /// # Errors
    ///
    /// When the command line cannot be split into words, or names a program that is not there:
    /// said before any case is run, once, rather than as every case's verdict.
    pub fn program(&self, stage: u8) -> Result<Program, ProjectError> {
        let line = &self.commands(stage)?.run;
        let words = self.words(stage, "run", line)?;
        if let Err(why) = self.check_startable(&words.argv()[0]) {
            return Err(ProjectError::CannotStart {
                stage,
                line: line.clone(),
                why,
            });
        }
        Ok(words.in_folder(&self.root))
    }

    /// `line` split into words, or which line of which stage is no command line.
    fn words(&self, stage: u8, key: &'static str, line: &str) -> Result<Program, ProjectError> {
        Program::command_line(line).map_err(|_| ProjectError::Command {
            stage,
            key,
            line: line.to_owned(),
        })
    }

    /// Whether `program`, the first word of a command, names an executable file: a path (with a
    /// `/`) from the project's folder, or a name found on `PATH`, as the system will look it up.
    fn check_startable(&self, program: &OsString) -> Result<(), String> {
        let name = Path::new(program);
        let shown = name.display();
        if program.to_string_lossy().contains('/') {
            let path = self.root.join(name);
            return match path.metadata() {
                Ok(metadata)
                    if metadata.is_file() && metadata.permissions().mode() & 0o111 != 0 =>
                {
                    Ok(())
                }
                Ok(metadata) if metadata.is_file() => Err(format!("`{shown}` is not executable")),
                Ok(_) => Err(format!("`{shown}` is not a file")),
                Err(_) => Err(format!(
                    "there is no `{shown}`, where `run` expects the program"
                )),
            };
        }
        let path = env::var_os("PATH").unwrap_or_default();
        let found = env::split_paths(&path).any(|dir| {
            dir.join(name).metadata().is_ok_and(|metadata| {
                metadata.is_file() && metadata.permissions().mode() & 0o111 != 0
            })
        });
        if found {
            Ok(())
        } else {
            Err(format!("`{shown}` is not installed, or not on PATH"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = "lang = \"c\"\n\
        [stage1]\nrun = \"./build/stage1\"\nbuild = \"cc -o build/stage1 'stage1/main.c'\"\n\
        [stage2]\nrun = \"./build/stage2\"\n\
        [stage3]\nrun = \"./build/stage3\"\n\
        [stage4]\nrun = \"./build/stage4\"\n\
        [stage5]\nrun = \"./build/stage5\"\n";

    #[test]
    fn reads_every_stage_and_refuses_what_is_not_a_project() {
        let project = Project::parse(Path::new("p"), FILE).expect("a project");
        assert_eq!(project.lang.as_deref(), Some("c"));
        assert_eq!(
            project.commands(1).expect("stage 1").build.as_deref(),
            Some("cc -o build/stage1 'stage1/main.c'")
        );
        assert_eq!(project.commands(5).expect("stage 5").run, "./build/stage5");
        assert_eq!(project.commands(2).expect("stage 2").build, None);
        assert_eq!(project.stage_numbers().count(), 5);
        assert_eq!(
            project.commands(6).expect_err("no stage 6").to_string(),
            "kata.toml has no [stage6]: its stages are [stage1] to [stage5]"
        );

        let missing = Project::parse(Path::new("p"), &FILE.replace("[stage4]", "[stage6]"))
            .expect_err("no stage 4");
        assert_eq!(
            missing.to_string(),
            "p/kata.toml: [stage5] follows no [stage4]: the stages are numbered from 1, one \
             table each"
        );
        let typo = Project::parse(
            Path::new("p"),
            &FILE.replace("run = \"./build/stage2\"", "rn = 1"),
        )
        .expect_err("a misspelt key");
        assert!(typo.to_string().starts_with("p/kata.toml: "), "{typo}");
        assert_eq!(
            Project::parse(Path::new("p"), &FILE.replace("./build/stage3", "'open"))
                .expect_err("an open quote"),
            ProjectError::Command {
                stage: 3,
                key: "run",
                line: "'open".to_owned()
            }
        );
    }
}
