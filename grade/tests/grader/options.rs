//! The options and the ways `grade` refuses to run: `--all`, `--json`, where the fixtures come
//! from, usage errors.

use std::fs;

use harness::Mode;
use test_support::Trial;

use crate::{args, departures_from_the_results_schema, grade, grade_with_json, submission};

pub(crate) fn trials() -> Vec<Trial> {
    test_support::tests!("options":
        all_reports_every_failure_and_ends_with_the_summary,
        json_results_follow_the_documented_schema,
        the_results_schema_refuses_what_the_reference_does_not_say,
        content_passes_a_program_that_plays_right_but_presents_differently,
        whole_input_gives_each_case_its_input_at_once_and_says_so,
        without_fixtures_grade_uses_those_of_its_workspace_found_at_run_time,
        outside_a_workspace_grade_grades_the_kata_built_in,
        usage_errors_and_broken_fixtures_exit_2,
        a_json_destination_that_cannot_be_written_is_refused_before_grading,
        a_report_nobody_reads_still_leaves_the_json_and_the_status,
    )
}

fn all_reports_every_failure_and_ends_with_the_summary() {
    let graded = grade(&submission(&["--all"], "wrong-cell", &[]));
    assert_eq!(graded.status, Some(1), "{}", graded.report);
    let report = &graded.report;
    let failures = report.matches("Wrong answer in test #").count();
    let case_lines = report.lines().filter(|line| line.starts_with('#')).count();
    // Two cases end at a prompt or before the grid's last row, so no cell is wrong in them.
    assert_eq!(failures, 3, "{report}");
    assert_eq!(case_lines, 5, "{report}");
    assert!(
        report.ends_with("2 passed, 3 failed: 2 of 5 exact, 2 of 5 content\n"),
        "{report}"
    );
}

fn json_results_follow_the_documented_schema() {
    let (graded, results) = grade_with_json(&submission(&["--all"], "wrong-cell", &[]));
    assert_eq!(graded.status, Some(1), "{}", graded.report);
    assert_eq!(results["version"], 3);
    assert_eq!(results["status"], "fail");
    assert!(results["message"].is_null());
    assert_eq!(results["criterion"], "exact");
    assert_eq!(
        results["scores"],
        serde_json::json!({ "exact": 2, "content": 2, "total": 5 })
    );
    let mode = Mode::best().name();
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
            "pass" => {
                assert!(test["message"].is_null());
                assert_eq!(test["content"], "pass");
            }
            "fail" => {
                assert!(
                    test["message"]
                        .as_str()
                        .expect("message")
                        .starts_with("Wrong answer in test #")
                );
                assert_eq!(test["content"], "fail");
            }
            other => panic!("unexpected status {other}"),
        }
    }
}

/// A change made to a results document.
type Change = fn(&mut serde_json::Value);

/// The schema the results are checked against is no formality: the document a run wrote is
/// valid, and each change the reference does not allow makes it invalid.
fn the_results_schema_refuses_what_the_reference_does_not_say() {
    let (_, results) = grade_with_json(&submission(&["--all"], "wrong-cell", &[]));
    let changes: [(&str, Change); 5] = [
        ("a field of its own", |document| {
            document["grader"] = "grade".into();
        }),
        ("no tests", |document| {
            document.as_object_mut().expect("an object").remove("tests");
        }),
        ("a verdict that is none", |document| {
            document["tests"][0]["verdict"] = "Almost right".into();
        }),
        ("another version", |document| document["version"] = 4.into()),
        ("a case's status in capitals", |document| {
            document["tests"][0]["status"] = "PASS".into();
        }),
    ];
    for (change, make) in changes {
        let mut changed = results.clone();
        make(&mut changed);
        assert!(
            !departures_from_the_results_schema(&changed).is_empty(),
            "the schema takes results with {change}"
        );
    }
}

