//! The options and the ways `grade` refuses to run: `--all`, `--json`, where the fixtures come
//! from, usage errors.

use std::fs;

use harness::Mode;
use test_support::{Trial, test};

use crate::{args, grade, grade_with_json, submission};

pub(crate) fn trials() -> Vec<Trial> {
    vec![
        test(
            "options::all_reports_every_failure_and_ends_with_the_summary",
            all_reports_every_failure,
        ),
        test(
            "options::json_results_follow_the_documented_schema",
            json_schema,
        ),
        test(
            "options::whole_input_gives_each_case_its_input_at_once_and_says_so",
            whole_input,
        ),
        test(
            "options::without_fixtures_grade_uses_those_of_its_workspace_found_at_run_time",
            workspace_fixtures,
        ),
        test(
            "options::outside_a_workspace_grade_asks_for_fixtures",
            outside_a_workspace,
        ),
        test(
            "options::usage_errors_and_broken_fixtures_exit_2",
            usage_errors,
        ),
    ]
}

fn all_reports_every_failure() {
    let graded = grade(&submission(&["--all"], "wrong-cell", &[]));
    assert_eq!(graded.status, Some(1), "{}", graded.report);
    let report = &graded.report;
    let failures = report.matches("Wrong answer in test #").count();
    let case_lines = report.lines().filter(|line| line.starts_with('#')).count();
    // Two cases end at a prompt or before the grid's last row, so no cell is wrong in them.
    assert_eq!(failures, 3, "{report}");
    assert_eq!(case_lines, 5, "{report}");
    assert!(report.ends_with("2 passed, 3 failed\n"), "{report}");
}

fn json_schema() {
    let (graded, results) = grade_with_json(&submission(&["--all"], "wrong-cell", &[]));
    assert_eq!(graded.status, Some(1), "{}", graded.report);
    assert_eq!(results["version"], 3);
    assert_eq!(results["status"], "fail");
    assert!(results["message"].is_null());
    let mode = Mode::interactive().unwrap_or(Mode::WholeInput).name();
    assert_eq!(results["mode"], mode);
    let tests = results["tests"].as_array().expect("a list of tests");
    assert_eq!(tests.len(), 5);
    assert_eq!(tests[0]["name"], "draw-full-grid");
    for test in tests {
        assert_eq!(test["task_id"], 3);
        assert!(
            test["name"].is_string() && test["verdict"].is_string() && test["duration_ms"].is_u64()
        );
        assert_eq!(test["mode"], mode);
        assert!(test["output"].as_str().expect("output").chars().count() <= 500);
        match test["status"].as_str().expect("status") {
            "pass" => assert!(test["message"].is_null()),
            "fail" => assert!(
                test["message"]
                    .as_str()
                    .expect("message")
                    .starts_with("Wrong answer in test #")
            ),
            other => panic!("unexpected status {other}"),
        }
    }
}

/// With `--whole-input`, a prompt left in the buffer goes unseen, as it did before programs
/// were given one answer at a time; the report's first line and the JSON say how the input
/// was given.
fn whole_input() {
    let (graded, results) =
        grade_with_json(&submission(&["--whole-input"], "unflushed-prompt", &[]));
    assert_eq!(graded.status, Some(0), "{}", graded.report);
    assert!(
        graded.report.starts_with(
            "Grading `submission --submission unflushed-prompt` on the 5 cases of stage 3 in \
             fixtures/stage3, each case given its whole input at once, as --whole-input asks\n"
        ),
        "{}",
        graded.report
    );
    assert_eq!(results["mode"], "whole-input");
    for test in results["tests"].as_array().expect("a list of tests") {
        assert_eq!(test["mode"], "whole-input");
    }
}

/// With no `--fixtures`, the fixtures are those of the workspace the tests run in, found at run
/// time: in a copied workspace, the copy's. The reference passes all of them.
fn workspace_fixtures() {
    let workspace = test_support::manifest_dir()
        .parent()
        .expect("grade/ is in the workspace")
        .to_owned();
    for stage in 1..=5 {
        let mut command = assert_cmd::Command::new(assert_cmd::cargo::cargo_bin("grade"));
        let output = command
            .current_dir(crate::tests_dir())
            .timeout(crate::WATCHDOG)
            .args([&stage.to_string(), "--all"])
            .output()
            .expect("grade runs");
        let report = String::from_utf8(output.stdout).expect("UTF-8");
        assert_eq!(output.status.code(), Some(0), "{report}");
        let first_line = report.lines().next().unwrap_or_default();
        let folder = workspace.join("fixtures").join(format!("stage{stage}"));
        assert_eq!(
            first_line.split_once(" in ").map(|(_, folder)| folder),
            Some(folder.to_str().expect("UTF-8 path")),
            "{first_line}"
        );
        assert!(
            first_line.starts_with("Grading the reference stage"),
            "{first_line}"
        );
        assert!(report.ends_with(" passed, 0 failed\n"), "{report}");
    }
}

fn outside_a_workspace() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let output = assert_cmd::Command::new(assert_cmd::cargo::cargo_bin("grade"))
        .current_dir(dir.path())
        .env_remove("CARGO_MANIFEST_DIR")
        .timeout(crate::WATCHDOG)
        .arg("3")
        .output()
        .expect("grade runs");
    assert_eq!(output.status.code(), Some(2));
    let message = String::from_utf8(output.stderr).expect("UTF-8");
    assert!(
        message.starts_with("grade: no `fixtures` folder in ")
            && message.contains("--fixtures DIR"),
        "{message}"
    );
}

fn usage_errors() {
    let broken = tempfile::tempdir().expect("a temporary folder");
    fs::write(
        broken.path().join("broken.snap"),
        "---\nsource: x\n---\nQ: > \\q\n",
    )
    .expect("written");
    let broken = broken.path().to_str().expect("UTF-8").to_owned();
    for (words, message) in [
        (vec!["6"], "6 is not in 1..=5"),
        (vec!["3", "--"], "nothing follows `--`"),
        (
            vec!["3", "--timeout", "0"],
            "`0` is not a number of seconds",
        ),
        (
            vec!["3", "--class", "submissions", "--", "python3", "stage3.py"],
            "`{}` stands for each submission's folder",
        ),
        (
            vec!["3", "--fixtures", &broken],
            "broken.snap:4: unknown escape `\\q`",
        ),
    ] {
        let graded = grade(&args(&words));
        assert_eq!(graded.status, Some(2), "{words:?}: {}", graded.stderr);
        assert!(
            graded.stderr.contains(message),
            "{words:?}: {}",
            graded.stderr
        );
        assert!(graded.report.is_empty(), "{words:?}: {}", graded.report);
    }
}
