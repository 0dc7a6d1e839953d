//! What a case sees of the grader's environment: only the documented variables, so the
//! caller's shell changes no verdict. `PYTHONUNBUFFERED=1` set for `grade` leaves an unflushed
//! Python prompt unflushed; `kata check` gives the same verdict (kata's `one_verdict` test).

use std::fs;
use std::path::PathBuf;

use test_support::{Trial, test_with, toolchain};

use crate::{WATCHDOG, tests_dir};

pub(crate) fn trials() -> Vec<Trial> {
    vec![
        // An interpreter's start on every case: left to `scripts/grade-languages`.
        test_support::slow(
            test_with(
                "environment::an_unflushed_prompt_fails_though_the_caller_sets_pythonunbuffered",
                toolchain::python,
                unflushed_prompt_fails,
            ),
            "slow: scripts/grade-languages runs it",
        ),
        test_with(
            "environment::a_case_sees_only_the_documented_variables",
            toolchain::sh,
            only_documented_variables,
        ),
    ]
}

/// `grade 2 -- PYTHON FILE` with `PYTHONUNBUFFERED=1` in its environment: its status and report.
fn graded_unbuffered(python: &PathBuf, program: &str) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let file = dir.path().join("stage2.py");
    fs::write(&file, program).expect("written");
    let output = assert_cmd::Command::new(assert_cmd::cargo::cargo_bin("grade"))
        .current_dir(tests_dir())
        .env("PYTHONUNBUFFERED", "1")
        .args(["2", "--fixtures", "fixtures", "--"])
        .arg(python)
        .arg(&file)
        .timeout(WATCHDOG)
        .output()
        .expect("grade runs");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

fn unflushed_prompt_fails(python: PathBuf) {
    let correct = fs::read_to_string(tests_dir().join("submissions/python/stage2.py"))
        .expect("a solution kept as test data");
    let unflushed = correct.replace(
        "        write(prompt)\n        sys.stdout.buffer.flush()\n",
        "        write(prompt)\n",
    );
    assert_ne!(correct, unflushed, "the flush after the prompt was found");
    let (status, report) = graded_unbuffered(&python, &unflushed);
    assert_eq!(status, Some(1), "{report}");
    assert!(report.contains("Prompt not shown in test #"), "{report}");
    let (status, report) = graded_unbuffered(&python, &correct);
    assert_eq!(status, Some(0), "{report}");
}

/// A case's `env` lists exactly the documented variables, whatever the grader's holds.
fn only_documented_variables(sh: PathBuf) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let json = dir.path().join("results.json");
    let output = assert_cmd::Command::new(assert_cmd::cargo::cargo_bin("grade"))
        .current_dir(tests_dir())
        .env("PYTHONUNBUFFERED", "1")
        .env("SECRET_TOKEN", "do-not-pass")
        .args(["1", "--fixtures", "fixtures", "--json"])
        .arg(&json)
        .arg("--")
        .arg(sh)
        .args(["-c", "env | cut -d= -f1 | sort"])
        .timeout(WATCHDOG)
        .output()
        .expect("grade runs");
    assert_eq!(output.status.code(), Some(1));
    let results: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(&json).expect("results")).expect("JSON");
    let shown = results.to_string();
    // What `sh` itself sets (PWD, SHLVL, `_`) aside, the names are the documented ones.
    for name in harness::sandbox::CASE_VARIABLES {
        assert!(shown.contains(name), "{name} missing: {shown}");
    }
    for name in ["PYTHONUNBUFFERED", "SECRET_TOKEN", "CARGO_MANIFEST_DIR"] {
        assert!(!shown.contains(name), "{name} passed: {shown}");
    }
}
