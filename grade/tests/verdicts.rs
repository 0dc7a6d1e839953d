//! The grader on deliberately faulty submissions (in `submissions/`): each gets its verdict,
//! and the report it gets is a reviewed snapshot, so its wording is checked like any output.

use std::path::{Path, PathBuf};
use std::process::Command;

use assert_cmd::prelude::*;
use predicates::prelude::*;

/// The folder of test submissions; the grader runs there, so reports show relative commands.
fn submissions() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("submissions")
}

/// `grade` on stage `stage` with `arguments`, run in the submissions folder.
fn grade(stage: u8, arguments: &[&str]) -> Command {
    let mut command = Command::cargo_bin("grade").expect("the grade binary is built for its tests");
    command
        .current_dir(submissions())
        .env_remove("NO_COLOR")
        .arg(stage.to_string())
        .args(arguments);
    command
}

/// Grades a stage 3 submission, stopping at its first failure, and returns the report.
fn report_of(arguments: &[&str], expected_status: i32) -> String {
    let output = grade(3, arguments).output().expect("grade runs");
    let report = String::from_utf8(output.stdout).expect("the report is UTF-8");
    assert_eq!(output.status.code(), Some(expected_status), "{report}");
    report
}

#[test]
fn the_reference_passes_every_stage() {
    for stage in 1..=5 {
        grade(stage, &["--all"])
            .assert()
            .success()
            .stdout(predicate::str::contains(" 0 failed\n"));
    }
}

#[test]
fn a_correct_program_in_python_passes_every_stage() {
    for stage in 1..=5 {
        let script = format!("python/stage{stage}.py");
        grade(stage, &["--all", "--", "python3", &script])
            .assert()
            .success()
            .stdout(predicate::str::ends_with(" passed, 0 failed\n"));
    }
}

macro_rules! verdict_snapshot {
    ($test:ident, $status:expr, $($argument:expr),+) => {
        #[test]
        fn $test() {
            insta::assert_snapshot!(report_of(&[$($argument),+], $status));
        }
    };
}

verdict_snapshot!(
    a_wrong_cell_is_a_wrong_answer,
    1,
    "--",
    "python3",
    "faulty/wrong-cell.py"
);
verdict_snapshot!(
    a_missing_exclamation_mark_is_a_wrong_answer,
    1,
    "--",
    "python3",
    "faulty/missing-exclamation.py"
);
verdict_snapshot!(
    a_trailing_space_is_a_presentation_error,
    1,
    "--",
    "python3",
    "faulty/trailing-space.py"
);
verdict_snapshot!(
    crlf_output_is_a_presentation_error,
    1,
    "--",
    "python3",
    "faulty/crlf-output.py"
);
verdict_snapshot!(
    a_space_for_an_empty_cell_is_a_presentation_error,
    1,
    "--",
    "python3",
    "faulty/space-for-empty-cell.py"
);
verdict_snapshot!(
    printing_nothing_is_a_wrong_answer,
    1,
    "--",
    "faulty/prints-nothing.sh"
);
verdict_snapshot!(
    never_reading_stdin_is_a_wrong_answer_not_a_grader_error,
    1,
    "--",
    "faulty/never-reads-stdin.sh"
);
verdict_snapshot!(
    endless_output_is_too_much_output,
    1,
    "--",
    "faulty/endless-output.sh"
);
verdict_snapshot!(
    death_by_a_signal_is_a_crash,
    1,
    "--",
    "faulty/killed-by-signal.sh"
);
verdict_snapshot!(exit_status_3_is_a_crash, 1, "--", "faulty/exit-status-3.sh");
verdict_snapshot!(
    a_missing_program_cannot_start,
    1,
    "--",
    "faulty/no-such-program"
);

