//! A stage's plan: everything a grading run decides before its first case, made once from the
//! command line and the kata (every case with its input or its interactor and its judge, the
//! kata's content check and rules, the limits, what each case is worth, what no case may read),
//! so that the engine runs it and the reports read its results, with nothing going back to the
//! kata or the options for one more piece.

use std::any::Any;
use std::borrow::Cow;
use std::io;
use std::path::PathBuf;

use crate::content::ContentCheck;
use crate::grading::{self, Grading};
use crate::results::{CaseResult, Criterion};
use crate::rules::{self, Rules, RulesCase};
use kata_model::fixture::Fixture;
use kata_model::scoring::CaseWeight;
use runner::process::{Limits, Mode};
use runner::program::Program;
use runner::sandbox::Sandbox;

/// A stage's cases judged by its kata's rules, with the rules.
pub struct RuleCases {
    /// The cases, in the order of their file.
    pub cases: Vec<RulesCase>,
    /// The rules that judge them.
    pub rules: Box<dyn Rules>,
}

/// How the cases are given their input, and why it is all at once when it is.
#[derive(Debug)]
pub struct Delivery {
    /// One answer at a time, or all at once.
    pub mode: Mode,
    /// Why each case gets its whole input at once, when it does: for the report's first line.
    pub whole_input_because: Option<String>,
}

impl Delivery {
    /// One answer at a time where this system allows it, unless `whole_input` asks otherwise
    /// (`--whole-input`, as the reason reads).
    #[must_use]
    pub fn new(whole_input: bool) -> Delivery {
        let why_not = if whole_input {
            Some("as --whole-input asks".to_owned())
        } else {
            Mode::interactive().err().map(|why| {
                format!("this system cannot show when a program waits for input ({why})")
            })
        };
        Delivery {
            mode: if why_not.is_some() {
                Mode::WholeInput
            } else {
                Mode::Interactive
            },
            whole_input_because: why_not,
        }
    }
}

/// The plan of one stage's grading.
pub struct StagePlan {
    /// The stage, from 1.
    pub stage: u8,
    /// The folder of its cases, as reports name it.
    pub fixtures_dir: PathBuf,
    /// Its cases, in the order run and reported, each with its judge.
    pub cases: Vec<Fixture>,
    /// Its cases judged by the kata's rules, run after the others, if it has any.
    pub rule_cases: Option<RuleCases>,
    /// The kata's reading of an output by its content, beside the exact text.
    pub check: Box<dyn ContentCheck>,
    /// The limits of each case.
    pub limits: Limits,
    /// Whether every case is run, or grading stops at the first failure.
    pub all: bool,
    /// What a case must get right to pass.
    pub criterion: Criterion,
    /// How each case is given its input.
    pub delivery: Delivery,
    /// What each case is worth and who may see its details: the cases, then the rules cases.
    pub weights: Vec<CaseWeight>,
    /// Whether the kata gives points or visibility, which the results then carry.
    pub weighted: bool,
    /// What no case may read (the fixtures of every stage, the grader's own files); or, when the
    /// cases run outside the sandbox, why.
    pub hidden: Result<Vec<PathBuf>, String>,
    /// What must live as long as the plan: the folders its judges run in.
    pub kept: Vec<Box<dyn Any + Send + Sync>>,
}

impl StagePlan {
    /// How many cases the stage has, those judged by rules included.
    #[must_use]
    pub fn total(&self) -> usize {
        self.cases.len()
            + self
                .rule_cases
                .as_ref()
                .map_or(0, |rules| rules.cases.len())
    }

    /// How the engine grades the cases.
    #[must_use]
    pub fn how(&self) -> Grading<'_> {
        Grading {
            check: self.check.as_ref(),
            limits: self.limits,
            all: self.all,
            criterion: self.criterion,
            mode: self.delivery.mode,
        }
    }

    /// The sandbox of a program's cases, which also may not read `more` (the other
    /// submissions of a class, say).
    #[must_use]
    pub fn sandbox(&self, more: &[PathBuf]) -> Sandbox {
        match &self.hidden {
            Ok(hidden) => {
                let mut hidden = hidden.clone();
                hidden.extend_from_slice(more);
                Sandbox::new(&hidden)
            }
            Err(why) => Sandbox::off(why.clone()),
        }
    }

    /// Grades `program` on the stage in `sandbox`: its cases, then those judged by the kata's
    /// rules, numbered after them. Without [`StagePlan::all`], the rules cases run only when
    /// every other case passed, and stop at the first that fails. Returns every case as a
    /// fixture (a rules case as the transcript its shown run was judged against; one not run,
    /// by its name alone) and the results.
    ///
    /// # Errors
    ///
    /// The grader's own failure.
    pub fn grade(
        &self,
        program: &Program,
        sandbox: &Sandbox,
    ) -> io::Result<(Cow<'_, [Fixture]>, Vec<CaseResult>)> {
        let how = self.how();
        let mut results = grading::grade(program, &self.cases, how, sandbox)?;
        // The plan's own cases, not a copy for each program graded: a package's cases, read,
        // can take gigabytes.
        let Some(RuleCases { cases, rules }) = &self.rule_cases else {
            return Ok((Cow::Borrowed(&self.cases), results));
        };
        let mut fixtures = self.cases.clone();
        let every_case_passed =
            results.len() == fixtures.len() && all_passed(&results, self.criterion);
        let graded = if self.all || every_case_passed {
            rules::grade(
                program,
                cases,
                rules.as_ref(),
                fixtures.len() + 1,
                how,
                sandbox,
            )?
        } else {
            Vec::new()
        };
        let run = graded.len();
        for (fixture, result) in graded {
            fixtures.push(fixture);
            results.push(result);
        }
        fixtures.extend(cases[run..].iter().map(rules::placeholder));
        Ok((Cow::Owned(fixtures), results))
    }

    /// Whether case `number` (from 1) shows its details to the learner.
    #[must_use]
    pub fn shows(&self, number: usize) -> bool {
        self.weights
            .get(number - 1)
            .is_none_or(|weight| weight.visibility.shows_details())
    }
}

/// Whether every one of `results` passed by `criterion`.
#[must_use]
pub fn all_passed(results: &[CaseResult], criterion: Criterion) -> bool {
    results.iter().all(|result| result.passed(criterion))
}
