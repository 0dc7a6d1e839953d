//! What `submissions/submissions.yaml` (`2023-07`, `2025-09`) says each example submission must
//! get, case by case, as the format has it: under each key, a pattern of submissions, the
//! verdicts `permitted` on every case, those `required` on one at least, the `score` and a
//! judge's `message`, for every case or for a test data group's; and the defaults of the
//! folders (`accepted`: every case AC; `wrong_answer`: AC or WA, one WA at least; ...), which a
//! key that is a folder's name overrides. Judging the cases is the caller's; this says whether
//! their verdicts keep the rules, and which cases of a submission bound the time limit the format
//! infers (`use_for_time_limit`).

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

use serde::Deserialize;
use serde::de::IgnoredAny;

use super::metadata::parse;
use super::reading::PackageError;
use super::submissions::{expand_braces, matches};

/// A test case's verdict in the format's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum CaseVerdict {
    /// Accepted.
    Ac,
    /// Wrong answer.
    Wa,
    /// Time limit exceeded.
    Tle,
    /// Run-time error.
    Rte,
}

impl CaseVerdict {
    fn parse(word: &str) -> Option<CaseVerdict> {
        Some(match word {
            "AC" => CaseVerdict::Ac,
            "WA" => CaseVerdict::Wa,
            "TLE" => CaseVerdict::Tle,
            "RTE" => CaseVerdict::Rte,
            _ => return None,
        })
    }
}

impl fmt::Display for CaseVerdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CaseVerdict::Ac => "AC",
            CaseVerdict::Wa => "WA",
            CaseVerdict::Tle => "TLE",
            CaseVerdict::Rte => "RTE",
        })
    }
}

/// How a submission's time on a case bounds the time limit the format infers: the limit is at
/// least the slowest time of the lower bounds times `ac_to_time_limit`, and at most the slowest
/// time of an upper bound over `time_limit_to_tle`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeBound {
    /// A case it must not time out on: by default, one of a rule that permits no TLE.
    Lower,
    /// A case of a rule that requires TLE and nothing else.
    Upper,
}

/// What a rule's `use_for_time_limit` says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TimeUse {
    /// `true`: as the rule's verdicts say, the default.
    AsVerdicts,
    /// `false`: not at all.
    Never,
    /// `lower`: a lower bound, which holds the rule to `permitted: [AC, WA, RTE]` as well.
    Lower,
    /// `upper`: an upper bound, which holds the rule to `required: [TLE]` as well.
    Upper,
}

/// What one requirement asks of a set of cases.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Requirement {
    /// Every case's verdict is one of these.
    permitted: Option<Vec<CaseVerdict>>,
    /// One case's verdict at least is one of these.
    required: Option<Vec<CaseVerdict>>,
    /// The submission's score is in this range (both ends in).
    score: Option<(f64, f64)>,
    /// One case's judge message at least holds this.
    message: Option<String>,
    /// Whether and how its cases bound the time limit.
    time_use: Option<TimeUse>,
}

impl Requirement {
    /// `self` with what `over` gives in its place.
    fn overridden(&self, over: &Requirement) -> Requirement {
        Requirement {
            permitted: over.permitted.clone().or_else(|| self.permitted.clone()),
            required: over.required.clone().or_else(|| self.required.clone()),
            score: over.score.or(self.score),
            message: over.message.clone().or_else(|| self.message.clone()),
            time_use: over.time_use.or(self.time_use),
        }
    }

    /// How its cases bound the time limit, as the format has it: as `use_for_time_limit` says,
    /// else a lower bound where TLE is not permitted, an upper one where TLE alone is required.
    fn time_bound(&self) -> Option<TimeBound> {
        match self.time_use {
            Some(TimeUse::Never) => None,
            Some(TimeUse::Lower) => Some(TimeBound::Lower),
            Some(TimeUse::Upper) => Some(TimeBound::Upper),
            None | Some(TimeUse::AsVerdicts) => {
                if self.forbids_tle() {
                    Some(TimeBound::Lower)
                } else if self.requires_tle_alone() {
                    Some(TimeBound::Upper)
                } else {
                    None
                }
            }
        }
    }

