//! A kata as data: a folder whose manifest ([`MANIFEST`]) names the kata and its stages in
//! order, each with its title, its description, its fixtures and how its reference runs. Read
//! from a folder at run time, or from a copy built into a program; nothing else in the harness
//! counts a kata's stages.
//!
//! It is a plain description, read and checked: the judge gives it what it does (a stage's
//! limits over the grader's, a judge's program run, the weights of its cases).
//!
//! ```toml
//! name = "calculator"
//! title = "Calculator"
//! summary = "A calculator for the console, from adding two numbers to reading any expression."
//! # content-check = "NAME"   # a check of the content beside the text, if the grader has it
//!
//! [[stages]]
//! title = "Add two numbers"
//! description = "stages/stage1/README.md"
//! fixtures = "fixtures/stage1"
//! reference = { run = "sh reference/stage1.sh" }   # or { built-in = "stage1" }
//! order = ["adds-two-numbers"]   # the cases a learner meets first; the others follow by name
//! # memory = "1G"      # the limits of its cases, each in place of the grader's default
//! # processes = 2048
//! # disk = "1G"
//! # timeout = 15       # seconds of CPU time (see the limits reference)
//! points = 10                  # optional: split over the cases that name none (1 each without)
//! visibility = "visible"       # optional: of the cases' details (or hidden, after-deadline)
//!
//! [stages.cases.adds-negative-numbers]   # optional: a fixture's own
//! points = 4
//! visibility = "hidden"
//! ```

use std::collections::BTreeMap;
use std::fmt;
use std::ops::Range;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use include_dir::Dir;
use serde::{Deserialize, Serialize};
use toml::Spanned;

use crate::case_judge::{CaseJudge, Command, JUDGE_TIMEOUT, JudgeProgram, Role};
use crate::fixture::{self, Fixture, FixtureError};
use crate::package::{self, CaseScoring, ExpectedVerdict, Package, PackageError};
use crate::rule_cases::{self, RulesCase};
use crate::size::parse_size;

/// The manifest's file name, in the kata's folder: not to be confused with a learner's
/// `kata.toml`, which says how the learner's own stages are built and run.
pub const MANIFEST: &str = "kata-manifest.toml";

/// The manifest as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct ManifestFile {
    name: Spanned<String>,
    title: String,
    #[serde(default)]
    summary: Option<String>,
    #[serde(default)]
    content_check: Option<Spanned<String>>,
    #[serde(default)]
    rules: Option<Spanned<String>>,
    #[serde(default)]
    stages: Vec<StageFile>,
}

/// One `[[stages]]` table as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
#[serde(expecting = "a `[[stages]]` table")]
struct StageFile {
    title: String,
    description: Spanned<String>,
    fixtures: Spanned<String>,
    reference: Spanned<ReferenceFile>,
    #[serde(default)]
    order: Option<Spanned<Vec<String>>>,
    #[serde(default)]
    rule_cases: Option<Spanned<String>>,
    #[serde(default)]
    memory: Option<Spanned<String>>,
    #[serde(default)]
    processes: Option<Spanned<u32>>,
    #[serde(default)]
    disk: Option<Spanned<String>>,
    #[serde(default)]
    timeout: Option<Spanned<f64>>,
    #[serde(default)]
    points: Option<f64>,
    #[serde(default)]
    visibility: Option<Visibility>,
    #[serde(default)]
    cases: BTreeMap<String, CaseFile>,
    #[serde(default)]
    checker: Option<Spanned<JudgeFile>>,
    #[serde(default)]
    interactor: Option<Spanned<JudgeFile>>,
}

/// One `[stages.cases.NAME]` table as written: the case's points and visibility, and its own
/// judge.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "a table of the case's `points`, `visibility`, `checker` or `interactor`")]
struct CaseFile {
    #[serde(default)]
    points: Option<f64>,
    #[serde(default)]
    visibility: Option<Visibility>,
    #[serde(default)]
    checker: Option<Spanned<JudgeFile>>,
    #[serde(default)]
    interactor: Option<Spanned<JudgeFile>>,
}

/// A `checker` or `interactor` table as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(
    expecting = "a table, `{ run = \"COMMAND\" }` with `args`, `timeout`, `runs` and `joined` optional"
)]
struct JudgeFile {
    run: String,
    #[serde(default)]
    args: Vec<String>,
    #[serde(default)]
    timeout: Option<f64>,
    #[serde(default)]
    runs: Option<usize>,
    #[serde(default)]
    joined: Option<bool>,
}

/// A program of the kata that judges cases (see [`CaseJudge`]), as its manifest gives it.
#[derive(Clone, Debug, PartialEq)]
pub struct JudgeSpec {
    /// Whether it checks a run's output after it or interacts with the program.
    pub role: Role,
    /// Its command line, run in the kata's folder.
    pub run: String,
    /// The arguments after the three files it is given.
    pub args: Vec<String>,
    /// Its deadline for a case (beyond the program's time limit, for an interactor).
    pub timeout: Duration,
    /// How many times each case is played, for an interactor.
    pub runs: usize,
    /// Whether an interactor is joined to the program by pipes, as a problem package's
    /// validator is: a long conversation costs what its pipes cost, but is not recorded, and
    /// what the interactor sends ahead goes to the program as it comes.
    pub joined: bool,
    /// The manifest's line that names it.
    pub line: usize,
}

impl JudgeSpec {
    /// How a case with this judge is judged, its program run in `folder` (the kata's). A
    /// command line that splits into no words is kept as an empty command, which the judge
    /// cannot start and says so.
    #[must_use]
    pub fn case_judge(&self, folder: &Path) -> CaseJudge {
        let program = Command::line(&self.run, folder).unwrap_or_else(|| Command {
            argv: Vec::new(),
            folder: Some(folder.to_owned()),
            label: String::new(),
        });
        let judge = Arc::new(JudgeProgram {
            program,
            args: self.args.clone(),
            timeout: self.timeout,
        });
        match self.role {
            Role::Checker => CaseJudge::Checker(judge),
            Role::Interactor => CaseJudge::Interactor {
                judge,
                runs: self.runs,
                joined: self.joined,
            },
        }
    }
}

/// The programs of the kata that judge a stage's cases: the stage's own, and those of single
/// cases.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StageJudges {
    /// The judge of every case that names none of its own; without one, cases are judged by
    /// their transcripts.
    pub stage: Option<JudgeSpec>,
    /// The cases' own, by name.
    pub cases: BTreeMap<String, JudgeSpec>,
}

