//! The kata a learner's project follows: found from its `kata.toml` (a kata built in by name,
//! or a kata's folder), with what `kata` says of its stages: their titles, their cases, and their
//! descriptions as a learner's project has them. Nothing else in `kata` counts the stages.

use std::ops::RangeInclusive;

use grade::project::Project;
use harness::ContentCheck;
use kata_model::fixture::Fixture;
use kata_model::kata::Kata;

use crate::error::KataError;
use crate::progress::Progress;

/// The heading of the section of a stage description that says how to run and test it inside
/// the kata's workspace; a learner's project replaces it with [`check_section`].
const WORKSPACE_SECTION: &str = "## Run and test\n";

/// A kata, with the number of cases of each of its stages.
#[derive(Debug)]
pub struct Course {
    /// The kata.
    pub kata: Kata,
    cases: Vec<usize>,
}

impl Course {
    /// The kata `project` follows: the one its `kata.toml` names (by the name of a kata built
    /// in, or by its folder, from the project's folder when relative), else Tic-Tac-Toe.
    ///
    /// # Errors
    ///
    /// When that kata cannot be had, or its fixtures read.
    pub fn of(project: &Project) -> Result<Course, KataError> {
        let kata = project.load_kata().map_err(KataError::Grader)?;
        let path = project.root.join(grade::project::FILE_NAME);
        let (has, needs) = (
            project.stage_numbers().count(),
            usize::from(kata.stage_count()),
        );
        if has < needs {
            return Err(KataError::Usage(format!(
                "{}: no [stage{}]: {} has {needs} stages, a table each",
                path.display(),
                has + 1,
                kata.title
            )));
        }
        if has > needs {
            return Err(KataError::Usage(format!(
                "{}: [stage{}] is no stage of {}, which has {needs}",
                path.display(),
                needs + 1,
                kata.title
            )));
        }
        Course::new(kata)
    }

    /// `kata`, its cases counted.
    ///
    /// # Errors
    ///
    /// When a stage's fixtures or rule cases cannot be read.
    pub fn new(kata: Kata) -> Result<Course, KataError> {
        let cases = kata
            .stages
            .iter()
            .map(|stage| {
                // Its fixtures, and its cases judged by the kata's rules.
                let fixtures = kata.fixtures(stage.number)?.len();
                Ok(fixtures + kata.rule_cases(stage.number)?.len())
            })
            .collect::<Result<Vec<_>, _>>()
            .map_err(KataError::Fixture)?;
        Ok(Course { kata, cases })
    }

    /// The number of stages.
    #[must_use]
    pub fn stage_count(&self) -> u8 {
        self.kata.stage_count()
    }

    /// The stages' numbers, in order.
    #[must_use]
    pub fn stages(&self) -> RangeInclusive<u8> {
        1..=self.stage_count()
    }

    /// Whether `stage` is one of the kata's.
    ///
    /// # Errors
    ///
    /// A usage error naming the stages when it is not.
    pub fn check_stage(&self, stage: u8) -> Result<u8, KataError> {
        self.kata
            .stage(stage)
            .map(|stage| stage.number)
            .map_err(KataError::Usage)
    }

    /// The title of stage `stage`.
    #[must_use]
    pub fn title(&self, stage: u8) -> &str {
        self.kata
            .stage(stage)
            .map_or("", |stage| stage.title.as_str())
    }

    /// The number of cases of stage `stage`.
    #[must_use]
    pub fn cases(&self, stage: u8) -> usize {
        usize::from(stage)
            .checked_sub(1)
            .and_then(|index| self.cases.get(index))
            .copied()
            .unwrap_or(0)
    }

    /// The cases of stage `stage`, in the order a learner meets them.
    ///
    /// # Errors
    ///
    /// When they cannot be read.
    pub fn fixtures(&self, stage: u8) -> Result<Vec<Fixture>, KataError> {
        self.kata.fixtures(stage).map_err(KataError::Fixture)
    }

    /// Every case of stage `stage` by its name and hint: its fixtures, then its cases judged by
    /// the kata's rules.
    ///
    /// # Errors
    ///
    /// When they cannot be read.
    pub fn all_cases(&self, stage: u8) -> Result<Vec<Fixture>, KataError> {
        let mut cases = self.fixtures(stage)?;
        let judged = self.kata.rule_cases(stage).map_err(KataError::Fixture)?;
        cases.extend(judged.iter().map(harness::rules::placeholder));
        Ok(cases)
    }

    /// The content check of stage `stage`.
    ///
    /// # Errors
    ///
    /// When the kata names a check this build does not have.
    pub fn content_check(&self, stage: u8) -> Result<Box<dyn ContentCheck>, KataError> {
        grade::katas::content_check(&self.kata, stage).map_err(KataError::Grader)
    }

    /// "Stage 3 of 5: What's up on the field?".
    #[must_use]
    pub fn heading(&self, stage: u8) -> String {
        format!(
            "Stage {stage} of {}: {}",
            self.stage_count(),
            self.title(stage)
        )
    }

    /// The first stage that is not done, if any.
    #[must_use]
    pub fn current_stage(&self, progress: &Progress) -> Option<u8> {
        self.stages().find(|&stage| !self.is_done(progress, stage))
    }

    /// How many stages are done.
    #[must_use]
    pub fn stages_done(&self, progress: &Progress) -> usize {
        self.stages()
            .filter(|&stage| self.is_done(progress, stage))
            .count()
    }

    fn is_done(&self, progress: &Progress, stage: u8) -> bool {
        progress
            .record(stage)
            .is_some_and(|record| record.is_done(self.cases(stage)))
    }

    /// The description of stage `stage` for a learner's project: the kata's, with its section
    /// on running and testing inside the kata's workspace replaced by how to do it with `kata`
    /// (or, where it has no such section, that section added at its end).
    ///
    /// # Errors
    ///
    /// When the description cannot be read.
    pub fn learner_description(&self, stage: u8) -> Result<String, KataError> {
        let text = self.kata.description(stage).map_err(KataError::Kata)?;
        let section = check_section(stage, self.cases(stage));
        let Some(start) = text.find(WORKSPACE_SECTION) else {
            return Ok(format!("{}\n\n{section}", text.trim_end()));
        };
        let rest = &text[start + WORKSPACE_SECTION.len()..];
        let end = rest
            .find("\n## ")
            .map_or(text.len(), |at| start + WORKSPACE_SECTION.len() + at + 1);
        Ok(format!("{}{section}{}", &text[..start], &text[end..]))
    }
}

/// How a learner runs and checks stage `stage` with `kata`.
fn check_section(stage: u8, cases: usize) -> String {
    let cases = plural(cases, "test case", "test cases");
    format!(
        "## Try and check\n\n\
         - `kata play {stage}` runs the reference solution: try it to see what your program \
         should do.\n\
         - `kata check {stage}` builds your program as `kata.toml` says and grades it on this \
         stage's\n  {cases}, stopping at the first failure.\n\
         - `kata hint` gives a hint for the case that failed; `kata watch` checks again each \
         time you\n  save.\n\n"
    )
}

/// `count` and its noun: `1 test case`, `3 test cases`.
#[must_use]
pub fn plural(count: usize, one: &str, many: &str) -> String {
    if count == 1 {
        format!("{count} {one}")
    } else {
        format!("{count} {many}")
    }
}