    /// Whether it permits verdicts, TLE not among them.
    fn forbids_tle(&self) -> bool {
        self.permitted
            .as_ref()
            .is_some_and(|permitted| !permitted.contains(&CaseVerdict::Tle))
    }

    /// Whether it requires TLE and no other verdict.
    fn requires_tle_alone(&self) -> bool {
        self.required.as_deref() == Some(&[CaseVerdict::Tle])
    }

    fn is_empty(&self) -> bool {
        *self == Requirement::default()
    }
}

/// The rules of one key: for the submissions its patterns match, a requirement on every case
/// and one on each group's.
#[derive(Clone, Debug, PartialEq)]
struct Rule {
    /// The key as written.
    key: String,
    patterns: Vec<String>,
    whole: Requirement,
    groups: Vec<(String, Vec<String>, Requirement)>,
}

/// The rules of a package's `submissions.yaml`, with the format's defaults.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Expectations {
    /// The keys that are a default folder's name: its requirement overridden.
    overrides: BTreeMap<String, Requirement>,
    /// The other keys, each adding its requirements to those of the submissions it matches.
    rules: Vec<Rule>,
    /// The `language` and `entrypoint` each key gives the submissions it matches, in the order
    /// of the keys: its patterns, and the two.
    programs: Vec<(Vec<String>, Option<String>, Option<String>)>,
}

/// One case of a submission, judged.
#[derive(Clone, Copy, Debug)]
pub struct CaseOutcomeOf<'a> {
    /// The case's name under `data/`, such as `secret/group1/03`.
    pub case: &'a str,
    /// Its verdict.
    pub verdict: CaseVerdict,
    /// What the output validator wrote in `judgemessage.txt`.
    pub judge_message: &'a str,
}

/// The keys of a rule; any other key of a rule is a group's pattern.
#[derive(Debug, Default, Deserialize)]
// Keys the format has and these rules do not use are fields only so as to be read past.
#[allow(dead_code)]
struct RuleYaml {
    language: Option<String>,
    entrypoint: Option<String>,
    authors: Option<IgnoredAny>,
    model_solution: Option<IgnoredAny>,
    use_for_time_limit: Option<TimeUseYaml>,
    permitted: Option<Vec<String>>,
    required: Option<Vec<String>>,
    score: Option<ScoreYaml>,
    message: Option<String>,
    #[serde(flatten)]
    groups: BTreeMap<String, Option<GroupYaml>>,
}

/// The keys of a group's rule.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct GroupYaml {
    permitted: Option<Vec<String>>,
    required: Option<Vec<String>>,
    score: Option<ScoreYaml>,
    message: Option<String>,
    use_for_time_limit: Option<TimeUseYaml>,
}

/// `use_for_time_limit` as written: `true`, `false`, `lower` or `upper`.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum TimeUseYaml {
    Flag(bool),
    Word(String),
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum ScoreYaml {
    One(f64),
    Range(Vec<f64>),
}

/// The folders the format gives requirements by default, with them.
fn default_of(folder: &str) -> Option<Requirement> {
    use CaseVerdict::{Ac, Rte, Tle, Wa};
    let (permitted, required): (Option<Vec<CaseVerdict>>, Option<Vec<CaseVerdict>>) = match folder {
        "accepted" => (Some(vec![Ac]), None),
        "rejected" => (None, Some(vec![Rte, Tle, Wa])),
        "wrong_answer" => (Some(vec![Ac, Wa]), Some(vec![Wa])),
        "time_limit_exceeded" => (Some(vec![Ac, Tle]), Some(vec![Tle])),
        "run_time_error" => (Some(vec![Ac, Rte]), Some(vec![Rte])),
        "brute_force" => (Some(vec![Ac, Rte, Tle]), Some(vec![Rte, Tle])),
        _ => return None,
    };
    Some(Requirement {
        permitted,
        required,
        ..Requirement::default()
    })
}

