//! Which kata is graded: one given as a folder or by the name of a kata built in, else the kata
//! of the workspace the grader runs in (the nearest manifest at or above it, found at run
//! time), else the default kata built in. The katas of this repository are built into the
//! grader (see `build.rs`), so an installed `grade` or `kata` carries them; the code of those
//! that have some (a content check, rules, reference stages) is linked in from each kata's own
//! crates, named in one table here.

use std::env;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use std::sync::Arc;

use harness::ContentCheck;
use harness::Program;
use harness::building;
use harness::content::PlainText;
use harness::plan::RuleCases;
use harness::rules::Rules;
use include_dir::{Dir, include_dir};
use kata_model::Fixture;
use kata_model::case_judge::{CaseJudge, JudgeProgram};
use kata_model::kata::{self, Kata, Reference, StageLimits};
use kata_model::package::{Language, Package, Validation};

use crate::error::GradeError;

/// The console the reference stages built in share: how a stage stops before its job is done,
/// and a stage run as a process on the standard streams.
pub use tictactoe::console::{StageError, run_program};

/// A built-in reference: a stage's whole program over its input and output.
pub type Play = fn(&mut dyn BufRead, &mut dyn Write) -> Result<(), StageError>;

/// A kata whose code is linked into the grader: its content check, its rules and its reference
/// stages, found by the names its manifest gives them.
struct Linked {
    /// The kata's name, which is also the name its manifest gives its content check
    /// (`content-check`) or its rules (`rules`).
    name: &'static str,
    /// Its content check of a stage, if it has one.
    content_check: Option<fn(u8) -> Box<dyn ContentCheck>>,
    /// Its rules of a stage, if it has any.
    rules: Option<fn(u8) -> Box<dyn Rules>>,
    /// Its reference stages, by the name its manifest gives them
    /// (`reference = { built-in = "NAME" }`).
    references: &'static [(&'static str, Play)],
}

/// Every kata whose code the grader links in: the one list of them, the first being the
/// [`DEFAULT`]. A kata without code of its own (its references and judges are programs of its
/// folder, its output plain text) needs no line here.
const LINKED: &[Linked] = &[
    Linked {
        name: "tictactoe",
        content_check: Some(|stage| Box::new(tictactoe_judge::TicTacToe::new(stage))),
        rules: None,
        references: &[
            ("stage1", |input, output| stage1::run(input, output)),
            ("stage2", |input, output| stage2::run(input, output)),
            ("stage3", |input, output| stage3::run(input, output)),
            ("stage4", |input, output| stage4::run(input, output)),
            ("stage5", |input, output| stage5::run(input, output)),
        ],
    },
    Linked {
        name: "tictactoe-ai",
        content_check: Some(|stage| Box::new(tictactoe_ai_judge::content_check(stage))),
        rules: Some(|stage| Box::new(tictactoe_ai_judge::TicTacToeAi::new(stage))),
        references: &[
            ("ai-stage1", |input, output| ai_stage1::run(input, output)),
            ("ai-stage2", |input, output| ai_stage2::run(input, output)),
            ("ai-stage3", |input, output| ai_stage3::run(input, output)),
            ("ai-stage4", |input, output| ai_stage4::run(input, output)),
            ("ai-stage5", |input, output| ai_stage5::run(input, output)),
        ],
    },
];

/// The kata that a grader with no other to go by grades.
pub const DEFAULT: &str = LINKED[0].name;

/// The names of the linked katas that have what `has` picks, for messages: `` `a`, `b` ``.
fn names_having<T>(has: impl Fn(&Linked) -> Option<T>) -> String {
    LINKED
        .iter()
        .filter(|linked| has(linked).is_some())
        .map(|linked| format!("`{}`", linked.name))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The reference program built in under `name`, with its name as the grader keeps it.
#[must_use]
pub fn reference(name: &str) -> Option<(&'static str, Play)> {
    LINKED
        .iter()
        .flat_map(|linked| linked.references)
        .find(|(known, _)| *known == name)
        .copied()
}

/// The names of the reference programs built in, for messages.
#[must_use]
pub fn reference_names() -> Vec<&'static str> {
    LINKED
        .iter()
        .flat_map(|linked| linked.references)
        .map(|&(name, _)| name)
        .collect()
}

