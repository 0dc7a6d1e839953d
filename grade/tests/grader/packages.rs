//! Problem packages of the Kattis / ICPC format graded as katas of one stage (`--kata DIR`):
//! the packages kept as the harness's test data (`crates/kata-model/tests/packages/`), their own Python
//! submissions graded by the default output validation and a scoring problem's groups. Their
//! interactive package, whose validator is compiled C++, and every submission in every
//! language are left to `scripts/packages`, which CI runs.

use std::fs;
use std::path::PathBuf;

use test_support::Trial;

use crate::katas::grade_in;

pub(crate) fn trials() -> Vec<Trial> {
    let mut trials = test_support::tests!("packages":
        a_package_is_graded_by_its_default_validation_within_its_float_tolerance,
        a_scoring_package_gives_its_groups_points,
        a_broken_problem_yaml_is_named_with_its_line,
        build_and_run_scripts_run_in_their_own_folder,
        the_limits_are_the_packages_else_the_formats_and_said,
    );
    // An interpreter and a compiler started: `scripts/packages` runs these.
    let slow = test_support::tests!("packages":
        a_package_with_its_own_validator_tells_its_message,
        a_validator_that_does_not_build_is_told_with_the_compilers_message,
    );
    trials.extend(slow.into_iter().map(|trial| {
        test_support::slow(
            trial,
            "starts Python or a C compiler; scripts/packages runs it",
        )
    }));
    trials
}

/// The packages kept as the harness's test data.
fn packages() -> PathBuf {
    test_support::manifest_dir().join("../crates/kata-model/tests/packages")
}

/// Grades stage 1 of the package `package` with `more` (options, then `--` and a program).
fn graded(package: &str, more: &[&str]) -> (Option<i32>, String, String) {
    let mut words = vec!["--kata", package, "1"];
    words.extend_from_slice(more);
    grade_in(&packages(), &words)
}

/// The mean of the second line's numbers to seven decimals, as `mean.py` prints it.
const MEAN: &str = "NR == 2 { for (i = 1; i <= NF; i++) s += $i; printf \"%.7f\\n\", s / NF }";

fn a_package_is_graded_by_its_default_validation_within_its_float_tolerance() {
    // Seven decimals, not the answer's digits: right within the package's tolerance of 1e-6.
    let (status, report, err) = graded("sum-floats", &["--all", "--", "awk", MEAN]);
    assert_eq!((status, err.as_str()), (Some(0), ""), "{report}");
    assert!(report.contains("#2 secret/01-one: Passed\n"), "{report}");
    assert!(
        report.ends_with("5 passed, 0 failed: 5 of 5 exact, 5 of 5 content\n"),
        "{report}"
    );
    let (status, report, _) = graded("sum-floats", &["--", "sh", "-c", "echo 2"]);
    assert_eq!(status, Some(1), "{report}");
    assert!(
        report.contains(
            "Wrong answer in test #1 (sample/1)\nToken 1 is `2`, expected `2.5` within 1e-6.\n\n\
             The run (`> ` marks the input given):\n  > 3\n  > 1.5 2.5 3.5\n  2\n"
        ),
        "{report}"
    );
}

fn build_and_run_scripts_run_in_their_own_folder() {
    // The validator's `run` starts `./jury`, which its `build` made in its folder.
    let (status, report, err) = graded(
        "scripted-validator",
        &["--all", "--", "sh", "-c", "read n; echo $((2 * n))"],
    );
    assert_eq!((status, err.as_str()), (Some(0), ""), "{report}");
    assert!(
        report.ends_with("3 passed, 0 failed: 3 of 3 exact, 3 of 3 content\n"),
        "{report}"
    );
    let (status, report, _) = graded("scripted-validator", &["--", "sh", "-c", "echo 7"]);
    assert_eq!(status, Some(1), "{report}");
    assert!(report.contains("expected 6, got 7"), "{report}");
}

fn the_limits_are_the_packages_else_the_formats_and_said() {
    let (_, report, _) = graded("sum-floats", &["--", "sh", "-c", "echo 2"]);
    assert!(
        report.contains(
            "Limits: time 1 s (limits.time_limit), memory 2048 MiB (the format's default), \
             output 8 MiB (the format's default), stack as large as the memory\n"
        ),
        "{report}"
    );
    // An answer of 1.3 MB, past the grader's own cap of 1 MiB, within the format's 8 MiB; and
    // refused past a package's own limit of 1 MiB.
    let folder = tempfile::tempdir().expect("a folder");
    let answer: String = (1..=200_000).map(|i| format!("{i}\n")).collect();
    for (name, limits) in [("long", ""), ("short", "limits:\n  output: 1\n")] {
        let package = folder.path().join(name);
        for (path, text) in [
            ("problem.yaml", format!("name: Long\n{limits}")),
            ("data/secret/1.in", "200000\n".to_owned()),
            ("data/secret/1.ans", answer.clone()),
        ] {
            let path = package.join(path);
            fs::create_dir_all(path.parent().expect("a folder")).expect("made");
            fs::write(path, text).expect("written");
        }
    }
    let count = ["--", "sh", "-c", "read n; seq 1 \"$n\""];
    let mut words = vec!["--kata", "long", "1"];
    words.extend(count);
    let (status, report, err) = grade_in(folder.path(), &words);
    assert_eq!((status, err.as_str()), (Some(0), ""), "{report}");
    assert!(report.contains("1 passed, 0 failed"), "{report}");
    words[1] = "short";
    let (status, report, _) = grade_in(folder.path(), &words);
    assert_eq!(status, Some(1), "{report}");
    assert!(report.contains("output 1 MiB (limits.output)"), "{report}");
    assert!(report.contains("wrote more than 1 MiB"), "{report}");
}