/// A program whose game is right but which shows no prompts fails every case exactly and
/// passes every one with `--content`, which the text and the JSON both say.
fn content_passes_a_program_that_plays_right_but_presents_differently() {
    let exact = grade(&submission(&["--all"], "no-prompts", &[]));
    assert_eq!(exact.status, Some(1), "{}", exact.report);
    assert!(
        exact
            .report
            .ends_with("0 passed, 5 failed: 0 of 5 exact, 5 of 5 content\n"),
        "{}",
        exact.report
    );
    let (by_content, results) = grade_with_json(&submission(&["--content"], "no-prompts", &[]));
    assert_eq!(by_content.status, Some(0), "{}", by_content.report);
    let report = &by_content.report;
    assert!(
        report.lines().next().is_some_and(
            |heading| heading.ends_with("a case passing when its game is right (--content)")
        ),
        "{report}"
    );
    assert_eq!(
        report.matches("Presentation error in test #").count(),
        5,
        "every case runs, and each still says what differs: {report}"
    );
    assert!(
        report.ends_with("5 passed, 0 failed: 0 of 5 exact, 5 of 5 content\n"),
        "{report}"
    );
    assert_eq!(results["status"], "pass");
    assert_eq!(results["criterion"], "content");
    for test in results["tests"].as_array().expect("a list of tests") {
        assert_eq!(test["status"], "pass");
        assert_eq!(test["content"], "pass");
        assert_eq!(test["verdict"], "Presentation error");
        assert!(test["message"].as_str().is_some_and(|message| {
            message.contains("The game is right; only the presentation differs")
        }));
    }
}

/// With `--whole-input`, a prompt left in the buffer goes unseen, as it did before programs
/// were given one answer at a time; the report's first line and the JSON say how the input
/// was given.
fn whole_input_gives_each_case_its_input_at_once_and_says_so() {
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
fn without_fixtures_grade_uses_those_of_its_workspace_found_at_run_time() {
    let workspace = test_support::manifest_dir()
        .parent()
        .expect("grade/ is in the workspace")
        .to_owned();
    // One stage shows where the fixtures are found; that the reference passes every case of
    // every stage is the fixture tests' to show (`tests/fixtures.rs`).
    let stage = 3;
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
    crate::verdicts::assert_every_case_exactly_right(&report);
}

/// Outside any kata's workspace, grade grades the Tic-Tac-Toe kata built into it: its
/// fixtures and reference, as they were when grade was built.
fn outside_a_workspace_grade_grades_the_kata_built_in() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let output = assert_cmd::Command::new(assert_cmd::cargo::cargo_bin("grade"))
        .current_dir(dir.path())
        .env_remove("CARGO_MANIFEST_DIR")
        .timeout(crate::WATCHDOG)
        .args(["3", "--all"])
        .output()
        .expect("grade runs");
    let report = String::from_utf8(output.stdout).expect("UTF-8");
    assert_eq!(output.status.code(), Some(0), "{report}");
    let first_line = report.lines().next().unwrap_or_default();
    assert!(
        first_line.starts_with("Grading the reference stage 3 of Tic-Tac-Toe on the ")
            && first_line.ends_with(" cases of stage 3 in built-in:tictactoe/fixtures/stage3"),
        "{first_line}"
    );
    crate::verdicts::assert_every_case_exactly_right(&report);

    // A learner's program in that folder, named by its path there, is graded there.
    fs::write(
        dir.path().join("stage3.sh"),
        "printf 'Enter cells: '\nread cells\n",
    )
    .expect("written");
    let output = assert_cmd::Command::new(assert_cmd::cargo::cargo_bin("grade"))
        .current_dir(dir.path())
        .env_remove("CARGO_MANIFEST_DIR")
        .timeout(crate::WATCHDOG)
        .args(["3", "--", "sh", "stage3.sh"])
        .output()
        .expect("grade runs");
    let report = String::from_utf8(output.stdout).expect("UTF-8");
    assert_eq!(output.status.code(), Some(1), "{report}");
    assert!(
        report.starts_with("Grading `sh stage3.sh` on the ")
            && report.contains("#1 game-not-finished-spec-example: Wrong answer\n"),
        "{report}"
    );
}