/// Every kata of this repository, as it was when the grader was built: a folder a kata.
static BUILT_IN: Dir<'_> = include_dir!("$OUT_DIR/katas");

/// The katas built in, sorted by name.
///
/// # Errors
///
/// When a copy built in cannot be read: the grader was built from a broken kata.
pub fn built_in() -> Result<Vec<Kata>, GradeError> {
    let mut katas = BUILT_IN
        .dirs()
        .map(|dir| Kata::built_in(dir).map_err(GradeError::Kata))
        .collect::<Result<Vec<_>, _>>()?;
    katas.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(katas)
}

/// The kata built in under `name`, if there is one.
///
/// # Errors
///
/// When its copy cannot be read.
pub fn built_in_named(name: &str) -> Result<Option<Kata>, GradeError> {
    Ok(built_in()?.into_iter().find(|kata| kata.name == name))
}

/// The kata `given` names: a folder with a manifest (relative to `cwd`), or the name of a kata
/// built in. A folder that is there but holds no kata is an error, though a kata built in has
/// its name: grading another kata than the one meant would say nothing of the mistake.
///
/// # Errors
///
/// When it is neither, or a folder with no kata, or its manifest is broken.
pub fn named(cwd: &Path, given: &Path) -> Result<Kata, GradeError> {
    let folder = cwd.join(given);
    if folder.join(kata::MANIFEST).is_file() || kata_model::package::is_package(&folder) {
        return Kata::load(&folder).map_err(GradeError::Kata);
    }
    if folder.is_dir() {
        return Err(GradeError::Usage(format!(
            "`{}` is a folder with no {} (nor a problem package's {}): it is not a kata",
            given.display(),
            kata::MANIFEST,
            kata_model::package::PROBLEM_YAML,
        )));
    }
    if let Some(name) = given.to_str()
        && !name.contains('/')
        && let Some(kata) = built_in_named(name)?
    {
        return Ok(kata);
    }
    let names: Vec<String> = built_in()?.into_iter().map(|kata| kata.name).collect();
    Err(GradeError::Usage(format!(
        "`{}` is neither a folder with a {} (or a problem package's {}) nor a kata built in ({})",
        given.display(),
        kata::MANIFEST,
        kata_model::package::PROBLEM_YAML,
        names.join(", ")
    )))
}

