//! `data/`: the test cases and their groups, in the order the format uses them, with the
//! validator arguments and the scoring that each group's `testdata.yaml` gives.
//!
//! Legacy takes each key of a group's `testdata.yaml` from the closest group that gives it, as
//! its specification and problemtools have it. `2023-07` reads `test_group.yaml` (its later name) or `testdata.yaml`, `2025-09`
//! `test_group.yaml` only; both inherit `output_validator_args` key by key from the closest
//! group that sets it, while the scoring is the group's own, and a test case's own `.yaml` may
//! set its `output_validator_args` once more.

use std::path::{Path, PathBuf};

use serde::Deserialize;
use serde::de::IgnoredAny;

use super::cases::{Aggregation, CaseScoring, Group, LegacyGrading, TestCase};
use super::default_flags::DefaultFlags;
use super::input_validators::{InputArgs, InputArgsYaml};
use super::metadata::{Metadata, OneOrMany, parse};
use super::reading::{PackageError, sorted_names};
use super::settings::{FormatVersion, Validation};

/// The score of the `secret` group of a `2023-07` scoring problem that gives none.
const DEFAULT_SECRET_SCORE: f64 = 100.0;

/// The cases and groups read.
pub(super) struct Data {
    pub(super) cases: Vec<TestCase>,
    pub(super) groups: Vec<Group>,
    /// The cases of `data/invalid_output/` and `data/valid_output/`, each with its `.out`.
    pub(super) output_checks: Vec<OutputCheck>,
}

/// An output the output validation must reject (`data/invalid_output/`) or accept
/// (`data/valid_output/`), with the answer and input of its case: data that tests the package's
/// own validation, never given to a submission.
#[derive(Clone, Debug, PartialEq)]
pub struct OutputCheck {
    /// The case: its input, answer and the validator's arguments, named by its path under
    /// `data/` (`invalid_output/too-long`).
    pub case: TestCase,
    /// The `.out` file: the output validated.
    pub output: PathBuf,
    /// Whether the validation must accept it (`valid_output`) rather than reject it.
    pub valid: bool,
}

/// The folders of `data/` whose outputs test the output validation: (name, whether valid).
const OUTPUT_CHECKS: [(&str, bool); 2] = [("invalid_output", false), ("valid_output", true)];

/// The keys of a group's YAML file in either version; an unknown key is an error.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
// Keys the format has and this reading does not use are fields only so as to be accepted.
#[allow(dead_code)]
struct GroupYaml {
    // Legacy.
    output_validator_flags: Option<OneOrMany>,
    grading: Option<String>,
    grader_flags: Option<String>,
    accept_score: Option<f64>,
    reject_score: Option<f64>,
    on_reject: Option<String>,
    input_validator_flags: Option<InputArgsYaml>,
    range: Option<String>,
    // 2023-07.
    output_validator_args: Option<OneOrMany>,
    scoring: Option<ScoringYaml>,
    max_score: Option<ScoreValue>,
    score_aggregation: Option<String>,
    input_validator_args: Option<InputArgsYaml>,
    args: Option<OneOrMany>,
    full_feedback: Option<IgnoredAny>,
    hint: Option<IgnoredAny>,
    description: Option<IgnoredAny>,
    static_validation: Option<IgnoredAny>,
    input_visualizer_args: Option<IgnoredAny>,
    output_visualizer_args: Option<IgnoredAny>,
    // 2025-09.
    require_pass: Option<IgnoredAny>,
    static_validation_score: Option<IgnoredAny>,
    static_validator_args: Option<IgnoredAny>,
}

/// The keys of a test case's own `.yaml` (`2023-07`, `2025-09`); an unknown key is an error.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
// Keys the format has and this reading does not use are fields only so as to be accepted.
#[allow(dead_code)]
struct CaseYaml {
    args: Option<Vec<String>>,
    output_validator_args: Option<OneOrMany>,
    input_validator_args: Option<InputArgsYaml>,
    input_visualizer_args: Option<IgnoredAny>,
    output_visualizer_args: Option<IgnoredAny>,
    full_feedback: Option<IgnoredAny>,
    hint: Option<IgnoredAny>,
    description: Option<IgnoredAny>,
}

