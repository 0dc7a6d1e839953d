//! The submissions of a class: every folder under the class's folder, each run with the class's
//! command or with its own `kata.toml`. Nothing here grades or writes a report.

use std::ffi::{OsStr, OsString};
use std::fmt;
use std::fs;
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::{Path, PathBuf};

use harness::Program;

use crate::error::GradeError;
use crate::project::{self, BuildFailure, Project, ProjectError};

/// What stands for a submission's folder in a class's command.
const PLACEHOLDER: &[u8] = b"{}";

/// `arg` with every `{}` replaced by `folder`, byte for byte: a folder name need not be UTF-8.
pub(crate) fn replace_placeholder(arg: &OsStr, folder: &OsStr) -> OsString {
    let (mut bytes, mut rest) = (Vec::new(), arg.as_bytes());
    while let Some(at) = rest.windows(2).position(|pair| pair == PLACEHOLDER) {
        bytes.extend_from_slice(&rest[..at]);
        bytes.extend_from_slice(folder.as_bytes());
        rest = &rest[at + PLACEHOLDER.len()..];
    }
    bytes.extend_from_slice(rest);
    OsString::from_vec(bytes)
}

/// One submission of a class: its folder and how it is run.
#[derive(Debug)]
pub struct Submission {
    /// The folder's name, byte for byte (shown through [`visible`]).
    pub name: OsString,
    /// The folder.
    pub folder: PathBuf,
    /// How it is run.
    pub runs: Runs,
    /// The kata its `kata.toml` is for: its name, or why the kata it names cannot be had here
    /// (a folder of the learner's machine, a name misspelt); `None` without a usable
    /// `kata.toml`.
    pub kata: Option<Result<String, String>>,
}

/// How a submission of a class is run.
#[derive(Debug)]
pub enum Runs {
    /// With the class's command, the folder in place of every `{}`.
    Command(Program),
    /// With the commands of its own `kata.toml`, or not at all when it has none.
    /// (Boxed: a project is much larger than a command.)
    Project(Option<Box<Result<Project, ProjectError>>>),
}

/// Why a submission was not graded.
#[derive(Debug)]
pub enum NotGraded {
    /// Its folder has no `kata.toml`: it is left out of the count.
    NoProject,
    /// Its `kata.toml` cannot be used, or names a program that is not there.
    Project(ProjectError),
    /// Its stage does not build.
    CannotBuild(BuildFailure),
    /// Its `kata.toml` is for another kata than the one graded: it is left out of the count.
    OtherKata {
        /// The kata it is for.
        its: String,
        /// The kata graded.
        graded: String,
    },
}

impl NotGraded {
    /// Whether the submission is left out of the count rather than failed.
    #[must_use]
    pub fn is_skipped(&self) -> bool {
        matches!(self, NotGraded::NoProject | NotGraded::OtherKata { .. })
    }

    /// Why, in full: with a failed build's output.
    #[must_use]
    pub fn message(&self) -> String {
        match self {
            NotGraded::CannotBuild(failure) => format!("{self}\n{}", failure.output),
            _ => self.to_string(),
        }
    }
}

impl fmt::Display for NotGraded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotGraded::NoProject => write!(f, "skipped: no {}", project::FILE_NAME),
            NotGraded::Project(error) => error.fmt(f),
            NotGraded::CannotBuild(failure) => write!(f, "cannot build: {failure}"),
            NotGraded::OtherKata { its, graded } => write!(
                f,
                "skipped: its {} is for the kata `{its}`, not `{graded}`",
                project::FILE_NAME
            ),
        }
    }
}

impl Submission {
    /// The program to grade on stage `stage` of the kata named `kata`; for a project, built
    /// first.
    ///
    /// # Errors
    ///
    /// Why the submission cannot be graded.
    pub fn program(&self, stage: u8, kata: &str) -> Result<Program, NotGraded> {
        if let Some(Ok(its)) = &self.kata
            && its != kata
        {
            return Err(NotGraded::OtherKata {
                its: its.clone(),
                graded: kata.to_owned(),
            });
        }
        match &self.runs {
            Runs::Command(program) => Ok(program.clone()),
            Runs::Project(None) => Err(NotGraded::NoProject),
            Runs::Project(Some(loaded)) => match loaded.as_ref() {
                Err(error) => Err(NotGraded::Project(error.clone())),
                Ok(project) => {
                    project.build(stage).map_err(NotGraded::CannotBuild)?;
                    project.program(stage).map_err(NotGraded::Project)
                }
            },
        }
    }
}