/// Reads `submissions.yaml` at `path`.
pub(super) fn read(path: &Path) -> Result<Expectations, PackageError> {
    let keys: BTreeMap<String, Option<RuleYaml>> = parse(path)?;
    let error = |message: String| Err(PackageError::new(path, message));
    let mut expectations = Expectations::default();
    for (key, rule) in keys {
        let rule = rule.unwrap_or_default();
        let whole = requirement(
            rule.permitted.as_deref(),
            rule.required.as_deref(),
            rule.score.as_ref(),
            rule.message.as_ref(),
            rule.use_for_time_limit.as_ref(),
        )
        .or_else(|why| error(format!("`{key}`: {why}")))?;
        let mut groups = Vec::new();
        for (group, yaml) in &rule.groups {
            let yaml = yaml.as_ref();
            let one = requirement(
                yaml.and_then(|yaml| yaml.permitted.as_deref()),
                yaml.and_then(|yaml| yaml.required.as_deref()),
                yaml.and_then(|yaml| yaml.score.as_ref()),
                yaml.and_then(|yaml| yaml.message.as_ref()),
                yaml.and_then(|yaml| yaml.use_for_time_limit.as_ref()),
            )
            .or_else(|why| error(format!("`{key}`, `{group}`: {why}")))?;
            groups.push((group.clone(), expand_braces(group), one));
        }
        if rule.language.is_some() || rule.entrypoint.is_some() {
            expectations.programs.push((
                expand_braces(&key),
                rule.language.clone(),
                rule.entrypoint.clone(),
            ));
        }
        let trimmed = key.trim_matches('/');
        if default_of(trimmed).is_some() && groups.is_empty() {
            expectations.overrides.insert(trimmed.to_owned(), whole);
            continue;
        }
        expectations.rules.push(Rule {
            patterns: expand_braces(&key),
            key,
            whole,
            groups,
        });
    }
    Ok(expectations)
}

fn requirement(
    permitted: Option<&[String]>,
    required: Option<&[String]>,
    score: Option<&ScoreYaml>,
    message: Option<&String>,
    time_use: Option<&TimeUseYaml>,
) -> Result<Requirement, String> {
    let verdicts = |words: Option<&[String]>| -> Result<Option<Vec<CaseVerdict>>, String> {
        words
            .map(|words| {
                words
                    .iter()
                    .map(|word| {
                        CaseVerdict::parse(word).ok_or_else(|| {
                            format!("`{word}` is not a verdict (AC, WA, TLE or RTE)")
                        })
                    })
                    .collect()
            })
            .transpose()
    };
    let score = match score {
        None => None,
        Some(ScoreYaml::One(score)) => Some((*score, *score)),
        Some(ScoreYaml::Range(range)) => match range.as_slice() {
            [low, high] if low <= high => Some((*low, *high)),
            _ => return Err("`score` is a number or a list of two, the lower first".to_owned()),
        },
    };
    let time_use = match time_use {
        None => None,
        Some(TimeUseYaml::Flag(true)) => Some(TimeUse::AsVerdicts),
        Some(TimeUseYaml::Flag(false)) => Some(TimeUse::Never),
        Some(TimeUseYaml::Word(word)) if word == "lower" => Some(TimeUse::Lower),
        Some(TimeUseYaml::Word(word)) if word == "upper" => Some(TimeUse::Upper),
        Some(TimeUseYaml::Word(word)) => {
            return Err(format!(
                "`use_for_time_limit` is true, false, lower or upper, not `{word}`"
            ));
        }
    };
    let requirement = Requirement {
        permitted: verdicts(permitted)?,
        required: verdicts(required)?,
        score,
        message: message.cloned(),
        time_use,
    };
    match requirement.time_use {
        Some(TimeUse::Lower) if requirement.requires_tle_alone() => {
            return Err("`use_for_time_limit: lower` where TLE alone is required".to_owned());
        }
        Some(TimeUse::Upper) if requirement.forbids_tle() => {
            return Err("`use_for_time_limit: upper` where TLE is not permitted".to_owned());
        }
        _ => {}
    }
    Ok(requirement)
}

