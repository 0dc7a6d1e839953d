//! A problem package, read: every part the reading found, and what is asked of it whole.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use languages::Language;

use super::cases::{Group, TestCase};
use super::expectations::Expectations;
use super::input_validators::{InputValidator, InvalidInput};
use super::reading::{PackageError, read_text};
use super::settings::{FormatVersion, PackageLimits, ProgramSource, Validation};
use super::statement::{Statement, StatementFormat, latex_to_markdown};
use super::submissions::Submission;
use super::testdata::OutputCheck;

/// A problem package, read.
#[derive(Clone, Debug, PartialEq)]
pub struct Package {
    /// The package's folder.
    pub folder: PathBuf,
    /// The problem's short name: the folder's name.
    pub short_name: String,
    /// The problem's name: `name` of `problem.yaml`; of a map of languages to names, the `en`
    /// one, else the first. The short name when `name` is missing (legacy allows that).
    pub title: String,
    /// The version of the format, from `problem_format_version`.
    pub version: FormatVersion,
    /// Whether the problem is a scoring problem (`type: scoring`), whose submissions get a score
    /// as well as a verdict.
    pub scoring: bool,
    /// The limits its submissions run under, each with where it comes from.
    pub limits: PackageLimits,
    /// How a submission's output is judged.
    pub validation: Validation,
    /// The problem statement, if the package has one in Markdown or LaTeX.
    pub statement: Option<Statement>,
    /// Every test case: `data/sample` first, then `data/secret`, each folder's cases and
    /// subgroups together in the lexicographic order of their names, as the format uses them.
    pub cases: Vec<TestCase>,
    /// Every test data group of a scoring problem (empty for a pass-fail one), parents before
    /// their subgroups, with how its score is made.
    pub groups: Vec<Group>,
    /// Every example submission under `submissions/<verdict>/`, in the order of their paths.
    pub submissions: Vec<Submission>,
    /// The rules of `submissions/submissions.yaml`, where the package has one: what each
    /// submission it names must get, case by case.
    pub expectations: Option<Expectations>,
    /// The entries of the folders of `submissions/` that are no programs, left out of
    /// [`Package::submissions`] ([`is_program`](super::is_program)): their paths under `submissions/`.
    pub ignored_submissions: Vec<String>,
    /// The input validators, which say whether each test input is valid.
    pub input_validators: Vec<InputValidator>,
    /// The inputs the input validators must reject (`data/invalid_input/`).
    pub invalid_inputs: Vec<InvalidInput>,
    /// The outputs the output validation must reject (`data/invalid_output/`) or accept
    /// (`data/valid_output/`).
    pub output_checks: Vec<OutputCheck>,
    /// Legacy: the package's own grader, the one program in `graders/`, which groups with
    /// `grading: custom` are graded by.
    pub grader: Option<ProgramSource>,
    /// The folders of `include/`, by name (a language code of the format's table, or
    /// `default`): files added to each submission of that language before it is built.
    pub includes: BTreeMap<String, PathBuf>,
}

impl Package {
    /// The folder of files added to each submission in `language` before it is built: its
    /// language's folder of `include/`, else `include/default/` (as the format says, the
    /// language's own replaces the default); `None` when the package has neither, or the
    /// language is none of the format's.
    #[must_use]
    pub fn include_for(&self, language: Language) -> Option<&Path> {
        self.include_for_code(language.code()?)
    }

    /// [`Package::include_for`] the language whose code in the format's table is `code`.
    #[must_use]
    pub fn include_for_code(&self, code: &str) -> Option<&Path> {
        self.includes
            .get(code)
            .or_else(|| self.includes.get("default"))
            .map(PathBuf::as_path)
    }

    /// The folders of `include/` named after no language of the format's table, nor
    /// `default`, whose files are never added to a submission.
    #[must_use]
    pub fn includes_unnamed(&self) -> Vec<&Path> {
        self.includes
            .iter()
            .filter(|(name, _)| *name != "default" && languages::by_code(name).is_none())
            .map(|(_, path)| path.as_path())
            .collect()
    }
}

impl Package {
    /// Whether the output validator runs interactively with the submission.
    #[must_use]
    pub fn is_interactive(&self) -> bool {
        matches!(
            self.validation,
            Validation::Custom {
                interactive: true,
                ..
            }
        )
    }

    /// The statement in Markdown: a Markdown statement as it is, a LaTeX one turned into
    /// Markdown by [`latex_to_markdown`].
    ///
    /// # Errors
    ///
    /// When the package has no statement in Markdown or LaTeX, or its file cannot be read.
    pub fn statement_markdown(&self) -> Result<String, PackageError> {
        let Some(statement) = &self.statement else {
            let folder = if self.version.is_legacy() {
                "problem_statement"
            } else {
                "statement"
            };
            return Err(PackageError::new(
                self.folder.join(folder),
                "holds no problem statement in Markdown or LaTeX",
            ));
        };
        let text = read_text(&statement.path)?;
        Ok(match statement.format {
            StatementFormat::Markdown => text,
            StatementFormat::Latex => latex_to_markdown(&text),
        })
    }
}