impl StageJudges {
    /// The judge of the case `name`, if a program judges it.
    #[must_use]
    pub fn of(&self, name: &str) -> Option<&JudgeSpec> {
        self.cases.get(name).or(self.stage.as_ref())
    }

    /// Whether any case is judged by a program of the kata.
    #[must_use]
    pub fn any(&self) -> bool {
        self.stage.is_some() || !self.cases.is_empty()
    }

    /// `fixtures` each given its judge, its program run in `folder` (the kata's).
    pub fn assign(&self, fixtures: &mut [Fixture], folder: &Path) {
        for fixture in fixtures {
            if let Some(spec) = self.of(&fixture.name) {
                fixture.judge = spec.case_judge(folder);
            }
        }
    }
}

/// A stage's `reference` as written: exactly one of its two keys.
#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
#[serde(expecting = "a table, `{ run = \"COMMAND\" }` or `{ built-in = \"NAME\" }`")]
struct ReferenceFile {
    #[serde(default)]
    built_in: Option<String>,
    #[serde(default)]
    run: Option<String>,
}

/// How a stage's reference solution is run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reference {
    /// A program linked into the grader, by its name (the cargo package of a reference stage).
    BuiltIn(String),
    /// A command line, split as a shell would but run without one, in the kata's folder.
    Run(String),
    /// A problem package's accepted submission, built when it is run: its source, `None` when
    /// the package has none.
    Submission(Option<PathBuf>),
}

/// One stage of a kata.
#[derive(Clone, Debug)]
pub struct Stage {
    /// Its number, from 1, in the order of the manifest.
    pub number: u8,
    /// Its title: "What's up on the field?".
    pub title: String,
    /// Its description file, from the kata's folder.
    pub description: PathBuf,
    /// Its fixtures folder, from the kata's folder.
    pub fixtures: PathBuf,
    /// How its reference runs.
    pub reference: Reference,
    /// The manifest's line of its `reference`, for messages about it.
    pub reference_line: usize,
    /// The names of the cases run and reported first, in this order (the basic game before its
    /// edge cases); the others follow, by name.
    pub order: Vec<String>,
    /// The manifest's line of its `order`, for messages about it.
    pub order_line: Option<usize>,
    /// Its cases judged by the kata's rules rather than by one transcript, a file of them
    /// ([`crate::rule_cases`] reads it), from the kata's folder, if it has any.
    pub rule_cases: Option<PathBuf>,
    /// The limits its manifest sets for its cases.
    pub limits: StageLimits,
    /// What its cases are worth and who may see their details.
    pub scoring: StageScoring,
    /// The programs of the kata that judge its cases, where any does.
    pub judges: StageJudges,
}

/// The limits a stage's manifest sets for its cases, each in place of the grader's default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StageLimits {
    /// The memory a case may use, in bytes.
    pub memory: Option<u64>,
    /// How many processes it may run at once.
    pub processes: Option<u32>,
    /// What it may write to disk, in bytes.
    pub disk: Option<u64>,
    /// Its CPU time: the manifest's `timeout`, or a problem package's time limit.
    pub timeout: Option<Duration>,
    /// The most output kept: a problem package's output limit.
    pub output: Option<usize>,
    /// Whether the program runs on past its output limit, its output cut: a problem
    /// package's, whose judges do so.
    pub run_past_output: bool,
    /// Its stack: a problem package's memory limit.
    pub stack: Option<u64>,
}

/// Where a kata's files are.
#[derive(Clone, Debug)]
pub enum Source {
    /// A folder on disk.
    Folder(PathBuf),
    /// A copy built into this program, under its name.
    BuiltIn(&'static Dir<'static>),
}

/// A kata: its manifest, read and checked, and where its files are.
#[derive(Clone, Debug)]
pub struct Kata {
    /// Its short name: `calculator`.
    pub name: String,
    /// Its title: `Calculator`.
    pub title: String,
    /// What a learner builds, in a sentence, if the manifest says.
    pub summary: Option<String>,
    /// The name of the content check its stages are graded with beside the exact text, if any.
    pub content_check: Option<String>,
    /// The name of the rules its stages' rule cases are judged by, if any.
    pub rules: Option<String>,
    /// Its stages, in order: at least one.
    pub stages: Vec<Stage>,
    /// Where its files are.
    pub source: Source,
    /// The problem package it is read from, for a kata that is one: its one stage's cases,
    /// statement and judge are the package's.
    pub package: Option<Arc<Package>>,
}

/// A kata that cannot be read, with the place to look.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KataError {
    /// The file to blame: the manifest, or a file it names.
    pub path: PathBuf,
    /// The 1-based line of the file, where one is to blame.
    pub line: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for KataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.path.display())?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for KataError {}

impl From<PackageError> for KataError {
    fn from(error: PackageError) -> KataError {
        KataError {
            path: error.path,
            line: error.line,
            message: error.message,
        }
    }
}

impl Kata {
    /// The kata in `folder`, from its manifest; or, in a folder without one that is a problem
    /// package, the package as a kata ([`Kata::from_package`]).
    ///
    /// # Errors
    ///
    /// When the manifest cannot be read or is not a complete manifest: the file and line.
    pub fn load(folder: &Path) -> Result<Kata, KataError> {
        let path = folder.join(MANIFEST);
        if !path.exists() && package::is_package(folder) {
            return Kata::from_package(folder);
        }
        let text = fixture::read_capped(&path).map_err(|message| KataError {
            path: path.clone(),
            line: None,
            message,
        })?;
        Kata::parse(&text, &path, Source::Folder(folder.to_owned()))
    }

    /// The kata built into this program as `dir`, a copy of its folder.
    ///
    /// # Errors
    ///
    /// When the copy has no manifest or a broken one: the program was built wrong.
    pub fn built_in(dir: &'static Dir<'static>) -> Result<Kata, KataError> {
        let path = dir.path().join(MANIFEST);
        let text = dir
            .get_file(&path)
            .and_then(|file| file.contents_utf8())
            .ok_or_else(|| KataError {
                path: path.clone(),
                line: None,
                message: "no manifest was built in".to_owned(),
            })?;
        Kata::parse(text, &path, Source::BuiltIn(dir))
    }

