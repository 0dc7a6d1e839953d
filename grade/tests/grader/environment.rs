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
        test_support::test(
            "environment::a_version_managers_shim_is_run_as_the_interpreter_it_starts",
            a_version_managers_shim_is_run_as_the_interpreter_it_starts,
        ),
    ]
}

/// A program named by a pyenv shim on `PATH` (a fake pyenv, whose shim fails and whose
/// interpreter answers the case): graded through the interpreter pyenv names, said in the
/// report's first line; with `--keep-shims`, through the shim.
fn a_version_managers_shim_is_run_as_the_interpreter_it_starts() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("a temporary folder");
    crate::points::write_kata(&dir.path().join("words"), "", &["one"]);
    let pyenv = dir.path().join(".pyenv");
    let interpreter = pyenv.join("versions/1.0/bin/wordy");
    for (path, text) in [
        (pyenv.join("shims/wordy"), "#!/bin/sh\nexit 9\n".to_owned()),
        (
            pyenv.join("bin/pyenv"),
            format!(
                "#!/bin/sh\n[ \"$1 $2\" = 'which wordy' ] && echo {}\n",
                interpreter.display()
            ),
        ),
        (interpreter.clone(), "#!/bin/sh\necho one\n".to_owned()),
    ] {
        fs::create_dir_all(path.parent().expect("a folder")).expect("made");
        fs::write(&path, text).expect("written");
        fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).expect("chmod");
    }
    let path = std::env::join_paths(std::iter::once(pyenv.join("shims")).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .expect("a PATH");
    let graded = |more: &[&str]| {
        let output = assert_cmd::Command::new(assert_cmd::cargo::cargo_bin("grade"))
            .current_dir(dir.path())
            .env("PATH", &path)
            .args(["--kata", "words", "1"])
            .args(more)
            .args(["--", "wordy"])
            .timeout(WATCHDOG)
            .output()
            .expect("grade runs");
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stdout).into_owned(),
        )
    };
    let (status, report) = graded(&[]);
    assert_eq!(status, Some(0), "{report}");
    assert_eq!(
        report.lines().next(),
        Some(
            format!(
                "`wordy` is pyenv's shim: run as {}, the interpreter it starts here, without the \
                 shim's own start at every run (--keep-shims runs the shim)",
                interpreter.display()
            )
            .as_str()
        )
    );
    let (status, report) = graded(&["--keep-shims"]);
    assert_eq!(status, Some(1), "{report}");
    assert!(report.starts_with("Grading `wordy`"), "{report}");
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
        crate::results_json(&fs::read_to_string(&json).expect("results"));
    let shown = results.to_string();
    // What `sh` itself sets (PWD, SHLVL, `_`) aside, the names are the documented ones.
    for name in runner::sandbox::CASE_VARIABLES {
        assert!(shown.contains(name), "{name} missing: {shown}");
    }
    for name in ["PYTHONUNBUFFERED", "SECRET_TOKEN", "CARGO_MANIFEST_DIR"] {
        assert!(!shown.contains(name), "{name} passed: {shown}");
    }
}
