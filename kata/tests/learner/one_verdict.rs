//! One program, one verdict: `kata check` runs a learner's program as `grade` does, in the same
//! sandbox with the environment cleared, so a variable of the learner's shell cannot make a
//! program pass here that fails there. `PYTHONUNBUFFERED=1` (set by many Docker images and IDE
//! run configurations) would otherwise write an unflushed prompt at once.

use std::fs;
use std::path::PathBuf;

use test_support::{Trial, toolchain};

use crate::{Sandbox, kata_executable};

pub(crate) fn trials() -> Vec<Trial> {
    // A Python program: an interpreter's start on every case, behind a version manager's shim
    // on many machines.
    vec![test_support::slow(
        test_support::test_with(
            "one_verdict::an_unflushed_prompt_fails_whatever_the_callers_environment",
            toolchain::python,
            unflushed_prompt_fails,
        ),
        "slow: scripts/kata-languages runs it",
    )]
}

/// The correct Python stage 2 kept as the grader's test data, and the same without the flush
/// after its prompt.
pub(crate) fn python_stage2() -> (String, String) {
    let path = test_support::manifest_dir().join("../grade/tests/submissions/python/stage2.py");
    let correct = fs::read_to_string(path).expect("a solution kept as test data");
    let unflushed = correct.replace(
        "        write(prompt)\n        sys.stdout.buffer.flush()\n",
        "        write(prompt)\n",
    );
    assert_ne!(correct, unflushed, "the flush after the prompt was found");
    (correct, unflushed)
}

fn unflushed_prompt_fails(python: PathBuf) {
    let sandbox = Sandbox::new("python");
    let toml = sandbox.read("kata.toml");
    sandbox.write(
        "kata.toml",
        &toml.replace("\"python3 ", &format!("\"{} ", python.display())),
    );
    // The same program flushed passes both: grade's test of it holds that, on fewer cases.
    let (_, unflushed) = python_stage2();
    let check = || {
        let output = assert_cmd::Command::new(kata_executable())
            .args(["check", "2"])
            .current_dir(&sandbox.root)
            .env("PYTHONUNBUFFERED", "1")
            .env("NO_COLOR", "1")
            .timeout(std::time::Duration::from_secs(60))
            .output()
            .expect("kata runs");
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stdout).into_owned(),
        )
    };
    sandbox.write("stage2/main.py", &unflushed);
    let (status, out) = check();
    assert_eq!(status, Some(1), "{out}");
    assert!(out.contains("Prompt not shown in test #1"), "{out}");
}