    /// The kata whose manifest at `path` says `text`, its files in `source`.
    ///
    /// # Errors
    ///
    /// When `text` is not a complete manifest: what is wrong, and on which line.
    pub fn parse(text: &str, path: &Path, source: Source) -> Result<Kata, KataError> {
        let at = |span: Range<usize>, message: String| KataError {
            path: path.to_owned(),
            line: Some(line_of(text, span.start)),
            message,
        };
        let file: ManifestFile = toml::from_str(text).map_err(|error| KataError {
            path: path.to_owned(),
            line: error.span().map(|span| line_of(text, span.start)),
            message: in_manifest_terms(text, &error),
        })?;
        let name = file.name.get_ref();
        if name.is_empty()
            || !name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        {
            return Err(at(
                file.name.span(),
                format!(
                    "the name `{name}` must be lower-case letters, digits and `-`, as `kata new \
                     --kata NAME` takes it"
                ),
            ));
        }
        if file.stages.is_empty() {
            return Err(KataError {
                path: path.to_owned(),
                line: None,
                message: "no stages: a kata has at least one `[[stages]]` table".to_owned(),
            });
        }
        if u8::try_from(file.stages.len()).is_err() {
            return Err(KataError {
                path: path.to_owned(),
                line: None,
                message: format!("{} stages: a kata has at most 255", file.stages.len()),
            });
        }
        let mut stages = Vec::with_capacity(file.stages.len());
        for (number, stage) in (1..=u8::MAX).zip(file.stages) {
            let relative = |field: &Spanned<String>, what: &str| {
                relative_path(field.get_ref()).ok_or_else(|| {
                    at(
                        field.span(),
                        format!(
                            "the {what} of stage {number}, `{}`, must be a path inside the \
                             kata's folder",
                            field.get_ref()
                        ),
                    )
                })
            };
            let description = relative(&stage.description, "description")?;
            let fixtures = relative(&stage.fixtures, "fixtures folder")?;
            let rule_cases = stage
                .rule_cases
                .as_ref()
                .map(|field| relative(field, "rule cases file"))
                .transpose()?;
            let reference_span = stage.reference.span();
            let reference = match stage.reference.into_inner() {
                ReferenceFile {
                    built_in: Some(name),
                    run: None,
                } => Reference::BuiltIn(name),
                ReferenceFile {
                    built_in: None,
                    run: Some(line),
                } => {
                    if !is_command_line(&line) {
                        return Err(at(
                            reference_span,
                            format!(
                                "the reference of stage {number}, `{line}`, is not a command \
                                 line (empty, or a quote left open)"
                            ),
                        ));
                    }
                    Reference::Run(line)
                }
                _ => {
                    return Err(at(
                        reference_span,
                        format!(
                            "the reference of stage {number} needs exactly one of `built-in` (a \
                             program built into the grader) and `run` (a command line)"
                        ),
                    ));
                }
            };
            let order_line = stage
                .order
                .as_ref()
                .map(|order| line_of(text, order.span().start));
            let size = |field: &Option<Spanned<String>>, key: &str| {
                field
                    .as_ref()
                    .map(|value| {
                        parse_size(value.get_ref()).map_err(|why| {
                            at(value.span(), format!("the {key} of stage {number}: {why}"))
                        })
                    })
                    .transpose()
            };
            let limits = StageLimits {
                memory: size(&stage.memory, "memory")?,
                processes: match &stage.processes {
                    Some(count) if *count.get_ref() == 0 => {
                        return Err(at(
                            count.span(),
                            format!("the processes of stage {number} must be at least 1"),
                        ));
                    }
                    count => count.as_ref().map(|count| *count.get_ref()),
                },
                disk: size(&stage.disk, "disk")?,
                output: None,
                run_past_output: false,
                stack: None,
                timeout: match &stage.timeout {
                    Some(seconds) if !is_timeout(*seconds.get_ref()) => {
                        return Err(at(
                            seconds.span(),
                            format!(
                                "the timeout of stage {number}, {}, is not a number of seconds \
                                 greater than 0 and at most {MOST_SECONDS}",
                                seconds.get_ref()
                            ),
                        ));
                    }
                    seconds => seconds
                        .as_ref()
                        .map(|seconds| Duration::from_secs_f64(*seconds.get_ref())),
                },
            };
            let judge = |checker: Option<Spanned<JudgeFile>>,
                         interactor: Option<Spanned<JudgeFile>>,
                         whose: &str| {
                let (role, file) = match (checker, interactor) {
                    (Some(_), Some(interactor)) => {
                        return Err(at(
                            interactor.span(),
                            format!(
                                "{whose} names both a checker and an interactor: a case is \
                                 judged by one program"
                            ),
                        ));
                    }
                    (Some(checker), None) => (Role::Checker, checker),
                    (None, Some(interactor)) => (Role::Interactor, interactor),
                    (None, None) => return Ok(None),
                };
                let line = line_of(text, file.span().start);
                let span = file.span();
                let file = file.into_inner();
                let problem =
                    |message: String| Err(at(span.clone(), format!("{whose}: {message}")));
                if !is_command_line(&file.run) {
                    return problem(format!(
                        "the {} `{}` is not a command line (empty, or a quote left open)",
                        role.name(),
                        file.run
                    ));
                }
                let timeout = match file.timeout {
                    None => JUDGE_TIMEOUT,
                    Some(seconds) if seconds > 0.0 && seconds <= 3600.0 => {
                        Duration::from_secs_f64(seconds)
                    }
                    Some(seconds) => {
                        return problem(format!(
                            "the {}'s timeout, {seconds}, is not a number of seconds from above \
                             0 to 3600",
                            role.name()
                        ));
                    }
                };
                let runs = match (role, file.runs) {
                    (Role::Checker, Some(_)) => {
                        return problem(
                            "`runs` is an interactor's: a checker judges the one run a case \
                             makes"
                                .to_owned(),
                        );
                    }
                    (_, Some(runs)) if runs == 0 || runs > rule_cases::MAX_RUNS => {
                        return problem(format!(
                            "`runs = {runs}`: from 1 to {}",
                            rule_cases::MAX_RUNS
                        ));
                    }
                    (_, runs) => runs.unwrap_or(1),
                };
                if role == Role::Checker && file.joined.is_some() {
                    return problem(
                        "`joined` is an interactor's: a checker is given the run's output once \
                         it has ended"
                            .to_owned(),
                    );
                }
                Ok(Some(JudgeSpec {
                    role,
                    run: file.run,
                    args: file.args,
                    timeout,
                    runs,
                    joined: file.joined.unwrap_or(false),
                    line,
                }))
            };
            let mut judges = StageJudges {
                stage: judge(stage.checker, stage.interactor, &format!("stage {number}"))?,
                cases: BTreeMap::new(),
            };
            let mut cases = BTreeMap::new();
            for (name, case) in stage.cases {
                if let Some(spec) = judge(
                    case.checker,
                    case.interactor,
                    &format!("the case `{name}` of stage {number}"),
                )? {
                    judges.cases.insert(name.clone(), spec);
                }
                cases.insert(
                    name,
                    CaseSettings {
                        points: case.points,
                        visibility: case.visibility,
                    },
                );
            }
            let scoring = StageScoring {
                points: stage.points,
                visibility: stage.visibility,
                cases,
            };
            scoring.check().map_err(|message| KataError {
                path: path.to_owned(),
                line: Some(line_of(text, reference_span.start)),
                message: format!("stage {number}: {message}"),
            })?;
            stages.push(Stage {
                limits,
                number,
                title: stage.title,
                description,
                fixtures,
                reference,
                reference_line: line_of(text, reference_span.start),
                order: stage.order.map(Spanned::into_inner).unwrap_or_default(),
                order_line,
                rule_cases,
                scoring,
                judges,
            });
        }
        Ok(Kata {
            name: file.name.into_inner(),
            title: file.title,
            summary: file.summary,
            content_check: file.content_check.map(Spanned::into_inner),
            rules: file.rules.map(Spanned::into_inner),
            stages,
            source,
            package: None,
        })
    }