/// `scoring` of a `2023-07` group.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
// Keys the format has and this reading does not use are fields only so as to be accepted.
#[allow(dead_code)]
struct ScoringYaml {
    score: Option<ScoreValue>,
    aggregation: Option<String>,
    require_pass: Option<IgnoredAny>,
}

/// A maximum score: a number, or `unbounded`.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
enum ScoreValue {
    Number(f64),
    Word(String),
}

impl GroupYaml {
    /// These keys, each not given taken from `above` (legacy's inheritance).
    fn over(self, above: &GroupYaml) -> GroupYaml {
        let above = above.clone();
        GroupYaml {
            output_validator_flags: self.output_validator_flags.or(above.output_validator_flags),
            grading: self.grading.or(above.grading),
            grader_flags: self.grader_flags.or(above.grader_flags),
            accept_score: self.accept_score.or(above.accept_score),
            reject_score: self.reject_score.or(above.reject_score),
            on_reject: self.on_reject.or(above.on_reject),
            range: self.range.or(above.range),
            ..self
        }
    }
}

/// A legacy `range`: two numbers, `inf`, `-inf` and `+inf` among them.
fn range(text: &str) -> Option<(f64, f64)> {
    let bound = |word: &str| match word {
        "inf" | "+inf" => Some(f64::INFINITY),
        "-inf" => Some(f64::NEG_INFINITY),
        _ => word.parse::<f64>().ok().filter(|bound| bound.is_finite()),
    };
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.as_slice() {
        [least, most] => Some((bound(least)?, bound(most)?)),
        _ => None,
    }
}

/// A group's folder, read: its own YAML file and what it holds, in order.
struct Node {
    path: String,
    file: Option<(PathBuf, GroupYaml)>,
    children: Vec<Child>,
}

enum Child {
    /// A case: its path without the extension, and its name under `data/`.
    Case(PathBuf, String),
    Group(Box<Node>),
}

/// What a group passes down to what it holds.
#[derive(Clone)]
struct Inherited {
    /// Legacy: the keys in force, each from the closest `testdata.yaml` that gives it, and the
    /// closest `testdata.yaml`.
    file: Option<(PathBuf, GroupYaml)>,
    /// The validator arguments in force, and the file that gave them.
    args: (Vec<String>, PathBuf),
    /// The input validators' arguments in force.
    input_args: InputArgs,
    /// Whether the group is a sample.
    sample: bool,
    /// How the group is scored, when it is: its aggregation and maximum.
    scored: Option<(Aggregation, Option<f64>)>,
}

