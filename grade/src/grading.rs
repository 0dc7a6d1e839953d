//! One run of `grade` as its options ask: the kata and the stage, the stage's cases and what
//! each is worth, the limits and the sandbox; then one program graded and reported in every
//! format asked for, or a class handed to [`crate::class_grading`].

use std::io::Write;
use std::path::{Path, PathBuf};

use harness::feedback::Paint;
use harness::fixture::{self, Fixture};
use harness::kata::Kata;
use harness::report::format::Format;
use harness::report::model::ProgramResults;
use harness::report::{Delivery, Heading, text};
use harness::sandbox::Sandbox;
use harness::scoring::CaseWeight;
use harness::{CaseResult, Criterion, Grading, Program, grade};

use crate::class_grading::grade_class;
use crate::katas::{self, RuleCases};
use crate::options::Options;
use crate::{GradeError, outputs, reference, status_of};

/// Grades as `options` ask, writing the report to `out`, whose failures `out` keeps (see
/// [`report::Report`]): the JSON is written whatever becomes of the report.
pub(crate) fn grade_as_asked(
    options: &Options,
    empty_command: bool,
    paint: Paint,
    out: &mut impl Write,
) -> Result<u8, GradeError> {
    if empty_command && options.command.is_empty() {
        return Err(GradeError::Usage(
            "nothing follows `--`: give the command to grade, or leave out `--` to grade the \
             reference"
                .to_owned(),
        ));
    }
    if options.shard.is_some() && options.class.is_none() {
        return Err(GradeError::Usage(
            "--shard takes a slice of a class: give --class DIR".to_owned(),
        ));
    }
    let shard = options
        .shard
        .map(|spec| spec.resolve(|name| std::env::var(name).ok()))
        .transpose()
        .map_err(GradeError::Usage)?;
    let outputs = outputs::Outputs::new(
        &options.formats,
        options.json.as_deref(),
        options.class.is_some(),
    )?;
    let kata = katas::choose(options.kata.as_deref())?;
    let stage = kata.stage(options.stage).map_err(GradeError::Usage)?;
    let (fixtures_dir, fixtures) = match &options.fixtures {
        Some(given) => {
            let dir = given_fixtures_dir(given, stage.number);
            let fixtures = fixture::load_stage_dir(&dir).map_err(GradeError::Fixture)?;
            (dir, fixtures)
        }
        None => (
            kata.fixtures_dir(stage),
            kata.fixtures(stage.number).map_err(GradeError::Fixture)?,
        ),
    };
    // The kata's judges run in its folder, which lives as long as `_judges_folder`.
    let (fixtures, _judges_folder) = katas::judged(&kata, stage.number, fixtures)?;
    let check = katas::content_check(&kata, stage.number)?;
    let rule_cases = katas::rule_cases(&kata, stage.number)?;
    let delivery = Delivery::new(options.whole_input);
    let how = Grading {
        check: check.as_ref(),
        limits: options.limits(&kata, stage.number),
        all: options.all || options.class.is_some() || outputs.need_every_case(),
        criterion: if options.content {
            Criterion::Content
        } else {
            Criterion::Exact
        },
        mode: delivery.mode,
    };
    let mut hidden = options.hidden_from_cases(&fixtures_dir);
    hidden.extend(outputs.files().map(|(_, file)| file.to_owned()));
    // Every case the stage has: its fixtures, then those judged by the kata's rules.
    let rule_names = rule_cases
        .iter()
        .flat_map(|rule_cases| &rule_cases.cases)
        .map(|case| case.name.as_str());
    let weights = case_weights(
        &kata,
        stage,
        &fixtures,
        rule_names,
        options.fixtures.is_none(),
    )?;
    let scoring = Scoring {
        weights: &weights,
        weighted: !stage.scoring.is_default(),
        context: outputs::context(format!("stage {} of {}", stage.number, kata.title)),
    };
    let sandbox = options.sandbox(&kata, &hidden);
    let heading = Heading {
        stage: stage.number,
        fixtures_dir: &fixtures_dir,
        criterion: how.criterion,
        subject: check.subject(),
        delivery: &delivery,
        sandbox: sandbox.support(),
        limits: how.limits,
    };
    if let Some(class) = &options.class {
        return grade_class(
            options,
            (class, shard),
            (heading, &kata, &hidden),
            (&fixtures, rule_cases.as_ref(), &scoring, &outputs),
            how,
            out,
        );
    }
    // A kata's reference script runs in its folder, which lives as long as `_folder`.
    let (program, _folder) = if options.command.is_empty() {
        reference::program(&kata, stage)?
    } else {
        (Program::command(options.command.clone()), None)
    };
    let (fixtures, results) = grade_stage(&program, fixtures, rule_cases.as_ref(), how, &sandbox)?;
    let label = if options.command.is_empty() {
        program.label().to_owned()
    } else {
        format!("`{}`", program.label())
    };
    // The model, made once and only when a format other than text asks for it.
    let model = std::cell::OnceCell::new();
    let model = || model.get_or_init(|| scoring.results(&heading, &fixtures, &results));
    let shown = |number: usize| {
        weights
            .get(number - 1)
            .is_none_or(|weight| weight.visibility.shows_details())
    };
    let document = |format: Format| match format {
        Format::Text => {
            let mut text = Vec::new();
            let _ = text::program_report_showing(
                &mut text,
                &label,
                heading,
                &fixtures,
                &results,
                Paint::default(),
                &shown,
            );
            String::from_utf8_lossy(&text).into_owned()
        }
        other => other.program(model(), &scoring.context).unwrap_or_default(),
    };
    // A failure to write is kept by `out` and told after the files are written.
    match outputs.on_stdout() {
        Format::Text => {
            let _ = text::program_report_showing(
                out, &label, heading, &fixtures, &results, paint, &shown,
            );
        }
        other => {
            let _ = out.write_all(document(other).as_bytes());
        }
    }
    for (format, file) in outputs.files() {
        outputs::write(file, &document(format))?;
    }
    Ok(status_of(all_passed(&results, how.criterion)))
}