    /// The problem package in `folder` (the Kattis / ICPC format, see [`crate::package`]) as a
    /// kata of one stage: its statement the stage's task, its test data the stage's cases
    /// (samples first), an accepted submission the reference (in C, C++, Rust, Python, Java or
    /// Kotlin, the first in that order), its time limit (else
    /// [`PACKAGE_TIME_LIMIT`]) and memory limit the stage's, the points of a scoring problem's
    /// cases the stage's.
    ///
    /// # Errors
    ///
    /// When the package cannot be read: the file, and the line where one is to blame.
    pub fn from_package(folder: &Path) -> Result<Kata, KataError> {
        let package = package::load(folder)?;
        let name: String = package
            .short_name
            .to_lowercase()
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
            .collect();
        // The quickest to build and start of the accepted submissions, a JVM's last.
        let reference = package
            .submissions
            .iter()
            .filter(|submission| submission.expected == ExpectedVerdict::Accepted)
            .min_by_key(|submission| {
                package::Language::BUILT_HERE
                    .iter()
                    .position(|language| *language == submission.language)
                    .unwrap_or(usize::MAX)
            })
            .map(|submission| submission.path.clone());
        let cases = package
            .cases
            .iter()
            .map(|case| {
                let settings = CaseSettings {
                    points: Some(package_points(&package, case)),
                    visibility: None,
                };
                (case.name.clone(), settings)
            })
            .collect();
        let stage = Stage {
            number: 1,
            title: package.title.clone(),
            description: package
                .statement
                .as_ref()
                .and_then(|statement| statement.path.strip_prefix(folder).ok())
                .map_or_else(|| PathBuf::from(package::PROBLEM_YAML), Path::to_owned),
            fixtures: PathBuf::from("data"),
            reference: Reference::Submission(reference),
            reference_line: 1,
            order: Vec::new(),
            order_line: None,
            rule_cases: None,
            limits: StageLimits {
                memory: Some(package.limits.memory_bytes()),
                timeout: Some(package.limits.time.fixed().unwrap_or(PACKAGE_TIME_LIMIT)),
                output: Some(package.limits.output_bytes()),
                run_past_output: true,
                // A judge's usual stack: a deep recursion that fits in memory does not crash.
                stack: Some(package.limits.memory_bytes()),
                ..StageLimits::default()
            },
            scoring: StageScoring {
                points: None,
                visibility: None,
                cases: if package.scoring {
                    cases
                } else {
                    BTreeMap::new()
                },
            },
            judges: StageJudges::default(),
        };
        Ok(Kata {
            name,
            title: package.title.clone(),
            summary: None,
            content_check: None,
            rules: None,
            stages: vec![stage],
            source: Source::Folder(folder.to_owned()),
            package: Some(Arc::new(package)),
        })
    }

    /// The number of stages, at least 1.
    #[must_use]
    pub fn stage_count(&self) -> u8 {
        u8::try_from(self.stages.len()).unwrap_or(u8::MAX)
    }

    /// Stage `number`, counted from 1.
    ///
    /// # Errors
    ///
    /// When the kata has no such stage: what the stages are, in words.
    pub fn stage(&self, number: u8) -> Result<&Stage, String> {
        usize::from(number)
            .checked_sub(1)
            .and_then(|index| self.stages.get(index))
            .ok_or_else(|| {
                format!(
                    "{} has no stage {number}: its stages are {}",
                    self.title,
                    self.stage_range()
                )
            })
    }

    /// The stages' numbers, as a user types them: `1 to 5`, or `1` for a kata of one stage.
    #[must_use]
    pub fn stage_range(&self) -> String {
        match self.stage_count() {
            1 => "1".to_owned(),
            count => format!("1 to {count}"),
        }
    }

    /// The kata's folder, when it is read from one.
    #[must_use]
    pub fn folder(&self) -> Option<&Path> {
        match &self.source {
            Source::Folder(folder) => Some(folder),
            Source::BuiltIn(_) => None,
        }
    }

    /// Where `relative`, a path of the manifest, is: in the kata's folder, or in the copy built
    /// in (shown as `built-in:NAME/PATH`).
    #[must_use]
    pub fn path_of(&self, relative: &Path) -> PathBuf {
        match &self.source {
            Source::Folder(folder) => folder.join(relative),
            Source::BuiltIn(_) => Path::new(&format!("built-in:{}", self.name)).join(relative),
        }
    }

    /// The text of stage `number`'s description.
    ///
    /// # Errors
    ///
    /// When the stage does not exist or its file cannot be read.
    pub fn description(&self, number: u8) -> Result<String, KataError> {
        let stage = self.stage(number).map_err(|message| KataError {
            path: self.path_of(Path::new(MANIFEST)),
            line: None,
            message,
        })?;
        if let Some(package) = &self.package {
            let statement = package.statement_markdown()?;
            // A package names its problem in problem.yaml; its statement may not.
            let statement = if statement.trim_start().starts_with('#') {
                statement
            } else {
                format!("# {}\n\n{statement}", package.title)
            };
            // The format's tools show the samples after the statement, which does not hold them.
            let samples = package.samples_markdown()?;
            return Ok(if samples.is_empty() {
                statement
            } else {
                format!("{}\n\n{samples}", statement.trim_end())
            });
        }
        self.read(&stage.description)
    }