#[test]
fn hanging_programs_time_out_and_leave_nothing_running() {
    for script in ["faulty/hangs.sh", "faulty/hangs-in-child.sh"] {
        let report = report_of(&["--timeout", "1", "--", script], 1);
        assert!(
            report.contains("Timed out in test #1 (draw-full-grid)\nThe program ran past the time limit of 1 s and was stopped.\n"),
            "{script}: {report}"
        );
    }
    // Both scripts leave a `sleep 1000` behind unless their whole process group is killed.
    let left = Command::new("pgrep")
        .args(["-f", "^sleep 1000$"])
        .output()
        .expect("pgrep runs");
    assert!(
        left.stdout.is_empty(),
        "processes left running: {}",
        String::from_utf8_lossy(&left.stdout)
    );
}

#[test]
fn all_reports_every_failure_and_ends_with_the_summary() {
    let report = report_of(&["--all", "--", "python3", "faulty/wrong-cell.py"], 1);
    let blocks = report.matches("Wrong answer in test #").count();
    let case_lines = report.lines().filter(|line| line.starts_with('#')).count();
    assert!(blocks > 1, "{report}");
    assert_eq!(case_lines, 36, "{report}");
    assert!(
        report.ends_with(&format!("{} passed, {blocks} failed\n", 36 - blocks)),
        "{report}"
    );
}

#[test]
fn json_results_follow_the_documented_schema() {
    let dir = tempdir();
    let json = dir.join("results.json");
    grade(
        3,
        &[
            "--all",
            "--json",
            json.to_str().expect("UTF-8 path"),
            "--",
            "python3",
            "faulty/wrong-cell.py",
        ],
    )
    .assert()
    .code(1);
    let results: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("written")).expect("JSON");
    assert_eq!(results["version"], 3);
    assert_eq!(results["status"], "fail");
    assert!(results["message"].is_null());
    let tests = results["tests"].as_array().expect("a list of tests");
    assert_eq!(tests.len(), 36);
    for test in tests {
        assert_eq!(test["task_id"], 3);
        assert!(
            test["name"].is_string() && test["verdict"].is_string() && test["duration_ms"].is_u64()
        );
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

#[test]
fn a_class_is_graded_folder_by_folder() {
    let class = tempdir();
    for (name, source) in [
        ("alice", "python/stage3.py"),
        ("bob", "faulty/wrong-cell.py"),
    ] {
        std::fs::create_dir_all(class.join(name)).expect("a folder");
        std::fs::copy(
            submissions().join(source),
            class.join(name).join("stage3.py"),
        )
        .expect("a copy");
    }
    let json = class.join("class.json");
    let output = grade(
        3,
        &[
            "--class",
            class.to_str().expect("UTF-8"),
            "--json",
            json.to_str().expect("UTF-8"),
            "--",
            "python3",
            "{}/stage3.py",
        ],
    )
    .output()
    .expect("grade runs");
    assert_eq!(output.status.code(), Some(1));
    insta::assert_snapshot!(String::from_utf8(output.stdout).expect("UTF-8"));
    let table: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("written")).expect("JSON");
    assert_eq!(table["submissions"][0]["name"], "alice");
    assert_eq!(table["submissions"][0]["passed"], 36);
    assert_eq!(table["submissions"][1]["results"]["status"], "fail");
}

#[test]
fn usage_errors_and_broken_fixtures_exit_2() {
    grade(6, &[]).assert().code(2);
    grade(3, &["--class", "python", "--", "python3", "stage3.py"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("{}"));
    let fixtures = tempdir();
    std::fs::write(
        fixtures.join("broken.snap"),
        "---\nsource: x\n---\nQ: > \\q\n",
    )
    .expect("written");
    grade(3, &["--fixtures", fixtures.to_str().expect("UTF-8")])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "broken.snap:4: unknown escape `\\q`",
        ));
}

/// A fresh empty folder for one test.
fn tempdir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "grade-test-{}-{}",
        std::process::id(),
        rand_suffix()
    ));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

fn rand_suffix() -> u64 {
    use std::hash::{BuildHasher, RandomState};
    RandomState::new().hash_one(std::thread::current().id())
}
