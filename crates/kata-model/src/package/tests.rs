//! Reading the test packages of `crates/kata-model/tests/packages/`, and broken packages made in
//! temporary folders.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::*;

fn test_package(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/packages")
        .join(name)
}

fn names(package: &Package) -> Vec<&str> {
    package
        .cases
        .iter()
        .map(|case| case.name.as_str())
        .collect()
}

fn submissions(package: &Package) -> Vec<(&str, ExpectedVerdict, Language)> {
    package
        .submissions
        .iter()
        .map(|submission| {
            (
                submission.name.as_str(),
                submission.expected.clone(),
                submission.language,
            )
        })
        .collect()
}

#[test]
fn reads_sum_floats() {
    let folder = test_package("sum-floats");
    assert!(is_package(&folder));
    let package = load(&folder).expect("it loads");
    assert_eq!(package.short_name, "sum-floats");
    assert_eq!(package.title, "Mean of Floats");
    assert_eq!(package.version, FormatVersion::V2023_07);
    assert!(!package.scoring && !package.is_interactive());
    assert_eq!(
        package.limits.time,
        TimeLimit::Given(Duration::from_secs(1))
    );
    assert_eq!(package.validation, Validation::Default);
    assert_eq!(
        names(&package),
        [
            "sample/1",
            "secret/01-one",
            "secret/02-integers",
            "secret/03-thirds",
            "secret/04-large"
        ]
    );
    let flags = DefaultFlags {
        float_relative_tolerance: Some(1e-6),
        float_absolute_tolerance: Some(1e-6),
        ..DefaultFlags::default()
    };
    for case in &package.cases {
        assert_eq!(case.default_flags, Some(flags), "{}", case.name);
        assert_eq!(case.validator_args, ["float_tolerance", "1e-6"]);
        assert_eq!(case.is_sample, case.name.starts_with("sample/"));
        assert_eq!(case.scoring, CaseScoring::None);
    }
    let first = &package.cases[1];
    assert_eq!(first.input, folder.join("data/secret/01-one.in"));
    assert_eq!(first.answer, folder.join("data/secret/01-one.ans"));
    assert_eq!(
        first.description,
        Some(folder.join("data/secret/01-one.desc"))
    );
    assert_eq!(first.hint, None);
    assert_eq!(first.group, "secret");
    assert_eq!(
        package.cases[2].hint,
        Some(folder.join("data/secret/02-integers.hint"))
    );
    assert!(package.groups.is_empty());
    use ExpectedVerdict::*;
    assert_eq!(
        submissions(&package),
        [
            ("accepted/Mean.java", Accepted, Language::Java),
            ("accepted/mean.c", Accepted, Language::C),
            ("accepted/mean.cpp", Accepted, Language::Cpp),
            ("accepted/mean.kt", Accepted, Language::Kotlin),
            ("accepted/mean.py", Accepted, Language::Python3),
            ("accepted/mean.rs", Accepted, Language::Rust),
            ("run_time_error/panics.rs", RunTimeError, Language::Rust),
            ("run_time_error/raises.py", RunTimeError, Language::Python3),
            (
                "time_limit_exceeded/forever.c",
                TimeLimitExceeded,
                Language::C
            ),
            ("wrong_answer/floor-mean.py", WrongAnswer, Language::Python3),
            ("wrong_answer/integer-mean.c", WrongAnswer, Language::C),
        ]
    );
    let statement = package.statement.clone().expect("a statement");
    assert_eq!(statement.format, StatementFormat::Markdown);
    assert_eq!(statement.path, folder.join("statement/problem.en.md"));
    let markdown = package.statement_markdown().expect("its text");
    assert!(markdown.contains("## Input"), "{markdown}");
}

#[test]
fn reads_guess_interactive() {
    let folder = test_package("guess-interactive");
    let package = load(&folder).expect("it loads");
    assert_eq!(package.title, "Guess the Number");
    assert_eq!(package.version, FormatVersion::Legacy);
    assert_eq!(
        package.limits.time,
        TimeLimit::Inferred {
            multiplier: 5.0,
            resolution: 1.0
        }
    );
    assert!(package.is_interactive());
    assert_eq!(
        package.validation,
        Validation::Custom {
            source: folder.join("output_validators/guess"),
            language: Language::Cpp,
            args: Vec::new(),
            interactive: true,
        }
    );
    assert_eq!(
        names(&package),
        [
            "sample/1",
            "secret/01",
            "secret/02",
            "secret/03",
            "secret/04",
            "secret/05"
        ]
    );
    assert_eq!(
        package.cases[0].interaction,
        Some(folder.join("data/sample/1.interaction"))
    );
    assert!(
        package
            .cases
            .iter()
            .all(|case| case.default_flags.is_none())
    );
    use ExpectedVerdict::*;
    assert_eq!(
        submissions(&package),
        [
            ("accepted/binary.c", Accepted, Language::C),
            ("accepted/binary.py", Accepted, Language::Python3),
            ("accepted/binary.rs", Accepted, Language::Rust),
            ("run_time_error/panics.rs", RunTimeError, Language::Rust),
            (
                "time_limit_exceeded/no-flush.c",
                TimeLimitExceeded,
                Language::C
            ),
            ("wrong_answer/linear.py", WrongAnswer, Language::Python3),
        ]
    );
    let statement = package.statement.clone().expect("a statement");
    assert_eq!(statement.format, StatementFormat::Latex);
    let markdown = package.statement_markdown().expect("its text");
    assert!(markdown.starts_with("# Guess the Number\n"), "{markdown}");
    assert!(markdown.contains("## Interaction\n"), "{markdown}");
    assert!(markdown.contains("- `lower` if $x < g$;"), "{markdown}");
}

