//! What `submissions/submissions.yaml` (`2023-07`, `2025-09`) says each example submission must
//! get, case by case, as the format has it: under each key, a pattern of submissions, the
//! verdicts `permitted` on every case, those `required` on one at least, the `score` and a
//! judge's `message`, for every case or for a test data group's; and the defaults of the
//! folders (`accepted`: every case AC; `wrong_answer`: AC or WA, one WA at least; ...), which a
//! key that is a folder's name overrides. Judging the cases is the caller's; this says whether
//! their verdicts keep the rules.

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

use serde::Deserialize;
use serde::de::IgnoredAny;

use super::PackageError;
use super::metadata::parse;
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
}

impl Requirement {
    /// `self` with what `over` gives in its place.
    fn overridden(&self, over: &Requirement) -> Requirement {
        Requirement {
            permitted: over.permitted.clone().or_else(|| self.permitted.clone()),
            required: over.required.clone().or_else(|| self.required.clone()),
            score: over.score.or(self.score),
            message: over.message.clone().or_else(|| self.message.clone()),
        }
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
    use_for_time_limit: Option<IgnoredAny>,
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
    use_for_time_limit: Option<IgnoredAny>,
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
    Ok(Requirement {
        permitted: verdicts(permitted)?,
        required: verdicts(required)?,
        score,
        message: message.cloned(),
    })
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