    /// The text of `relative`, a file of the kata.
    ///
    /// # Errors
    ///
    /// When it is not there or cannot be read.
    pub fn read(&self, relative: &Path) -> Result<String, KataError> {
        let error = |message: String| KataError {
            path: self.path_of(relative),
            line: None,
            message,
        };
        match &self.source {
            Source::Folder(folder) => fixture::read_capped(&folder.join(relative)).map_err(error),
            Source::BuiltIn(dir) => dir
                .get_file(dir.path().join(relative))
                .ok_or_else(|| error("not built in".to_owned()))?
                .contents_utf8()
                .map(str::to_owned)
                .ok_or_else(|| error("not UTF-8 text".to_owned())),
        }
    }

    /// The fixtures of stage `number`, in a learner's order: those its `order` names first, in
    /// that order, then the others by name.
    ///
    /// # Errors
    ///
    /// When the stage does not exist, its folder or a fixture in it cannot be read, or its
    /// `order` names a case that is not there.
    pub fn fixtures(&self, number: u8) -> Result<Vec<Fixture>, FixtureError> {
        let stage = self.stage(number).map_err(|message| FixtureError {
            path: self.path_of(Path::new(MANIFEST)),
            line: None,
            message,
        })?;
        let mut fixtures = self.fixtures_by_name(stage)?;
        if let Some(missing) = stage
            .order
            .iter()
            .find(|name| !fixtures.iter().any(|fixture| &fixture.name == *name))
        {
            return Err(FixtureError {
                path: self.path_of(Path::new(MANIFEST)),
                line: stage.order_line,
                message: format!(
                    "the order of stage {number} names the case `{missing}`, which is not in {}",
                    self.fixtures_dir(stage).display()
                ),
            });
        }
        fixtures.sort_by_key(|fixture| {
            stage
                .order
                .iter()
                .position(|name| *name == fixture.name)
                .unwrap_or(usize::MAX)
        });
        Ok(fixtures)
    }

    /// The fixtures of `stage`, sorted by name (a problem package's cases in its own order).
    fn fixtures_by_name(&self, stage: &Stage) -> Result<Vec<Fixture>, FixtureError> {
        if let Some(package) = &self.package {
            return package.cases.iter().map(package_case).collect();
        }
        match &self.source {
            Source::Folder(folder) => fixture::load_stage_dir(&folder.join(&stage.fixtures)),
            Source::BuiltIn(dir) => {
                let shown = self.path_of(&stage.fixtures);
                let Some(folder) = dir.get_dir(dir.path().join(&stage.fixtures)) else {
                    return Err(FixtureError {
                        path: shown,
                        line: None,
                        message: "no such folder was built in".to_owned(),
                    });
                };
                let mut files: Vec<_> = folder
                    .files()
                    .filter(|file| {
                        file.path().extension().is_some_and(|extension| {
                            extension == fixture::EXTENSION || extension == fixture::INPUT_EXTENSION
                        })
                    })
                    .collect();
                files.sort_by_key(|file| file.path().file_stem());
                if files.is_empty() {
                    return Err(FixtureError {
                        path: shown,
                        line: None,
                        message: format!(
                            "no fixtures (*.{}, or *.{} with their *.{}) here",
                            fixture::EXTENSION,
                            fixture::INPUT_EXTENSION,
                            fixture::ANSWER_EXTENSION
                        ),
                    });
                }
                files
                    .into_iter()
                    .map(|file| {
                        let path = shown.join(file.path().file_name().unwrap_or_default());
                        if path
                            .extension()
                            .is_some_and(|extension| extension == fixture::INPUT_EXTENSION)
                        {
                            let beside = |extension: &str| {
                                folder
                                    .get_file(file.path().with_extension(extension))
                                    .map(|file| file.contents())
                            };
                            return Ok(fixture::input_case(
                                &path,
                                file.contents(),
                                beside(fixture::ANSWER_EXTENSION).unwrap_or_default(),
                                beside(fixture::HINT_EXTENSION),
                            ));
                        }
                        let text = file.contents_utf8().ok_or_else(|| FixtureError {
                            path: path.clone(),
                            line: None,
                            message: "not UTF-8 text".to_owned(),
                        })?;
                        fixture::parse(&path, text)
                    })
                    .collect()
            }
        }
    }

    /// The cases of stage `number` judged by the kata's rules, in the order of their file; none
    /// when the stage has no such file.
    ///
    /// # Errors
    ///
    /// When the stage does not exist, or its file cannot be read or is not a file of cases.
    pub fn rule_cases(&self, number: u8) -> Result<Vec<RulesCase>, FixtureError> {
        let stage = self.stage(number).map_err(|message| FixtureError {
            path: self.path_of(Path::new(MANIFEST)),
            line: None,
            message,
        })?;
        let Some(relative) = &stage.rule_cases else {
            return Ok(Vec::new());
        };
        let text = self.read(relative).map_err(|error| FixtureError {
            path: error.path,
            line: error.line,
            message: error.message,
        })?;
        rule_cases::parse(&self.path_of(relative), &text)
    }

    /// The folder of stage `number`'s fixtures as reports name it, and, for a kata read from a
    /// folder, as the sandbox hides it.
    #[must_use]
    pub fn fixtures_dir(&self, stage: &Stage) -> PathBuf {
        self.path_of(&stage.fixtures)
    }

    /// The fixtures folders of every stage on disk: what no case may read.
    #[must_use]
    pub fn all_fixtures_dirs(&self) -> Vec<PathBuf> {
        match &self.source {
            Source::Folder(folder) => self
                .stages
                .iter()
                .map(|stage| folder.join(&stage.fixtures))
                .collect(),
            Source::BuiltIn(_) => Vec::new(),
        }
    }
}

/// Who may see a case's details (its feedback and output) besides its name and verdict.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Visibility {
    /// Everyone, always.
    #[default]
    Visible,
    /// Never the learner: the case counts, but shows only its name and verdict.
    Hidden,
    /// The learner once the deadline has passed, where the platform knows a deadline; a report
    /// that knows none shows it as hidden.
    AfterDeadline,
}