/// The submissions under `class`, in name order: every folder, each with `template` in which
/// `{}` stands for the folder; or, when `template` is empty, each with its own `kata.toml`.
///
/// # Errors
///
/// A usage error when `template` is given and no word of it holds `{}`, or the folder cannot be
/// listed or has no folders in it: grading nobody is never a success.
pub fn submissions(class: &Path, template: &[OsString]) -> Result<Vec<Submission>, GradeError> {
    if !template.is_empty()
        && !template
            .iter()
            .any(|arg| arg.as_bytes().windows(2).any(|pair| pair == PLACEHOLDER))
    {
        return Err(GradeError::Usage(
            "--class needs a command in which `{}` stands for each submission's folder, or no \
             command to grade each folder with its own kata.toml"
                .to_owned(),
        ));
    }
    let listing = fs::read_dir(class).map_err(|error| GradeError::Class {
        path: class.to_owned(),
        error,
    })?;
    // A hidden folder (`.git`, `.github`) is the class's own, not a submission.
    let mut folders: Vec<PathBuf> = listing
        .filter_map(Result::ok)
        .filter(|entry| !entry.file_name().as_bytes().starts_with(b"."))
        .map(|entry| entry.path())
        .filter(|path| path.is_dir())
        .collect();
    folders.sort();
    if folders.is_empty() {
        return Err(GradeError::Usage(format!(
            "{} has no folders: --class grades each folder under it as one submission",
            class.display()
        )));
    }
    Ok(folders
        .into_iter()
        .map(|folder| {
            let runs = if template.is_empty() {
                Runs::Project(
                    folder
                        .join(project::FILE_NAME)
                        .exists()
                        .then(|| Box::new(Project::load(&folder))),
                )
            } else {
                Runs::Command(Program::command(
                    template
                        .iter()
                        .map(|arg| replace_placeholder(arg, folder.as_os_str()))
                        .collect(),
                ))
            };
            let kata = match &runs {
                Runs::Project(Some(loaded)) => loaded.as_ref().as_ref().ok().map(|project| {
                    project
                        .load_kata()
                        .map(|kata| kata.name)
                        .map_err(|error| error.to_string())
                }),
                _ => None,
            };
            Submission {
                name: folder.file_name().unwrap_or_default().to_owned(),
                runs,
                kata,
                folder,
            }
        })
        .collect())
}

/// The katas the projects of `submissions` are for, each with the names of its projects, in
/// name order: more than one, and a class cannot be graded in one run.
#[must_use]
pub fn katas(submissions: &[Submission]) -> std::collections::BTreeMap<&str, Vec<&OsStr>> {
    let mut katas = std::collections::BTreeMap::<&str, Vec<&OsStr>>::new();
    for submission in submissions {
        if let Some(Ok(kata)) = &submission.kata {
            katas.entry(kata).or_default().push(&submission.name);
        }
    }
    katas
}

/// The projects of `submissions` whose `kata.toml` names a kata that cannot be had here, each
/// with why, in name order.
#[must_use]
pub fn katas_not_found(submissions: &[Submission]) -> Vec<(&OsStr, &str)> {
    submissions
        .iter()
        .filter_map(|submission| match &submission.kata {
            Some(Err(why)) => Some((submission.name.as_os_str(), why.as_str())),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_placeholder_is_replaced_byte_for_byte() {
        let folder = OsStr::from_bytes(b"class/caf\xe9");
        assert_eq!(
            replace_placeholder(OsStr::new("{}/a.py:{}"), folder).as_bytes(),
            b"class/caf\xe9/a.py:class/caf\xe9"
        );
        assert_eq!(
            replace_placeholder(OsStr::new("python3"), folder),
            "python3"
        );
    }
}