impl Expectations {
    /// The `language` (a code of the format's table) and the `entrypoint` the file gives the
    /// submission `name`: each from the first key, in the order of the keys, that matches it
    /// and gives it.
    #[must_use]
    pub fn program_of(&self, name: &str) -> (Option<&str>, Option<&str>) {
        let matching = || {
            self.programs
                .iter()
                .filter(|(patterns, ..)| patterns.iter().any(|pattern| matches(pattern, name)))
        };
        (
            matching().find_map(|(_, language, _)| language.as_deref()),
            matching().find_map(|(.., entrypoint)| entrypoint.as_deref()),
        )
    }

    /// Whether a key of the file names the submission `name` (such as `accepted/a.py`): a
    /// pattern matching it or its folder, or its folder's name overriding its default.
    #[must_use]
    pub fn names(&self, name: &str) -> bool {
        let folder = name.split('/').next().unwrap_or_default();
        self.overrides.contains_key(folder)
            || self
                .rules
                .iter()
                .any(|rule| rule.patterns.iter().any(|pattern| matches(pattern, name)))
    }

    /// The requirements the submission `name` is held to: its folder's (overridden by a key of
    /// the folder's name), then each of every key that matches it, with the patterns of the
    /// groups a requirement is narrowed to, under the key they are shown with.
    fn requirements_of(&self, name: &str) -> Vec<(String, Option<Vec<String>>, Requirement)> {
        let folder = name.split('/').next().unwrap_or_default();
        let mut all: Vec<(String, Option<Vec<String>>, Requirement)> = Vec::new();
        if let Some(default) = default_of(folder) {
            let over = self.overrides.get(folder).cloned().unwrap_or_default();
            all.push((folder.to_owned(), None, default.overridden(&over)));
        } else if let Some(own) = self.overrides.get(folder) {
            all.push((folder.to_owned(), None, own.clone()));
        }
        for rule in &self.rules {
            if !rule.patterns.iter().any(|pattern| matches(pattern, name)) {
                continue;
            }
            all.push((rule.key.clone(), None, rule.whole.clone()));
            for (group, patterns, requirement) in &rule.groups {
                all.push((
                    format!("{}, {group}", rule.key),
                    Some(patterns.clone()),
                    requirement.clone(),
                ));
            }
        }
        all
    }

    /// How the time of the submission `name` on the case `case` (its name under `data/`)
    /// bounds the time limit the format infers: a lower bound where a requirement that applies
    /// to the case says so, else an upper bound where one says so, else none.
    #[must_use]
    pub fn time_bound(&self, name: &str, case: &str) -> Option<TimeBound> {
        let bounds: Vec<TimeBound> = self
            .requirements_of(name)
            .into_iter()
            .filter(|(_, groups, _)| {
                groups
                    .as_ref()
                    .is_none_or(|patterns| patterns.iter().any(|pattern| matches(pattern, case)))
            })
            .filter_map(|(.., requirement)| requirement.time_bound())
            .collect();
        [TimeBound::Lower, TimeBound::Upper]
            .into_iter()
            .find(|bound| bounds.contains(bound))
    }

    /// Whether the time of the submission `name` bounds the time limit from below on any case.
    #[must_use]
    pub fn bounds_below(&self, name: &str) -> bool {
        self.requirements_of(name)
            .iter()
            .any(|(.., requirement)| requirement.time_bound() == Some(TimeBound::Lower))
    }