/// Reads `data/` of the package in `folder`.
pub(super) fn read(
    folder: &Path,
    meta: &Metadata,
    validation: &Validation,
) -> Result<Data, PackageError> {
    let data = folder.join("data");
    let secret = data.join("secret");
    if !secret.is_dir() {
        return Err(PackageError::new(
            &secret,
            "is missing: a package needs secret test data",
        ));
    }
    let root = Node {
        path: String::new(),
        file: group_file(&data, meta.version)?,
        children: ["sample", "secret"]
            .into_iter()
            .filter(|name| data.join(name).is_dir())
            .map(|name| {
                node(&data.join(name), name, meta.version).map(|node| Child::Group(Box::new(node)))
            })
            .collect::<Result<_, _>>()?,
    };
    let mut reading = Reading {
        meta,
        default: matches!(validation, Validation::Default),
        scored: true,
        data: Data {
            cases: Vec::new(),
            groups: Vec::new(),
            output_checks: Vec::new(),
        },
    };
    let problem_args = (
        meta.validator_flags.clone(),
        folder.join(super::settings::PROBLEM_YAML),
    );
    let top = Inherited {
        file: None,
        args: problem_args,
        input_args: InputArgs::default(),
        sample: false,
        scored: None,
    };
    reading.group(&root, &top)?;
    // The outputs that test the validation are read as groups of their own, with the arguments
    // the data's own group file gives, and no score.
    reading.scored = false;
    for (name, valid) in OUTPUT_CHECKS {
        if !data.join(name).is_dir() {
            continue;
        }
        let checks = Node {
            path: String::new(),
            file: root.file.clone(),
            children: vec![Child::Group(Box::new(node(
                &data.join(name),
                name,
                meta.version,
            )?))],
        };
        let judged = reading.data.cases.len();
        reading.group(&checks, &top)?;
        for case in reading.data.cases.split_off(judged) {
            let output = beside(&case.input.with_extension(""), "out");
            if !output.is_file() {
                return Err(PackageError::new(
                    &case.input,
                    "has no `.out` file beside it",
                ));
            }
            reading.data.output_checks.push(OutputCheck {
                case,
                output,
                valid,
            });
        }
    }
    Ok(reading.data)
}

/// The file of the case `base` (its path without an extension) with `extension`: appended,
/// not `with_extension`, as a case's name may hold a dot.
fn beside(base: &Path, extension: &str) -> PathBuf {
    let mut path = base.as_os_str().to_owned();
    path.push(".");
    path.push(extension);
    PathBuf::from(path)
}

/// The YAML file of the group in `folder`, if it has one.
fn group_file(
    folder: &Path,
    version: FormatVersion,
) -> Result<Option<(PathBuf, GroupYaml)>, PackageError> {
    let names: &[&str] = match version {
        FormatVersion::Legacy => &["testdata.yaml"],
        FormatVersion::V2023_07 => &["test_group.yaml", "testdata.yaml"],
        FormatVersion::V2025_09 => {
            let old = folder.join("testdata.yaml");
            if old.is_file() && !folder.join("test_group.yaml").is_file() {
                return Err(PackageError::new(
                    old,
                    "is the name before 2025-09, which reads `test_group.yaml` instead",
                ));
            }
            &["test_group.yaml"]
        }
    };
    for name in names {
        let path = folder.join(name);
        if path.is_file() {
            let yaml = parse(&path)?;
            return Ok(Some((path, yaml)));
        }
    }
    Ok(None)
}

/// Reads the group in `folder`, named `path` under `data/`.
fn node(folder: &Path, path: &str, version: FormatVersion) -> Result<Node, PackageError> {
    let mut children = Vec::new();
    for name in sorted_names(folder)? {
        let entry = folder.join(&name);
        if entry.is_dir() {
            // A folder with a dot is a case's `.files`, not a group (a group's name has none).
            if !name.contains('.') {
                children.push((
                    name.clone(),
                    Child::Group(Box::new(node(&entry, &format!("{path}/{name}"), version)?)),
                ));
            }
        } else if let Some(base) = name.strip_suffix(".in") {
            let name = format!("{path}/{base}");
            children.push((base.to_owned(), Child::Case(folder.join(base), name)));
        }
    }
    // Cases and groups go together in the order of their names.
    children.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(Node {
        path: path.to_owned(),
        file: group_file(folder, version)?,
        children: children.into_iter().map(|(_, child)| child).collect(),
    })
}

struct Reading<'a> {
    meta: &'a Metadata,
    default: bool,
    /// Whether the groups read are scored as the problem is: not those that test validation.
    scored: bool,
    data: Data,
}