impl Visibility {
    /// Whether a report without a notion of visibility may show the case's details.
    #[must_use]
    pub fn shows_details(self) -> bool {
        self == Visibility::Visible
    }

    /// Its name as the manifest writes it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Visibility::Visible => "visible",
            Visibility::Hidden => "hidden",
            Visibility::AfterDeadline => "after-deadline",
        }
    }
}

/// One fixture's own settings, as the manifest writes them.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CaseSettings {
    /// Its points, out of the stage's.
    #[serde(default)]
    pub points: Option<f64>,
    /// Its visibility, over the stage's.
    #[serde(default)]
    pub visibility: Option<Visibility>,
}

/// A stage's points and visibility, and those its fixtures name for themselves.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StageScoring {
    /// The stage's points, split over the cases that name none; without it, each such case is
    /// worth 1.
    pub points: Option<f64>,
    /// The visibility of the cases that name none.
    pub visibility: Option<Visibility>,
    /// The fixtures that name their own, by fixture name.
    pub cases: BTreeMap<String, CaseSettings>,
}

/// Whether `line` is a command line: words split as a shell would split them, at least one.
fn is_command_line(line: &str) -> bool {
    shlex::split(line).is_some_and(|words| !words.is_empty())
}

/// The time limit of a problem package's cases where the package gives none: the format infers
/// one from its accepted submissions' times, which `kata dev check` measures and `grade` does
/// not.
pub const PACKAGE_TIME_LIMIT: Duration = Duration::from_secs(2);

/// What a scoring problem's case is worth in the reports, which add up their cases' points: its
/// own maximum; in a group scored pass-fail, an even share of the group's (the package's own
/// score, which gives such a group all or nothing, is what `kata dev check` judges its
/// submissions by); nothing for a sample or a case whose score its validator decides unbounded.
fn package_points(package: &Package, case: &package::TestCase) -> f64 {
    match case.scoring {
        CaseScoring::UpTo(points) => points,
        CaseScoring::Legacy { accept, .. } => accept,
        CaseScoring::Unbounded => 0.0,
        CaseScoring::None => package
            .groups
            .iter()
            .find(|group| group.path == case.group)
            .filter(|group| group.aggregation == package::Aggregation::PassFail)
            .and_then(|group| group.max_score)
            .map_or(0.0, |max| {
                let members = package
                    .cases
                    .iter()
                    .filter(|other| other.group == case.group)
                    .count();
                max / members.max(1) as f64
            }),
    }
}

/// A problem package's test case as a case of its stage: its input, with its answer and hint
/// beside it, named by its path under `data/` (`secret/group1/03`).
fn package_case(case: &package::TestCase) -> Result<Fixture, FixtureError> {
    let mut fixture = fixture::unread_input_case(&case.input)?;
    fixture.name.clone_from(&case.name);
    Ok(fixture)
}

/// `text` as a relative path that stays inside the kata's folder (no `..`, not absolute).
fn relative_path(text: &str) -> Option<PathBuf> {
    let path = Path::new(text);
    let inside = !text.is_empty()
        && path
            .components()
            .all(|component| matches!(component, Component::Normal(_) | Component::CurDir));
    inside.then(|| path.to_owned())
}

/// The message of `error`, an error of reading the manifest `text`, in the manifest's own
/// terms: a value of the wrong type is said with its key, the TOML type it has and the one the
/// key takes (`` `reference` must be a table, ..., not the string "sh stage1.sh" ``), never in
/// the words of the program's own types.
fn in_manifest_terms(text: &str, error: &toml::de::Error) -> String {
    let message = error.message().trim_end();
    let Some((found, expected)) = message
        .strip_prefix("invalid type: ")
        .and_then(|rest| rest.split_once(", expected "))
    else {
        return message.to_owned();
    };
    // The key is the last one written before the value, on the value's line.
    let key = error.span().and_then(|span| {
        let line_start = text.get(..span.start)?.rfind('\n').map_or(0, |at| at + 1);
        let (before, _) = text.get(line_start..span.start)?.rsplit_once('=')?;
        let key = before.rsplit(['{', ',']).next()?.trim();
        (!key.is_empty()).then_some(key)
    });
    let expected = match expected {
        "a sequence" => "an array",
        "u8" | "u16" | "u32" | "u64" | "usize" => "a whole number",
        "f32" | "f64" => "a number",
        other => other,
    };
    let found = match found.split_once(' ') {
        Some(("string", value)) => format!("the string {value}"),
        Some(("integer" | "floating", value)) => {
            format!(
                "the number {}",
                value.trim_start_matches("point ").trim_matches('`')
            )
        }
        Some(("boolean", value)) => format!("`{}`", value.trim_matches('`')),
        _ if found == "sequence" => "an array".to_owned(),
        _ if found == "map" => "a table".to_owned(),
        _ => found.to_owned(),
    };
    match key {
        Some(key) => format!("`{key}` must be {expected}, not {found}"),
        None => format!("a value must be {expected}, not {found}"),
    }
}

/// The 1-based line of byte `offset` in `text`.
fn line_of(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())]
        .iter()
        .filter(|&&byte| byte == b'\n')
        .count()
        + 1
}

/// The longest time limit a stage's manifest may set, in seconds: a day.
pub const MOST_SECONDS: f64 = 86_400.0;

/// Whether `seconds` is a time limit: more than nothing, at most [`MOST_SECONDS`].
#[must_use]
pub fn is_timeout(seconds: f64) -> bool {
    seconds.is_finite() && seconds > 0.0 && seconds <= MOST_SECONDS
}

/// The nearest folder at or above `start` that holds a kata's manifest.
#[must_use]
pub fn find(start: &Path) -> Option<PathBuf> {
    start
        .ancestors()
        .find(|dir| dir.join(MANIFEST).is_file())
        .map(Path::to_path_buf)
}

#[cfg(test)]
mod tests {
    use super::*;

    const MANIFEST_TEXT: &str = "name = \"calc\"\ntitle = \"Calculator\"\n\n\
        [[stages]]\ntitle = \"Add\"\ndescription = \"stages/stage1/README.md\"\n\
        fixtures = \"fixtures/stage1\"\nreference = { run = \"sh ref/1.sh\" }\n\n\
        [[stages]]\ntitle = \"Any\"\ndescription = \"stages/stage2/README.md\"\n\
        fixtures = \"fixtures/stage2\"\nreference = { built-in = \"stage2\" }\n";