/// The kata to grade: `given` (`--kata`), else the one of the workspace the grader runs in
/// (the nearest manifest at or above the package cargo runs it from, `CARGO_MANIFEST_DIR`, or
/// else the current folder), else the [`DEFAULT`] kata built in.
///
/// # Errors
///
/// When the kata given cannot be had, or the one found has a broken manifest.
pub fn choose(given: Option<&Path>) -> Result<Kata, GradeError> {
    let cwd = env::current_dir().unwrap_or_default();
    if let Some(given) = given {
        return named(&cwd, given);
    }
    let start = env::var_os("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .or(Some(cwd));
    if let Some(folder) = start.as_deref().and_then(kata::find) {
        return Kata::load(&folder).map_err(GradeError::Kata);
    }
    default()
}

/// The [`DEFAULT`] kata built in.
///
/// # Errors
///
/// When a copy built in cannot be read, or the grader was built without it.
pub fn default() -> Result<Kata, GradeError> {
    built_in_named(DEFAULT)?
        .ok_or_else(|| GradeError::Usage(format!("no kata `{DEFAULT}` built in")))
}

/// The content check of `kata`'s stage `stage`: the one its manifest names, or plain text.
///
/// # Errors
///
/// When the manifest names a check this grader does not have.
pub fn content_check(kata: &Kata, stage: u8) -> Result<Box<dyn ContentCheck>, GradeError> {
    let Some(name) = kata.content_check.as_deref() else {
        return Ok(Box::new(PlainText));
    };
    LINKED
        .iter()
        .find(|linked| linked.name == name)
        .and_then(|linked| linked.content_check)
        .map(|check| check(stage))
        .ok_or_else(|| {
            GradeError::Usage(format!(
                "{} names the content check `{name}`, which this grade does not have (it has \
                 {})",
                kata.title,
                names_having(|linked| linked.content_check)
            ))
        })
}

/// The rules that judge `kata`'s rule cases at stage `stage`: the ones its manifest names, if
/// it names any.
///
/// # Errors
///
/// When the manifest names rules this grader does not have.
pub fn rules(kata: &Kata, stage: u8) -> Result<Option<Box<dyn Rules>>, GradeError> {
    let Some(name) = kata.rules.as_deref() else {
        return Ok(None);
    };
    LINKED
        .iter()
        .find(|linked| linked.name == name)
        .and_then(|linked| linked.rules)
        .map(|rules| Some(rules(stage)))
        .ok_or_else(|| {
            GradeError::Usage(format!(
                "{} names the rules `{name}`, which this grade does not have (it has {})",
                kata.title,
                names_having(|linked| linked.rules)
            ))
        })
}

/// The cases of `kata`'s stage `stage` judged by its rules, with the rules: none when the stage
/// has none.
///
/// # Errors
///
/// When the file of cases cannot be read, a case names a strategy or check the rules do not
/// have, or the kata has cases but no rules.
pub fn rule_cases(kata: &Kata, stage: u8) -> Result<Option<RuleCases>, GradeError> {
    let cases = kata.rule_cases(stage).map_err(GradeError::Fixture)?;
    if cases.is_empty() {
        return Ok(None);
    }
    let Some(rules) = rules(kata, stage)? else {
        return Err(GradeError::Usage(format!(
            "stage {stage} of {} has cases judged by rules, but its manifest names no `rules`",
            kata.title
        )));
    };
    for case in &cases {
        rules
            .answerer(case)
            .map(drop)
            .and_then(|()| rules.knows_check(case))
            .map_err(|why| {
                GradeError::Usage(format!(
                    "{}: the case `{}`: {why}",
                    case.path.display(),
                    case.name
                ))
            })?;
    }
    Ok(Some(RuleCases { cases, rules }))
}

/// `fixtures`, the cases of `kata`'s stage `stage`, each given the program of the kata that
/// judges it where one does, with the folder those programs run in, which must outlive the
/// grading (for a kata built in, a copy written out).
///
/// # Errors
///
/// When the stage does not exist, or a copy of a kata built in cannot be written.
pub fn judged(
    kata: &Kata,
    stage: u8,
    mut fixtures: Vec<Fixture>,
) -> Result<(Vec<Fixture>, Option<RunFolder>), GradeError> {
    if let Some(package) = &kata.package {
        let folder = package_judges(package, &mut fixtures)?;
        return Ok((fixtures, folder));
    }
    let judges = &kata.stage(stage).map_err(GradeError::Usage)?.judges;
    if !judges.any() {
        return Ok((fixtures, None));
    }
    let folder = RunFolder::of(kata)?;
    judges.assign(&mut fixtures, folder.path());
    Ok((fixtures, Some(folder)))
}

/// `fixtures`, a problem package's cases, each given the package's judge: its default output
/// validation with the case's flags, or its output validator (interactive or not) with the
/// case's arguments, built first, once for every grading, into the cache, else into a folder
/// that is handed back to outlive the grading.
///
/// # Errors
///
/// When the validator does not build: the compiler's message.
fn package_judges(
    package: &Package,
    fixtures: &mut [Fixture],
) -> Result<Option<RunFolder>, GradeError> {
    let Validation::Custom {
        source,
        language,
        interactive,
        ..
    } = &package.validation
    else {
        for (fixture, case) in fixtures.iter_mut().zip(&package.cases) {
            fixture.judge = CaseJudge::Tokens(case.default_flags.unwrap_or_default());
        }
        return Ok(None);
    };
    let (program, apart) = package_program(package, source, *language, "output validator")?;
    for (fixture, case) in fixtures.iter_mut().zip(&package.cases) {
        let judge = Arc::new(JudgeProgram {
            program: harness::runs::command(&program),
            args: case.validator_args.clone(),
            timeout: harness::validator::DEFAULT_TIMEOUT,
        });
        fixture.judge = if *interactive {
            CaseJudge::Interactor {
                judge,
                runs: 1,
                joined: true,
            }
        } else {
            CaseJudge::Checker(judge)
        };
    }
    Ok(apart)
}

/// A program of `package`'s own (its output validator, its grader: `what`), from `source` in
/// `language`, built once for every grading into the cache, else into a folder that is handed
/// back to outlive its use: the program, run in the package's folder, or for `build` and `run`
/// scripts in the copy of their folder that `build` ran in, as the format has them (a `run`
/// that starts `./jury` finds what `build` made there).
///
/// # Errors
///
/// When it does not build: the compiler's message.
pub fn package_program(
    package: &Package,
    source: &Path,
    language: Language,
    what: &str,
) -> Result<(Program, Option<RunFolder>), GradeError> {
    let building::Validator {
        argv,
        folder: built_in,
        apart,
    } = building::build_validator(source, language).map_err(|error| {
        GradeError::Kata(kata::KataError {
            path: source.to_owned(),
            line: None,
            message: format!("the {what} does not build: {error}"),
        })
    })?;
    let folder = if language == Language::Scripts {
        &built_in
    } else {
        &package.folder
    };
    let program = Program::labelled(argv, source.display().to_string()).in_folder(folder);
    Ok((program, apart.map(RunFolder::holding)))
}

/// The line a report of a problem package's grading says its limits in, each with where it
/// comes from: the option that set it (`asked`), else the package, else the format's default;
/// a time limit the package leaves to be inferred is the grader's.
#[must_use]
pub fn package_limits(package: &Package, asked: &StageLimits, limits: &harness::Limits) -> String {
    let seconds = limits.timeout.as_secs_f64();
    let time = if asked.timeout.is_some() {
        "--timeout".to_owned()
    } else if package.limits.time.fixed().is_some() {
        package.limits.time.source()
    } else {
        "the grader's: the package gives none, and `kata dev check` infers the format's from \
         its accepted submissions"
            .to_owned()
    };
    let sizes = if asked.memory.is_some() {
        format!(
            "memory {} MiB (--memory), output {} MiB",
            limits.memory >> 20,
            package.limits.output_mib
        )
    } else {
        package.limits.sizes_said()
    };
    format!("Limits: time {seconds} s ({time}), {sizes}")
}

/// A folder a kata's own commands run in: its folder, or for a kata built in, a copy of it
/// written out (its reference scripts are among its files) and removed when this is dropped.
#[derive(Debug)]
pub struct RunFolder {
    path: PathBuf,
    _written: Option<tempfile::TempDir>,
}

impl RunFolder {
    /// The folder of `kata`, written out first if it is built in.
    ///
    /// # Errors
    ///
    /// When a copy cannot be written.
    pub fn of(kata: &Kata) -> Result<RunFolder, GradeError> {
        if let Some(folder) = kata.folder() {
            return Ok(RunFolder {
                path: folder.to_owned(),
                _written: None,
            });
        }
        let cannot = |error: std::io::Error| {
            GradeError::Usage(format!(
                "cannot write out the kata {} to run its reference: {error}",
                kata.title
            ))
        };
        let written = tempfile::Builder::new()
            .prefix("grade-kata-")
            .tempdir()
            .map_err(cannot)?;
        let copy = BUILT_IN
            .get_dir(&kata.name)
            .ok_or_else(|| cannot(std::io::Error::other("it is not built in")))?;
        // `extract` makes the folders inside the copy, not the copy's own.
        std::fs::create_dir_all(written.path().join(copy.path())).map_err(cannot)?;
        copy.extract(written.path()).map_err(cannot)?;
        Ok(RunFolder {
            path: written.path().join(&kata.name),
            _written: Some(written),
        })
    }

    /// A temporary folder of programs built for the grading (a problem package's validator),
    /// removed when this is dropped.
    #[must_use]
    pub fn holding(built: tempfile::TempDir) -> RunFolder {
        RunFolder {
            path: built.path().to_owned(),
            _written: Some(built),
        }
    }

    /// The folder.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// Whether every stage of `kata` has a reference this grader can run.
#[must_use]
pub fn references_runnable(kata: &Kata) -> bool {
    kata.stages.iter().all(|stage| match &stage.reference {
        Reference::BuiltIn(name) => reference(name).is_some(),
        Reference::Run(_) => true,
        Reference::Submission(source) => source.is_some(),
    })
}
