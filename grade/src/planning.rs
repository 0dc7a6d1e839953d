//! The plan of a stage's grading ([`StagePlan`]), made here once, the same way for `grade`,
//! `kata check` and `kata dev check`: the kata's stage, its cases (the kata's, or those given
//! with `--fixtures`) each with the program that judges it, the kata's content check and rules,
//! the limits (the options' over the stage's over the defaults), the weights, and what no case
//! may read. Nothing after it goes back to the kata or the options.

use std::path::{Path, PathBuf};

use harness::Limits;
use harness::plan::{Delivery, StagePlan};
use harness::results::Criterion;
use harness::runs::Over;
use kata_model::fixture::{self, Fixture};
use kata_model::kata::{Kata, KataError, MANIFEST, Stage, StageLimits};
use kata_model::scoring::CaseWeight;

use crate::error::GradeError;
use crate::katas;

/// What the command line asks of a stage's grading, beside the kata.
#[derive(Clone, Debug, Default)]
pub struct Asked {
    /// The folder of other fixtures to grade against (`--fixtures DIR`), if any.
    pub fixtures: Option<PathBuf>,
    /// The limits the options set, each over the stage's own.
    pub limits: StageLimits,
    /// Run every case, rather than stop at the first failure.
    pub all: bool,
    /// What a case must get right to pass.
    pub criterion: Criterion,
    /// Give each case its whole input at once (`--whole-input`).
    pub whole_input: bool,
    /// What no case may read beside the kata's fixtures: the grader's own files.
    pub hidden: Vec<PathBuf>,
    /// Why the cases run outside the sandbox, when they do (`--no-sandbox`).
    pub unsandboxed: Option<String>,
}

/// The plan of `kata`'s stage `stage` as `asked`.
///
/// # Errors
///
/// When the stage does not exist, its cases cannot be read, the kata names a check or rules
/// this grader does not have, its judges cannot be had (a validator that does not build), or
/// its manifest weighs a case it does not have.
pub fn plan(kata: &Kata, stage: u8, asked: Asked) -> Result<StagePlan, GradeError> {
    let stage = kata.stage(stage).map_err(GradeError::Usage)?;
    let (fixtures_dir, cases) = match &asked.fixtures {
        Some(given) => {
            let dir = given_fixtures_dir(given, stage.number);
            let cases = fixture::load_stage_dir(&dir).map_err(GradeError::Fixture)?;
            (dir, cases)
        }
        None => (
            kata.fixtures_dir(stage),
            kata.fixtures(stage.number).map_err(GradeError::Fixture)?,
        ),
    };
    let (cases, judges_folder) = katas::judged(kata, stage.number, cases)?;
    let rule_cases = katas::rule_cases(kata, stage.number)?;
    let rule_names = rule_cases
        .iter()
        .flat_map(|rule_cases| &rule_cases.cases)
        .map(|case| case.name.as_str());
    let weights = case_weights(kata, stage, &cases, rule_names, asked.fixtures.is_none())?;
    let hidden = match asked.unsandboxed {
        Some(why) => Err(why),
        None => {
            let mut hidden = kata.all_fixtures_dirs();
            hidden.push(fixtures_dir.clone());
            hidden.extend(asked.fixtures.iter().cloned());
            hidden.extend(asked.hidden);
            Ok(hidden)
        }
    };
    Ok(StagePlan {
        stage: stage.number,
        fixtures_dir,
        cases,
        rule_cases,
        check: katas::content_check(kata, stage.number)?,
        limits: asked.limits.over(stage.limits.over(Limits::default())),
        all: asked.all,
        criterion: asked.criterion,
        delivery: Delivery::new(asked.whole_input),
        weights,
        weighted: !stage.scoring.is_default(),
        hidden,
        kept: judges_folder
            .into_iter()
            .map(|folder| Box::new(folder) as Box<dyn std::any::Any + Send + Sync>)
            .collect(),
    })
}

/// The folder of a stage's fixtures given with `--fixtures DIR`: `DIR/stageN` when there is
/// one, else `DIR` itself.
fn given_fixtures_dir(given: &Path, stage: u8) -> PathBuf {
    let nested = given.join(format!("stage{stage}"));
    if nested.is_dir() {
        nested
    } else {
        given.to_owned()
    }
}

/// What each of `cases` of `stage`, then each of its cases judged by rules (`rule_names`), is
/// worth and who may see its details, as the kata's manifest says; with `strict` (the kata's own
/// cases), every case it names must be one of them.
fn case_weights<'a>(
    kata: &Kata,
    stage: &Stage,
    cases: &'a [Fixture],
    rule_names: impl Iterator<Item = &'a str>,
    strict: bool,
) -> Result<Vec<CaseWeight>, GradeError> {
    let names: Vec<&str> = cases
        .iter()
        .map(|case| case.name.as_str())
        .chain(rule_names)
        .collect();
    stage.scoring.weights(&names, strict).map_err(|message| {
        GradeError::Kata(KataError {
            path: kata.path_of(Path::new(MANIFEST)),
            line: Some(stage.reference_line),
            message: format!("stage {}: {message}", stage.number),
        })
    })
}