#[test]
fn reads_scored_groups_and_scores_submissions() {
    let package = load(&test_package("scored-groups")).expect("it loads");
    assert_eq!(package.title, "Triangle Numbers");
    assert!(package.scoring);
    assert_eq!(
        package.limits.time,
        TimeLimit::Given(Duration::from_secs(2))
    );
    assert_eq!(
        names(&package),
        [
            "sample/1",
            "secret/group1/01",
            "secret/group1/02",
            "secret/group1/03",
            "secret/group2/01",
            "secret/group2/02",
            "secret/group2/03",
        ]
    );
    let groups: Vec<(&str, Aggregation, Option<f64>)> = package
        .groups
        .iter()
        .map(|group| (group.path.as_str(), group.aggregation, group.max_score))
        .collect();
    assert_eq!(
        groups,
        [
            ("secret", Aggregation::Sum, Some(100.0)),
            ("secret/group1", Aggregation::PassFail, Some(40.0)),
            ("secret/group2", Aggregation::PassFail, Some(60.0)),
        ]
    );
    assert_eq!(package.cases[4].group, "secret/group2");
    use ExpectedVerdict::*;
    assert_eq!(
        submissions(&package),
        [
            ("accepted/triangle.py", Accepted, Language::Python3),
            (
                "partially_accepted/float-triangle.py",
                PartiallyAccepted,
                Language::Python3
            ),
        ]
    );
    let outcome = |accepted| outcome(accepted, None);
    let all = vec![outcome(true); package.cases.len()];
    let full = package.score(&all).expect("a score");
    assert_eq!(
        full,
        Score {
            score: 100.0,
            max: Some(100.0)
        }
    );
    assert!(full.is_full());
    // Wrong on the first large case: group 2 is lost, group 1 kept.
    let mut partial = all.clone();
    partial[4] = outcome(false);
    let partial = package.score(&partial).expect("a score");
    assert_eq!(partial.score, 40.0);
    assert!(!partial.is_full());
    // A sample does not count.
    let mut sample = all;
    sample[0] = outcome(false);
    assert_eq!(package.score(&sample).expect("a score").score, 100.0);
    assert!(package.score(&[]).is_err());
}

/// Writes `files` (path, text) into a new temporary package folder.
fn package_of(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temporary folder");
    for (path, text) in files {
        let path = dir.path().join(path);
        fs::create_dir_all(path.parent().expect("a parent")).expect("folders");
        fs::write(path, text).expect("write");
    }
    dir
}

const MINIMAL: &[(&str, &str)] = &[("data/secret/1.in", "1\n"), ("data/secret/1.ans", "1\n")];

fn with(extra: &[(&'static str, &'static str)]) -> Vec<(&'static str, &'static str)> {
    MINIMAL.iter().chain(extra).copied().collect()
}

#[test]
fn a_broken_problem_yaml_names_its_file_and_line() {
    let dir = package_of(&with(&[(
        "problem.yaml",
        "name: X\nlimits:\n  time_limit: [1\n",
    )]));
    let error = load(dir.path()).expect_err("broken");
    assert_eq!(error.path, dir.path().join("problem.yaml"));
    assert_eq!(error.line, Some(3));
    assert!(
        error
            .to_string()
            .starts_with(&format!("{}:3: ", error.path.display())),
        "{error}"
    );

    let dir = package_of(&with(&[("problem.yaml", "name: X\nvalidaton: custom\n")]));
    let error = load(dir.path()).expect_err("an unknown key");
    assert_eq!(error.line, Some(2));
    assert!(error.message.contains("validaton"), "{error}");

    let dir = package_of(&with(&[(
        "problem.yaml",
        "problem_format_version: 1999-01\n",
    )]));
    let error = load(dir.path()).expect_err("an unknown version");
    assert!(error.message.contains("1999-01"), "{error}");
}

#[test]
fn a_broken_testdata_yaml_names_its_file_and_line() {
    let dir = package_of(&with(&[
        ("problem.yaml", "name: X\n"),
        (
            "data/secret/testdata.yaml",
            "# flags\n\noutput_validator_flags: [a\n",
        ),
    ]));
    let error = load(dir.path()).expect_err("broken");
    assert_eq!(error.path, dir.path().join("data/secret/testdata.yaml"));
    assert_eq!(error.line, Some(3));

    let dir = package_of(&with(&[
        ("problem.yaml", "name: X\n"),
        (
            "data/testdata.yaml",
            "output_validator_flags: float_tolerance x\n",
        ),
    ]));
    let error = load(dir.path()).expect_err("a wrong flag");
    assert_eq!(error.path, dir.path().join("data/testdata.yaml"));
    assert_eq!(
        error.message,
        "`float_tolerance` needs a non-negative number after it"
    );
}