impl Reading<'_> {
    /// Whether the groups read now are scored: those of a scoring problem that judge
    /// submissions, not those that test its validation.
    fn scoring(&self) -> bool {
        self.meta.scoring && self.scored
    }

    fn group(&mut self, group: &Node, from: &Inherited) -> Result<(), PackageError> {
        let legacy = self.meta.version == FormatVersion::Legacy;
        let mut here = from.clone();
        if group.path == "sample" {
            here.sample = true;
        }
        if let Some(file) = &group.file {
            let (path, yaml) = file;
            here.file = Some(match (&from.file, legacy) {
                (Some((_, above)), true) => (path.clone(), yaml.clone().over(above)),
                _ => file.clone(),
            });
            if !legacy
                && yaml
                    .args
                    .as_ref()
                    .is_some_and(|args| !args.words().is_empty())
            {
                return Err(PackageError::new(
                    path,
                    "`args` (arguments given to the submission) are not supported",
                ));
            }
            let own = if legacy {
                &yaml.output_validator_flags
            } else {
                &yaml.output_validator_args
            };
            // Each version inherits the closest that is given.
            if own.is_some() {
                let mut all = self.meta.validator_flags.clone();
                all.extend(own.iter().flat_map(|args| args.words()));
                here.args = (all, path.clone());
            }
            let own = if legacy {
                &yaml.input_validator_flags
            } else {
                &yaml.input_validator_args
            };
            if let Some(args) = own {
                here.input_args = args.args();
            } else if legacy {
                here.input_args = InputArgs::default();
            }
        }
        if self.scoring() {
            self.score_group(group, &mut here)?;
        }
        let shares = self.shares(group, &here)?;
        for (child, share) in group.children.iter().zip(shares) {
            match child {
                Child::Case(base, name) => self.case(base, name, &group.path, &here, share)?,
                Child::Group(subgroup) => {
                    let mut below = here.clone();
                    below.scored = share;
                    self.group(subgroup, &below)?;
                }
            }
        }
        Ok(())
    }

    /// Records the group of a scoring problem, and sets how it is scored in `here`.
    fn score_group(&mut self, group: &Node, here: &mut Inherited) -> Result<(), PackageError> {
        match self.meta.version {
            FormatVersion::Legacy => {
                let yaml = here.file.as_ref().map(|(_, yaml)| yaml);
                let blame = || {
                    here.file
                        .as_ref()
                        .map_or_else(|| PathBuf::from(&group.path), |(path, _)| path.clone())
                };
                let custom = match yaml.and_then(|yaml| yaml.grading.as_deref()) {
                    None | Some("default") => false,
                    Some("custom") => true,
                    Some(other) => {
                        return Err(PackageError::new(
                            blame(),
                            format!("`grading: {other}` is neither default nor custom"),
                        ));
                    }
                };
                let stops_at_rejection = match yaml.and_then(|yaml| yaml.on_reject.as_deref()) {
                    None | Some("break") => true,
                    Some("continue") => false,
                    Some(other) => {
                        return Err(PackageError::new(
                            blame(),
                            format!("`on_reject: {other}` is neither break nor continue"),
                        ));
                    }
                };
                let range = match yaml.and_then(|yaml| yaml.range.as_deref()) {
                    None => None,
                    Some(text) => Some(range(text).ok_or_else(|| {
                        PackageError::new(
                            blame(),
                            format!("`range: {text}` is not two numbers, the least and the most"),
                        )
                    })?),
                };
                let flags = yaml
                    .and_then(|yaml| yaml.grader_flags.as_deref())
                    .unwrap_or("");
                self.data.groups.push(Group {
                    path: group.path.clone(),
                    aggregation: Aggregation::Sum,
                    max_score: None,
                    legacy: Some(LegacyGrading {
                        flags: flags.split_whitespace().map(str::to_owned).collect(),
                        custom,
                        stops_at_rejection,
                        range,
                    }),
                });
            }
            FormatVersion::V2023_07 | FormatVersion::V2025_09 => {
                if group.path == "secret" {
                    let (aggregation, score) = self.own_scoring(group)?;
                    let max = match score {
                        Some(score) => score,
                        None => Some(DEFAULT_SECRET_SCORE),
                    };
                    here.scored = Some((aggregation.unwrap_or(Aggregation::Sum), max));
                }
                if let Some((aggregation, max)) = here.scored {
                    if aggregation == Aggregation::PassFail && max.is_none() {
                        return Err(PackageError::new(
                            self.blame(group),
                            format!(
                                "group `{}` is pass-fail but has no bounded score",
                                group.path
                            ),
                        ));
                    }
                    self.data.groups.push(Group {
                        path: group.path.clone(),
                        aggregation,
                        max_score: max,
                        legacy: None,
                    });
                }
            }
        }
        Ok(())
    }

    /// The file to blame for a group's scoring.
    fn blame(&self, group: &Node) -> PathBuf {
        group
            .file
            .as_ref()
            .map_or_else(|| PathBuf::from(&group.path), |(path, _)| path.clone())
    }

    /// A `2023-07` group's own aggregation and score (`Some(None)`: unbounded), if it gives them.
    #[allow(clippy::type_complexity)]
    fn own_scoring(
        &self,
        group: &Node,
    ) -> Result<(Option<Aggregation>, Option<Option<f64>>), PackageError> {
        let Some((path, yaml)) = &group.file else {
            return Ok((None, None));
        };
        let error = |message: String| Err(PackageError::new(path, message));
        let scoring = yaml.scoring.clone().unwrap_or_default();
        if scoring.require_pass.is_some() || yaml.require_pass.is_some() {
            return error(
                "`require_pass` (a group scored only when others pass) is not supported".to_owned(),
            );
        }
        let aggregation = match scoring
            .aggregation
            .or_else(|| yaml.score_aggregation.clone())
        {
            None => None,
            Some(word) => Some(match word.as_str() {
                "pass-fail" => Aggregation::PassFail,
                "sum" => Aggregation::Sum,
                "min" => Aggregation::Min,
                _ => {
                    return error(format!(
                        "`{word}` is not an aggregation (pass-fail, sum or min)"
                    ));
                }
            }),
        };
        let score = match scoring.score.or_else(|| yaml.max_score.clone()) {
            None => None,
            Some(ScoreValue::Word(word)) if word == "unbounded" => Some(None),
            Some(ScoreValue::Number(score)) if score >= 0.0 => Some(Some(score)),
            Some(ScoreValue::Number(score)) => return error(format!("score {score} is negative")),
            Some(ScoreValue::Word(word)) => {
                return error(format!("score `{word}` is neither a number nor unbounded"));
            }
        };
        Ok((aggregation, score))
    }

    /// How each child of the group is scored, in a `2023-07` scoring problem: a case's or
    /// subgroup's aggregation (a case's is its group's) and maximum, as the format infers it.
    #[allow(clippy::type_complexity)]
    fn shares(
        &self,
        group: &Node,
        here: &Inherited,
    ) -> Result<Vec<Option<(Aggregation, Option<f64>)>>, PackageError> {
        let none = vec![None; group.children.len()];
        if self.meta.version == FormatVersion::Legacy || !self.scoring() {
            return Ok(none);
        }
        let Some((aggregation, max)) = here.scored else {
            return Ok(none);
        };
        let mut owns = Vec::new();
        for child in &group.children {
            owns.push(match child {
                Child::Case(..) => (None, None),
                Child::Group(subgroup) => self.own_scoring(subgroup)?,
            });
        }
        let share = match (aggregation, max) {
            (Aggregation::PassFail, _) => None,
            (_, None) => None,
            (Aggregation::Min, Some(max)) => Some(max),
            (_, Some(max)) => {
                let given: f64 = owns.iter().filter_map(|own| own.1.flatten()).sum();
                let unbounded_children = owns.iter().any(|own| own.1 == Some(None));
                if given > max || unbounded_children {
                    return Err(PackageError::new(
                        self.blame(group),
                        format!(
                            "the scores of the subgroups of `{}` exceed its {max}",
                            group.path
                        ),
                    ));
                }
                let rest = owns.iter().filter(|own| own.1.is_none()).count();
                #[allow(clippy::cast_precision_loss)]
                Some((max - given) / rest.max(1) as f64)
            }
        };
        Ok(group
            .children
            .iter()
            .zip(owns)
            .map(|(child, (own_aggregation, own_score))| match child {
                Child::Case(..) => match aggregation {
                    Aggregation::PassFail => None,
                    _ => Some((aggregation, share)),
                },
                Child::Group(_) => {
                    let max = match (aggregation, own_score) {
                        (Aggregation::PassFail, _) => max,
                        (_, Some(score)) => score,
                        (_, None) => share,
                    };
                    let default = Aggregation::PassFail;
                    Some((own_aggregation.unwrap_or(default), max))
                }
            })
            .collect())
    }

    /// The output validator's arguments a test case's own `.yaml` at `path` gives, if any: a
    /// later version's, which also refuses arguments for the submission itself.
    #[allow(clippy::type_complexity)]
    fn case_args(
        &self,
        path: &Path,
    ) -> Result<(Option<Vec<String>>, Option<InputArgs>), PackageError> {
        if self.meta.version.is_legacy() || !path.is_file() {
            return Ok((None, None));
        }
        let yaml: CaseYaml = parse(path)?;
        if yaml.args.is_some_and(|args| !args.is_empty()) {
            return Err(PackageError::new(
                path,
                "`args` (arguments given to the submission) are not supported",
            ));
        }
        let input = yaml.input_validator_args.as_ref().map(InputArgsYaml::args);
        let output = yaml.output_validator_args.map(|args| {
            let mut all = self.meta.validator_flags.clone();
            all.extend(args.words());
            all
        });
        Ok((output, input))
    }

    fn case(
        &mut self,
        base: &Path,
        name: &str,
        group: &str,
        here: &Inherited,
        share: Option<(Aggregation, Option<f64>)>,
    ) -> Result<(), PackageError> {
        let with = |extension: &str| beside(base, extension);
        let existing = |extension: &str| Some(with(extension)).filter(|path| path.is_file());
        let input = with("in");
        let answer = with("ans");
        if !answer.is_file() {
            return Err(PackageError::new(&input, "has no `.ans` file beside it"));
        }
        let own = with("yaml");
        let (output_args, input_args) = self.case_args(&own)?;
        let (args, from) = match output_args {
            Some(args) => (args, own),
            None => here.args.clone(),
        };
        let (args, from) = (&args, &from);
        let default_flags = if self.default {
            Some(DefaultFlags::parse(args).map_err(|message| PackageError::new(from, message))?)
        } else {
            None
        };
        let scoring = match self.meta.version {
            _ if !self.scoring() => CaseScoring::None,
            FormatVersion::Legacy => {
                let yaml = here.file.as_ref().map(|(_, yaml)| yaml);
                CaseScoring::Legacy {
                    accept: yaml.and_then(|yaml| yaml.accept_score).unwrap_or(1.0),
                    reject: yaml.and_then(|yaml| yaml.reject_score).unwrap_or(0.0),
                }
            }
            FormatVersion::V2023_07 | FormatVersion::V2025_09 => match share {
                Some((_, Some(max))) => CaseScoring::UpTo(max),
                Some((_, None)) => CaseScoring::Unbounded,
                None => CaseScoring::None,
            },
        };
        self.data.cases.push(TestCase {
            name: name.to_owned(),
            input,
            answer,
            hint: existing("hint"),
            description: existing("desc"),
            interaction: existing("interaction"),
            is_sample: here.sample,
            group: group.to_owned(),
            validator_args: args.clone(),
            input_validator_args: input_args.unwrap_or_else(|| here.input_args.clone()),
            default_flags,
            scoring,
        });
        Ok(())
    }
}