    fn parse(text: &str) -> Result<Kata, KataError> {
        Kata::parse(
            text,
            Path::new("k/kata-manifest.toml"),
            Source::Folder("k".into()),
        )
    }

    /// [`MANIFEST_TEXT`] with `more` added to its first stage's table.
    fn with_first_stage(more: &str) -> String {
        MANIFEST_TEXT.replacen(
            "reference = { run = \"sh ref/1.sh\" }\n",
            &format!("reference = {{ run = \"sh ref/1.sh\" }}\n{more}"),
            1,
        )
    }

    #[test]
    fn a_value_of_the_wrong_type_is_named_by_its_key_in_the_manifests_terms() {
        for (from, to, said) in [
            (
                "reference = { run = \"sh ref/1.sh\" }",
                "reference = \"sh ref/1.sh\"",
                "`reference` must be a table, `{ run = \"COMMAND\" }` or `{ built-in = \"NAME\" \
                 }`, not the string \"sh ref/1.sh\"",
            ),
            (
                "title = \"Add\"",
                "title = 3",
                "`title` must be a string, not the number 3",
            ),
            (
                "name = \"calc\"",
                "name = [\"calc\"]",
                "`name` must be a string, not an array",
            ),
            (
                "reference = { run = \"sh ref/1.sh\" }",
                "reference = { run = true }",
                "`run` must be a string, not `true`",
            ),
        ] {
            let error = parse(&MANIFEST_TEXT.replacen(from, to, 1)).expect_err(to);
            assert_eq!(error.message, said, "{to}");
        }
        let error = parse(&with_first_stage("checker = \"sh check.sh\"\n")).expect_err("a string");
        assert!(
            error
                .message
                .starts_with("`checker` must be a table, `{ run = \"COMMAND\" }`"),
            "{error}"
        );
    }

    #[test]
    fn reads_a_stages_checker_and_a_cases_own_interactor() {
        let text = with_first_stage(
            "checker = { run = \"python3 judge/check.py\", args = [\"strict\"], timeout = 2.5 }\n\
             [stages.cases.plays-a-game]\npoints = 2\n\
             interactor = { run = \"python3 judge/play.py\", runs = 5, joined = true }\n",
        );
        let kata = parse(&text).expect("a manifest");
        let judges = &kata.stage(1).expect("stage 1").judges;
        let checker = judges.of("any-other-case").expect("the stage's checker");
        assert_eq!(
            (checker.role, checker.run.as_str(), checker.args.as_slice()),
            (
                Role::Checker,
                "python3 judge/check.py",
                ["strict".to_owned()].as_slice()
            )
        );
        assert_eq!(checker.timeout, Duration::from_millis(2500));
        assert_eq!(checker.line, 9);
        let interactor = judges.of("plays-a-game").expect("the case's own");
        assert_eq!((interactor.role, interactor.runs), (Role::Interactor, 5));
        assert_eq!(interactor.timeout, JUDGE_TIMEOUT);
        let folder = Path::new("/kata");
        let CaseJudge::Interactor {
            judge,
            runs: 5,
            joined: true,
        } = interactor.case_judge(folder)
        else {
            panic!("an interactor of five runs");
        };
        assert_eq!(judge.program.folder.as_deref(), Some(folder));
        assert!(!kata.stage(2).expect("stage 2").judges.any());
    }

    #[test]
    fn a_judge_that_cannot_be_is_named_with_its_line() {
        for (more, message) in [
            (
                "checker = { run = \"a\" }\ninteractor = { run = \"b\" }\n",
                "stage 1 names both a checker and an interactor",
            ),
            (
                "checker = { run = \"a\", runs = 3 }\n",
                "`runs` is an interactor's",
            ),
            (
                "checker = { run = \"a\", joined = false }\n",
                "`joined` is an interactor's",
            ),
            (
                "interactor = { run = \"a\", runs = 0 }\n",
                "`runs = 0`: from 1 to",
            ),
            (
                "checker = { run = \"a\", timeout = 0 }\n",
                "is not a number of seconds",
            ),
            ("checker = { run = \"'open\" }\n", "is not a command line"),
            ("checker = { command = \"a\" }\n", "unknown field `command`"),
        ] {
            let error = parse(&with_first_stage(more)).expect_err(message);
            assert!(error.message.contains(message), "{more}: {error}");
            assert!(error.line.is_some_and(|line| line >= 9), "{more}: {error}");
        }
    }

    #[test]
    fn reads_the_stages_in_order() {
        let kata = parse(MANIFEST_TEXT).expect("a manifest");
        assert_eq!((kata.name.as_str(), kata.stage_count()), ("calc", 2));
        assert_eq!(kata.stage_range(), "1 to 2");
        let second = kata.stage(2).expect("stage 2");
        assert_eq!((second.number, second.title.as_str()), (2, "Any"));
        assert_eq!(second.reference, Reference::BuiltIn("stage2".to_owned()));
        assert_eq!(
            kata.stage(1).expect("stage 1").reference,
            Reference::Run("sh ref/1.sh".to_owned())
        );
        assert_eq!(
            kata.stage(3).expect_err("no stage 3"),
            "Calculator has no stage 3: its stages are 1 to 2"
        );
        assert!(kata.stage(0).is_err());
    }

    #[test]
    fn reads_the_rules_and_a_stage_s_rule_cases() {
        let text = MANIFEST_TEXT
            .replace(
                "title = \"Calculator\"\n",
                "title = \"Calculator\"\nrules = \"calc-rules\"\n",
            )
            .replace(
                "reference = { built-in = \"stage2\" }\n",
                "reference = { built-in = \"stage2\" }\nrule-cases = \"rules/stage2.toml\"\n",
            );
        let kata = parse(&text).expect("a manifest");
        assert_eq!(kata.rules.as_deref(), Some("calc-rules"));
        assert_eq!(kata.stage(1).expect("stage 1").rule_cases, None);
        assert_eq!(
            kata.stage(2).expect("stage 2").rule_cases,
            Some(PathBuf::from("rules/stage2.toml"))
        );
        let outside = text.replace("\"rules/stage2.toml\"", "\"/etc/cases.toml\"");
        assert!(
            parse(&outside)
                .expect_err("a path outside")
                .message
                .contains("rule cases")
        );
    }