#[test]
fn legacy_flags_come_from_problem_yaml_and_the_closest_testdata_yaml_that_gives_them() {
    let dir = package_of(&[
        ("problem.yaml", "name: X\nvalidator_flags: case_sensitive\n"),
        (
            "data/testdata.yaml",
            "output_validator_flags: float_tolerance 1e-3\n",
        ),
        ("data/sample/1.in", ""),
        ("data/sample/1.ans", ""),
        ("data/secret/a/testdata.yaml", "on_reject: continue\n"),
        ("data/secret/a/1.in", ""),
        ("data/secret/a/1.ans", ""),
        ("data/secret/b/1.in", ""),
        ("data/secret/b/1.ans", ""),
    ]);
    let package = load(dir.path()).expect("it loads");
    let args: Vec<(&str, Vec<String>)> = package
        .cases
        .iter()
        .map(|case| (case.name.as_str(), case.validator_args.clone()))
        .collect();
    let words = |text: &str| {
        text.split_whitespace()
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    assert_eq!(
        args,
        [
            ("sample/1", words("case_sensitive float_tolerance 1e-3")),
            // Its `testdata.yaml` gives no flags: they are its parent's, key by key.
            ("secret/a/1", words("case_sensitive float_tolerance 1e-3")),
            ("secret/b/1", words("case_sensitive float_tolerance 1e-3")),
        ]
    );
}

#[test]
fn cases_and_groups_go_in_the_order_of_their_names() {
    let dir = package_of(&[
        ("problem.yaml", "problem_format_version: 2023-07\nname: X\n"),
        (
            "data/secret/test_group.yaml",
            "output_validator_args: [case_sensitive]\n",
        ),
        ("data/secret/c.in", ""),
        ("data/secret/c.ans", ""),
        ("data/secret/b/2.in", ""),
        ("data/secret/b/2.ans", ""),
        ("data/secret/b/10.in", ""),
        ("data/secret/b/10.ans", ""),
        (
            "data/secret/b/test_group.yaml",
            "output_validator_args: space_change_sensitive\n",
        ),
        ("data/secret/a.x.in", ""),
        ("data/secret/a.x.ans", ""),
        ("data/secret/a.x.files/data.txt", ""),
    ]);
    let package = load(dir.path()).expect("it loads");
    assert_eq!(
        names(&package),
        ["secret/a.x", "secret/b/10", "secret/b/2", "secret/c"]
    );
    assert_eq!(
        package.cases[0].answer,
        dir.path().join("data/secret/a.x.ans")
    );
    // 2023-07 inherits key by key: the subgroup's own arguments replace the parent's.
    assert_eq!(package.cases[0].validator_args, ["case_sensitive"]);
    assert_eq!(package.cases[1].validator_args, ["space_change_sensitive"]);
    assert_eq!(package.title, "X");
}

#[test]
fn refuses_what_the_format_forbids_or_this_does_not_support() {
    let error = load(package_of(&[("problem.yaml", "name: X\n")]).path()).expect_err("no secret");
    assert!(error.message.contains("secret test data"), "{error}");

    let dir = package_of(&[("problem.yaml", "name: X\n"), ("data/secret/1.in", "")]);
    let error = load(dir.path()).expect_err("no answer");
    assert_eq!(error.path, dir.path().join("data/secret/1.in"));
    assert_eq!(
        error.to_string(),
        format!("{}: has no `.ans` file beside it", error.path.display())
    );

    let dir = package_of(&with(&[("problem.yaml", "name: X\nvalidation: custom\n")]));
    let error = load(dir.path()).expect_err("no validator");
    assert_eq!(error.path, dir.path().join("output_validators"));

    let dir = package_of(&with(&[(
        "problem.yaml",
        "problem_format_version: 2023-07-draft\nname: X\ntype: [pass-fail, multi-pass]\n",
    )]));
    let error = load(dir.path()).expect_err("multi-pass");
    assert!(error.message.contains("multi-pass"), "{error}");
}

#[test]
fn infers_the_scores_of_cases_and_groups() {
    let dir = package_of(&[
        (
            "problem.yaml",
            "problem_format_version: 2023-07-draft\nname: X\ntype: scoring\n",
        ),
        ("data/secret/testdata.yaml", "scoring:\n  score: 90\n"),
        ("data/secret/1.in", ""),
        ("data/secret/1.ans", ""),
        (
            "data/secret/g/testdata.yaml",
            "scoring:\n  aggregation: min\n",
        ),
        ("data/secret/g/1.in", ""),
        ("data/secret/g/1.ans", ""),
        ("data/secret/g/2.in", ""),
        ("data/secret/g/2.ans", ""),
        ("data/secret/h/testdata.yaml", "scoring:\n  score: 30\n"),
        ("data/secret/h/1.in", ""),
        ("data/secret/h/1.ans", ""),
    ]);
    let package = load(dir.path()).expect("it loads");
    let scorings: Vec<CaseScoring> = package.cases.iter().map(|case| case.scoring).collect();
    // secret: 90, of which h takes 30; the case and g share the other 60.
    assert_eq!(
        scorings,
        [
            CaseScoring::UpTo(30.0),
            CaseScoring::UpTo(30.0),
            CaseScoring::UpTo(30.0),
            CaseScoring::None
        ]
    );
    let score = package
        .score(&[
            outcome(true, Some(12.5)),
            outcome(true, None),
            outcome(true, Some(10.0)),
            outcome(true, None),
        ])
        .expect("a score");
    assert_eq!(
        score,
        Score {
            score: 12.5 + 10.0 + 30.0,
            max: Some(90.0)
        }
    );
}

#[test]
fn scores_a_legacy_scoring_problem_by_its_grader_flags() {
    let dir = package_of(&[
        ("problem.yaml", "name: X\ntype: scoring\n"),
        (
            "data/testdata.yaml",
            "grader_flags: ignore_sample sum\non_reject: continue\n",
        ),
        ("data/sample/1.in", ""),
        ("data/sample/1.ans", ""),
        (
            "data/secret/testdata.yaml",
            "grader_flags: min\naccept_score: 5\n",
        ),
        ("data/secret/1.in", ""),
        ("data/secret/1.ans", ""),
        ("data/secret/2.in", ""),
        ("data/secret/2.ans", ""),
    ]);
    let package = load(dir.path()).expect("it loads");
    let score = package
        .score(&[
            outcome(false, None),
            outcome(true, None),
            outcome(true, Some(3.0)),
        ])
        .expect("a score");
    assert_eq!(
        score,
        Score {
            score: 3.0,
            max: Some(5.0)
        }
    );
}

/// A legacy scoring package of two subtasks, as IOI and CEOI packages are laid out: samples
/// worth nothing, each subtask the minimum of its cases times its worth (its own grader's job
/// when `custom`), the root the sum of `secret` alone.
fn subtasks(custom: bool) -> tempfile::TempDir {
    let grading = if custom { "grading: custom\n" } else { "" };
    let group1 = format!("on_reject: break\naccept_score: 40\ngrader_flags: min\n{grading}");
    let group2 = format!("on_reject: break\naccept_score: 60\ngrader_flags: min\n{grading}");
    let mut files = vec![
        ("problem.yaml", "name: X\ntype: scoring\n".to_owned()),
        (
            "data/testdata.yaml",
            "on_reject: continue\nrange: 0 100\ngrader_flags: ignore_sample\n".to_owned(),
        ),
        ("data/sample/testdata.yaml", "accept_score: 0\n".to_owned()),
        ("data/sample/1.in", String::new()),
        ("data/sample/1.ans", String::new()),
        // Its own flags: the root's `ignore_sample` is for the root alone.
        (
            "data/secret/testdata.yaml",
            "grader_flags: sum\n".to_owned(),
        ),
        ("data/secret/group1/testdata.yaml", group1),
        ("data/secret/group2/testdata.yaml", group2),
    ];
    for case in ["group1/1", "group1/2", "group2/1", "group2/2"] {
        files.push((
            Box::leak(format!("data/secret/{case}.in").into_boxed_str()),
            String::new(),
        ));
        files.push((
            Box::leak(format!("data/secret/{case}.ans").into_boxed_str()),
            String::new(),
        ));
    }
    if custom {
        files.push(("graders/grader.py", String::new()));
    }
    let files: Vec<(&str, &str)> = files
        .iter()
        .map(|(path, text)| (*path, text.as_str()))
        .collect();
    package_of(&files)
}

fn case(verdict: Code, score: Option<f64>) -> CaseOutcome {
    CaseOutcome { verdict, score }
}

/// A case accepted, or a wrong answer, with the score its validator gave.
fn outcome(accepted: bool, score: Option<f64>) -> CaseOutcome {
    let verdict = if accepted {
        Code::Accepted
    } else {
        Code::WrongAnswer
    };
    case(verdict, score)
}

#[test]
fn a_legacy_group_stops_at_its_first_rejection_and_its_verdict_is_the_worst_error() {
    let dir = subtasks(false);
    let package = load(dir.path()).expect("it loads");
    let accepted = case(Code::Accepted, None);
    // Group 1 whole; group 2 wrong on its first case, then a crash that `break` never judges.
    let outcomes = [
        accepted,
        accepted,
        accepted,
        case(Code::WrongAnswer, None),
        case(Code::RunTimeError, None),
    ];
    let (verdict, score) = package
        .graded(&outcomes, Some(&mut NoGrader))
        .expect("graded");
    assert_eq!(verdict, Code::WrongAnswer);
    assert_eq!(score.score, 40.0);
    // The most is the root's `range`.
    assert_eq!(score.max, Some(100.0));
    // Judged, the crash is the worse error.
    let outcomes = [
        accepted,
        case(Code::WrongAnswer, None),
        accepted,
        accepted,
        case(Code::RunTimeError, None),
    ];
    let dir = package_of(&[
        ("problem.yaml", "name: X\ntype: scoring\n"),
        ("data/testdata.yaml", "on_reject: continue\n"),
        ("data/sample/1.in", ""),
        ("data/sample/1.ans", ""),
        ("data/secret/1.in", ""),
        ("data/secret/1.ans", ""),
        ("data/secret/2.in", ""),
        ("data/secret/2.ans", ""),
        ("data/secret/3.in", ""),
        ("data/secret/3.ans", ""),
        ("data/secret/4.in", ""),
        ("data/secret/4.ans", ""),
    ]);
    let package = load(dir.path()).expect("it loads");
    let (verdict, score) = package
        .graded(&outcomes, Some(&mut NoGrader))
        .expect("graded");
    assert_eq!(verdict, Code::RunTimeError);
    assert_eq!(score.score, 3.0);
}

#[test]
fn the_default_graders_flags_choose_its_verdict() {
    let results = |verdicts: &[Code]| {
        verdicts
            .iter()
            .map(|&verdict| case(verdict, Some(1.0)))
            .collect::<Vec<_>>()
    };
    let graded = |flags: &str, verdicts: &[Code]| {
        let mut files = vec![
            ("problem.yaml", "name: X\ntype: scoring\n".to_owned()),
            (
                "data/secret/testdata.yaml",
                format!("on_reject: continue\ngrader_flags: {flags}\n"),
            ),
        ];
        for index in 0..verdicts.len() {
            files.push((
                Box::leak(format!("data/secret/{index}.in").into_boxed_str()),
                String::new(),
            ));
            files.push((
                Box::leak(format!("data/secret/{index}.ans").into_boxed_str()),
                String::new(),
            ));
        }
        let files: Vec<(&str, &str)> = files
            .iter()
            .map(|(path, text)| (*path, text.as_str()))
            .collect();
        let dir = package_of(&files);
        let package = load(dir.path()).expect("it loads");
        package
            .graded(&results(verdicts), Some(&mut NoGrader))
            .expect("graded")
    };
    let (wrong, crash) = (Code::WrongAnswer, Code::RunTimeError);
    assert_eq!(graded("", &[wrong, crash]).0, crash);
    assert_eq!(graded("first_error", &[wrong, crash]).0, wrong);
    assert_eq!(graded("always_accept", &[wrong, crash]).0, Code::Accepted);
    let (verdict, score) = graded("accept_if_any_accepted max", &[wrong, Code::Accepted]);
    assert_eq!((verdict, score.score), (Code::Accepted, 1.0));
    assert_eq!(
        graded("avg", &[Code::Accepted, Code::Accepted]).1.score,
        1.0
    );
}

/// A package's own grader, as the caller runs it: records what it was given, and gives each
/// group the sum of its results' scores times ten, accepted.
#[derive(Default)]
struct RecordingGrader {
    given: Vec<(Vec<String>, Vec<String>)>,
}

impl CustomGrader for RecordingGrader {
    fn grade(
        &mut self,
        flags: &[String],
        results: &[GroupResult],
    ) -> Result<GroupResult, ScoreError> {
        self.given.push((
            flags.to_vec(),
            results.iter().map(GroupResult::line).collect(),
        ));
        Ok(GroupResult {
            verdict: Code::Accepted,
            score: results.iter().map(|result| result.score).sum::<f64>() * 10.0,
        })
    }
}

struct NoGrader;

impl CustomGrader for NoGrader {
    fn grade(&mut self, _: &[String], _: &[GroupResult]) -> Result<GroupResult, ScoreError> {
        Err(ScoreError("no grader here".to_owned()))
    }
}

#[test]
fn groups_with_custom_grading_are_graded_by_the_packages_grader_with_their_flags() {
    let dir = subtasks(true);
    let package = load(dir.path()).expect("it loads");
    assert_eq!(
        package.grader.as_ref().map(|grader| grader.language),
        Some(Language::Python3)
    );
    let outcomes = [
        case(Code::Accepted, None),
        case(Code::Accepted, Some(0.5)),
        case(Code::Accepted, None),
        case(Code::WrongAnswer, None),
        case(Code::Accepted, None),
    ];
    let mut grader = RecordingGrader::default();
    let (verdict, score) = package
        .graded(&outcomes, Some(&mut grader))
        .expect("graded");
    let words = |text: &str| {
        text.split_whitespace()
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    assert_eq!(
        grader.given,
        [
            (
                words("min"),
                words("AC 0.5 AC 40")
                    .chunks(2)
                    .map(|pair| pair.join(" "))
                    .collect()
            ),
            (words("min"), vec!["WA 0".to_owned()]),
        ]
    );
    // `secret` (the default grader) sums its groups'.
    assert_eq!((verdict, score.score), (Code::Accepted, 405.0 + 0.0));
    // Without its grader, the package cannot be scored.
    assert!(package.score(&outcomes).is_err());
}

#[test]
fn custom_grading_without_a_grader_is_refused() {
    let dir = subtasks(true);
    fs::remove_dir_all(dir.path().join("graders")).expect("removed");
    let error = load(dir.path()).expect_err("no grader");
    assert_eq!(error.path, dir.path().join("graders"));
    assert!(
        error.message.contains("group `secret/group1`"),
        "{}",
        error.message
    );
}

#[test]
fn a_grader_writes_a_verdict_and_a_score() {
    assert_eq!(
        GroupResult::parse("AC 12.500000\n"),
        Ok(GroupResult {
            verdict: Code::Accepted,
            score: 12.5
        })
    );
    assert!(GroupResult::parse("JE").is_err());
    assert!(GroupResult::parse("OK 1").is_err());
    assert!(GroupResult::parse("AC 1 2").is_err());
}

#[test]
fn a_validator_folder_holding_one_program_folder_is_that_program() {
    // As problemtools' `guess` keeps its interactor: `output_validator/guess_validator/`.
    let dir = package_of(&with(&[
        (
            "problem.yaml",
            "problem_format_version: 2023-07-draft\nname: X\ntype: interactive\n",
        ),
        ("output_validator/guess_validator/validate.cc", ""),
        ("output_validator/guess_validator/validate.h", ""),
    ]));
    let package = load(dir.path()).expect("it loads");
    let Validation::Custom {
        source, language, ..
    } = &package.validation
    else {
        panic!("a custom validator: {:?}", package.validation);
    };
    assert_eq!(source, &dir.path().join("output_validator/guess_validator"));
    assert_eq!(*language, Language::Cpp);

    // A folder that is a program of its own stays the program, whatever folders it holds.
    let dir = package_of(&with(&[
        (
            "problem.yaml",
            "problem_format_version: 2023-07-draft\nname: X\n",
        ),
        ("output_validator/validate.py", ""),
        ("output_validator/helpers/data.txt", ""),
    ]));
    let package = load(dir.path()).expect("it loads");
    assert!(matches!(
        &package.validation,
        Validation::Custom { source, language: Language::Python3, .. }
            if source == &dir.path().join("output_validator")
    ));

    // Legacy: the one program in `output_validators/`, a folder or a file.
    let dir = package_of(&with(&[
        ("problem.yaml", "name: X\nvalidation: custom\n"),
        ("output_validators/different_validator/validate.cc", ""),
        ("output_validators/different_validator/validate.h", ""),
    ]));
    let package = load(dir.path()).expect("it loads");
    assert!(matches!(
        &package.validation,
        Validation::Custom { source, language: Language::Cpp, .. }
            if source == &dir.path().join("output_validators/different_validator")
    ));
}

#[test]
fn limits_come_from_the_package_else_the_formats_defaults() {
    let dir = package_of(&with(&[("problem.yaml", "name: X\n")]));
    let limits = load(dir.path()).expect("it loads").limits;
    assert_eq!(
        (
            limits.memory_mib,
            limits.memory_given,
            limits.output_bytes()
        ),
        (2048, false, 8 << 20)
    );
    // Legacy: the slowest accepted submission's time times 5, up to whole seconds, at least 1.
    let time = limits.time;
    assert_eq!(time.fixed(), None);
    assert_eq!(
        time.with_slowest(Duration::from_millis(10)),
        Duration::from_secs(1)
    );
    assert_eq!(
        time.with_slowest(Duration::from_millis(210)),
        Duration::from_secs(2)
    );
    assert_eq!(
        time.with_slowest(Duration::from_millis(400)),
        Duration::from_secs(2)
    );

    let dir = package_of(&with(&[
        (
            "problem.yaml",
            "name: X\nlimits:\n  time_multiplier: 3\n  memory: 256\n  output: 2\n",
        ),
        (".timelimit", "3\n"),
    ]));
    let limits = load(dir.path()).expect("it loads").limits;
    assert_eq!(limits.time, TimeLimit::File(Duration::from_secs(3)));
    assert_eq!(
        (limits.memory_bytes(), limits.output_bytes()),
        (256 << 20, 2 << 20)
    );
    assert_eq!(
        limits.sizes_said(),
        "memory 256 MiB (limits.memory), output 2 MiB (limits.output), stack as large as the \
         memory"
    );

    // 2023-07: twice the slowest time by default, up to a multiple of the resolution.
    let dir = package_of(&with(&[(
        "problem.yaml",
        "problem_format_version: 2023-07-draft\nname: X\nlimits:\n  time_resolution: 0.5\n",
    )]));
    let time = load(dir.path()).expect("it loads").limits.time;
    assert_eq!(
        time.with_slowest(Duration::from_millis(800)),
        Duration::from_secs(2)
    );
    assert_eq!(
        time.with_slowest(Duration::from_millis(600)),
        Duration::from_millis(1500)
    );

    let dir = package_of(&with(&[
        ("problem.yaml", "name: X\n"),
        (".timelimit", "fast\n"),
    ]));
    let error = load(dir.path()).expect_err("not a time");
    assert_eq!(error.path, dir.path().join(".timelimit"));
    assert_eq!(error.message, "`fast` is not a number of seconds above 0");
}

#[test]
fn reads_problemtools_guess_with_its_interactor_in_a_folder_of_its_own() {
    let folder = test_package("problemtools-guess");
    let package = load(&folder).expect("it loads");
    assert!(package.is_interactive());
    assert!(matches!(
        &package.validation,
        Validation::Custom { source, language: Language::Cpp, .. }
            if source == &folder.join("output_validator/guess_validator")
    ));
    assert_eq!(package.cases.len(), 10);
}

#[test]
fn reads_a_2025_09_package() {
    let dir = package_of(&[
        (
            "problem.yaml",
            "problem_format_version: 2025-09\ntype: pass-fail\nname:\n  en: Echo\n  de: Echo\n\
             uuid: 8ee7605a-0000-0000-0000-000000000000\ncredits:\n  authors: A. Author\n\
             source:\n  name: A Contest\n  url: https://example.com\nlicense: cc by-sa\n\
             rights_owner: author\nkeywords: [easy]\nlanguages: [python3, cpp]\n\
             allow_file_writing: false\nconstants:\n  max_n: 10\n\
             limits:\n  time_limit: 1.5\n  time_resolution: 0.5\n  memory: 512\n\
             \x20 time_multipliers:\n    ac_to_time_limit: 3\n    time_limit_to_tle: 2\n",
        ),
        (
            "data/secret/test_group.yaml",
            "output_validator_args: [case_sensitive]\n",
        ),
        ("data/secret/1.in", "a\n"),
        ("data/secret/1.ans", "a\n"),
        ("data/secret/2.in", "b\n"),
        ("data/secret/2.ans", "b\n"),
        (
            "data/secret/2.yaml",
            "output_validator_args: [space_change_sensitive]\ndescription: its own\n",
        ),
        ("submissions/accepted/echo.py", "print(input())\n"),
    ]);
    let package = load(dir.path()).expect("it loads");
    assert_eq!(package.version, FormatVersion::V2025_09);
    assert_eq!(package.title, "Echo");
    assert_eq!(
        package.limits.time,
        TimeLimit::Given(Duration::from_millis(1500))
    );
    assert_eq!(
        (package.limits.memory_mib, package.limits.tle_margin),
        (512, Some(2.0))
    );
    let args: Vec<_> = package
        .cases
        .iter()
        .map(|case| case.validator_args.clone())
        .collect();
    assert_eq!(args, [["case_sensitive"], ["space_change_sensitive"]]);
    assert!(!package.submissions[0].in_submissions_yaml);
}

#[test]
fn refuses_what_2025_09_forbids_or_this_does_not_support() {
    let refused = |problem: &str, extra: &[(&'static str, &'static str)]| {
        let yaml = format!("problem_format_version: 2025-09\nname: X\nuuid: u\n{problem}");
        let mut files: Vec<(&str, &str)> = with(extra);
        files.push(("problem.yaml", &yaml));
        load(package_of(&files).path())
            .expect_err("refused")
            .to_string()
    };
    for (problem, expected) in [
        (
            "type: multi-pass\n",
            "type `multi-pass` (a submission run again",
        ),
        (
            "type: [interactive, submit-answer]\n",
            "type `submit-answer` (answers submitted",
        ),
        (
            "type: [pass-fail, scoring]\n",
            "`pass-fail` and `scoring` cannot both",
        ),
        ("validation: custom\n", "`validation` is legacy's key"),
        ("validator_flags: x\n", "`validator_flags` is legacy's key"),
        (
            "limits:\n  time_limit: 1.5\n",
            "not a multiple of time_resolution 1",
        ),
        (
            "limits:\n  time_multipliers:\n    time_limit_to_tle: 0.5\n",
            "time_limit_to_tle 0.5 is below 1",
        ),
    ] {
        let error = refused(problem, &[]);
        assert!(error.contains(expected), "{problem}: {error}");
    }
    let error = refused("", &[("data/secret/testdata.yaml", "")]);
    assert!(error.contains("reads `test_group.yaml` instead"), "{error}");
    let error = refused("", &[("data/secret/1.yaml", "args: [x]\n")]);
    assert!(
        error.contains("`args` (arguments given to the submission)"),
        "{error}"
    );
    let error = refused(
        "type: scoring\n",
        &[("data/secret/test_group.yaml", "require_pass: sample\n")],
    );
    assert!(error.contains("`require_pass`"), "{error}");
    let error = refused("", &[("data/secret/1.yaml", "colour: red\n")]);
    assert!(error.contains("colour"), "{error}");

    // 2023-07 kept its `validation` and `testdata.yaml`.
    let dir = package_of(&with(&[
        (
            "problem.yaml",
            "problem_format_version: 2023-07-draft\nname: X\nvalidation: default\n",
        ),
        (
            "data/secret/testdata.yaml",
            "output_validator_args: [case_sensitive]\n",
        ),
    ]));
    let package = load(dir.path()).expect("it loads");
    assert_eq!(package.cases[0].validator_args, ["case_sensitive"]);
}

#[test]
fn submissions_yaml_marks_what_it_names() {
    let dir = package_of(&with(&[
        (
            "problem.yaml",
            "problem_format_version: 2025-09\nname: X\nuuid: u\n",
        ),
        ("submissions/accepted/a.py", ""),
        ("submissions/accepted/b.py", ""),
        ("submissions/mixed/c.py", ""),
        (
            "submissions/submissions.yaml",
            "mixed:\n  permitted: [AC, WA]\naccepted/{b,z}.py:\n  permitted: [WA]\n",
        ),
    ]));
    let package = load(dir.path()).expect("it loads");
    let marked: Vec<_> = package
        .submissions
        .iter()
        .map(|submission| (submission.name.as_str(), submission.in_submissions_yaml))
        .collect();
    assert_eq!(
        marked,
        [
            ("accepted/a.py", false),
            ("accepted/b.py", true),
            ("mixed/c.py", true)
        ]
    );
}

#[test]
fn reads_hello_languages_in_the_formats_languages() {
    let package = load(&test_package("hello-languages")).expect("it loads");
    assert_eq!(package.version, FormatVersion::V2025_09);
    let go = languages::by_code("go").expect("in the table");
    assert_eq!(
        submissions(&package),
        [
            (
                "accepted/hello.go",
                ExpectedVerdict::Accepted,
                Language::Named(go)
            ),
            (
                "accepted/hello.js",
                ExpectedVerdict::Accepted,
                Language::JavaScript
            ),
            (
                "accepted/hello.py3",
                ExpectedVerdict::Accepted,
                Language::Python3
            ),
            (
                "mixed/world.sh",
                ExpectedVerdict::Other("mixed".to_owned()),
                Language::Bash
            ),
            (
                "wrong_answer/hi.sh",
                ExpectedVerdict::WrongAnswer,
                Language::Bash
            ),
        ]
    );
    // Its submissions.yaml sets what the one outside the format's folders must get.
    let rules = package.expectations.expect("its submissions.yaml");
    assert!(rules.names("mixed/world.sh") && !rules.names("accepted/hello.js"));
}

#[test]
fn reads_input_validators_and_the_inputs_they_must_reject() {
    let package = load(&test_package("sum-floats")).expect("it loads");
    let validators: Vec<(&str, InputValidatorKind)> = package
        .input_validators
        .iter()
        .map(|validator| (validator.name.as_str(), validator.kind))
        .collect();
    assert_eq!(
        validators,
        [(
            "input_validators/validate.py",
            InputValidatorKind::Program(Language::Python3)
        )]
    );
    let invalid: Vec<&str> = package
        .invalid_inputs
        .iter()
        .map(|input| input.name.as_str())
        .collect();
    assert_eq!(
        invalid,
        [
            "invalid_input/not-a-number",
            "invalid_input/too-many-numbers"
        ]
    );
    // A validator of build and run scripts in a folder of its own is one program.
    let scripted = load(&test_package("scripted-validator")).expect("it loads");
    assert_eq!(
        scripted.input_validators[0].kind,
        InputValidatorKind::Program(Language::Scripts)
    );
}

#[test]
fn reads_the_included_files_of_included_driver() {
    let folder = test_package("included-driver");
    let package = load(&folder).expect("it loads");
    let include = folder.join("include");
    assert_eq!(
        package.include_for(Language::Cpp),
        Some(include.join("cpp").as_path())
    );
    assert_eq!(
        package.include_for(Language::Python3),
        Some(include.join("python3").as_path())
    );
    assert_eq!(package.include_for(Language::Java), None);
    assert!(package.includes_unnamed().is_empty());
}

#[test]
fn a_languages_own_included_files_replace_the_default_ones() {
    let dir = package_of(&with(&[
        ("problem.yaml", "name: Included\n"),
        ("include/default/lib.txt", "default\n"),
        ("include/cpp/lib.h", "// C++\n"),
        ("include/klingon/lib.kl", "?\n"),
        ("include/notes.md", "not a folder\n"),
    ]));
    let package = load(dir.path()).expect("it loads");
    let include = dir.path().join("include");
    assert_eq!(
        package.include_for(Language::Cpp),
        Some(include.join("cpp").as_path())
    );
    assert_eq!(
        package.include_for(Language::Python3),
        Some(include.join("default").as_path())
    );
    // Build and run scripts are no submission's language.
    assert_eq!(package.include_for(Language::Scripts), None);
    assert_eq!(package.includes.len(), 3);
    assert_eq!(
        package.includes_unnamed(),
        [include.join("klingon").as_path()]
    );
}

#[test]
fn outputs_that_test_the_validation_are_read_with_their_arguments_and_no_score() {
    let dir = package_of(&[
        (
            "problem.yaml",
            "problem_format_version: 2025-09\nname: X\ntype: scoring\n",
        ),
        ("data/secret/1.in", "1\n"),
        ("data/secret/1.ans", "1\n"),
        (
            "data/invalid_output/test_group.yaml",
            "output_validator_args: [float_tolerance, \"0.1\"]\n",
        ),
        ("data/invalid_output/far.in", "1\n"),
        ("data/invalid_output/far.ans", "1\n"),
        ("data/invalid_output/far.out", "2\n"),
        ("data/valid_output/near.in", "1\n"),
        ("data/valid_output/near.ans", "1\n"),
        ("data/valid_output/near.out", "1.0\n"),
    ]);
    let package = load(dir.path()).expect("it loads");
    assert_eq!(names(&package), ["secret/1"]);
    let checks: Vec<(&str, bool, &[String], CaseScoring)> = package
        .output_checks
        .iter()
        .map(|check| {
            (
                check.case.name.as_str(),
                check.valid,
                check.case.validator_args.as_slice(),
                check.case.scoring,
            )
        })
        .collect();
    let tolerance = ["float_tolerance".to_owned(), "0.1".to_owned()];
    assert_eq!(
        checks,
        [
            (
                "invalid_output/far",
                false,
                &tolerance[..],
                CaseScoring::None
            ),
            ("valid_output/near", true, &[][..], CaseScoring::None),
        ]
    );
    assert!(
        package.output_checks[0]
            .output
            .ends_with("invalid_output/far.out")
    );
    fs::remove_file(dir.path().join("data/valid_output/near.out")).expect("removed");
    let error = load(dir.path()).expect_err("an output check without its output");
    assert!(error.path.ends_with("valid_output/near.in"), "{error}");
    assert_eq!(error.message, "has no `.out` file beside it");
}

#[test]
fn submissions_yaml_gives_a_submission_its_language_and_entry_point() {
    let dir = package_of(&with(&[
        ("problem.yaml", "problem_format_version: 2025-09\nname: X\n"),
        (
            "submissions/submissions.yaml",
            "accepted/both:\n  language: bash\n  entrypoint: second.sh\n\
             accepted/other.py:\n  language: cobol-85\n",
        ),
        ("submissions/accepted/both/first.sh", "echo 1\n"),
        ("submissions/accepted/both/second.sh", "echo 2\n"),
        ("submissions/accepted/both/helper.py", "print(3)\n"),
    ]));
    let package = load(dir.path()).expect("it loads");
    let both = &package.submissions[0];
    assert_eq!(
        (
            both.name.as_str(),
            both.language,
            both.entrypoint.as_deref()
        ),
        ("accepted/both", Language::Bash, Some("second.sh"))
    );
    // Its files alone tell no one language: two Bash scripts and a Python one.
    assert_eq!(Language::of_program(&both.path), Language::Unknown);
    fs::write(
        dir.path().join("submissions/accepted/other.py"),
        "print(4)\n",
    )
    .expect("write");
    let error = load(dir.path()).expect_err("a language of no table");
    assert!(error.path.ends_with("submissions.yaml"), "{error}");
    assert_eq!(
        error.message,
        "`language: cobol-85` for accepted/other.py is no language of the format's table"
    );
}