/// Grades `program` on a stage's cases: `fixtures`, then the cases judged by the kata's rules
/// (`rule_cases`), numbered after them. Without `how.all`, the rules cases run only when every
/// fixture passed, and stop at the first that fails. Returns every case as a fixture (a rules
/// case as the transcript its shown run was judged against; one not run by its name alone) and
/// the results.
///
/// # Errors
///
/// The grader's own failure.
pub fn grade_stage(
    program: &Program,
    fixtures: Vec<Fixture>,
    rule_cases: Option<&RuleCases>,
    how: Grading<'_>,
    sandbox: &Sandbox,
) -> Result<(Vec<Fixture>, Vec<CaseResult>), GradeError> {
    let mut results = grade(program, &fixtures, how, sandbox).map_err(GradeError::OwnResources)?;
    let mut fixtures = fixtures;
    let Some(RuleCases { cases, rules }) = rule_cases else {
        return Ok((fixtures, results));
    };
    let first = fixtures.len() + 1;
    let graded =
        if how.all || all_passed(&results, how.criterion) && results.len() == fixtures.len() {
            harness::rules::grade(program, cases, rules.as_ref(), first, how, sandbox)
                .map_err(GradeError::OwnResources)?
        } else {
            Vec::new()
        };
    let run = graded.len();
    for (fixture, result) in graded {
        fixtures.push(fixture);
        results.push(result);
    }
    fixtures.extend(cases[run..].iter().map(harness::rules::placeholder));
    Ok((fixtures, results))
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

/// What each of `fixtures` of `stage`, then each of its cases judged by rules (`rule_names`), is
/// worth and who may see its details, as the kata's manifest says; with `strict` (the kata's own
/// fixtures), every case it names must be one of them.
fn case_weights<'a>(
    kata: &Kata,
    stage: &harness::kata::Stage,
    fixtures: &'a [Fixture],
    rule_names: impl Iterator<Item = &'a str>,
    strict: bool,
) -> Result<Vec<CaseWeight>, GradeError> {
    let names: Vec<&str> = fixtures
        .iter()
        .map(|fixture| fixture.name.as_str())
        .chain(rule_names)
        .collect();
    stage.scoring.weights(&names, strict).map_err(|message| {
        GradeError::Kata(harness::kata::KataError {
            path: kata.path_of(Path::new(harness::kata::MANIFEST)),
            line: Some(stage.reference_line),
            message: format!("stage {}: {message}", stage.number),
        })
    })
}

/// What each case is worth, and the context of every report.
pub(crate) struct Scoring<'a> {
    /// Each fixture's points and visibility, in fixture order.
    pub(crate) weights: &'a [CaseWeight],
    /// Whether the kata gives points or visibility, which the results then carry.
    pub(crate) weighted: bool,
    /// What the reports need beyond the results.
    pub(crate) context: harness::report::format::Context,
}

impl Scoring<'_> {
    /// The results model of one program graded on `fixtures`, each case weighed.
    pub(crate) fn results(
        &self,
        heading: &Heading<'_>,
        fixtures: &[Fixture],
        results: &[CaseResult],
    ) -> ProgramResults {
        ProgramResults::graded(heading, fixtures, results, self.weights, self.weighted)
    }
}

pub(crate) fn all_passed(results: &[CaseResult], criterion: Criterion) -> bool {
    results.iter().all(|result| result.passed(criterion))
}