    #[test]
    fn a_stage_sets_the_limits_of_its_cases_in_place_of_the_defaults() {
        let limited = MANIFEST_TEXT.replace(
            "reference = { built-in = \"stage2\" }\n",
            "reference = { built-in = \"stage2\" }\nmemory = \"1G\"\nprocesses = 64\n",
        );
        let kata = parse(&limited).expect("a manifest");
        let limits = kata.stage(2).expect("stage 2").limits;
        assert_eq!(
            (limits.memory, limits.processes, limits.disk),
            (Some(1 << 30), Some(64), None)
        );
        assert_eq!(
            kata.stage(1).expect("stage 1").limits,
            StageLimits::default()
        );
        let error = parse(&limited.replace("\"1G\"", "\"lots\"")).expect_err("not a size");
        assert_eq!(error.line, Some(15), "{error}");
        assert!(
            error
                .message
                .starts_with("the memory of stage 2: `lots` is not a size"),
            "{error}"
        );
        let error = parse(&limited.replace("64", "0")).expect_err("no process");
        assert_eq!(error.line, Some(16), "{error}");
    }

    #[test]
    fn a_stage_sets_the_cpu_time_of_its_cases_and_a_wrong_one_is_named_with_its_line() {
        let timed = MANIFEST_TEXT.replace(
            "reference = { built-in = \"stage2\" }\n",
            "reference = { built-in = \"stage2\" }\ntimeout = 15\n",
        );
        let kata = parse(&timed).expect("a manifest");
        let limits = kata.stage(2).expect("stage 2").limits;
        assert_eq!(limits.timeout, Some(Duration::from_secs(15)));
        let halves = parse(&timed.replace("= 15", "= 2.5")).expect("a manifest");
        assert_eq!(
            halves.stages[1].limits.timeout,
            Some(Duration::from_millis(2500))
        );
        for wrong in ["0", "-1", "100000", "nan"] {
            let error = parse(&timed.replace("15", wrong)).expect_err("not a time limit");
            assert_eq!(error.line, Some(15), "{error}");
            assert!(
                error.message.starts_with("the timeout of stage 2, ")
                    && error
                        .message
                        .ends_with("is not a number of seconds greater than 0 and at most 86400"),
                "{error}"
            );
        }
        let error = parse(&timed.replace("15", "\"15s\"")).expect_err("not a number");
        assert_eq!(error.line, Some(15), "{error}");
    }

    #[test]
    fn a_broken_manifest_is_named_with_its_line() {
        let both = MANIFEST_TEXT.replace(
            "{ built-in = \"stage2\" }",
            "{ built-in = \"stage2\", run = \"x\" }",
        );
        let error = parse(&both).expect_err("two references");
        assert_eq!(error.line, Some(14), "{error}");
        assert!(error.message.contains("exactly one"), "{error}");

        let outside = MANIFEST_TEXT.replace("\"fixtures/stage1\"", "\"../fixtures\"");
        let error = parse(&outside).expect_err("a path outside");
        assert_eq!(error.line, Some(7), "{error}");

        let missing = MANIFEST_TEXT.replace("title = \"Any\"\n", "");
        let error = parse(&missing).expect_err("no title");
        assert!(error.to_string().contains("title"), "{error}");
        assert!(error.line.is_some(), "{error}");

        let no_stages = "name = \"x\"\ntitle = \"X\"\n";
        assert!(
            parse(no_stages)
                .expect_err("no stages")
                .message
                .contains("at least one")
        );
        let bad_name = MANIFEST_TEXT.replace("\"calc\"", "\"My Calc\"");
        assert_eq!(parse(&bad_name).expect_err("a bad name").line, Some(1));
    }

    #[test]
    fn cases_come_in_the_order_given_then_by_name() {
        let folder = tempfile::tempdir().expect("a temporary folder");
        let fixtures = folder.path().join("fixtures/stage1");
        std::fs::create_dir_all(&fixtures).expect("a folder");
        for name in ["a-edge", "b-edge", "basic", "second"] {
            std::fs::write(
                fixtures.join(format!("{name}.snap")),
                "---\nsource: x\n---\nhello\n",
            )
            .expect("a fixture");
        }
        let manifest = |order: &str| {
            format!(
                "name = \"k\"\ntitle = \"K\"\n[[stages]]\ntitle = \"One\"\n\
                 description = \"d.md\"\nfixtures = \"fixtures/stage1\"\n\
                 reference = {{ run = \"true\" }}\n{order}"
            )
        };
        let kata = |order: &str| {
            Kata::parse(
                &manifest(order),
                &folder.path().join(MANIFEST),
                Source::Folder(folder.path().to_owned()),
            )
            .expect("a manifest")
        };
        let names = |kata: &Kata| -> Vec<String> {
            let fixtures = kata.fixtures(1).expect("fixtures");
            fixtures.into_iter().map(|fixture| fixture.name).collect()
        };
        assert_eq!(names(&kata("")), ["a-edge", "b-edge", "basic", "second"]);
        assert_eq!(
            names(&kata("order = [\"basic\", \"second\"]\n")),
            ["basic", "second", "a-edge", "b-edge"]
        );
        let error = kata("order = [\"basic\", \"nowhere\"]\n")
            .fixtures(1)
            .expect_err("a case that is not there");
        assert_eq!(error.line, Some(8), "{error}");
        assert!(error.message.contains("`nowhere`"), "{error}");
    }

    #[test]
    fn points_and_visibility_are_read_per_stage_and_per_case() {
        let weighted = MANIFEST_TEXT.replace(
            "reference = { run = \"sh ref/1.sh\" }\n",
            "reference = { run = \"sh ref/1.sh\" }\npoints = 10\n\
             [stages.cases.adds]\npoints = 4\nvisibility = \"after-deadline\"\n",
        );
        let kata = parse(&weighted).expect("a manifest");
        let scoring = &kata.stage(1).expect("stage 1").scoring;
        assert_eq!(scoring.points, Some(10.0));
        let weights = scoring.weights(&["adds", "other"], true).expect("weights");
        assert_eq!((weights[0].points, weights[1].points), (4.0, 6.0));
        assert_eq!(weights[0].visibility, Visibility::AfterDeadline);
        assert!(kata.stage(2).expect("stage 2").scoring.is_default());

        let too_many = weighted.replace("points = 4", "points = 11");
        let error = parse(&too_many).expect_err("more than the stage's points");
        assert!(
            error.message.starts_with("stage 1: the cases' own points"),
            "{error}"
        );
        let unknown = weighted.replace("after-deadline", "later");
        assert!(parse(&unknown).is_err());
    }
}