    /// What the submission `name` of the folder `folder` breaks of its requirements, given
    /// the outcome of every case and its score (of a scoring problem), each in words; none when
    /// it keeps them all.
    #[must_use]
    pub fn broken(
        &self,
        name: &str,
        cases: &[CaseOutcomeOf<'_>],
        score: Option<f64>,
    ) -> Vec<String> {
        let all = self.requirements_of(name);
        let mut broken = Vec::new();
        for (key, groups, requirement) in all {
            if requirement.is_empty() {
                continue;
            }
            let chosen: Vec<&CaseOutcomeOf<'_>> = cases
                .iter()
                .filter(|case| {
                    groups.as_ref().is_none_or(|patterns| {
                        patterns.iter().any(|pattern| matches(pattern, case.case))
                    })
                })
                .collect();
            broken.extend(check(&key, &requirement, &chosen, groups.is_some(), score));
        }
        broken
    }
}

/// What the cases `chosen` break of `requirement`, given under `key`.
fn check(
    key: &str,
    requirement: &Requirement,
    chosen: &[&CaseOutcomeOf<'_>],
    of_group: bool,
    score: Option<f64>,
) -> Vec<String> {
    let list = |verdicts: &[CaseVerdict]| {
        verdicts
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut broken = Vec::new();
    if let Some(permitted) = &requirement.permitted
        && let Some(case) = chosen
            .iter()
            .find(|case| !permitted.contains(&case.verdict))
    {
        broken.push(format!(
            "`{key}` permits [{}], and {} is {}",
            list(permitted),
            case.case,
            case.verdict
        ));
    }
    if let Some(required) = &requirement.required
        && !chosen.is_empty()
        && !chosen.iter().any(|case| required.contains(&case.verdict))
    {
        let mut got: Vec<CaseVerdict> = chosen.iter().map(|case| case.verdict).collect();
        got.sort();
        got.dedup();
        broken.push(format!(
            "`{key}` requires [{}] on one case at least, and the cases are {}",
            list(required),
            list(&got)
        ));
    }
    // `lower` and `upper` are constraints of their own beside `permitted` and `required`.
    match requirement.time_use {
        Some(TimeUse::Lower) => {
            if let Some(case) = chosen.iter().find(|case| case.verdict == CaseVerdict::Tle) {
                broken.push(format!(
                    "`{key}` bounds the time limit from below (use_for_time_limit: lower), and {} \
                     is TLE",
                    case.case
                ));
            }
        }
        Some(TimeUse::Upper)
            if !chosen.is_empty()
                && !chosen.iter().any(|case| case.verdict == CaseVerdict::Tle) =>
        {
            broken.push(format!(
                "`{key}` bounds the time limit from above (use_for_time_limit: upper), and no \
                 case is TLE"
            ));
        }
        _ => {}
    }
    if let Some(message) = &requirement.message
        && !chosen
            .iter()
            .any(|case| case.judge_message.contains(message.as_str()))
    {
        broken.push(format!(
            "`{key}` requires a judge message holding `{message}`, and none does"
        ));
    }
    // A group's score is its aggregate's, which is not told here.
    if let (Some((low, high)), Some(score), false) = (requirement.score, score, of_group)
        && !(low..=high).contains(&score)
    {
        let wanted = if low == high {
            format!("of {low}")
        } else {
            format!("from {low} to {high}")
        };
        broken.push(format!(
            "`{key}` requires a score {wanted}, and it is {score}"
        ));
    }
    broken
}

#[cfg(test)]
mod tests {
    use super::*;
    use CaseVerdict::{Ac, Tle, Wa};

    fn read_text(text: &str) -> Expectations {
        let dir = tempfile::tempdir().expect("temporary folder");
        let path = dir.path().join("submissions.yaml");
        std::fs::write(&path, text).expect("write");
        read(&path).expect("it reads")
    }

    fn outcomes<'a>(verdicts: &[(&'a str, CaseVerdict)]) -> Vec<CaseOutcomeOf<'a>> {
        verdicts
            .iter()
            .map(|(case, verdict)| CaseOutcomeOf {
                case,
                verdict: *verdict,
                judge_message: "",
            })
            .collect()
    }

    #[test]
    fn the_folders_defaults_hold_and_a_folders_key_overrides_them() {
        let rules = read_text("accepted:\n  permitted: [WA]\n  required: [WA]\n");
        let wrong = outcomes(&[("sample/1", Wa), ("secret/1", Wa)]);
        assert!(rules.names("accepted/a.py"));
        assert!(rules.broken("accepted/a.py", &wrong, None).is_empty());
        assert_eq!(
            rules.broken("accepted/a.py", &outcomes(&[("sample/1", Ac)]), None),
            [
                "`accepted` permits [WA], and sample/1 is AC",
                "`accepted` requires [WA] on one case at least, and the cases are AC"
            ]
        );
        assert_eq!(
            rules.broken("wrong_answer/b.py", &outcomes(&[("secret/1", Tle)]), None),
            [
                "`wrong_answer` permits [AC, WA], and secret/1 is TLE",
                "`wrong_answer` requires [WA] on one case at least, and the cases are TLE"
            ]
        );
        assert!(!rules.names("wrong_answer/b.py"));
    }

    #[test]
    fn patterns_add_requirements_and_groups_narrow_them() {
        let rules = read_text(
            "ac_or_wa:\n  permitted: [AC, WA]\nac_or_wa/ac.py:\n  permitted: [AC]\n\
             mixed/solves_easy.py:\n  sample:\n    permitted: [AC]\n  secret/*-hard:\n    \
             required: [TLE]\n  language: python3\n",
        );
        let cases = outcomes(&[("sample/1", Ac), ("secret/1-easy", Wa)]);
        assert!(rules.broken("ac_or_wa/wa.py", &cases, None).is_empty());
        assert_eq!(
            rules.broken("ac_or_wa/ac.py", &cases, None),
            ["`ac_or_wa/ac.py` permits [AC], and secret/1-easy is WA"]
        );
        let cases = outcomes(&[
            ("sample/1", Ac),
            ("secret/1-easy", Wa),
            ("secret/2-hard", Ac),
        ]);
        assert_eq!(
            rules.broken("mixed/solves_easy.py", &cases, None),
            [
                "`mixed/solves_easy.py, secret/*-hard` requires [TLE] on one case at least, and \
              the cases are AC"
            ]
        );
        assert!(!rules.names("other/x.py"));
    }

    #[test]
    fn scores_and_messages_are_held_to() {
        let rules = read_text("partial:\n  score: [10, 40]\nsaid:\n  message: out of range\n");
        let cases = outcomes(&[("secret/1", Ac)]);
        assert_eq!(
            rules.broken("partial/p.py", &cases, Some(50.0)),
            ["`partial` requires a score from 10 to 40, and it is 50"]
        );
        assert!(rules.broken("partial/p.py", &cases, Some(20.0)).is_empty());
        let said = [CaseOutcomeOf {
            case: "secret/1",
            verdict: Wa,
            judge_message: "Guess 1 is out of range: -1",
        }];
        assert!(rules.broken("said/s.py", &said, None).is_empty());
        assert_eq!(
            rules.broken("said/s.py", &cases, None),
            ["`said` requires a judge message holding `out of range`, and none does"]
        );
    }

    #[test]
    fn the_folders_rules_bound_the_time_limit_below_where_no_tle_is_permitted_above_where_tle_alone_is()
     {
        let defaults = Expectations::default();
        for (name, bound) in [
            ("accepted/a.py", Some(TimeBound::Lower)),
            ("wrong_answer/w.py", Some(TimeBound::Lower)),
            ("run_time_error/r.py", Some(TimeBound::Lower)),
            ("time_limit_exceeded/t.py", Some(TimeBound::Upper)),
            ("brute_force/b.py", None),
            ("rejected/x.py", None),
            ("other/o.py", None),
        ] {
            assert_eq!(defaults.time_bound(name, "secret/1"), bound, "{name}");
            assert_eq!(
                defaults.bounds_below(name),
                bound == Some(TimeBound::Lower),
                "{name}"
            );
        }
    }

    #[test]
    fn use_for_time_limit_takes_a_rules_cases_out_or_puts_them_in() {
        let rules = read_text(
            "wrong_answer:\n  use_for_time_limit: false\n\
             slow/*:\n  permitted: [AC]\n  secret/huge:\n    use_for_time_limit: false\n\
             mixed/m.py:\n  use_for_time_limit: lower\n\
             brute_force/b.py:\n  secret:\n    use_for_time_limit: upper\n",
        );
        assert_eq!(rules.time_bound("wrong_answer/w.py", "secret/1"), None);
        assert!(!rules.bounds_below("wrong_answer/w.py"));
        // A submission's folder is a rule too: `false` on another key leaves it in.
        assert_eq!(
            rules.time_bound("accepted/a.py", "secret/1"),
            Some(TimeBound::Lower)
        );
        // The group's rule is out, but the key's own still covers the case.
        assert_eq!(
            rules.time_bound("slow/s.py", "secret/huge"),
            Some(TimeBound::Lower)
        );
        assert_eq!(
            rules.time_bound("mixed/m.py", "sample/1"),
            Some(TimeBound::Lower)
        );
        assert_eq!(rules.time_bound("brute_force/b.py", "sample/1"), None);
        assert_eq!(
            rules.time_bound("brute_force/b.py", "secret/1"),
            Some(TimeBound::Upper)
        );
        // `lower` permits no TLE, `upper` requires one.
        assert_eq!(
            rules.broken("mixed/m.py", &outcomes(&[("secret/1", Tle)]), None),
            [
                "`mixed/m.py` bounds the time limit from below (use_for_time_limit: lower), and \
              secret/1 is TLE"
            ]
        );
        assert_eq!(
            rules.broken("brute_force/b.py", &outcomes(&[("secret/1", Ac)]), None),
            [
                "`brute_force` requires [RTE, TLE] on one case at least, and the cases are AC",
                "`brute_force/b.py, secret` bounds the time limit from above \
                 (use_for_time_limit: upper), and no case is TLE"
            ]
        );
    }

    #[test]
    fn a_use_for_time_limit_of_no_kind_or_against_its_verdicts_is_refused() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let path = dir.path().join("submissions.yaml");
        for (text, message) in [
            (
                "slow:\n  use_for_time_limit: sometimes\n",
                "`slow`: `use_for_time_limit` is true, false, lower or upper, not `sometimes`",
            ),
            (
                "slow:\n  permitted: [AC]\n  use_for_time_limit: upper\n",
                "`slow`: `use_for_time_limit: upper` where TLE is not permitted",
            ),
            (
                "slow:\n  secret:\n    required: [TLE]\n    use_for_time_limit: lower\n",
                "`slow`, `secret`: `use_for_time_limit: lower` where TLE alone is required",
            ),
        ] {
            std::fs::write(&path, text).expect("write");
            assert_eq!(read(&path).expect_err(text).message, message);
        }
    }

    #[test]
    fn an_unknown_verdict_is_refused_with_its_key() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let path = dir.path().join("submissions.yaml");
        std::fs::write(&path, "wa:\n  permitted: [AC, WRONG]\n").expect("write");
        let error = read(&path).expect_err("refused");
        assert_eq!(
            error.message,
            "`wa`: `WRONG` is not a verdict (AC, WA, TLE or RTE)"
        );
    }
}