fn a_package_with_its_own_validator_tells_its_message() {
    if let Err(skip) = test_support::toolchain::python() {
        eprintln!("skipped: the package's validator is in Python: {skip}");
        return;
    }
    // 1 divides 15, but is no factor between 1 and 15: the validator says so.
    let (status, report, _) = graded("any-factor", &["--", "sh", "-c", "echo 1"]);
    assert_eq!(status, Some(1), "{report}");
    assert!(
        report.contains(
            "Wrong answer in test #1 (sample/1)\n1 is not between 1 and 15, both excluded.\n"
        ),
        "{report}"
    );
    // The instructor reads what the validator said for them, after the learner's feedback.
    assert!(
        report.contains(
            "The kata's judge said, for the instructor:\n  1 is not between 1 and 15, both \
             excluded.\n"
        ),
        "{report}"
    );
}

fn a_scoring_package_gives_its_groups_points() {
    let folder = tempfile::tempdir().expect("a folder");
    let json = folder.path().join("results.json");
    // In floating point, as `float-triangle.py` computes: exact for small n only.
    let (status, report, _) = graded(
        "scored-groups",
        &[
            "--all",
            "--format",
            &format!("json={}", json.display()),
            "--",
            "awk",
            "{ printf \"%.0f\\n\", $1 * ($1 + 1) / 2 }",
        ],
    );
    assert_eq!(status, Some(1), "{report}");
    let results: serde_json::Value =
        crate::results_json(&fs::read_to_string(&json).expect("written"));
    // Group 1 (40 points, three cases) right; group 2 (60 points, three cases) wrong on one.
    assert_eq!(results["max_points"], 100.0);
    let points: Vec<(String, f64)> = results["tests"]
        .as_array()
        .expect("tests")
        .iter()
        .map(|test| {
            (
                test["name"].as_str().unwrap_or_default().to_owned(),
                test["points"].as_f64().unwrap_or(-1.0),
            )
        })
        .collect();
    assert_eq!(points[0], ("sample/1".to_owned(), 0.0));
    assert_eq!(points[4], ("secret/group2/01".to_owned(), 0.0));
    assert_eq!(points[5], ("secret/group2/02".to_owned(), 20.0));
    assert!((points[1].1 - 40.0 / 3.0).abs() < 1e-9, "{points:?}");
}

fn a_broken_problem_yaml_is_named_with_its_line() {
    let folder = tempfile::tempdir().expect("a folder");
    let package = folder.path().join("broken");
    fs::create_dir_all(package.join("data/sample")).expect("made");
    fs::write(
        package.join("problem.yaml"),
        "problem_format_version: 2023-07-draft\nname: Broken\nlimits: [not, a, map]\n",
    )
    .expect("written");
    let (status, report, err) = grade_in(folder.path(), &["--kata", "broken", "1"]);
    assert_eq!(status, Some(2), "{report}");
    assert!(err.contains("broken/problem.yaml:3"), "{err}");
}

fn a_validator_that_does_not_build_is_told_with_the_compilers_message() {
    if let Err(skip) = test_support::toolchain::gcc() {
        eprintln!("skipped: {skip}");
        return;
    }
    let folder = tempfile::tempdir().expect("a folder");
    let package = folder.path().join("broken-validator");
    for (path, text) in [
        (
            "problem.yaml",
            "problem_format_version: 2023-07-draft\nname: Broken\n",
        ),
        ("data/sample/1.in", "1\n"),
        ("data/sample/1.ans", "1\n"),
        ("data/secret/1.in", "2\n"),
        ("data/secret/1.ans", "2\n"),
        (
            "output_validator/validate.c",
            "int main(void) { return 42 }\n",
        ),
    ] {
        let path = package.join(path);
        fs::create_dir_all(path.parent().expect("a folder")).expect("made");
        fs::write(path, text).expect("written");
    }
    let (status, report, err) = grade_in(
        folder.path(),
        &["--kata", "broken-validator", "1", "--", "cat"],
    );
    assert_eq!(status, Some(2), "{report}");
    assert!(
        err.contains("output_validator: the output validator does not build: `gcc` failed:"),
        "{err}"
    );
    assert!(err.contains("validate.c:1:27: error: expected"), "{err}");
}