fn usage_errors_and_broken_fixtures_exit_2() {
    let broken = tempfile::tempdir().expect("a temporary folder");
    fs::write(
        broken.path().join("broken.snap"),
        "---\nsource: x\n---\nQ: > \\q\n",
    )
    .expect("written");
    let broken = broken.path().to_str().expect("UTF-8").to_owned();
    let empty = tempfile::tempdir().expect("a temporary folder");
    let empty = empty.path().to_str().expect("UTF-8").to_owned();
    for (words, message) in [
        (
            vec!["6"],
            "Tic-Tac-Toe has no stage 6: its stages are 1 to 5",
        ),
        (
            vec!["0"],
            "Tic-Tac-Toe has no stage 0: its stages are 1 to 5",
        ),
        (
            vec!["1", "--kata", "no-such-kata"],
            "`no-such-kata` is neither a folder with a kata-manifest.toml (or a problem package's \
             problem.yaml) nor a kata built in",
        ),
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
            "cannot read the fixtures: ",
        ),
        (
            vec!["3", "--fixtures", &broken],
            "broken.snap:4: unknown escape `\\q`",
        ),
        (
            vec!["3", "--fixtures", "no-such-folder"],
            "cannot read the fixtures: no-such-folder: there is no such folder",
        ),
        (
            vec!["3", "--class", &empty, "--", "python3", "{}/stage3.py"],
            "has no folders: --class grades each folder under it as one submission",
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

/// A FIFO, a link, or a folder that does not exist, given to `--json`, is refused at once,
/// before any case runs (a FIFO would block the grader; a link would send the results
/// elsewhere; a missing folder would lose them after all the grading).
fn a_json_destination_that_cannot_be_written_is_refused_before_grading() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let fifo = dir.path().join("fifo.json");
    let path = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).expect("no NUL");
    // SAFETY: mkfifo reads a NUL-terminated path that lives across the call.
    #[allow(unsafe_code)]
    let made = unsafe { libc::mkfifo(path.as_ptr(), 0o600) };
    assert_eq!(made, 0, "mkfifo");
    let link = dir.path().join("link.json");
    std::os::unix::fs::symlink(dir.path().join("elsewhere.json"), &link).expect("a link");
    let missing = dir.path().join("no/such/folder/results.json");
    for (destination, why) in [
        (&fifo, "it is not a regular file"),
        (&link, "it is a link; give the file itself"),
        (&missing, "its folder does not take new files"),
    ] {
        let graded = grade(&submission(
            &["--json", destination.to_str().expect("UTF-8")],
            "hangs",
            &[],
        ));
        assert_eq!(graded.status, Some(2), "{why}: {}", graded.stderr);
        assert!(graded.stderr.contains(why), "{}", graded.stderr);
        // Refused before grading: the hanging submission never ran, no report was begun.
        assert_eq!(graded.report, "", "{why}");
    }
    assert!(!dir.path().join("elsewhere.json").exists());
}

/// With its standard output closed (`grade ... | head -0`), grade still grades every case,
/// writes the JSON, and exits with the grading's status, quietly.
fn a_report_nobody_reads_still_leaves_the_json_and_the_status() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let json = dir.path().join("results.json");
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let output = std::process::Command::new(assert_cmd::cargo::cargo_bin("grade"))
        .current_dir(crate::tests_dir())
        .args(["--fixtures", "fixtures"])
        .args(submission(
            &["--all", "--json", json.to_str().expect("UTF-8")],
            "wrong-cell",
            &[],
        ))
        .stdout(writer)
        .output()
        .expect("grade runs");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
    let results: serde_json::Value =
        crate::results_json(&fs::read_to_string(&json).expect("written"));
    assert_eq!(results["tests"].as_array().map(Vec::len), Some(5));
}
